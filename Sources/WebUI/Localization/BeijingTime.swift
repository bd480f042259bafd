/// Times shown to people, in Beijing time: the one place that turns Unix seconds into calendar dates
/// and clock times for pages, and parses the Beijing wall-clock times the imported data are written in.
///
/// Beijing time is UTC+8 all year: China has observed no daylight saving time since 1991 (the
/// 1986–1991 summer time was ended by the State Council in 1992), so the conversion is a fixed
/// offset, exact for every moment from 1992 on. Dates use the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms); moments outside years
/// 1–9999 are shown as the nearest end of that range, never a crash. Machine-readable API times stay
/// UTC ISO 8601 (`iso8601(_:)` in HTTPServer).
public enum BeijingTime {
    /// UTC+8, in seconds.
    public static let offset: Int64 = 8 * 3_600

    /// A moment's calendar date and clock time in Beijing.
    public struct Fields: Sendable, Hashable {
        public var year: Int64
        /// 1–12.
        public var month: Int64
        /// 1–31.
        public var day: Int64
        /// 0–23.
        public var hour: Int64
        /// 0–59.
        public var minute: Int64
        /// 0–59.
        public var second: Int64
    }

    /// The moments a page can show: 0001-01-01 00:00:00 to 9999-12-31 23:59:59 in Beijing.
    static let shown: ClosedRange<Int64> = (-62_135_596_800 - offset)...(253_402_300_799 - offset)

    /// Unix seconds → the date and time on a Beijing clock (clamped to years 1–9999).
    public static func fields(_ seconds: Int64) -> Fields {
        let local = min(max(seconds, shown.lowerBound), shown.upperBound) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let (year, month, day) = civilFromDays(days)
        let rest = local - days * 86_400
        return Fields(year: year, month: month, day: day, hour: rest / 3_600, minute: rest % 3_600 / 60, second: rest % 60)
    }

    /// `YYYY-MM-DD HH:MM:SS` read on a Beijing clock (how Douban and the exam authorities publish times)
    /// → Unix seconds. Nil unless the text is exactly six numbers separated by `-`, ` ` or `:` that name a
    /// real date (month 1–12, a day that month has) and time (hour 0–23, minute and second 0–59).
    public static func parse(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
        guard parts.count == 6, parts.allSatisfy({ $0.count <= 4 && $0.allSatisfy(\.isASCII) }) else { return nil }
        let numbers = parts.compactMap { Int64($0) }
        guard numbers.count == 6 else { return nil }
        let (year, month, day, hour, minute, second) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
    }

    /// `2019-03-08 00:51`: numeric, the same in both languages (the compact style of lists and comments).
    public static func dateTime(_ seconds: Int64) -> String {
        let f = fields(seconds)
        return "\(f.year)-\(pad(f.month))-\(pad(f.day)) \(pad(f.hour)):\(pad(f.minute))"
    }

    /// `2019-03-08`: numeric, the same in both languages.
    public static func numericDate(_ seconds: Int64) -> String {
        let f = fields(seconds)
        return "\(f.year)-\(pad(f.month))-\(pad(f.day))"
    }

    /// A date written out: `2019年3月8日` in Chinese, `8 Mar 2019` in English.
    public static func date(_ seconds: Int64, _ language: Language) -> String {
        let f = fields(seconds)
        switch language {
        case .zh: return "\(f.year)年\(f.month)月\(f.day)日"
        case .en: return "\(f.day) \(monthAbbreviations[Int(f.month) - 1]) \(f.year)"
        }
    }

    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
