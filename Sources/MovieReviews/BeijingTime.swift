/// Beijing time (UTC+8, no daylight saving) ↔ Unix seconds.
enum BeijingTime {
    static let offset: Int64 = 8 * 3_600

    /// `YYYY-MM-DD HH:MM:SS` as published in Beijing → Unix seconds.
    static func parse(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int64($0) }
        guard parts.count == 6 else { return nil }
        return daysFromCivil(year: parts[0], month: parts[1], day: parts[2]) * 86_400 + parts[3] * 3_600 + parts[4] * 60 + parts[5] - offset
    }

    /// Unix seconds → `YYYY-MM-DD HH:MM` in Beijing.
    static func format(_ seconds: Int64, withTime: Bool = true) -> String {
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let (y, m, d) = civilFromDays(days)
        let rest = local - days * 86_400
        let date = "\(y)-\(pad(m))-\(pad(d))"
        return withTime ? date + " \(pad(rest / 3_600)):\(pad(rest % 3_600 / 60))" : date
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    // Howard Hinnant's civil-calendar algorithms.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
