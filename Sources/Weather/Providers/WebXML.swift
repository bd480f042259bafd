import AppSuiteAPI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// webxml.com.cn, the service the original app used (research note §2). Asked by POST as the seed did:
/// `WeatherWS.asmx/getWeather` with the form `theCityCode=<name>&theUserID=` (UTF-8), which answers an
/// `ArrayOfString` of 32 positional strings (5 days). The older `WeatherWebService.asmx` SOAP reply to
/// `getWeatherbyCityName` (23 strings, 3 days) is read too. Positions are guarded by the array's length; a
/// one-string reply is the service's error message (`查询结果为空。…`, quota messages: pitfall 11).
/// The service looks places up by bare name (pitfall 7), so the place's own QWeather name is sent and the
/// reply's province is checked against the place's.
struct WebXMLProvider: WeatherProvider {
    /// `http://ws.webxml.com.cn`, or a local replay server.
    var baseURL: String
    var userID: String = ""
    var freshness: TimeInterval = 30 * 60
    var id: String { "webxml" }

    func requests(for place: Place) -> [ProviderRequest]? {
        guard let name = place.weatherName, let url = URL(string: baseURL + "/WebServices/WeatherWS.asmx/getWeather") else { return nil }
        var form = URLComponents()
        form.queryItems = [URLQueryItem(name: "theCityCode", value: name), URLQueryItem(name: "theUserID", value: userID)]
        return [ProviderRequest(method: "POST", url: url,
                                headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")],
                                body: Array((form.percentEncodedQuery ?? "").utf8))]
    }

    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast {
        guard let response = responses.first else { throw .unavailable("no answer") }
        guard response.status == 200 else { throw .unavailable("HTTP \(response.status)") }
        let strings = try Self.strings(response.body)
        if strings.count == 1 { throw .providerError(strings[0]) }
        switch strings.count {
        case 32...: return try Self.weatherWS(strings, zone: place.timeZone, now: now)
        case 23...31: return try Self.weatherWebService(strings, zone: place.timeZone, now: now)
        default: throw .malformed("\(strings.count) strings where 23 or 32 were expected")
        }
    }

    /// The texts of every `<string>` element, in order. The XML parser (libxml2) decodes by the declaration's
    /// encoding, so a GBK reply reads as well as UTF-8 (pitfall 10).
    static func strings(_ body: [UInt8]) throws(ProviderError) -> [String] {
        let collector = StringCollector()
        let parser = XMLParser(data: Data(body))
        parser.delegate = collector
        parser.shouldProcessNamespaces = true
        guard parser.parse() else {
            throw .malformed("not XML: \(parser.parserError.map { "\($0)" } ?? "parse error")")
        }
        return collector.strings
    }

    private final class StringCollector: NSObject, XMLParserDelegate {
        var strings: [String] = []
        private var current: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "string" { current = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "string", let text = current { strings.append(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
            current = nil
        }
    }

    /// `WeatherWS.getWeather`: 0 `省 市`, 1 place, 2 code, 3 update time, 4 live obs, 5 UV and air, 6 tips, then 5 blocks
    /// of `M月D日 condition`, `low℃/high℃`, wind, gif, gif.
    static func weatherWS(_ s: [String], zone: TimeZone, now: Date) throws(ProviderError) -> ProviderForecast {
        var forecast = ProviderForecast(timeZone: zone)
        let updated = updateTime(s[3], zone: zone)
        forecast.current = try live(s[4], at: updated, zone: zone)
        forecast.tips = tips(s[6])
        var index = 7
        while index + 4 < s.count {
            forecast.daily.append(try day(dateAndCondition: s[index], temperatures: s[index + 1], wind: s[index + 2],
                                          gifs: (s[index + 3], s[index + 4]), reference: updated ?? now, zone: zone))
            index += 5
        }
        return forecast
    }

    /// `WeatherWebService.getWeatherbyCityName`: 0 province, 1 city, 2 station, 3 picture, 4 update time, then day 1
    /// (5 temperatures, 6 date+condition, 7 wind, 8–9 gifs), 10 live obs, 11 tips, 12–16 day 2, 17–21 day 3, 22 description.
    static func weatherWebService(_ s: [String], zone: TimeZone, now: Date) throws(ProviderError) -> ProviderForecast {
        var forecast = ProviderForecast(timeZone: zone)
        let updated = updateTime(s[4], zone: zone)
        forecast.current = try live(s[10], at: updated, zone: zone)
        forecast.tips = tips(s[11])
        for start in [5, 12, 17] {
            let gifs = start == 5 ? (s[8], s[9]) : (s[start + 3], s[start + 4])
            forecast.daily.append(try day(dateAndCondition: s[start + 1], temperatures: s[start], wind: s[start + 2], gifs: gifs,
                                          reference: updated ?? now, zone: zone))
        }
        return forecast
    }

    /// `2019/09/21 01:00:43` or `2018/5/30 10:17:08`, Beijing time without a zone.
    static func updateTime(_ text: String, zone: TimeZone) -> Date? {
        let halves = text.split(separator: " ")
        guard halves.count == 2 else { return nil }
        let date = halves[0].split(separator: "/").compactMap { Int($0) }, time = halves[1].split(separator: ":").compactMap { Int($0) }
        guard date.count == 3, time.count == 3, let day = ProviderTime.LocalDate(year: date[0], month: date[1], day: date[2]),
              ProviderTime.isReal(day, zone: zone), (0...23).contains(time[0]), (0...59).contains(time[1]), (0...59).contains(time[2]) else { return nil }
        return ProviderTime.compose(day, hour: time[0], minute: time[1], second: time[2], zone: zone)
    }

    /// `今日天气实况：气温：26℃；风向/风力：西南风 1级；湿度：74%；…`.
    static func live(_ text: String, at time: Date?, zone: TimeZone) throws(ProviderError) -> WeatherCurrent? {
        var fields: [String: String] = [:]
        let body = text.components(separatedBy: "实况：").last ?? text
        for part in body.split(whereSeparator: { $0 == "；" || $0 == ";" }) {
            let pair = part.split(separator: "：", maxSplits: 1)
            if pair.count == 2 { fields[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        let temperature = fields["气温"].flatMap { Double($0.replacingOccurrences(of: "℃", with: "")) }
        let humidity = fields["湿度"].flatMap { Double($0.replacingOccurrences(of: "%", with: "")) }
        guard temperature != nil || humidity != nil else { return nil }
        return WeatherCurrent(observedAt: time, temperature: try Plausible.temperature(temperature, "气温"), feelsLike: nil, condition: nil,
                              humidity: try Plausible.percent(humidity, "湿度"), windSpeed: nil, windDirection: nil,
                              windText: fields["风向/风力"], pressure: nil, precipitation: nil)
    }

    static func day(dateAndCondition: String, temperatures: String, wind: String, gifs: (String, String), reference: Date,
                    zone: TimeZone) throws(ProviderError) -> WeatherDay {
        let parts = dateAndCondition.split(separator: " ", maxSplits: 1)
        guard let dateText = parts.first, let monthEnd = dateText.firstIndex(of: "月"), dateText.hasSuffix("日"),
              let month = Int(dateText[..<monthEnd]), let dayOfMonth = Int(dateText[dateText.index(after: monthEnd)..<dateText.index(before: dateText.endIndex)]),
              let date = ProviderTime.nearest(month: month, day: dayOfMonth, to: reference, zone: zone) else {
            throw .malformed("no M月D日 date in \(dateAndCondition.debugDescription)")
        }
        let conditionText = parts.count == 2 ? String(parts[1]) : ""
        let (low, high) = try lowHigh(temperatures)
        let codes = [gifs.0, gifs.1].map { Int($0.replacingOccurrences(of: ".gif", with: "")) }
        return WeatherDay(
            date: date.text, high: high, low: low,
            conditionDay: (codes[0].map { WeatherCondition(cma: $0) } ?? WeatherCondition(chinese: conditionText))?.info,
            conditionNight: (codes[1].map { WeatherCondition(cma: $0) } ?? WeatherCondition.later(chinese: conditionText))?.info,
            precipitationProbability: nil, precipitation: nil, windSpeedMax: nil, windText: wind.isEmpty ? nil : wind, uvIndex: nil,
            sunrise: nil, sunset: nil)
    }

    /// `7℃/20℃` → (7, 20); the order is low/high, but a reply with them swapped is read by value.
    static func lowHigh(_ text: String) throws(ProviderError) -> (Double, Double) {
        let values = text.split(separator: "/").map { Double($0.replacingOccurrences(of: "℃", with: "").trimmingCharacters(in: .whitespaces)) }
        guard values.count == 2, let first = values[0], let second = values[1] else {
            throw .malformed("temperatures \(text.debugDescription) are not low℃/high℃")
        }
        return (try Plausible.temperature(min(first, second), "low")!, try Plausible.temperature(max(first, second), "high")!)
    }

    /// `穿衣指数：较舒适，建议穿薄外套…` entries separated by spaces or lines.
    static func tips(_ text: String) -> [WeatherTip] {
        var tips: [WeatherTip] = []
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            if let marker = token.range(of: "指数：") {
                let name = String(token[..<marker.lowerBound]).replacingOccurrences(of: "健臻·", with: "")
                let rest = String(token[marker.upperBound...])
                let level = rest.split(separator: "，", maxSplits: 1).first.map(String.init) ?? rest
                let advice = rest.split(separator: "，", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                tips.append(WeatherTip(kind: Tips.kind(chineseName: name), name: name, level: level, text: advice, source: "provider"))
            } else if !tips.isEmpty {
                tips[tips.count - 1].text += String(token)
            }
        }
        return tips
    }
}
