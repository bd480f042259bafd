import AppSuiteAPI
import Foundation
import WebUI

/// What a provider's reply said, normalised (metric units, UTC instants, the place's zone): what every
/// parser returns and the cache keeps.
struct ProviderForecast: Sendable, Equatable {
    /// The place's zone; local days and hours are in it.
    var timeZone: TimeZone
    var current: WeatherCurrent?
    var hourly: [WeatherHour] = []
    var daily: [WeatherDay] = []
    /// Life indices or advice the provider gave (QWeather indices, webxml 温馨提示, etouch 感冒), in its language.
    var tips: [WeatherTip] = []
    var warnings: [WeatherWarning] = []
}

/// Why a provider gave no forecast. None of these is a server fault: the API answers with the stale
/// cache or a clear "unavailable".
enum ProviderError: Error, Equatable, CustomStringConvertible {
    /// The request did not get an answer (no network, DNS, time-out, refused) or got a non-success status.
    case unavailable(String)
    /// The provider answered with its own error (Open-Meteo `{"error":true}`, QWeather `code` ≠ 200,
    /// webxml's one-string reply, etouch `status` ≠ 1000).
    case providerError(String)
    /// The reply was not what the format promises (HTML, truncated, missing fields, numbers out of range).
    case malformed(String)

    /// For the log: the kind and the detail (a provider's own message, what was malformed).
    var description: String {
        switch self {
        case .unavailable(let text): "unavailable: \(text)"
        case .providerError(let text): "provider error: \(text)"
        case .malformed(let text): "malformed reply: \(text)"
        }
    }

    /// The provider's or libcurl's own words (English): only English problems quote them, after ``reason(_:)``.
    var providerText: String {
        switch self {
        case .unavailable(let text), .providerError(let text), .malformed(let text): text
        }
    }

    /// For a page or a problem: what went wrong in the reader's language, without the provider's or libcurl's text.
    func reason(_ language: Language) -> String {
        switch self {
        case .unavailable: language == .zh ? "连不上天气数据源" : "the weather source could not be reached"
        case .providerError: language == .zh ? "天气数据源返回了错误" : "the weather source answered with an error"
        case .malformed: language == .zh ? "天气数据源的回复无法读取" : "the weather source's reply could not be read"
        }
    }
}

/// Reading the loose JSON weather services send: numbers that are strings (`"24"`), strings that are
/// numbers, missing keys. Values outside what the physical quantity allows are refused by the parsers.
struct JSONReply {
    let root: [String: Any]

    init(_ body: [UInt8]) throws(ProviderError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)), let root = object as? [String: Any] else {
            let start = String(decoding: body.prefix(40), as: UTF8.self)
            throw .malformed("not a JSON object (starts with \(start.debugDescription))")
        }
        self.root = root
    }

    static func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }
    static func array(_ value: Any?) -> [Any]? { value as? [Any] }

    /// A number given as a JSON number or a decimal string; nil for anything else (booleans included).
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber:
            if isBoolean(number) { return nil }
            let double = number.doubleValue
            return double.isFinite ? double : nil
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.utf8.count <= 32, let double = Double(trimmed), double.isFinite else { return nil }
            return double
        default: return nil
        }
    }

    /// JSON `true`/`false`, which Foundation hands over as an `NSNumber` of type `c` (BOOL).
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    static func int(_ value: Any?) -> Int? {
        guard let number = number(value), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as NSNumber where !isBoolean(number): number.stringValue
        default: nil
        }
    }
}

/// Plausibility bounds: a parsed value outside them is a malformed reply, never a number shown to anyone.
enum Plausible {
    /// °C: the coldest and hottest air temperatures ever measured are −89.2 and 56.7 °C; ±100 leaves room for feels-like.
    static func temperature(_ value: Double?, _ field: String) throws(ProviderError) -> Double? {
        try check(value, -100...100, field)
    }

    static func percent(_ value: Double?, _ field: String) throws(ProviderError) -> Double? { try check(value, 0...100, field) }

    static func nonNegative(_ value: Double?, _ field: String, max: Double = 10_000) throws(ProviderError) -> Double? {
        try check(value, 0...max, field)
    }

    static func check(_ value: Double?, _ range: ClosedRange<Double>, _ field: String) throws(ProviderError) -> Double? {
        guard let value else { return nil }
        guard range.contains(value) else { throw .malformed("\(field) = \(value) is outside \(range.lowerBound)…\(range.upperBound)") }
        return value
    }
}

/// Dates and times as providers write them, read in the place's own zone with the zone database
/// (never one fixed offset for a whole reply: research note pitfall 2).
enum ProviderTime {
    /// `YYYY-MM-DD`.
    struct LocalDate: Hashable, Comparable, Sendable {
        var year: Int, month: Int, day: Int

        init?(year: Int, month: Int, day: Int) {
            guard (1900...2200).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
            self.year = year
            self.month = month
            self.day = day
        }

        init?(_ text: Substring) {
            let parts = text.split(separator: "-")
            guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
            self.init(year: year, month: month, day: day)
        }

        var text: String {
            String(format: "%04d-%02d-%02d", year, month, day)
        }

        static func < (a: LocalDate, b: LocalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

        /// The local date of `instant` in `zone`.
        init(_ instant: Date, in zone: TimeZone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            year = parts.year!
            month = parts.month!
            day = parts.day!
        }
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` without an offset, as local time in `zone`; with `Z` or `±HH:MM`, as that offset.
    static func instant(_ text: String, zone: TimeZone) -> Date? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let date = LocalDate(parts[0]) else { return nil }
        var clock = Substring(parts[1])
        var offset: Int?
        if clock.hasSuffix("Z") {
            offset = 0
            clock = clock.dropLast()
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zoneText = clock[clock.index(after: sign)...].split(separator: ":")
            guard zoneText.count == 2, let hours = Int(zoneText[0]), let minutes = Int(zoneText[1]), hours <= 14, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (clock[sign] == "-" ? -1 : 1)
            clock = clock[..<sign]
        }
        let fields = clock.split(separator: ":")
        guard (2...3).contains(fields.count), let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour),
              (0...59).contains(minute) else { return nil }
        let second = fields.count == 3 ? Int(Double(fields[2]) ?? -1) : 0
        guard (0...59).contains(second) else { return nil }
        return compose(date, hour: hour, minute: minute, second: second, zone: offset.flatMap(TimeZone.init(secondsFromGMT:)) ?? zone)
    }

    /// The instant of a local wall-clock time in `zone`.
    static func compose(_ date: LocalDate, hour: Int, minute: Int, second: Int = 0, zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second))
    }

    /// `HH:MM` on `date` in `zone` (QWeather's `sunrise`, weather.com.cn's `time`).
    static func clock(_ text: String, on date: LocalDate, zone: TimeZone) -> Date? {
        let fields = text.split(separator: ":")
        guard fields.count == 2, let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour), (0...59).contains(minute) else {
            return nil
        }
        return compose(date, hour: hour, minute: minute, zone: zone)
    }

    /// A date written without a year (`9月20日`, or only the day: `4日星期六`), placed at the year (and month)
    /// that puts it nearest to `reference`, so a reply fetched on 31 December dated `1月1日` is next year's
    /// (research note pitfall 3). `month` nil: only the day is known.
    static func nearest(month: Int?, day: Int, to reference: Date, zone: TimeZone) -> LocalDate? {
        let today = LocalDate(reference, in: zone)
        var candidates: [LocalDate] = []
        if let month {
            for year in [today.year - 1, today.year, today.year + 1] {
                if let date = LocalDate(year: year, month: month, day: day), isReal(date, zone: zone) { candidates.append(date) }
            }
        } else {
            for shift in -1...1 {
                var month = today.month + shift, year = today.year
                if month == 0 { month = 12; year -= 1 }
                if month == 13 { month = 1; year += 1 }
                if let date = LocalDate(year: year, month: month, day: day), isReal(date, zone: zone) { candidates.append(date) }
            }
        }
        let anchor = compose(today, hour: 12, minute: 0, zone: zone)!
        return candidates.min { a, b in
            abs(compose(a, hour: 12, minute: 0, zone: zone)!.timeIntervalSince(anchor))
                < abs(compose(b, hour: 12, minute: 0, zone: zone)!.timeIntervalSince(anchor))
        }
    }

    /// False for dates like 31 April, which `Calendar` would roll into May.
    static func isReal(_ date: LocalDate, zone: TimeZone) -> Bool {
        guard let instant = compose(date, hour: 12, minute: 0, zone: zone) else { return false }
        return LocalDate(instant, in: zone) == date
    }
}
