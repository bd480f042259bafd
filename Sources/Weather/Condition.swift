import Foundation
import AppSuiteAPI

/// The app's one condition set: every provider's code (WMO WW, QWeather, CMA phenomenon, OpenWeatherMap id)
/// or Chinese text maps to one of these, so pages, tips and icons know a single vocabulary.
/// Code tables: `../shared/data/weather/codes/` (sources in its SOURCES.md).
enum WeatherCondition: String, CaseIterable, Sendable {
    case clear, partlyCloudy, cloudy, overcast, fog, haze
    case drizzle, lightRain, moderateRain, heavyRain, rainstorm, heavyRainstorm, severeRainstorm, showers, thunderstorm, hail, freezingRain, sleet
    /// The CMA's ranges (小到中雨 …): a phenomenon of its own, named as the source names it, never one end of the range.
    case lightToModerateRain, moderateToHeavyRain, heavyRainToRainstorm, rainstormToHeavyRainstorm, heavyToSevereRainstorm
    case lightSnow, moderateSnow, heavySnow, snowstorm, snowShowers
    case lightToModerateSnow, moderateToHeavySnow, heavySnowToSnowstorm
    case dust, sand, sandstorm, severeSandstorm
    case unknown

    var nameZh: String {
        switch self {
        case .clear: "晴"
        case .partlyCloudy: "少云"
        case .cloudy: "多云"
        case .overcast: "阴"
        case .fog: "雾"
        case .haze: "霾"
        case .drizzle: "毛毛雨"
        case .lightRain: "小雨"
        case .moderateRain: "中雨"
        case .heavyRain: "大雨"
        case .rainstorm: "暴雨"
        case .heavyRainstorm: "大暴雨"
        case .severeRainstorm: "特大暴雨"
        case .lightToModerateRain: "小到中雨"
        case .moderateToHeavyRain: "中到大雨"
        case .heavyRainToRainstorm: "大到暴雨"
        case .rainstormToHeavyRainstorm: "暴雨到大暴雨"
        case .heavyToSevereRainstorm: "大暴雨到特大暴雨"
        case .lightToModerateSnow: "小到中雪"
        case .moderateToHeavySnow: "中到大雪"
        case .heavySnowToSnowstorm: "大到暴雪"
        case .severeSandstorm: "强沙尘暴"
        case .showers: "阵雨"
        case .thunderstorm: "雷阵雨"
        case .hail: "冰雹"
        case .freezingRain: "冻雨"
        case .sleet: "雨夹雪"
        case .lightSnow: "小雪"
        case .moderateSnow: "中雪"
        case .heavySnow: "大雪"
        case .snowstorm: "暴雪"
        case .snowShowers: "阵雪"
        case .dust: "浮尘"
        case .sand: "扬沙"
        case .sandstorm: "沙尘暴"
        case .unknown: "未知"
        }
    }

    var nameEn: String {
        switch self {
        case .clear: "Clear"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        case .overcast: "Overcast"
        case .fog: "Fog"
        case .haze: "Haze"
        case .drizzle: "Drizzle"
        case .lightRain: "Light rain"
        case .moderateRain: "Rain"
        case .heavyRain: "Heavy rain"
        case .rainstorm: "Rainstorm"
        case .heavyRainstorm: "Heavy rainstorm"
        case .severeRainstorm: "Severe rainstorm"
        case .lightToModerateRain: "Light to moderate rain"
        case .moderateToHeavyRain: "Moderate to heavy rain"
        case .heavyRainToRainstorm: "Heavy rain to rainstorm"
        case .rainstormToHeavyRainstorm: "Rainstorm to heavy rainstorm"
        case .heavyToSevereRainstorm: "Heavy to severe rainstorm"
        case .lightToModerateSnow: "Light to moderate snow"
        case .moderateToHeavySnow: "Moderate to heavy snow"
        case .heavySnowToSnowstorm: "Heavy snow to snowstorm"
        case .severeSandstorm: "Severe sandstorm"
        case .showers: "Showers"
        case .thunderstorm: "Thunderstorm"
        case .hail: "Hail"
        case .freezingRain: "Freezing rain"
        case .sleet: "Sleet"
        case .lightSnow: "Light snow"
        case .moderateSnow: "Snow"
        case .heavySnow: "Heavy snow"
        case .snowstorm: "Snowstorm"
        case .snowShowers: "Snow showers"
        case .dust: "Dust"
        case .sand: "Blowing sand"
        case .sandstorm: "Sandstorm"
        case .unknown: "Unknown"
        }
    }

    /// The picture drawn for it (`WeatherIcons`).
    var icon: String {
        switch self {
        case .clear: "sun"
        case .partlyCloudy, .cloudy: "cloud-sun"
        case .overcast: "cloud"
        case .fog, .haze: "fog"
        case .drizzle, .lightRain, .moderateRain, .heavyRain, .rainstorm, .heavyRainstorm, .severeRainstorm, .showers, .freezingRain,
             .lightToModerateRain, .moderateToHeavyRain, .heavyRainToRainstorm, .rainstormToHeavyRainstorm, .heavyToSevereRainstorm: "rain"
        case .thunderstorm, .hail: "storm"
        case .sleet, .lightSnow, .moderateSnow, .heavySnow, .snowstorm, .snowShowers, .lightToModerateSnow, .moderateToHeavySnow,
             .heavySnowToSnowstorm: "snow"
        case .dust, .sand, .sandstorm, .severeSandstorm: "dust"
        case .unknown: "cloud"
        }
    }

    /// Rain, snow or anything falling: what 带伞 and 洗车 look at.
    var isWet: Bool {
        switch self {
        case .drizzle, .lightRain, .moderateRain, .heavyRain, .rainstorm, .heavyRainstorm, .severeRainstorm, .showers, .thunderstorm,
             .hail, .freezingRain, .sleet, .lightToModerateRain, .moderateToHeavyRain, .heavyRainToRainstorm, .rainstormToHeavyRainstorm,
             .heavyToSevereRainstorm, .lightSnow, .moderateSnow, .heavySnow, .snowstorm, .snowShowers, .lightToModerateSnow,
             .moderateToHeavySnow, .heavySnowToSnowstorm: true
        default: false
        }
    }

    var info: WeatherConditionInfo { WeatherConditionInfo(code: rawValue, nameZh: nameZh, nameEn: nameEn, icon: icon) }

    /// A WMO WW code as Open-Meteo sends it (`weather_code`; table in `codes/wmo_weather_interpretation_codes.csv`).
    init(wmo code: Int) {
        self = switch code {
        case 0: .clear
        case 1: .partlyCloudy
        case 2: .cloudy
        case 3: .overcast
        case 45, 48: .fog
        case 51, 53, 55: .drizzle
        case 56, 57, 66, 67: .freezingRain
        case 61: .lightRain
        case 63: .moderateRain
        case 65: .heavyRain
        case 71, 77: .lightSnow
        case 73: .moderateSnow
        case 75: .heavySnow
        case 80, 81, 82: .showers
        case 85, 86: .snowShowers
        case 95: .thunderstorm
        case 96, 99: .hail
        default: .unknown
        }
    }

    /// A QWeather condition code (`icon`, `iconDay`, `condition.code`; table in `codes/qweather_weather_conditions.csv`);
    /// night icons (150–153, 350, 351, 456, 457) mean the same as their day codes.
    init(qweather code: Int) {
        self = switch code {
        case 100, 150: .clear
        case 102, 103, 152, 153: .partlyCloudy
        case 101, 151: .cloudy
        case 104: .overcast
        case 300, 301, 350, 351: .showers
        case 302, 303: .thunderstorm
        case 304: .hail
        case 305, 399: .lightRain
        case 306: .moderateRain
        case 307: .heavyRain
        case 308, 310: .rainstorm
        case 311: .heavyRainstorm
        case 312: .severeRainstorm
        case 314: .lightToModerateRain
        case 315: .moderateToHeavyRain
        case 316: .heavyRainToRainstorm
        case 317: .rainstormToHeavyRainstorm
        case 318: .heavyToSevereRainstorm
        case 309: .drizzle
        case 313: .freezingRain
        case 400, 499: .lightSnow
        case 401: .moderateSnow
        case 402: .heavySnow
        case 403: .snowstorm
        case 408: .lightToModerateSnow
        case 409: .moderateToHeavySnow
        case 410: .heavySnowToSnowstorm
        case 404, 405, 406, 456: .sleet
        case 407, 457: .snowShowers
        case 500, 501, 509, 510, 514, 515: .fog
        case 502, 511, 512, 513: .haze
        case 503: .sand
        case 504: .dust
        case 507: .sandstorm
        case 508: .severeSandstorm
        default: .unknown
        }
    }

    /// A CMA / weather.com.cn phenomenon code (webxml's `N.gif`; table in `codes/cma_weather_phenomena.csv`, its
    /// 34 sourced rows; the 11 unverified ones are `unknown`).
    init(cma code: Int) {
        self = switch code {
        case 0: .clear
        case 1: .cloudy
        case 2: .overcast
        case 3: .showers
        case 4: .thunderstorm
        case 5: .hail
        case 6: .sleet
        case 7: .lightRain
        case 8: .moderateRain
        case 9: .heavyRain
        case 10: .rainstorm
        case 11: .heavyRainstorm
        case 12: .severeRainstorm
        case 13: .snowShowers
        case 14: .lightSnow
        case 15: .moderateSnow
        case 16: .heavySnow
        case 17: .snowstorm
        case 18: .fog
        case 19: .freezingRain
        case 20: .sandstorm
        case 21: .lightToModerateRain
        case 22: .moderateToHeavyRain
        case 23: .heavyRainToRainstorm
        case 24: .rainstormToHeavyRainstorm
        case 25: .heavyToSevereRainstorm
        case 26: .lightToModerateSnow
        case 27: .moderateToHeavySnow
        case 28: .heavySnowToSnowstorm
        case 31: .severeSandstorm
        case 29: .dust
        case 30: .sand
        case 53: .haze
        default: .unknown
        }
    }

    /// An OpenWeatherMap condition id (`weather[0].id`, https://openweathermap.org/weather-conditions).
    init(openWeatherMap id: Int) {
        self = switch id {
        case 200...232: .thunderstorm
        case 300...321: .drizzle
        case 500: .lightRain
        case 501: .moderateRain
        case 502: .heavyRain
        case 503, 504: .rainstorm
        case 511: .freezingRain
        case 520...531: .showers
        case 600: .lightSnow
        case 601: .moderateSnow
        case 602: .heavySnow
        case 611...616: .sleet
        case 620...622: .snowShowers
        case 701, 741: .fog
        case 711, 721: .haze
        case 731, 761, 762: .dust
        case 751: .sand
        case 800: .clear
        case 801: .partlyCloudy
        case 802, 803: .cloudy
        case 804: .overcast
        default: .unknown
        }
    }

    /// The CMA phenomenon names (`codes/cma_weather_phenomena.csv`, sourced rows) and QWeather's extra texts.
    private static let chineseNames: [String: WeatherCondition] = {
        var names: [String: WeatherCondition] = [:]
        let cma = ["晴", "多云", "阴", "阵雨", "雷阵雨", "雷阵雨伴有冰雹", "雨夹雪", "小雨", "中雨", "大雨", "暴雨", "大暴雨", "特大暴雨",
                   "阵雪", "小雪", "中雪", "大雪", "暴雪", "雾", "冻雨", "沙尘暴", "小到中雨", "中到大雨", "大到暴雨", "暴雨到大暴雨",
                   "大暴雨到特大暴雨", "小到中雪", "中到大雪", "大到暴雪", "浮尘", "扬沙", "强沙尘暴"]
        for (code, name) in cma.enumerated() { names[name] = WeatherCondition(cma: code) }
        names["霾"] = .haze
        for (name, code) in [("少云", 102), ("晴间多云", 103), ("强阵雨", 301), ("强雷阵雨", 303), ("极端降雨", 308), ("毛毛雨", 309),
                             ("细雨", 309), ("雨", 399), ("雨雪天气", 405), ("阵雨夹雪", 406), ("雪", 499), ("薄雾", 500), ("浓雾", 509),
                             ("大雾", 514), ("中度霾", 511), ("重度霾", 512), ("严重霾", 513)] {
            names[name] = WeatherCondition(qweather: code)
        }
        return names
    }()

    /// A Chinese condition text (`多云`, or the first half of `多云转小雨`); nil for text it does not know.
    init?(chinese text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let first = trimmed.components(separatedBy: "转").first ?? trimmed
        guard let condition = Self.chineseNames[first] else { return nil }
        self = condition
    }

    /// The second half of `多云转小雨` (the night's or later condition), or the whole text.
    static func later(chinese text: String) -> WeatherCondition? {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "转")
        return parts.last.flatMap { WeatherCondition(chinese: $0) }
    }
}
