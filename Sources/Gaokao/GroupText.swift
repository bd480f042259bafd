import Foundation

/// A 院校专业组 (or 专业) as `extra/school_lines_2021_2025`'s `group` column publishes it, read apart: the code, the
/// 选科 requirement and the program notes. The formats are the provinces' own (SOURCES.md "school_lines_2021_2025"):
/// 湖南 `105 第105组`, 湖北 `海南师范大学第11组`, 广东 `206专业组`, 江苏 `03专业组(化学)`, 北京 `01 物理＋化学`,
/// 上海 `人大苏州(02)`, 天津 `院校专业组 138603`, 甘肃 `专业组002`, 黑龙江 `…物理类第009组(化学)`, the 院校+专业
/// provinces `专业:01 法学`; school pages label groups by their 选科 (`中南大学-湖南-物理类-物理+化学`).
struct ParsedGroup: Sendable, Hashable {
    /// The group's (or 专业's) code as published, digits only; nil for a school-level line.
    var code: String?
    /// True for a 院校+专业 line (河北, 辽宁, 重庆, 贵州, 青海 file by 专业).
    var isMajor = false
    /// The 选科 requirement when the text states one.
    var requirement: SubjectRequirement?
    /// The 招生类型 a program note makes of the line (`中外合作办学`, `国家专项计划` …); nil for an ordinary line.
    var programType: String?
}

enum GroupText {
    /// Parses the `group` text of a row of school `school`.
    static func parse(_ raw: String, school: String) -> ParsedGroup {
        var text = raw.trimmedCell
        var result = ParsedGroup()
        if text.hasPrefix("专业:") {
            let rest = text.dropFirst("专业:".count).trimmingCharacters(in: .whitespaces)
            let code = rest.prefix { $0.isASCII && ($0.isNumber || $0.isLetter) }
            result.code = code.isEmpty ? nil : String(code)
            result.isMajor = true
            result.programType = programType(in: [String(rest.dropFirst(code.count))])
            return result
        }
        // (Foundation's search only where the school's first character occurs: most texts are `105 第105组`.)
        if let initial = school.first, text.contains(initial) { text = text.replacingOccurrences(of: school, with: " ") }
        result.code = code(in: text)
        let notes = parentheticals(text)
        result.programType = programType(in: notes + [text.contains("征集") || text.contains("征求") ? "征集" : ""])
        // The requirement: a parenthesis that names subjects or 不限, else what follows a leading code (北京
        // `01 物理＋化学`), else a school page's label (`物理+化学`, `物理且化学组`, `物理不限组`).
        for note in notes where result.requirement == nil && note.contains(where: SubjectRequirement.initials.contains) {
            let cleaned = note.replacingOccurrences(of: "选考科目", with: "")
            if cleaned.contains("不限") || !SubjectRequirement.subjects(in: cleaned).isEmpty,
                !cleaned.contains("专项"), !cleaned.contains("合作"), cleaned.count <= 16
            {
                result.requirement = SubjectRequirement(text: cleaned)
            }
        }
        if result.requirement == nil, result.code == nil || leadingCode(text) != nil, text.contains(where: SubjectRequirement.initials.contains) {
            let label = withoutParentheticals(text)
            if label.contains("不限") || !SubjectRequirement.subjects(in: label).isEmpty {
                result.requirement = SubjectRequirement(text: label)
            }
        }
        return result
    }

    /// The code: `第105组`, `206专业组`, `专业组002`, `院校专业组 138603`, a leading `01 `, a trailing `(02)`, `024专业`.
    /// Scanned by hand: the import reads 160,000 of these, and a regular expression per text cost minutes.
    static func code(in text: String) -> String? {
        let chars = Array(text)
        func digits(from start: Int) -> (String, Int)? {
            var end = start
            while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
            return end > start ? (String(chars[start..<end]), end) : nil
        }
        func skipSpaces(_ index: Int) -> Int {
            var index = index
            while index < chars.count, chars[index] == " " { index += 1 }
            return index
        }
        func hasWord(_ word: String, at index: Int) -> Bool {
            let wordChars = Array(word)
            return index + wordChars.count <= chars.count && Array(chars[index..<(index + wordChars.count)]) == wordChars
        }
        // 第 N 组
        for index in chars.indices where chars[index] == "第" {
            if let (found, end) = digits(from: skipSpaces(index + 1)), hasWord("组", at: skipSpaces(end)) { return found }
        }
        // N专业组, then 专业组 N
        for index in chars.indices {
            if let (found, end) = digits(from: index), (index == 0 || !(chars[index - 1].isASCII && chars[index - 1].isNumber)),
                hasWord("专业组", at: skipSpaces(end))
            {
                return found
            }
        }
        for index in chars.indices where hasWord("专业组", at: index) {
            if let (found, _) = digits(from: skipSpaces(index + 3)) { return found }
        }
        if let leading = leadingCode(text) { return leading }
        // A trailing (N) of one to three digits.
        let trimmed = Array(text.trimmingCharacters(in: .whitespaces))
        if let last = trimmed.last, last == ")" || last == "）", let open = trimmed.lastIndex(where: { $0 == "(" || $0 == "（" }) {
            let inner = trimmed[(open + 1)..<(trimmed.count - 1)]
            if (1...3).contains(inner.count), inner.allSatisfy({ $0.isASCII && $0.isNumber }) { return String(inner) }
        }
        // N专业 at the end (福建 专科).
        if trimmed.count >= 4, String(trimmed.suffix(2)) == "专业" {
            let head = trimmed.dropLast(2)
            let number = head.reversed().prefix { $0.isASCII && $0.isNumber }
            if (2...3).contains(number.count) { return String(number.reversed()) }
        }
        return nil
    }

    /// Two or three digits and a space at the start (北京 `01 物理＋化学`, 湖南 `105 第105组`), or the whole text (a
    /// school page's `01`, `02`: 西安邮电大学 河南 2025).
    static func leadingCode(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " }
        let number = trimmed.prefix { $0.isASCII && $0.isNumber }
        let next = trimmed.dropFirst(number.count).first
        guard (2...3).contains(number.count), next == " " || next == nil else { return nil }
        return String(number)
    }

    /// `text` without its parenthesised notes.
    static func withoutParentheticals(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            if character == "(" || character == "（" { depth += 1 } else if character == ")" || character == "）" { depth = Swift.max(0, depth - 1) } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    /// The texts in parentheses, half- or full-width.
    static func parentheticals(_ text: String) -> [String] {
        var result: [String] = []
        var current: String?
        for character in text {
            if character == "(" || character == "（" {
                current = ""
            } else if character == ")" || character == "）" {
                if let found = current { result.append(found) }
                current = nil
            } else {
                current?.append(character)
            }
        }
        return result
    }

    /// The 招生类型 named by any of `texts` (plan type, batch, the group's notes); nil when none names one (普通类).
    /// Campus, college and 选科 notes (`南京校区`, `医学院`, `化学`) leave a line ordinary.
    static func programType(in texts: [String]) -> String? {
        for text in texts where !text.isEmpty && text.contains(where: programInitials.contains) {
            if text.contains("面向"), !text.contains("面向全省") { return "定向" }
            for rule in programRules where rule.words.contains(where: text.contains) { return rule.type }
        }
        return nil
    }

    /// The first characters of ``programRules``' words: a text with none of them names no program (most do not,
    /// and the import reads 160,000 of them).
    static let programInitials = Set(programRules.flatMap { $0.words.compactMap(\.first) } + ["面"])

    static let programRules: [(words: [String], type: String)] = {
        let rules: [(words: [String], type: String)] = [
            (["国家专项"], "国家专项计划"), (["地方专项", "农村专项"], "地方专项计划"), (["高校专项"], "高校专项计划"), (["专项"], "专项计划"),
            (["中外合作", "合作办学", "中外合办", "国际项目", "联合学院", "联合培养", "学分互认", "分校"], "中外合作办学"),
            (["预科"], "预科"), (["民族班", "少数民族", "民族语", "西藏班", "内高班", "内地班", "南疆", "藏语"], "民族班"),
            (["定向", "地方生", "非西藏生"], "定向"), (["征集", "征求"], "征集志愿"), (["艺术", "体育", "艺体"], "艺术体育"),
            (["综合评价"], "综合评价"), (["优师", "公费师范"], "公费师范"),
            (["较高收费", "高收费", "高收", "软件类"], "较高收费"), (["联办"], "联办"),
            (["特殊", "单列", "Q组", "乡村振兴", "帮扶", "分段培养", "高本贯通"], "特殊类型"),
        ]
        return rules
    }()
}

/// How far a line's source can be trusted (SOURCES.md "school_lines_2021_2025" `source_tier`): the province's own
/// 投档 file over a university's admission page over an aggregator. The older transcriptions (oliver, keke, luojike,
/// labolado) are third-party.
public enum SourceTier: String, Sendable, CaseIterable {
    case provinceOfficial = "province-official"
    case schoolOfficial = "school-official"
    case thirdParty = "third-party"

    /// 0 is the most trusted.
    var order: Int { Self.allCases.firstIndex(of: self)! }
}

/// Batch and 科类 names of the 2021–2025 lines as the rest of the data spells them.
enum RecentNames {
    /// `batch_std` of a published batch (`普通类本科批次平行志愿`, `本科一批/普通批`, `高职（专科）批（F段）` …). In a
    /// province-year with merged batches (`merged`: every new-gaokao year, and earlier years whose 省控线 have no
    /// 本科一批) every ordinary 本科 batch is 本科批; 天津's A/B 阶段 and 宁夏's B段 stay apart (different batches).
    static func batchStandard(_ batch: String, merged: Bool) -> String {
        let text = batch.replacingOccurrences(of: "（", with: "(").replacingOccurrences(of: "）", with: ")")
        let vocational = text.contains("专科") || text.contains("高职") || text.contains("普专")
        if text.contains("提前") { return vocational ? "专科提前批" : "本科提前批" }
        if vocational { return "专科批" }
        if text.contains("A阶段") || text.contains("A段") { return "本科批A段" }
        if text.contains("B阶段") || text.contains("B段") { return "本科批B段" }
        if merged { return "本科批" }
        if ["一批", "一本", "第一批", "本一"].contains(where: text.contains) { return "本科一批" }
        if ["二批", "二本", "第二批", "本二"].contains(where: text.contains) { return "本科二批" }
        if ["三批", "三本"].contains(where: text.contains) { return "本科三批" }
        if text.contains("本科") { return "本科批" }
        return BatchNames.standard(batch)
    }

    /// True for a batch name that numbers its 本科 batch (`本科第二批`, `二本`, `本一批`, `第一批本科`), but not the merged
    /// batch a school page labels so (`本科一批/普通批`) nor a 专科 or 提前 batch.
    static func namesNumberedBatch(_ batch: String) -> Bool {
        guard !batch.contains("普通"), !batch.contains("专科"), !batch.contains("提前") else { return false }
        return ["一批", "一本", "本一", "二批", "二本", "本二", "三批", "三本"].contains(where: batch.contains)
    }

    /// The 科类 as the province's exam model had it that year (provinces.csv reform year): the source labels some
    /// 文/理 years 物理类/历史类 (新疆 and 西藏 2025–2026, whose line names say 文科/理科) and some 3+1+2 years
    /// 文科/理科 (云南 2026's 一分一段); nil for a 科类 that does not exist in that province-year.
    static func category(_ category: String, model: String?, reformYear: Int?, year: Int) -> String? {
        let reformed = reformYear.map { year >= $0 } ?? false
        switch (category, reformed) {
        case ("物理类", false), ("理科", false): return "理科"
        case ("历史类", false), ("文科", false): return "文科"
        case ("综合", false): return nil
        case ("物理类", true), ("历史类", true), ("综合", true): return model == "3+3" ? "综合" : category == "综合" ? nil : category
        case ("理科", true): return model == "3+3" ? "综合" : "物理类"
        case ("文科", true): return model == "3+3" ? "综合" : "历史类"
        default: return nil
        }
    }
}
