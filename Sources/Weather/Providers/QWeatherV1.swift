import AppSuiteAPI
import Foundation
import Geo

/// QWeather's newer API (`/weather/v1/current/{lat}/{lon}`, `/weather/v1/daily/{lat}/{lon}`), asked by coordinates
/// with the same key as v7. Unlike v7, numbers are numbers with their unit beside them (`{"value": 31.71,
/// "unit": "°C"}`), humidity and chances are 0–1 fractions, wind is m/s and every time is UTC (`…Z`): all
/// converted here to the app's units (pitfall 6). A day is the place's local date at the middle of the
/// provider's 24-hour day.
struct QWeatherV1Provider: WeatherProvider {
    var host: String
    var key: String
    var freshness: TimeInterval = 10 * 60
    var id: String { "qweather-v1" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let coordinate = place.coordinate else { return nil }
        let position = String(format: "/%.2f/%.2f", coordinate.latitude, coordinate.longitude)
        guard let current = URL.provider(host, "/weather/v1/current" + position, [("lang", "zh")]),
              let daily = URL.provider(host, "/weather/v1/daily" + position, [("days", "7"), ("lang", "zh")]) else { return nil }
        return [ProviderRequest(url: current, headers: [("X-QW-Api-Key", key)]), ProviderRequest(url: daily, headers: [("X-QW-Api-Key", key)])]
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        var forecast = ProviderForecast(timeZone: place.timeZone)
        for response in responses {
            let reply = try QWeatherProvider.checked(response)
            if let days = JSONReply.array(reply.root["days"]) {
                forecast.daily = try days.map { item throws(ProviderError) in try Self.day(item, zone: place.timeZone) }
            } else if reply.root["temperature"] != nil {
                forecast.current = try Self.current(reply.root)
            }
        }
        guard forecast.current != nil || !forecast.daily.isEmpty else { throw .malformed("neither current nor days") }
        return forecast
    }

    /// `{"value": 4.74, "unit": "m/s"}` in km/h, `°C` as it is; any other unit is refused.
    static func measure(_ value: Any?, _ field: String) throws(ProviderError) -> Double? {
        guard let object = JSONReply.object(value), let number = JSONReply.number(object["value"]) else { return nil }
        switch JSONReply.string(object["unit"]) ?? "" {
        case "°C": return try Plausible.temperature(number, field)
        case "m/s": return try Plausible.nonNegative(number * 3.6, field, max: 500)
        case "km/h": return try Plausible.nonNegative(number, field, max: 500)
        case "mm", "mm/h": return try Plausible.nonNegative(number, field)
        case "hPa": return try Plausible.check(number, 300...1200, field)
        case let unit: throw .malformed("\(field) in \(unit)")
        }
    }

    /// A 0–1 fraction as a percentage.
    static func fraction(_ value: Any?, _ field: String) throws(ProviderError) -> Double? {
        try Plausible.percent(JSONReply.number(value).map { $0 * 100 }, field)
    }

    static func condition(_ value: Any?) -> WeatherConditionInfo? {
        JSONReply.object(value).flatMap { JSONReply.int($0["code"]) }.map { WeatherCondition(qweather: $0).info }
    }

    static func current(_ root: [String: Any]) throws(ProviderError) -> WeatherCurrent {
        let wind = JSONReply.object(root["wind"])
        return WeatherCurrent(
            observedAt: nil, temperature: try measure(root["temperature"], "temperature"), feelsLike: try measure(root["feelsLike"], "feelsLike"),
            condition: condition(root["condition"]), humidity: try fraction(root["humidity"], "humidity"),
            windSpeed: try measure(wind?["speed"], "wind.speed"),
            windDirection: JSONReply.object(wind?["direction"]).flatMap { JSONReply.int($0["degree"]) }, windText: nil,
            pressure: try measure(root["pressure"], "pressure"),
            precipitation: try measure(JSONReply.object(root["precipitation"])?["amount"], "precipitation.amount"))
    }

    static func day(_ item: Any, zone: TimeZone) throws(ProviderError) -> WeatherDay {
        guard let day = JSONReply.object(item), let start = JSONReply.string(day["forecastStartTime"]).flatMap({ ProviderTime.instant($0, zone: zone) }) else {
            throw .malformed("a day without forecastStartTime")
        }
        let daytime = JSONReply.object(day["daytime"]), nighttime = JSONReply.object(day["nighttime"])
        let astro = JSONReply.object(day["astro"])
        let precipitation = JSONReply.object(daytime?["precipitation"])
        return WeatherDay(
            date: ProviderTime.LocalDate(start.addingTimeInterval(12 * 3600), in: zone).text,
            high: try measure(day["temperatureMax"], "temperatureMax"), low: try measure(day["temperatureMin"], "temperatureMin"),
            conditionDay: condition(daytime?["condition"]), conditionNight: condition(nighttime?["condition"]),
            precipitationProbability: try fraction(precipitation?["probability"], "precipitation.probability"),
            precipitation: try measure(precipitation?["amount"], "precipitation.amount"),
            windSpeedMax: try measure(JSONReply.object(daytime?["wind"])?["speed"], "wind.speed"), windText: nil,
            uvIndex: try Plausible.check(JSONReply.number(day["uvIndexMax"]), 0...20, "uvIndexMax"),
            sunrise: JSONReply.string(astro?["sunrise"]).flatMap { ProviderTime.instant($0, zone: zone) },
            sunset: JSONReply.string(astro?["sunset"]).flatMap { ProviderTime.instant($0, zone: zone) })
    }
}
