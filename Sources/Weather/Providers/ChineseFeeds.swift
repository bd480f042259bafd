import AppSuiteAPI
import Foundation
import Geo

/// weather.com.cn real-time JSON, `GET /data/sk/{id}.html` → `{"weatherinfo":{temp, WD, WS, SD, time, …}}`: every
/// value a string, `time` is `HH:MM` Beijing time without a date (taken as the latest such time not after now).
/// Current conditions only.
struct WeatherComCNProvider: WeatherProvider {
    var baseURL: String
    var freshness: TimeInterval = 10 * 60
    var id: String { "weather.com.cn" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let weatherID = place.weatherID, weatherID.allSatisfy(\.isNumber), let url = URL(string: "\(baseURL)/data/sk/\(weatherID).html") else {
            return nil
        }
        return [ProviderRequest(url: url)]
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        guard let response = responses.first else { throw .unavailable("no answer") }
        guard response.status == 200 else { throw .unavailable("HTTP \(response.status)") }
        let reply = try JSONReply(response.body)
        guard let info = JSONReply.object(reply.root["weatherinfo"]) else { throw .malformed("no weatherinfo") }
        let zone = place.timeZone
        var observed: Date?
        if let clock = JSONReply.string(info["time"]) {
            let today = ProviderTime.LocalDate(now, in: zone)
            observed = ProviderTime.clock(clock, on: today, zone: zone)
            if let time = observed, time > now.addingTimeInterval(5 * 60) { observed = time.addingTimeInterval(-86_400) }
        }
        let humidity = JSONReply.string(info["SD"]).flatMap { Double($0.replacingOccurrences(of: "%", with: "")) }
        let wind = [JSONReply.string(info["WD"]), JSONReply.string(info["WS"])].compactMap { $0 }.joined(separator: " ")
        guard let temperature = try Plausible.temperature(JSONReply.number(info["temp"]), "temp") else { throw .malformed("no temp") }
        var forecast = ProviderForecast(timeZone: zone)
        forecast.current = WeatherCurrent(
            observedAt: observed, temperature: temperature, feelsLike: nil, condition: nil,
            humidity: try Plausible.percent(humidity, "SD"), windSpeed: nil, windDirection: nil, windText: wind.isEmpty ? nil : wind,
            pressure: try Plausible.check(JSONReply.number(info["qy"]), 300...1200, "qy"), precipitation: nil)
        return forecast
    }
}

/// 中华万年历 `weather_mini?city=名称` (wthrcdn.etouch.cn): `status` 1000 is success; `forecast[5]` with
/// `date` `4日星期六` (day of month and weekday only), `high` `高温 29℃`, `low` `低温 11℃`, wind force wrapped in a
/// literal `<![CDATA[3级]]>` (pitfall 12), and a 感冒 tip. Looked up by bare name, like webxml.
struct ETouchProvider: WeatherProvider {
    var baseURL: String
    var freshness: TimeInterval = 30 * 60
    var id: String { "etouch" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let name = place.weatherName, let url = URL.provider(baseURL, "/weather_mini", [("city", name)]) else { return nil }
        return [ProviderRequest(url: url)]
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        guard let response = responses.first else { throw .unavailable("no answer") }
        guard response.status == 200 else { throw .unavailable("HTTP \(response.status)") }
        let reply = try JSONReply(response.body)
        guard JSONReply.int(reply.root["status"]) == 1000 else {
            throw .providerError(JSONReply.string(reply.root["desc"]) ?? "status \(JSONReply.string(reply.root["status"]) ?? "missing")")
        }
        guard let data = JSONReply.object(reply.root["data"]), let days = JSONReply.array(data["forecast"]) else { throw .malformed("no data.forecast") }
        let zone = place.timeZone
        var forecast = ProviderForecast(timeZone: zone)
        for item in days {
            guard let day = JSONReply.object(item), let dateText = JSONReply.string(day["date"]) else { throw .malformed("a day without date") }
            guard let date = Self.date(dateText, near: now, zone: zone) else { throw .malformed("date \(dateText.debugDescription)") }
            let condition = JSONReply.string(day["type"]).flatMap { WeatherCondition(chinese: $0) }
            let wind = [JSONReply.string(day["fengxiang"]), JSONReply.string(day["fengli"]).map(Self.uncdata)].compactMap { $0 }
            forecast.daily.append(WeatherDay(
                date: date.text, high: try Self.temperature(day["high"], prefix: "高温"), low: try Self.temperature(day["low"], prefix: "低温"),
                conditionDay: condition?.info, conditionNight: JSONReply.string(day["type"]).flatMap { WeatherCondition.later(chinese: $0) }?.info,
                precipitationProbability: nil, precipitation: nil, windSpeedMax: nil,
                windText: wind.isEmpty ? nil : wind.joined(separator: " "), uvIndex: nil, sunrise: nil, sunset: nil))
        }
        if let temperature = try Plausible.temperature(JSONReply.number(data["wendu"]), "wendu") {
            forecast.current = WeatherCurrent(observedAt: nil, temperature: temperature, feelsLike: nil, condition: nil, humidity: nil,
                                              windSpeed: nil, windDirection: nil, windText: nil, pressure: nil, precipitation: nil)
        }
        if let advice = JSONReply.string(data["ganmao"]), !advice.isEmpty {
            forecast.tips = [WeatherTip(kind: "cold", name: "感冒", level: "", text: advice, source: "provider")]
        }
        guard !forecast.daily.isEmpty else { throw .malformed("no days") }
        return forecast
    }

    /// `<![CDATA[3级]]>` → `3级`.
    static func uncdata(_ text: String) -> String {
        guard text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") else { return text }
        return String(text.dropFirst(9).dropLast(3))
    }

    /// `高温 29℃` → 29.
    static func temperature(_ value: Any?, prefix: String) throws(ProviderError) -> Double? {
        guard let text = JSONReply.string(value) else { return nil }
        let digits = text.replacingOccurrences(of: prefix, with: "").replacingOccurrences(of: "℃", with: "").trimmingCharacters(in: .whitespaces)
        guard let number = Double(digits) else { throw .malformed("temperature \(text.debugDescription)") }
        return try Plausible.temperature(number, prefix)
    }

    /// `4日星期六`: the date nearest `reference` with that day of month and weekday (the weekday picks the month).
    static func date(_ text: String, near reference: Date, zone: TimeZone) -> ProviderTime.LocalDate? {
        guard let dayEnd = text.firstIndex(of: "日"), let day = Int(text[..<dayEnd]) else { return nil }
        let weekdayName = text[text.index(after: dayEnd)...]
        let names = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"]
        let weekday = names.firstIndex(where: { weekdayName == $0 || weekdayName == $0.replacingOccurrences(of: "日", with: "天") })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = ProviderTime.LocalDate(reference, in: zone)
        var best: (ProviderTime.LocalDate, TimeInterval)?
        for shift in (weekday == nil ? -1...1 : -24...24) {
            var month = today.month + shift, year = today.year
            while month < 1 { month += 12; year -= 1 }
            while month > 12 { month -= 12; year += 1 }
            guard let date = ProviderTime.LocalDate(year: year, month: month, day: day), ProviderTime.isReal(date, zone: zone),
                  let noon = ProviderTime.compose(date, hour: 12, minute: 0, zone: zone) else { continue }
            if let weekday, calendar.component(.weekday, from: noon) != weekday + 1 { continue }
            let distance = abs(noon.timeIntervalSince(reference))
            if best == nil || distance < best!.1 { best = (date, distance) }
        }
        return best?.0
    }
}

/// OpenWeatherMap 2.5 `/forecast` (5 days every 3 h). Without `units` the reply is in Kelvin and m/s
/// (pitfall 6), which this provider asks for and converts. There is no daily high/low: days are built by
/// grouping the entries by local date (`dt` + the place's zone; `dt_txt` is UTC) and taking max/min
/// (pitfall 4). The first day is today's remaining hours; a later day the list does not cover in full (the reply's
/// five days end inside it, e.g. two night slots) is dropped, never shown as a day with a high and low.
struct OpenWeatherMapProvider: WeatherProvider {
    var baseURL: String
    var key: String
    var freshness: TimeInterval = 30 * 60
    var id: String { "openweathermap" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let coordinate = place.coordinate, let url = URL.provider(baseURL, "/data/2.5/forecast", [
            ("lat", String(format: "%.4f", coordinate.latitude)), ("lon", String(format: "%.4f", coordinate.longitude)), ("appid", key),
        ]) else { return nil }
        return [ProviderRequest(url: url)]
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        guard let response = responses.first else { throw .unavailable("no answer") }
        let reply = try JSONReply(response.body)
        if let code = JSONReply.string(reply.root["cod"]), code != "200" {
            throw .providerError(JSONReply.string(reply.root["message"]) ?? "cod \(code)")
        }
        guard response.status == 200 else { throw .unavailable("HTTP \(response.status)") }
        guard let list = JSONReply.array(reply.root["list"]), !list.isEmpty else { throw .malformed("no list or an empty list") }
        let offset = JSONReply.object(reply.root["city"]).flatMap { JSONReply.int($0["timezone"]) }
        let zone = offset.flatMap { abs($0) <= 14 * 3600 ? TimeZone(secondsFromGMT: $0) : nil } ?? place.timeZone
        var forecast = ProviderForecast(timeZone: zone)
        var byDay: [ProviderTime.LocalDate: [(Date, Double, WeatherCondition?, Double?)]] = [:]
        for item in list {
            guard let entry = JSONReply.object(item), let seconds = JSONReply.int(entry["dt"]), let main = JSONReply.object(entry["main"]),
                  let kelvin = JSONReply.number(main["temp"]) else { throw .malformed("an entry without dt or main.temp") }
            let time = Date(timeIntervalSince1970: TimeInterval(seconds))
            // Kelvin comes with two decimals (283.35); so does the Celsius value, without binary noise (10.2, not 10.200000000000045).
            let celsius = try Plausible.temperature(((kelvin - 273.15) * 100).rounded() / 100, "main.temp")!
            let condition = JSONReply.array(entry["weather"])?.first.flatMap { JSONReply.object($0) }.flatMap { JSONReply.int($0["id"]) }
                .map { WeatherCondition(openWeatherMap: $0) }
            let pop = try Plausible.percent(JSONReply.number(entry["pop"]).map { $0 * 100 }, "pop")
            let wind = try Plausible.nonNegative(JSONReply.object(entry["wind"]).flatMap { JSONReply.number($0["speed"]) }.map { ($0 * 360).rounded() / 100 }, "wind.speed", max: 500)
            forecast.hourly.append(WeatherHour(time: time, temperature: celsius, condition: condition?.info, precipitationProbability: pop,
                                               precipitation: nil, windSpeed: wind))
            byDay[ProviderTime.LocalDate(time, in: zone), default: []].append((time, celsius, condition, pop))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let days = byDay.keys.sorted()
        // A full day has 24 h of 3-hourly slots (8; 7 or 9 on a daylight-saving change).
        let full = days.dropFirst().filter { byDay[$0]!.count >= 7 }
        forecast.daily = ([days[0]] + full).map { date in
            let entries = byDay[date]!
            let midday = entries.min { abs(calendar.component(.hour, from: $0.0) - 13) < abs(calendar.component(.hour, from: $1.0) - 13) }
            return WeatherDay(date: date.text, high: entries.map(\.1).max(), low: entries.map(\.1).min(), conditionDay: midday?.2?.info,
                              conditionNight: nil, precipitationProbability: entries.compactMap(\.3).max(), precipitation: nil,
                              windSpeedMax: nil, windText: nil, uvIndex: nil, sunrise: nil, sunset: nil)
        }
        return forecast
    }
}
