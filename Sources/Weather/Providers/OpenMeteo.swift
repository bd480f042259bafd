import AppSuiteAPI
import Foundation
import Geo

/// Open-Meteo (https://open-meteo.com/en/docs): the default live provider, no key. Arrays keyed by variable
/// under `hourly`/`daily` with their units in `*_units`; times are local to the `timezone` asked for and carry
/// no offset, so the request always sends `timezone=Asia/Shanghai` (or the place's zone) and the parser reads
/// each time in that zone with the zone database (research note pitfalls 1 and 2). Errors are HTTP 400
/// `{"error":true,"reason":"…"}`. Both the current variable names (`weather_code`, `current=`) and the
/// pre-2023 ones in the recorded fixture (`weathercode`, `current_weather`) are read.
struct OpenMeteoProvider: WeatherProvider {
    /// `https://api.open-meteo.com`, or a local replay server in tests.
    var baseURL: String
    var freshness: TimeInterval = 15 * 60
    var id: String { "open-meteo" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let coordinate = place.coordinate else { return nil }
        let url = URL.provider(baseURL, "/v1/forecast", [
            ("latitude", String(format: "%.4f", coordinate.latitude)),
            ("longitude", String(format: "%.4f", coordinate.longitude)),
            ("timezone", place.timeZone.identifier),
            ("current", "temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m,pressure_msl,precipitation"),
            ("hourly", "temperature_2m,weather_code,precipitation_probability,precipitation,wind_speed_10m"),
            ("daily", "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max,uv_index_max,sunrise,sunset"),
            ("forecast_days", "7"),
        ])
        return url.map { [ProviderRequest(url: $0)] }
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        guard let response = responses.first else { throw .unavailable("no answer") }
        let reply = try JSONReply(response.body)
        if reply.root["error"] as? Bool == true {
            throw .providerError(JSONReply.string(reply.root["reason"]) ?? "error without a reason (HTTP \(response.status))")
        }
        guard response.status == 200 else { throw .unavailable("HTTP \(response.status)") }
        let zone = JSONReply.string(reply.root["timezone"]).flatMap(TimeZone.init(identifier:)) ?? place.timeZone
        var forecast = ProviderForecast(timeZone: zone)
        forecast.current = try current(reply, zone: zone)
        forecast.hourly = try hourly(reply, zone: zone)
        forecast.daily = try daily(reply, zone: zone)
        guard forecast.current != nil || !forecast.daily.isEmpty else { throw .malformed("neither current nor daily values") }
        return forecast
    }

    /// Converts to °C and km/h from the units the reply names; any other unit is refused.
    private struct Units {
        let section: [String: Any]

        func temperature(_ key: String, _ value: Double?) throws(ProviderError) -> Double? {
            guard let value else { return nil }
            switch JSONReply.string(section[key]) ?? "°C" {
            case "°C": return try Plausible.temperature(value, key)
            case "°F": return try Plausible.temperature((value - 32) * 5 / 9, key)
            case let unit: throw .malformed("\(key) in \(unit)")
            }
        }

        func speed(_ key: String, _ value: Double?) throws(ProviderError) -> Double? {
            guard let value else { return nil }
            switch JSONReply.string(section[key]) ?? "km/h" {
            case "km/h": return try Plausible.nonNegative(value, key, max: 500)
            case "m/s": return try Plausible.nonNegative(value * 3.6, key, max: 500)
            case "mph": return try Plausible.nonNegative(value * 1.609344, key, max: 500)
            case "kn": return try Plausible.nonNegative(value * 1.852, key, max: 500)
            case let unit: throw .malformed("\(key) in \(unit)")
            }
        }
    }

    private func current(_ reply: JSONReply, zone: TimeZone) throws(ProviderError) -> WeatherCurrent? {
        if let current = JSONReply.object(reply.root["current"]) {
            let units = Units(section: JSONReply.object(reply.root["current_units"]) ?? [:])
            return WeatherCurrent(
                observedAt: JSONReply.string(current["time"]).flatMap { ProviderTime.instant($0, zone: zone) },
                temperature: try units.temperature("temperature_2m", JSONReply.number(current["temperature_2m"])),
                feelsLike: try units.temperature("apparent_temperature", JSONReply.number(current["apparent_temperature"])),
                condition: JSONReply.int(current["weather_code"]).map { WeatherCondition(wmo: $0).info },
                humidity: try Plausible.percent(JSONReply.number(current["relative_humidity_2m"]), "relative_humidity_2m"),
                windSpeed: try units.speed("wind_speed_10m", JSONReply.number(current["wind_speed_10m"])),
                windDirection: JSONReply.int(current["wind_direction_10m"]), windText: nil,
                pressure: try Plausible.check(JSONReply.number(current["pressure_msl"]), 300...1200, "pressure_msl"),
                precipitation: try Plausible.nonNegative(JSONReply.number(current["precipitation"]), "precipitation"))
        }
        guard let legacy = JSONReply.object(reply.root["current_weather"]) else { return nil }
        let units = Units(section: JSONReply.object(reply.root["current_weather_units"]) ?? [:])
        return WeatherCurrent(
            observedAt: JSONReply.string(legacy["time"]).flatMap { ProviderTime.instant($0, zone: zone) },
            temperature: try units.temperature("temperature", JSONReply.number(legacy["temperature"])), feelsLike: nil,
            condition: JSONReply.int(legacy["weathercode"] ?? legacy["weather_code"]).map { WeatherCondition(wmo: $0).info },
            humidity: nil, windSpeed: try units.speed("windspeed", JSONReply.number(legacy["windspeed"])),
            windDirection: JSONReply.int(legacy["winddirection"]), windText: nil, pressure: nil, precipitation: nil)
    }

    /// The column `names[0]` (or a legacy alias) of a section, as many entries as `count`; nil when absent.
    private func column(_ section: [String: Any], _ names: [String], count: Int) throws(ProviderError) -> [Any]? {
        guard let key = names.first(where: { section[$0] != nil }) else { return nil }
        guard let values = JSONReply.array(section[key]), values.count == count else {
            throw .malformed("\(key) has not one value per time")
        }
        return values
    }

    private func hourly(_ reply: JSONReply, zone: TimeZone) throws(ProviderError) -> [WeatherHour] {
        guard let section = JSONReply.object(reply.root["hourly"]), let times = JSONReply.array(section["time"]) else { return [] }
        let units = Units(section: JSONReply.object(reply.root["hourly_units"]) ?? [:])
        let count = times.count
        let temperature = try column(section, ["temperature_2m"], count: count)
        let code = try column(section, ["weather_code", "weathercode"], count: count)
        let probability = try column(section, ["precipitation_probability"], count: count)
        let precipitation = try column(section, ["precipitation"], count: count)
        let wind = try column(section, ["wind_speed_10m", "windspeed_10m"], count: count)
        var hours: [WeatherHour] = []
        for index in 0..<count {
            guard let text = JSONReply.string(times[index]), let time = ProviderTime.instant(text, zone: zone) else {
                throw .malformed("hourly time \(index) is not a local time")
            }
            hours.append(WeatherHour(
                time: time, temperature: try units.temperature("temperature_2m", temperature.flatMap { JSONReply.number($0[index]) }),
                condition: code.flatMap { JSONReply.int($0[index]) }.map { WeatherCondition(wmo: $0).info },
                precipitationProbability: try Plausible.percent(probability.flatMap { JSONReply.number($0[index]) }, "precipitation_probability"),
                precipitation: try Plausible.nonNegative(precipitation.flatMap { JSONReply.number($0[index]) }, "precipitation"),
                windSpeed: try units.speed(units.section["wind_speed_10m"] != nil ? "wind_speed_10m" : "windspeed_10m",
                                           wind.flatMap { JSONReply.number($0[index]) })))
        }
        return hours
    }

    private func daily(_ reply: JSONReply, zone: TimeZone) throws(ProviderError) -> [WeatherDay] {
        guard let section = JSONReply.object(reply.root["daily"]), let times = JSONReply.array(section["time"]) else { return [] }
        let units = Units(section: JSONReply.object(reply.root["daily_units"]) ?? [:])
        let count = times.count
        let high = try column(section, ["temperature_2m_max"], count: count)
        let low = try column(section, ["temperature_2m_min"], count: count)
        let code = try column(section, ["weather_code", "weathercode"], count: count)
        let precipitation = try column(section, ["precipitation_sum"], count: count)
        let probability = try column(section, ["precipitation_probability_max"], count: count)
        let wind = try column(section, ["wind_speed_10m_max", "windspeed_10m_max"], count: count)
        let uv = try column(section, ["uv_index_max"], count: count)
        let sunrise = try column(section, ["sunrise"], count: count)
        let sunset = try column(section, ["sunset"], count: count)
        var days: [WeatherDay] = []
        for index in 0..<count {
            guard let text = JSONReply.string(times[index]), let date = ProviderTime.LocalDate(Substring(text)) else {
                throw .malformed("daily time \(index) is not a date")
            }
            let condition = code.flatMap { JSONReply.int($0[index]) }.map { WeatherCondition(wmo: $0).info }
            days.append(WeatherDay(
                date: date.text, high: try units.temperature("temperature_2m_max", high.flatMap { JSONReply.number($0[index]) }),
                low: try units.temperature("temperature_2m_min", low.flatMap { JSONReply.number($0[index]) }),
                conditionDay: condition, conditionNight: nil,
                precipitationProbability: try Plausible.percent(probability.flatMap { JSONReply.number($0[index]) }, "precipitation_probability_max"),
                precipitation: try Plausible.nonNegative(precipitation.flatMap { JSONReply.number($0[index]) }, "precipitation_sum"),
                windSpeedMax: try units.speed(units.section["wind_speed_10m_max"] != nil ? "wind_speed_10m_max" : "windspeed_10m_max",
                                              wind.flatMap { JSONReply.number($0[index]) }),
                windText: nil, uvIndex: try Plausible.check(uv.flatMap { JSONReply.number($0[index]) }, 0...20, "uv_index_max"),
                sunrise: sunrise.flatMap { JSONReply.string($0[index]) }.flatMap { ProviderTime.instant($0, zone: zone) },
                sunset: sunset.flatMap { JSONReply.string($0[index]) }.flatMap { ProviderTime.instant($0, zone: zone) }))
        }
        return days
    }
}
