import AppSuiteAPI
import Foundation
import WebUI

/// The forecast as a page section: current conditions, warnings, 24 hours, the coming days, the trend chart
/// (drawn from the same daily highs and lows the list shows: pitfall 5) and 温馨提示. Times are the place's own.
struct ForecastView {
    /// How the forecast is dated: fetched live, or a recorded reply whose date its source may not give.
    enum Dating {
        case live
        /// A recording: `dateKnown` false when the reply gives no full date (a clock time only, or a day of month
        /// and weekday), so no month, day or 今天 is shown from a stand-in date.
        case recorded(dateKnown: Bool)
    }

    let forecast: WeatherForecast
    let language: Language
    let now: Date
    let title: String
    var dating: Dating = .live

    var dateKnown: Bool {
        if case .recorded(dateKnown: false) = dating { return false }
        return true
    }

    static let monthsEn = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    var zone: TimeZone { TimeZone(identifier: forecast.timeZone) ?? WeatherApp.chinaTime }

    func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `12月7日 10:35` / `7 Dec 10:35`; with `year`, `2020年6月30日 21:40` / `30 Jun 2020 21:40`.
    func stamp(_ date: Date, year: Bool = false) -> String {
        let day = ProviderTime.LocalDate(date, in: zone)
        if language == .zh { return (year ? "\(day.year)年" : "") + "\(day.month)月\(day.day)日 \(clock(date))" }
        return "\(day.day) \(Self.monthsEn[day.month - 1])" + (year ? " \(day.year)" : "") + " \(clock(date))"
    }

    /// The line under the conditions: when the data was fetched (live), or when the recording says it was observed.
    var updatedLine: String {
        let l = language
        let source = WeatherText.source(forecast.provider)(l)
        switch dating {
        case .live: return "\(WeatherText.updated(stamp(forecast.fetchedAt))(l)) · \(source)"
        case .recorded(let dateKnown):
            guard let observed = forecast.current?.observedAt else { return source }
            // Full-width brackets in Chinese only (tester 31c #12: `Observed 10:35（the reply gives no date）`).
            let time = dateKnown ? stamp(observed, year: true)
                : l == .zh ? "\(clock(observed))（\(WeatherText.dateNotGiven(l))）" : "\(clock(observed)) (\(WeatherText.dateNotGiven(l)))"
            return "\(WeatherText.observed(time)(l)) · \(source)"
        }
    }

    func degrees(_ value: Double?) -> String { value.map { "\(Int($0.rounded()))°" } ?? "—" }

    func conditionName(_ condition: WeatherConditionInfo?) -> String {
        guard let condition else { return "" }
        return language == .zh ? condition.nameZh : condition.nameEn
    }

    /// 今天, 明天, else the weekday, from the day's own date (never its position: pitfall 3).
    /// A recording without a full date: the weekday only (what the reply said), never 今天/明天 from a stand-in date.
    func dayName(_ date: String) -> String {
        let today = ProviderTime.LocalDate(now, in: zone)
        guard let day = ProviderTime.LocalDate(Substring(date)), let noon = ProviderTime.compose(day, hour: 12, minute: 0, zone: zone) else { return date }
        if dateKnown, day == today { return WeatherText.today(language) }
        if dateKnown, let tomorrow = ProviderTime.compose(today, hour: 12, minute: 0, zone: zone).map({ ProviderTime.LocalDate($0.addingTimeInterval(86_400), in: zone) }),
           day == tomorrow { return WeatherText.tomorrow(language) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let weekday = calendar.component(.weekday, from: noon) - 1
        return language == .zh ? ["周日", "周一", "周二", "周三", "周四", "周五", "周六"][weekday] : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]
    }

    /// `12/7` / `7 Dec`, the same order as ``stamp(_:year:)``; a recording without a full date gives the day of month only (`4日` / `the 4th`).
    func shortDate(_ date: String) -> String {
        guard let day = ProviderTime.LocalDate(Substring(date)) else { return date }
        if !dateKnown { return language == .zh ? "\(day.day)日" : "Day \(day.day)" }
        return language == .zh ? "\(day.month)/\(day.day)" : "\(day.day) \(Self.monthsEn[day.month - 1])"
    }

    var body: Node {
        let l = language
        let today = forecast.daily.first
        return div(.class("wx-forecast")) {
            if forecast.current == nil && today == nil {
                // A reply with neither conditions nor a day (a 24-hour forecast, life indices): its source in one line,
                // not an empty hero card (tester 30 #12).
                p(.class("wx-updated")) { title + " · " + updatedLine }
                if forecast.stale { p(.class("wx-stale"), .role("alert")) { WeatherText.staleNote(l) } }
            } else {
                section(.class("wx-now"), .ariaLabel(WeatherText.now(l))) {
                    p(.class("wx-place")) { title }
                    if let current = forecast.current {
                        div(.class("wx-now-main")) {
                            let condition = current.condition ?? today?.conditionDay
                            if let condition { WeatherIcons.icon(condition.icon, label: conditionName(condition), size: 64) }
                            span(.class("wx-temp")) { degrees(current.temperature) }
                        }
                        p(.class("wx-now-condition")) {
                            conditionName(current.condition ?? today?.conditionDay)
                            if let today { " · \(WeatherText.high(l)) \(degrees(today.high)) \(WeatherText.low(l)) \(degrees(today.low))" }
                        }
                        ul(.class("wx-facts")) {
                            if let feels = current.feelsLike { li { "\(WeatherText.feelsLike(l)) \(degrees(feels))" } }
                            if let humidity = current.humidity { li { "\(WeatherText.humidity(l)) \(Int(humidity.rounded()))%" } }
                            if let wind = current.windText { li { "\(WeatherText.wind(l)) \(wind)" } }
                            else if let speed = current.windSpeed { li { "\(WeatherText.wind(l)) \(Int(speed.rounded())) km/h" } }
                            if let pressure = current.pressure { li { "\(WeatherText.pressure(l)) \(Int(pressure.rounded())) hPa" } }
                        }
                    } else if let today {
                        div(.class("wx-now-main")) {
                            if let condition = today.conditionDay { WeatherIcons.icon(condition.icon, label: conditionName(condition), size: 64) }
                            span(.class("wx-temp")) { "\(degrees(today.low)) / \(degrees(today.high))" }
                        }
                        p(.class("wx-now-condition")) { conditionName(today.conditionDay) }
                    }
                    p(.class("wx-updated")) { updatedLine }
                    if forecast.stale { p(.class("wx-stale"), .role("alert")) { WeatherText.staleNote(l) } }
                }
            }
            if !forecast.warnings.isEmpty {
                listGroup(header: WeatherText.warnings(l)) {
                    for warning in forecast.warnings {
                        li(.classes("cell", "wx-warning", "wx-warning-\((warning.color ?? "none").lowercased())")) {
                            div(.class("cell-body")) {
                                span(.class("cell-text")) {
                                    span(.class("cell-title")) { warning.title }
                                    span(.class("cell-subtitle")) { warning.text }
                                }
                            }
                        }
                    }
                }
            }
            if !forecast.hourly.isEmpty {
                section(.class("wx-hours"), .ariaLabel(WeatherText.next24(l))) {
                    h2(.class("wx-heading")) { WeatherText.next24(l) }
                    ol(.class("wx-hour-strip")) {
                        for hour in forecast.hourly {
                            li(.class("wx-hour")) {
                                span(.class("wx-hour-time")) { clock(hour.time) }
                                if let condition = hour.condition { WeatherIcons.icon(condition.icon, label: conditionName(condition), size: 28) }
                                span(.class("wx-hour-temp")) { degrees(hour.temperature) }
                                if let pop = hour.precipitationProbability, pop > 0 { span(.class("wx-hour-pop")) { "\(Int(pop.rounded()))%" } }
                            }
                        }
                    }
                }
            }
            if !forecast.daily.isEmpty {
                listGroup(header: WeatherText.nextDays(l)) {
                    for day in forecast.daily {
                        li(.classes("cell", "wx-day")) {
                            div(.class("cell-body")) {
                                span(.class("wx-day-name")) {
                                    span(.class("cell-title")) { dayName(day.date) }
                                    span(.class("cell-subtitle")) { shortDate(day.date) }
                                }
                                if let condition = day.conditionDay { WeatherIcons.icon(condition.icon, label: conditionName(condition), size: 32) }
                                span(.class("wx-day-condition")) {
                                    conditionName(day.conditionDay)
                                    if let pop = day.precipitationProbability, pop > 0 { span(.class("wx-day-pop")) { " \(Int(pop.rounded()))%" } }
                                }
                                span(.class("wx-day-range")) { "\(degrees(day.low)) / \(degrees(day.high))" }
                            }
                        }
                    }
                }
                section(.class("wx-trend")) {
                    h2(.class("wx-heading")) { WeatherText.trend(l) }
                    lineChart([ChartSeries(name: WeatherText.high(l), values: forecast.daily.map(\.high), tint: .orange),
                               ChartSeries(name: WeatherText.low(l), values: forecast.daily.map(\.low), tint: .blue)],
                              labels: forecast.daily.map { dayName($0.date) }, caption: "\(WeatherText.trend(l)) (°C)", unit: "°")
                }
            }
            if !forecast.tips.isEmpty {
                listGroup(header: WeatherText.tips(l)) {
                    for tip in forecast.tips {
                        li(.classes("cell", "wx-tip")) {
                            div(.class("cell-body")) {
                                span(.class("cell-text")) {
                                    // A provider's Chinese words are translated on English pages where known; what stays
                                    // as written is marked as the provider's text (issue 30).
                                    // (A rule's tip is in the reader's language already: passed through as written.)
                                    let title = ProviderTipWords.title(name: tip.name, level: tip.level, tip.source == "provider" ? l : .zh)
                                    span(.class("cell-title")) { title.text + (title.translated ? "" : WeatherText.providerText(l)) }
                                    if !tip.text.isEmpty {
                                        span(.class("cell-subtitle")) { tip.text + (tip.source == "provider" ? WeatherText.providerText(l) : "") }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// 历史同期 and the monthly climate chart.
struct ClimateView {
    let climate: WeatherClimate
    let language: Language

    func degrees(_ value: Double?) -> String { value.map { String(format: "%.1f°", $0) } ?? "—" }

    var body: Node {
        let l = language
        let parts = climate.date.split(separator: "-")
        let month = parts.count == 2 ? Int(parts[0]).flatMap { (1...12).contains($0) ? $0 : nil } : nil
        let date = if let month, let day = Int(parts[1]) {
            l == .zh ? "\(month)月\(day)日" : "\(day) \(ForecastView.monthsEn[month - 1])"
        } else { climate.date }
        return div(.class("wx-climate")) {
            listGroup(header: "\(WeatherText.climateFor(l)) · \(date) ±\(WeatherText.days(Climate.window)(l)) · \(climate.firstYear)–\(climate.lastYear)",
                      footer: climate.source) {
                listCell(title: WeatherText.meanHigh(l), detail: degrees(climate.meanHigh))
                listCell(title: WeatherText.meanLow(l), detail: degrees(climate.meanLow))
                listCell(title: WeatherText.extremes(l), detail: "\(degrees(climate.lowest)) / \(degrees(climate.highest))")
                if let share = climate.rainDayShare { listCell(title: WeatherText.rainDays(l), detail: "\(Int((share * 100).rounded()))%") }
                if let year = climate.wettestYear, let total = climate.wettestTotal {
                    listCell(title: WeatherText.wettest(l), detail: "\(year) · \(String(format: "%.1f", total)) mm")
                }
                if let year = climate.driestYear, let total = climate.driestTotal {
                    listCell(title: WeatherText.driest(l), detail: "\(year) · \(String(format: "%.1f", total)) mm")
                }
            }
            section(.class("wx-trend")) {
                h2(.class("wx-heading")) { WeatherText.monthly(l) }
                lineChart([ChartSeries(name: WeatherText.meanHigh(l), values: climate.months.map(\.meanHigh), tint: .orange),
                           ChartSeries(name: WeatherText.meanLow(l), values: climate.months.map(\.meanLow), tint: .blue)],
                          labels: climate.months.map { "\($0.month)\(WeatherText.month(l))" }, caption: "\(WeatherText.monthly(l)) (°C)", unit: "°")
            }
        }
    }
}
