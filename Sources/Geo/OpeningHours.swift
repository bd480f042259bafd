public import Foundation

/// The subset of OpenStreetMap's `opening_hours` syntax (https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification)
/// the merchant data uses, plus Dianping's bare `10:00-07:00`:
///
/// - rules separated by `;` (a later rule replaces earlier ones for the days it names), or by `,` when a day
///   follows (`Mo-Th 08:30-18:00, Fr-Su 08:30-21:30`);
/// - day selectors `Mo`…`Su`, ranges that may wrap (`Fr-We`), lists (`Sa,Su`, also space-separated), and `PH`
///   (public holidays); a rule without days applies to every day;
/// - one or more time ranges `HH:MM-HH:MM` (the hour may have one digit; `24:00` ends a day), overnight when
///   the end is not after the start (`18:00-04:00`, Dianping's `10:00-07:00`: open until that time the next
///   morning), `00:00-24:00`, `24/7`, and `off`/`closed`.
///
/// The common Chinese forms (`每天 10:00-22:00`, `周一至周五：7:30–19:00；周末不开`, `24小时`) are read through
/// ``ChineseOpeningHours``. Anything else (`11am-late`, `0800-2200`, `晚5点至9点`) does not parse: the caller shows the text verbatim
/// with "hours unknown" rather than guessing. Times are wall-clock times in the merchant's zone.
public struct OpeningHours: Sendable, Hashable {
    /// One rule: the weekdays it names (0 = Monday … 6 = Sunday), whether it names `PH`, and its open
    /// intervals in minutes since midnight (`end` may exceed 1,440 for an overnight range; empty = closed).
    struct Rule: Sendable, Hashable {
        var days: Set<Int>
        var holidays: Bool
        var intervals: [Range<Int>]
    }

    public let text: String
    let rules: [Rule]

    /// Why a text is not read as hours.
    public enum Refusal: Error, Sendable, Hashable {
        /// Empty, longer than 255 characters, or outside the subset.
        case unreadable
        /// A range that ends where it starts (`10:00-10:00`, `每天 10:00-10:00`): neither closed nor 24 hours can be
        /// assumed (issue 30: it was read as open all day). `00:00-24:00` and `24/7` mean all day.
        case emptyRange
    }

    /// Nil when the text is empty, longer than 255 characters, outside the subset, or has an empty range.
    public init?(_ text: String) {
        guard case .success(let hours) = Self.read(text) else { return nil }
        self = hours
    }

    private init(text: String, rules: [Rule]) {
        self.text = text
        self.rules = rules
    }

    /// The hours, or why the text is refused (a form says which).
    public static func read(_ text: String) -> Result<OpeningHours, Refusal> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 255 else { return .failure(.unreadable) }
        var parser = Parser(trimmed)
        var parsed = parser.parse()
        var emptyRange = parser.sawEmptyRange
        if parsed == nil, !emptyRange, let osm = ChineseOpeningHours.osmText(trimmed) {
            var chinese = Parser(osm)
            parsed = chinese.parse()
            emptyRange = chinese.sawEmptyRange
        }
        if emptyRange { return .failure(.emptyRange) }
        guard let rules = parsed else { return .failure(.unreadable) }
        return .success(OpeningHours(text: trimmed, rules: rules))
    }

    /// Whether the merchant is open at `date`, read in `zone`. A public holiday (`isHoliday`) is matched by `PH`
    /// rules; the caller passes false when it has no holiday calendar (the rules for that weekday apply).
    public func isOpen(at date: Date, in zone: TimeZone, isHoliday: Bool = false) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        guard let weekday = parts.weekday, let hour = parts.hour, let minute = parts.minute else { return false }
        let day = (weekday + 5) % 7  // Calendar: 1 = Sunday … 7 = Saturday → 0 = Monday … 6 = Sunday
        let minutes = hour * 60 + minute
        if rule(for: day, holiday: isHoliday)?.intervals.contains(where: { $0.contains(minutes) }) == true { return true }
        // Yesterday's overnight ranges run on past midnight (yesterday's holiday status is unknown: false).
        let previous = rule(for: (day + 6) % 7, holiday: false)
        return previous?.intervals.contains { $0.contains(minutes + 1_440) } == true
    }

    /// True when every weekday is open from 00:00 through 24:00 (`24/7`, `Mo-Su 00:00-24:00`, `24小时`): a page
    /// says 24 小时 / Open 24 hours instead of the raw text.
    public var isAlwaysOpen: Bool {
        (0..<7).allSatisfy { day in rule(for: day, holiday: false)?.intervals.contains { $0.lowerBound == 0 && $0.upperBound >= 1_440 } == true }
    }

    /// The last rule naming `day` (or `PH` on a holiday).
    func rule(for day: Int, holiday: Bool) -> Rule? {
        rules.last { $0.days.contains(day) || (holiday && $0.holidays) }
    }
}

/// A hand-written recursive-descent reader of the subset above (no regular expressions: each token is
/// checked where the grammar expects it).
private struct Parser {
    static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    var characters: [Character]
    var position = 0
    /// Set when a range ends where it starts; the parse then fails.
    var sawEmptyRange = false

    init(_ text: String) { characters = Array(text) }

    mutating func parse() -> [OpeningHours.Rule]? {
        var rules: [OpeningHours.Rule] = []
        while true {
            skipSpaces()
            guard let rule = parseRule() else { return nil }
            rules.append(rule)
            skipSpaces()
            if position == characters.count { return rules }
            if peek(";") { position += 1; continue }
            // `,` starts another rule only when a day selector follows; time lists consume their own commas.
            if peek(",") { position += 1; continue }
            return nil
        }
    }

    mutating func parseRule() -> OpeningHours.Rule? {
        var days = Set<Int>(), holidays = false, named = false
        while let item = parseDayItem() {
            named = true
            if let item { days.formUnion(item) } else { holidays = true }
            let mark = position
            skipSpaces()
            if peek(",") { position += 1; skipSpaces() }
            if !startsDayItem() { position = mark; break }
        }
        skipSpaces()
        if !named { days = Set(0..<7) }
        if consume("24/7") { return .init(days: days, holidays: holidays, intervals: [0..<1_440]) }
        if consume("off") || consume("closed") { return .init(days: days, holidays: holidays, intervals: []) }
        var intervals: [Range<Int>] = []
        repeat {
            skipSpaces()
            guard let start = parseTime(allowing24: false) else { return nil }
            skipSpaces()
            guard consume("-") else { return nil }
            skipSpaces()
            guard let end = parseTime(allowing24: true) else { return nil }
            guard end != start else { sawEmptyRange = true; return nil }
            intervals.append(start..<(end > start ? end : end + 1_440))
        } while continuesTimeList()
        return .init(days: days, holidays: holidays, intervals: intervals)
    }

    /// After a range: `,` followed by another time continues the list (a day after `,` begins a new rule).
    mutating func continuesTimeList() -> Bool {
        let mark = position
        skipSpaces()
        guard consume(",") else { position = mark; return false }
        skipSpaces()
        if position < characters.count, characters[position].isASCII, characters[position].isNumber { return true }
        position = mark
        return false
    }

    func startsDayItem() -> Bool {
        guard position + 2 <= characters.count else { return false }
        let word = String(characters[position..<position + 2])
        return Self.dayNames.contains(word) || word == "PH"
    }

    /// A day, a day range (`Fr-We` wraps) or `PH` (returned as `.some(nil)`); nil when none is here.
    mutating func parseDayItem() -> Set<Int>?? {
        guard startsDayItem() else { return nil }
        let word = String(characters[position..<position + 2])
        position += 2
        guard let first = Self.dayNames.firstIndex(of: word) else { return .some(nil) }
        if peek("-"), position + 3 <= characters.count, let last = Self.dayNames.firstIndex(of: String(characters[position + 1..<position + 3])) {
            position += 3
            var days = Set<Int>(), day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = (day + 1) % 7
            }
            return .some(days)
        }
        return .some([first])
    }

    /// `H:MM` or `HH:MM` in minutes; `24:00` only as an end.
    mutating func parseTime(allowing24: Bool) -> Int? {
        var digits = ""
        while position < characters.count, characters[position].isASCII, characters[position].isNumber, digits.count < 2 {
            digits.append(characters[position]); position += 1
        }
        guard !digits.isEmpty, consume(":"), position + 2 <= characters.count else { return nil }
        let minuteText = String(characters[position..<position + 2])
        guard minuteText.allSatisfy({ $0.isASCII && $0.isNumber }), let hour = Int(digits), let minute = Int(minuteText), minute < 60 else { return nil }
        position += 2
        if hour == 24 && minute == 0 && allowing24 { return 1_440 }
        return hour < 24 ? hour * 60 + minute : nil
    }

    func peek(_ character: Character) -> Bool { position < characters.count && characters[position] == character }

    mutating func consume(_ word: String) -> Bool {
        let chars = Array(word)
        guard position + chars.count <= characters.count, Array(characters[position..<position + chars.count]) == chars else { return false }
        position += chars.count
        return true
    }

    mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " { position += 1 }
    }
}
