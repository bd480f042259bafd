import AppSuiteAPI
import Foundation

/// QWeather 和风天气 v7 (https://dev.qweather.com/docs/api/): needs an API host and key (`--weather-qweather-host`,
/// `APPSUITE_WEATHER_QWEATHER_KEY`). Five requests per place: now, 7 days, 24 hours, life indices (the natural
/// source of 温馨提示) and warnings. Every number is a string (`"24"`), times carry `+08:00`, errors are in the
/// body's `code` (a string; `"200"` is success). Bodies may be gzip-compressed (pitfall 11): the HTTP client
/// asks for and inflates gzip, so the parser only sees JSON.
struct QWeatherProvider: WeatherProvider {
    var host: String
    var key: String
    var freshness: TimeInterval = 10 * 60
    var id: String { "qweather" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let location = place.weatherID else { return nil }
        let paths = ["/v7/weather/now", "/v7/weather/7d", "/v7/weather/24h", "/v7/indices/1d", "/v7/warning/now"]
        var requests: [ProviderRequest] = []
        for path in paths {
            var query = [("location", location), ("lang", "zh")]
            if path == "/v7/indices/1d" { query.append(("type", "0")) }
            guard let url = URL.provider(host, path, query) else { return nil }
            requests.append(ProviderRequest(url: url, headers: [("X-QW-Api-Key", key)]))
        }
        return requests
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        var forecast = ProviderForecast(timeZone: place.timeZone)
        for response in responses {
            let reply = try Self.checked(response)
            if let now = JSONReply.object(reply.root["now"]) { forecast.current = try Self.current(now, zone: place.timeZone) }
            if let daily = JSONReply.array(reply.root["daily"]) {
                if daily.contains(where: { JSONReply.object($0)?["fxDate"] != nil }) {
                    forecast.daily = try daily.map { item throws(ProviderError) in try Self.day(item, zone: place.timeZone) }
                } else {
                    forecast.tips = try daily.map { item throws(ProviderError) in try Self.index(item) }
                }
            }
            if let hourly = JSONReply.array(reply.root["hourly"]) {
                forecast.hourly = try hourly.map { item throws(ProviderError) in try Self.hour(item, zone: place.timeZone) }
            }
            if let warnings = JSONReply.array(reply.root["warning"]) {
                forecast.warnings = try warnings.map { item throws(ProviderError) in try Self.warning(item, zone: place.timeZone) }
            }
        }
        // A reply of one kind alone (a recorded 24-hour forecast, a day's life indices) is a forecast too.
        guard forecast.current != nil || !forecast.daily.isEmpty || !forecast.warnings.isEmpty || !forecast.hourly.isEmpty
                || !forecast.tips.isEmpty else {
            throw .malformed("neither now, daily, hourly, indices nor warnings")
        }
        return forecast
    }

    /// A reply whose `code` is `"200"`; anything else is the provider's error (codes: https://dev.qweather.com/docs/resource/error-code/).
    static func checked(_ response: ProviderResponse) throws(ProviderError) -> JSONReply {
        let reply = try JSONReply(response.body)
        if let code = JSONReply.string(reply.root["code"]), code != "200" { throw .providerError("QWeather code \(code)") }
        if let error = JSONReply.object(reply.root["error"]) {
            throw .providerError(JSONReply.string(error["title"]) ?? JSONReply.string(error["detail"]) ?? "QWeather error")
        }
        guard response.status == 200 else { throw .unavailable("HTTP \(response.status)") }
        return reply
    }

    private static func number(_ object: [String: Any], _ key: String) -> Double? { JSONReply.number(object[key]) }

    private static func condition(_ object: [String: Any], _ key: String) -> WeatherConditionInfo? {
        JSONReply.int(object[key]).map { WeatherCondition(qweather: $0).info }
    }

    private static func wind(_ direction: String?, _ scale: String?) -> String? {
        guard let direction, !direction.isEmpty else { return nil }
        return scale.map { "\(direction) \($0)级" } ?? direction
    }

    static func current(_ now: [String: Any], zone: TimeZone) throws(ProviderError) -> WeatherCurrent {
        WeatherCurrent(
            observedAt: JSONReply.string(now["obsTime"]).flatMap { ProviderTime.instant($0, zone: zone) },
            temperature: try Plausible.temperature(number(now, "temp"), "temp"),
            feelsLike: try Plausible.temperature(number(now, "feelsLike"), "feelsLike"),
            condition: condition(now, "icon"),
            humidity: try Plausible.percent(number(now, "humidity"), "humidity"),
            windSpeed: try Plausible.nonNegative(number(now, "windSpeed"), "windSpeed", max: 500),
            windDirection: JSONReply.int(now["wind360"]),
            windText: wind(JSONReply.string(now["windDir"]), JSONReply.string(now["windScale"])),
            pressure: try Plausible.check(number(now, "pressure"), 300...1200, "pressure"),
            precipitation: try Plausible.nonNegative(number(now, "precip"), "precip"))
    }

    static func day(_ item: Any, zone: TimeZone) throws(ProviderError) -> WeatherDay {
        guard let day = JSONReply.object(item), let dateText = JSONReply.string(day["fxDate"]),
              let date = ProviderTime.LocalDate(Substring(dateText)) else { throw .malformed("a daily entry without fxDate") }
        return WeatherDay(
            date: date.text, high: try Plausible.temperature(number(day, "tempMax"), "tempMax"),
            low: try Plausible.temperature(number(day, "tempMin"), "tempMin"),
            conditionDay: condition(day, "iconDay"), conditionNight: condition(day, "iconNight"),
            precipitationProbability: nil, precipitation: try Plausible.nonNegative(number(day, "precip"), "precip"),
            windSpeedMax: try Plausible.nonNegative(number(day, "windSpeedDay"), "windSpeedDay", max: 500),
            windText: wind(JSONReply.string(day["windDirDay"]), JSONReply.string(day["windScaleDay"])),
            uvIndex: try Plausible.check(number(day, "uvIndex"), 0...20, "uvIndex"),
            sunrise: JSONReply.string(day["sunrise"]).flatMap { ProviderTime.clock($0, on: date, zone: zone) },
            sunset: JSONReply.string(day["sunset"]).flatMap { ProviderTime.clock($0, on: date, zone: zone) })
    }

    static func hour(_ item: Any, zone: TimeZone) throws(ProviderError) -> WeatherHour {
        guard let hour = JSONReply.object(item), let time = JSONReply.string(hour["fxTime"]).flatMap({ ProviderTime.instant($0, zone: zone) }) else {
            throw .malformed("an hourly entry without fxTime")
        }
        return WeatherHour(
            time: time, temperature: try Plausible.temperature(number(hour, "temp"), "temp"), condition: condition(hour, "icon"),
            precipitationProbability: try Plausible.percent(number(hour, "pop"), "pop"),
            precipitation: try Plausible.nonNegative(number(hour, "precip"), "precip"),
            windSpeed: try Plausible.nonNegative(number(hour, "windSpeed"), "windSpeed", max: 500))
    }

    /// A life index (`/v7/indices/1d`): its `type` (1 运动, 2 洗车, 3 穿衣 … `codes/qweather_indices_types.csv`).
    static func index(_ item: Any) throws(ProviderError) -> WeatherTip {
        guard let index = JSONReply.object(item), let name = JSONReply.string(index["name"]), let category = JSONReply.string(index["category"]) else {
            throw .malformed("a life index without name or category")
        }
        let kinds = ["1": "sport", "2": "carWash", "3": "dressing", "5": "uv", "9": "cold", "16": "sunscreen"]
        let type = JSONReply.string(index["type"]) ?? ""
        return WeatherTip(kind: kinds[type] ?? "qweather-\(type)", name: name.replacingOccurrences(of: "指数", with: ""),
                          level: category, text: JSONReply.string(index["text"]) ?? "", source: "provider")
    }

    static func warning(_ item: Any, zone: TimeZone) throws(ProviderError) -> WeatherWarning {
        guard let warning = JSONReply.object(item), let title = JSONReply.string(warning["title"]) else { throw .malformed("a warning without title") }
        let color = JSONReply.string(warning["severityColor"]).flatMap { $0.isEmpty ? nil : $0 }
        return WeatherWarning(
            title: title, sender: JSONReply.string(warning["sender"]), color: color, text: JSONReply.string(warning["text"]) ?? "",
            startTime: JSONReply.string(warning["startTime"]).flatMap { ProviderTime.instant($0, zone: zone) },
            endTime: JSONReply.string(warning["endTime"]).flatMap { ProviderTime.instant($0, zone: zone) })
    }
}
