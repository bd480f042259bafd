import Foundation
import Geo
import WebUI

/// Real provider replies recorded by others (`../shared/data/weather/fixtures`, provenance in its SOURCES.md),
/// kept by the import and shown — labelled as samples with their recording date — when live data is
/// unavailable, as on a machine without internet. Their numbers are the replies' own, parsed by the same
/// providers as live data.
struct Sample: Sendable {
    /// One recorded reply (or replies recorded together), dated as its source dates it. Replies recorded apart are
    /// separate recordings, shown apart: a "now" of one day is never joined to another day's forecast.
    struct Recording: Sendable {
        /// What the reply holds, when a sample has several (`实况`, `3 天预报`); nil for a sample of one recording.
        var label: LocalizedText?
        var files: [String]
        /// When it was recorded, as its source says (`2020-06-30 22:00`); nil when it does not say.
        var recorded: String?
        /// The instant the reply was current. When ``recorded`` is nil this is only a stand-in that places dates
        /// written without a year or month; the page then shows no date from it (``ForecastView/Dating``).
        var reference: Date
        /// True when ``recorded`` is not written in the reply but inferred (the local date, in the sample's zone, of
        /// OpenWeatherMap's first 3-hour slot: the calendar the forecast's 今天 uses): the page says so
        /// (约 … ，由第一个预报时段推断) instead of stating it as fact.
        var inferred = false

        var dateKnown: Bool { recorded != nil }
    }

    var id: String
    var name: LocalizedText
    var recordings: [Recording]
    var provider: any WeatherProvider
    var zone: TimeZone

    var files: [String] { recordings.flatMap(\.files) }
    /// Whether any recording's date is inferred rather than written in the reply (``Recording/inferred``).
    var inferred: Bool { recordings.contains(where: \.inferred) }
    /// The recording dates for the list (`2020-06-30、2021-11-15`); nil when no recording is dated.
    var recorded: String? {
        let dates = recordings.compactMap { $0.recorded.map { String($0.prefix(10)) } }
        return dates.isEmpty ? nil : dates.joined(separator: dates.count > 1 ? ", " : "")
    }

    /// A place of its own (samples may be abroad, e.g. Enschede), never one of the division tree.
    var place: Place {
        Place(id: "sample-" + id, level: .city, name: name.zh, province: "", city: "", parentID: nil, weatherID: nil, weatherName: name.zh,
              coordinate: nil, timeZone: zone, hasOwnLocation: false)
    }
}

enum Samples {
    private static func at(_ text: String, _ zone: TimeZone) -> Date { ProviderTime.instant(text, zone: zone) ?? Date(timeIntervalSince1970: 0) }

    private static func one(_ file: String, recorded: String?, reference: String, _ zone: TimeZone, inferred: Bool = false) -> [Sample.Recording] {
        [Sample.Recording(label: nil, files: [file], recorded: recorded, reference: at(reference, zone), inferred: inferred)]
    }

    static let all: [Sample] = {
        let china = WeatherApp.chinaTime
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        let qweather = "fixtures/qweather/"
        // Each QWeather file carries its own updateTime: four recordings made on four days (the indices for 朝阳区, 101010300).
        let beijing: [Sample.Recording] = [
            .init(label: LocalizedText(zh: "实况", en: "Now"), files: [qweather + "v7_weather_now_101010100_zh.json"],
                  recorded: "2020-06-30 22:00", reference: at("2020-06-30T22:00+08:00", china)),
            .init(label: LocalizedText(zh: "3 天预报", en: "3-day forecast"), files: [qweather + "v7_weather_daily_3days_101010100_zh.json"],
                  recorded: "2021-11-15 16:35", reference: at("2021-11-15T16:35+08:00", china)),
            .init(label: LocalizedText(zh: "24 小时预报", en: "24-hour forecast"), files: [qweather + "v7_weather_hourly_24h_101010100_zh.json"],
                  recorded: "2021-02-16 13:35", reference: at("2021-02-16T13:35+08:00", china)),
            .init(label: LocalizedText(zh: "生活指数（朝阳区）", en: "Life indices (Chaoyang)"), files: [qweather + "v7_indices_1d_101010300_zh.json"],
                  recorded: "2021-12-16 18:35", reference: at("2021-12-16T18:35+08:00", china)),
        ]
        return [
            Sample(id: "beijing-qweather", name: LocalizedText(zh: "北京（和风天气）", en: "Beijing (QWeather)"), recordings: beijing,
                   provider: QWeatherProvider(host: "", key: ""), zone: china),
            Sample(id: "shanghai-warning", name: LocalizedText(zh: "上海大风预警（和风天气）", en: "Shanghai wind warning (QWeather)"),
                   recordings: one(qweather + "v7_warning_now_101020100_zh.json", recorded: "2023-04-03 14:20", reference: "2023-04-03T14:20+08:00", china),
                   provider: QWeatherProvider(host: "", key: ""), zone: china),
            Sample(id: "hangzhou-webxml", name: LocalizedText(zh: "杭州（WebXml 天气服务）", en: "Hangzhou (WebXml weather service)"),
                   recordings: one("fixtures/webxml/getWeatherbyCityName_hangzhou_soap11.xml", recorded: "2018-05-30 10:17",
                                   reference: "2018-05-30T10:17", china),
                   provider: WebXMLProvider(baseURL: ""), zone: china),
            Sample(id: "tonghe-webxml", name: LocalizedText(zh: "通河（WebXml 天气服务）", en: "Tonghe (WebXml weather service)"),
                   recordings: one("fixtures/webxml/getWeather_tonghe_wrapped.xml", recorded: "2019-09-21 01:00", reference: "2019-09-21T01:00", china),
                   provider: WebXMLProvider(baseURL: ""), zone: china),
            // The reply gives day of month and weekday only (4日星期六); the stand-in reference merely places them.
            Sample(id: "fengzhen-etouch", name: LocalizedText(zh: "丰镇（中华万年历）", en: "Fengzhen (etouch)"),
                   recordings: one("fixtures/etouch/weather_mini_fengzhen.json", recorded: nil, reference: "2020-07-04T08:00", china),
                   provider: ETouchProvider(baseURL: ""), zone: china),
            // The reply gives a clock time only ("time":"10:35").
            Sample(id: "beijing-sk", name: LocalizedText(zh: "北京实况（中国天气网）", en: "Beijing now (weather.com.cn)"),
                   recordings: one("fixtures/weather_com_cn/data_sk_101010100.json", recorded: nil, reference: "2014-01-01T12:00", china),
                   provider: WeatherComCNProvider(baseURL: ""), zone: china),
            // The reply has no recording time: its first 3-hour slot is 2021-03-10 18:00 UTC = 2021-03-11 02:00 Beijing, the
            // forecast's 今天 (tester 30 #11: the UTC date 2021-03-10 was shown above 今天 3/11).
            Sample(id: "shanghai-owm", name: LocalizedText(zh: "上海（OpenWeatherMap）", en: "Shanghai (OpenWeatherMap)"),
                   recordings: one("fixtures/openweathermap/forecast_5d3h_shanghai.json", recorded: "2021-03-11", reference: "2021-03-11T00:00+08:00", china,
                                   inferred: true),
                   provider: OpenWeatherMapProvider(baseURL: "", key: ""), zone: china),
            // current_weather.time is 2026-10-03T11:15 (local, Europe/Amsterdam).
            Sample(id: "enschede-open-meteo", name: LocalizedText(zh: "恩斯赫德，荷兰（Open-Meteo）", en: "Enschede, NL (Open-Meteo)"),
                   recordings: one("fixtures/open_meteo/forecast_enschede_all_sections.json", recorded: "2026-10-03 11:15",
                                   reference: "2026-10-03T11:15", amsterdam),
                   provider: OpenMeteoProvider(baseURL: ""), zone: amsterdam),
        ]
    }()

    static func sample(_ id: String) -> Sample? { all.first { $0.id == id } }
}
