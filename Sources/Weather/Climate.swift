import AppSuiteAPI
import Foundation

/// 历史同期 from the real daily observations (`observations/five_cities_daily_2010_2015.csv`, UCI "PM2.5 Data of
/// Five Chinese Cities", CC BY 4.0): for a calendar date, the same date ±3 days in every observed year; and
/// the monthly means for the climate chart. Observations are hourly-derived max/min, so extremes can be a
/// little milder than a station's official daily values (weather/SOURCES.md).
enum Climate {
    static let source = "UCI PM2.5 Data of Five Chinese Cities (Liang et al. 2016), 2010–2015, CC BY 4.0"
    /// Days either side of the date that count as "the same time of year".
    static let window = 3

    /// nil when there are no observations.
    static func summary(_ observations: [Observation], month: Int, day: Int, place: WeatherPlace) -> WeatherClimate? {
        guard !observations.isEmpty else { return nil }
        let zone = TimeZone(secondsFromGMT: 0)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let years = Set(observations.compactMap { Int($0.day.prefix(4)) })
        guard let first = years.min(), let last = years.max() else { return nil }
        var inWindow: Set<String> = []
        for year in first...last {
            // 29 February in a year without it counts as 1 March's neighbour 28 February.
            let target = ProviderTime.LocalDate(year: year, month: month, day: min(day, month == 2 && !isLeap(year) ? 28 : day))
            guard let target, let noon = ProviderTime.compose(target, hour: 12, minute: 0, zone: zone) else { continue }
            for shift in -window...window {
                inWindow.insert(ProviderTime.LocalDate(noon.addingTimeInterval(Double(shift) * 86_400), in: zone).text)
            }
        }
        let days = observations.filter { inWindow.contains($0.day) }
        let highs = days.compactMap(\.high), lows = days.compactMap(\.low)
        let rainy = days.compactMap(\.precipitation)
        var totals: [Int: Double] = [:]
        for observation in days {
            guard let amount = observation.precipitation, let year = Int(observation.day.prefix(4)) else { continue }
            totals[year, default: 0] += amount
        }
        let wettest = totals.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        let driest = totals.min { ($0.value, $0.key) < ($1.value, $1.key) }
        return WeatherClimate(
            place: place, date: String(format: "%02d-%02d", month, day), firstYear: first, lastYear: last, days: highs.count,
            meanHigh: mean(highs), meanLow: mean(lows), highest: highs.max(), lowest: lows.min(),
            rainDayShare: rainy.isEmpty ? nil : round(Double(rainy.filter { $0 > 0 }.count) / Double(rainy.count), places: 3),
            wettestYear: wettest?.key, wettestTotal: wettest.map { round($0.value, places: 1) },
            driestYear: driest?.key, driestTotal: driest.map { round($0.value, places: 1) },
            months: months(observations), source: source)
    }

    /// Mean daily high and low per month, and the mean monthly precipitation total over the years that have it.
    static func months(_ observations: [Observation]) -> [WeatherClimate.Month] {
        var highs: [Int: [Double]] = [:], lows: [Int: [Double]] = [:], rain: [Int: [Int: Double]] = [:]
        for observation in observations {
            guard let month = Int(observation.day.dropFirst(5).prefix(2)), let year = Int(observation.day.prefix(4)) else { continue }
            if let high = observation.high { highs[month, default: []].append(high) }
            if let low = observation.low { lows[month, default: []].append(low) }
            if let amount = observation.precipitation { rain[month, default: [:]][year, default: 0] += amount }
        }
        return (1...12).map { month in
            WeatherClimate.Month(month: month, meanHigh: mean(highs[month] ?? []), meanLow: mean(lows[month] ?? []),
                                 precipitation: rain[month].flatMap { mean(Array($0.values)) })
        }
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : round(values.reduce(0, +) / Double(values.count), places: 1)
    }

    static func round(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
