/// Reads the ways Chinese shops and their customers write opening hours and rewrites them in the OSM subset
/// ``OpeningHours`` reads, so `每天 10:00-22:00` is understood rather than shown as "hours unknown". The forms,
/// taken from the merchant data (`cn_workcafes.csv`, `osm_hong_kong_pois.csv`) and from what people type:
///
/// - days: `周一`…`周日`/`周天`, `星期一`…`星期日`/`星期天`, `礼拜一`…, a bare `五` after a range mark or after a
///   day (`星期一至五`, `星期六日`), `工作日` (Mon–Fri), `周末` (Sat, Sun), `每天`/`每日`/`天天`/`全年` (every
///   day), `公众假期`/`公眾假期`/`节假日`/`法定节假日`/`假日` (`PH`);
/// - ranges with `至`, `到`, `-`, `–`, `—`, `~`, `～`; lists with `、`, `，`, `,`, `及`, `和`;
/// - times `H:MM` with `:` or `：`, several ranges per rule; `24小时`/`24小時`/`24小时营业`/`全天候`/`通宵` for all day;
///   `不开`, `休息`, `不营业`, `闭店`, `关门`, `店休`, `公休` for closed; `营业` ignored;
/// - rules separated by `；`, `;`, `，`, `,`, spaces or line breaks; a later rule replaces earlier ones for its days
///   (OSM's rule, which is also how `周一至周日 9:00-21:00，周五 9:00-23:00` is meant).
///
/// Anything else (`晚5点至9点`, `看心情`) returns nil: the caller keeps the text verbatim as "hours unknown" or, for
/// a form, asks again — never a guess.
enum ChineseOpeningHours {
    private enum Token: Equatable {
        case days(Set<Int>)
        case holidays
        case time(Int)
        case range
        case list
        case ruleBreak
        case allDay
        case closed
    }

    /// The OSM form of `text` (`Mo-Fr 07:30-19:00; Sa,Su 09:30-17:30`), or nil when it is not one of the forms above.
    static func osmText(_ text: String) -> String? {
        guard let tokens = tokens(Array(text)) else { return nil }
        var rules: [String] = []
        var index = 0
        func at(_ offset: Int = 0) -> Token? { index + offset < tokens.count ? tokens[index + offset] : nil }
        while index < tokens.count {
            while at() == .ruleBreak || at() == .list { index += 1 }
            guard index < tokens.count else { break }
            // Day selector: items joined by lists (a ruleBreak comma between two day items also joins them).
            var days: [String] = []
            while true {
                if case .days(let set)? = at() {
                    index += 1
                    if at() == .range, case .days(let end)? = at(1), set.count == 1, end.count == 1 {
                        days.append(dayName(set.first!) + "-" + dayName(end.first!))
                        index += 2
                    } else {
                        days.append(selector(set))
                    }
                } else if at() == .holidays {
                    days.append("PH")
                    index += 1
                } else {
                    break
                }
                if at() == .list || at() == .ruleBreak, isDayItem(at(1)) { index += 1; continue }
                if isDayItem(at()) { continue }
                break
            }
            if !days.isEmpty, at() == .ruleBreak { index += 1 }  // 星期一至五 7:00-18:00
            let prefix = days.isEmpty ? "" : days.joined(separator: ",") + " "
            switch at() {
            case .allDay?:
                rules.append(prefix + "00:00-24:00")
                index += 1
            case .closed?:
                guard !days.isEmpty else { return nil }
                rules.append(prefix + "off")
                index += 1
            case .time?:
                var ranges: [String] = []
                while case .time(let start)? = at(), at(1) == .range, case .time(let end)? = at(2) {
                    ranges.append(clock(start) + "-" + clock(end))
                    index += 3
                    if at() == .list || at() == .ruleBreak, case .time? = at(1) { index += 1 }
                }
                guard !ranges.isEmpty else { return nil }
                rules.append(prefix + ranges.joined(separator: ","))
            default:
                return nil
            }
        }
        return rules.isEmpty ? nil : rules.joined(separator: "; ")
    }

    private static func isDayItem(_ token: Token?) -> Bool {
        switch token {
        case .days?, .holidays?: true
        default: false
        }
    }

    private static let weekdays: [Character: Int] = ["一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "七": 6]
    private static let words: [(String, Token)] = [
        ("法定节假日", .holidays), ("公众假期", .holidays), ("公眾假期", .holidays), ("节假日", .holidays), ("節假日", .holidays),
        ("假日", .holidays), ("24小时营业", .allDay), ("24小時營業", .allDay), ("24小时", .allDay), ("24小時", .allDay),
        ("全天候", .allDay), ("通宵", .allDay), ("工作日", .days(Set(0..<5))), ("周末", .days([5, 6])), ("週末", .days([5, 6])),
        ("每天", .days(Set(0..<7))), ("每日", .days(Set(0..<7))), ("天天", .days(Set(0..<7))), ("全年", .days(Set(0..<7))),
        ("不营业", .closed), ("不營業", .closed), ("不开", .closed), ("不開", .closed), ("休息", .closed), ("闭店", .closed),
        ("关门", .closed), ("店休", .closed), ("公休", .closed), ("营业", .list), ("營業", .list),
    ]

    private static func tokens(_ characters: [Character]) -> [Token]? {
        var tokens: [Token] = []
        var position = 0
        func starts(_ word: String) -> Bool {
            let chars = Array(word)
            return position + chars.count <= characters.count && Array(characters[position..<position + chars.count]) == chars
        }
        scanning: while position < characters.count {
            let character = characters[position]
            for (word, token) in words where starts(word) {
                position += word.count
                if token != .list { tokens.append(token) }  // 营业 is noise
                continue scanning
            }
            for prefix in ["星期", "礼拜", "禮拜", "周", "週"] where starts(prefix) {
                guard position + prefix.count < characters.count, let day = weekdays[characters[position + prefix.count]] else { return nil }
                tokens.append(.days([day]))
                position += prefix.count + 1
                continue scanning
            }
            if let day = weekdays[character] {
                // A bare day only right after a day or a range mark that follows a day: 星期一至五, 星期六日.
                guard let last = tokens.last, last == .range || isDayItem(last) else { return nil }
                if last == .range, tokens.count < 2 || !isDayItem(tokens[tokens.count - 2]) { return nil }
                if isDayItem(last) { tokens.append(.list) }
                tokens.append(.days([day]))
                position += 1
                continue
            }
            if character.isASCII, character.isNumber {
                var digits = ""
                while position < characters.count, characters[position].isASCII, characters[position].isNumber, digits.count < 3 {
                    digits.append(characters[position]); position += 1
                }
                guard digits.count <= 2, position + 2 < characters.count, characters[position] == ":" || characters[position] == "：",
                      let hour = Int(digits) else { return nil }
                let minuteText = String(characters[position + 1...position + 2])
                guard minuteText.allSatisfy({ $0.isASCII && $0.isNumber }), let minute = Int(minuteText), minute < 60,
                      hour < 24 || (hour == 24 && minute == 0) else { return nil }
                tokens.append(.time(hour * 60 + minute))
                position += 3
                continue
            }
            switch character {
            case "至", "到", "-", "–", "—", "~", "～", "－": tokens.append(.range)
            case "、", "及", "和", "&": tokens.append(.list)
            case "；", ";", "，", ",", " ", "\u{3000}", "\n", "\t", "。": if tokens.last != .ruleBreak, !tokens.isEmpty { tokens.append(.ruleBreak) }
            case "：", ":": break  // 周末：9:30–17:30
            default: return nil
            }
            position += 1
        }
        // A break next to a range or list mark is only spacing (`7:30 - 19:00`).
        var cleaned: [Token] = []
        for token in tokens {
            if token == .ruleBreak, let last = cleaned.last, last == .range || last == .list { continue }
            if token == .range || token == .list, cleaned.last == .ruleBreak { cleaned.removeLast() }
            cleaned.append(token)
        }
        return cleaned
    }

    private static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    private static func dayName(_ day: Int) -> String { dayNames[day] }

    /// `Mo-Fr` for a run of days, `Sa,Su` otherwise.
    private static func selector(_ days: Set<Int>) -> String {
        let sorted = days.sorted()
        if sorted.count > 2, sorted.last! - sorted.first! == sorted.count - 1 { return dayName(sorted.first!) + "-" + dayName(sorted.last!) }
        return sorted.map(dayName).joined(separator: ",")
    }

    private static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60, minute = minutes % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
