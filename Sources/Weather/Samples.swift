import Foundation
import Geo
import WebUI

/// Real provider replies recorded by others (`../shared/data/weather/fixtures`, provenance in its SOURCES.md),
/// kept by the import and shown — labelled as samples with their recording date — when live data is
/// unavailable, as on a machine without internet. Their numbers are the replies' own, parsed by the same
/// providers as live data.
struct Sample: Sendable {
    var id: String
    var name: LocalizedText
    /// When the reply was recorded, as its source says; nil when it does not say.
    var recorded: String?
    var files: [String]
    var provider: any WeatherProvider
    var zone: TimeZone
    /// The instant the reply was current (for dates written without a year).
    var reference: Date

    /// A place of its own (samples may be abroad, e.g. Enschede), never one of the division tree.
    var place: Place {
        Place(id: "sample-" + id, level: .city, name: name.zh, province: "", city: "", parentID: nil, weatherID: nil, weatherName: name.zh,
              coordinate: nil, timeZone: zone, hasOwnLocation: false)
    }
}

enum Samples {
    private static func at(_ text: String, _ zone: TimeZone) -> Date { ProviderTime.instant(text, zone: zone) ?? Date(timeIntervalSince1970: 0) }

    static let all: [Sample] = {
        let china = WeatherApp.chinaTime
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        return [
            Sample(id: "beijing-qweather", name: LocalizedText(zh: "北京（和风天气）", en: "Beijing (QWeather)"), recorded: "2021-11-15",
                   files: ["fixtures/qweather/v7_weather_now_101010100_zh.json", "fixtures/qweather/v7_weather_daily_3days_101010100_zh.json",
                           "fixtures/qweather/v7_weather_hourly_24h_101010100_zh.json", "fixtures/qweather/v7_indices_1d_101010300_zh.json"],
                   provider: QWeatherProvider(host: "", key: ""), zone: china, reference: at("2021-11-15T16:35+08:00", china)),
            Sample(id: "shanghai-warning", name: LocalizedText(zh: "上海大风预警（和风天气）", en: "Shanghai wind warning (QWeather)"),
                   recorded: "2023-04-03", files: ["fixtures/qweather/v7_warning_now_101020100_zh.json"],
                   provider: QWeatherProvider(host: "", key: ""), zone: china, reference: at("2023-04-03T14:20+08:00", china)),
            Sample(id: "hangzhou-webxml", name: LocalizedText(zh: "杭州（webxml）", en: "Hangzhou (webxml)"), recorded: "2018-05-30",
                   files: ["fixtures/webxml/getWeatherbyCityName_hangzhou_soap11.xml"], provider: WebXMLProvider(baseURL: ""), zone: china,
                   reference: at("2018-05-30T10:17", china)),
            Sample(id: "tonghe-webxml", name: LocalizedText(zh: "通河（webxml）", en: "Tonghe (webxml)"), recorded: "2019-09-21",
                   files: ["fixtures/webxml/getWeather_tonghe_wrapped.xml"], provider: WebXMLProvider(baseURL: ""), zone: china,
                   reference: at("2019-09-21T01:00", china)),
            Sample(id: "fengzhen-etouch", name: LocalizedText(zh: "丰镇（中华万年历）", en: "Fengzhen (etouch)"), recorded: nil,
                   files: ["fixtures/etouch/weather_mini_fengzhen.json"], provider: ETouchProvider(baseURL: ""), zone: china,
                   reference: at("2020-07-04T08:00", china)),
            Sample(id: "beijing-sk", name: LocalizedText(zh: "北京实况（中国天气网）", en: "Beijing now (weather.com.cn)"), recorded: nil,
                   files: ["fixtures/weather_com_cn/data_sk_101010100.json"], provider: WeatherComCNProvider(baseURL: ""), zone: china,
                   reference: at("2014-01-01T12:00", china)),
            Sample(id: "shanghai-owm", name: LocalizedText(zh: "上海（OpenWeatherMap）", en: "Shanghai (OpenWeatherMap)"), recorded: "2021-03-10",
                   files: ["fixtures/openweathermap/forecast_5d3h_shanghai.json"], provider: OpenWeatherMapProvider(baseURL: "", key: ""),
                   zone: china, reference: at("2021-03-11T00:00+08:00", china)),
            Sample(id: "enschede-open-meteo", name: LocalizedText(zh: "恩斯赫德，荷兰（Open-Meteo）", en: "Enschede, NL (Open-Meteo)"),
                   recorded: "2026-10-03", files: ["fixtures/open_meteo/forecast_enschede_all_sections.json"],
                   provider: OpenMeteoProvider(baseURL: ""), zone: amsterdam, reference: at("2026-10-03T00:30", amsterdam)),
        ]
    }()

    static func sample(_ id: String) -> Sample? { all.first { $0.id == id } }
}
