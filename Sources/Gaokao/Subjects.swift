import Foundation
import WebUI

/// One 选考科目 (elective subject) of the new gaokao: the three of 3+3 or the "1 + 2" of 3+1+2.
public enum Subject: String, Sendable, CaseIterable, Comparable {
    case physics = "物理", chemistry = "化学", biology = "生物", politics = "政治", history = "历史", geography = "地理"
    /// 浙江's seventh choice (技术: 信息技术 + 通用技术).
    case technology = "技术"

    /// The subject's name on a page: 物理 / Physics.
    func name(_ language: Language) -> String {
        guard language == .en else { return rawValue }
        switch self {
        case .physics: return "Physics"
        case .chemistry: return "Chemistry"
        case .biology: return "Biology"
        case .politics: return "Politics"
        case .history: return "History"
        case .geography: return "Geography"
        case .technology: return "Technology"
        }
    }

    /// The one-character form the group texts and the 2024 catalogue use (`化`, `物+化`).
    public var short: String { String(rawValue.prefix(1)) }

    /// The subject a word names: the full name, the one-character form, or `思想政治`.
    public init?(word: String) {
        let text = word.trimmingCharacters(in: .whitespaces)
        if text == "思想政治" || text == "思政" { self = .politics; return }
        guard let found = Self.allCases.first(where: { $0.rawValue == text || $0.short == text }) else { return nil }
        self = found
    }

    public static func < (a: Subject, b: Subject) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The 选科 requirement of a 院校专业组 (or 专业), as published: none (`不限`), every one of a set (`物理+化学`,
/// `化学和生物`, catalogue `化与生`) or any one of a set (`化学或生物`, `化/生`).
public enum SubjectRequirement: Sendable, Hashable {
    case none
    case all(Set<Subject>)
    case any(Set<Subject>)

    /// Parses a requirement text; nil when it names no subject and is not `不限` (the requirement is then unknown).
    /// `category` is the student list (物理类/历史类): its first subject is implied by the list, so `物理类 + 化学`
    /// needs only 化学 of the electives.
    public init?(text raw: String) {
        let text = raw.replacingOccurrences(of: "＋", with: "+").replacingOccurrences(of: "，", with: ",")
            .replacingOccurrences(of: "、", with: ",").trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        if text.contains("不限") || text == "无" {
            // `物理不限` / `物理+不限`: the first subject only, which the list already implies.
            let named = Self.subjects(in: text)
            self = named.isEmpty ? .none : .all(named)
            return
        }
        let named = Self.subjects(in: text)
        guard !named.isEmpty else { return nil }
        let isAny = text.contains("或") || text.contains("/") || text.contains("任选")
        self = isAny && named.count > 1 ? .any(named) : .all(named)
    }

    /// The characters a requirement text must have one of: each subject's first character, 思 (思想政治) and 不 (不限).
    static let initials = Set(Subject.allCases.compactMap(\.rawValue.first) + ["思", "不"])

    /// The subjects a text names, by full name first (`生物` before its `生`), then by one character.
    static func subjects(in text: String) -> Set<Subject> {
        var rest = text.replacingOccurrences(of: "思想政治", with: "政治")
        var found: Set<Subject> = []
        for subject in Subject.allCases where rest.contains(subject.rawValue) {
            found.insert(subject)
            rest = rest.replacingOccurrences(of: subject.rawValue, with: " ")
        }
        // One-character forms only where the text is a list of them (`物,化`, `化与生`, `物+化+生`), not inside words
        // such as 生物医学 (already consumed above) or 地方.
        let separators = CharacterSet(charactersIn: "+,/与和或且 ()（）组类-")
        for token in rest.components(separatedBy: separators) where token.count == 1 {
            if let subject = Subject(word: token) { found.insert(subject) }
        }
        return found
    }

    /// True when a student with `subjects` may fill a group with this requirement. The first subject of a 3+1+2
    /// list counts as chosen (物理类 students have 物理).
    public func isMet(by subjects: Set<Subject>) -> Bool {
        switch self {
        case .none: true
        case .all(let needed): needed.isSubset(of: subjects)
        case .any(let options): !options.isDisjoint(with: subjects)
        }
    }

    /// The requirement as the API shows it: `不限`, `化学+生物`, `化学/生物`.
    public var text: String { text(.zh) }

    /// The requirement in a page's language: `化学+生物` / `Chemistry + Biology`, `不限` / `any subjects`.
    func text(_ language: Language) -> String {
        switch self {
        case .none: language == .zh ? "不限" : "any subjects"
        case .all(let set): set.sorted().map { $0.name(language) }.joined(separator: language == .zh ? "+" : " + ")
        case .any(let set): set.sorted().map { $0.name(language) }.joined(separator: language == .zh ? "/" : " or ")
        }
    }
}

/// The 选科 rules of a province and year (research §2 "From 文/理 to 3+3 and 3+1+2"; provinces.csv exam model and
/// reform year): 3+1+2 = the list's first subject (物理 or 历史) and two of 化学, 生物, 政治, 地理; 3+3 = three of
/// 物理, 化学, 生物, 政治, 历史, 地理 (浙江 also 技术); before the reform, and in 新疆/西藏, no 选科 at all.
public enum SubjectRules {
    /// What a student may choose in one province-year and 科类; nil when the province-year has no 选科.
    public static func choices(model: String, province: String, reformYear: Int?, year: Int, category: String)
        -> (fixed: Subject?, electives: [Subject], count: Int)?
    {
        guard let reformYear, year >= reformYear else { return nil }
        if model == "3+3" {
            let electives: [Subject] = [.physics, .chemistry, .biology, .politics, .history, .geography] + (province == "浙江" ? [.technology] : [])
            return (nil, electives, 3)
        }
        let fixed: Subject? = category == "物理类" ? .physics : category == "历史类" ? .history : nil
        guard let fixed else { return nil }
        return (fixed, [.chemistry, .biology, .politics, .geography], 2)
    }

    /// The longest 选科 text accepted, in characters (`思想政治,化学,生物,地理` has 13): a longer one is refused before
    /// it is split.
    public static let maximumLength = 32

    /// Parses a student's 选科: names or one-character forms separated by commas, `、`, `+` or spaces
    /// (`化学,生物`, `化+生`, `物理 化学 生物`); nil when a word is not a subject or one is named twice.
    public static func parse(_ text: String) -> [Subject]? {
        let separators = CharacterSet(charactersIn: ",，、+＋ /")
        var result: [Subject] = []
        for word in text.components(separatedBy: separators) where !word.isEmpty {
            guard let subject = Subject(word: word), !result.contains(subject) else { return nil }
            result.append(subject)
        }
        return result
    }
}

extension GaokaoData {
    /// The 选科 a student may choose in a province, year and 科类 (``SubjectRules/choices(model:province:reformYear:year:category:)``);
    /// nil where the province-year has none.
    public func subjectChoices(province: String, year: Int, category: String) -> (fixed: Subject?, electives: [Subject], count: Int)? {
        guard let info = self.province(named: province) else { return nil }
        return SubjectRules.choices(model: info.examModel, province: province, reformYear: info.reformYear, year: year, category: category)
    }

    /// Checks a student's 选科 for a province, year and 科类: the whole set (the list's first subject included) on
    /// success, or the message naming what is allowed. An empty text is "not given" (nil set, no error).
    public func validateSubjects(_ text: String?, province: String, year: Int, category: String) -> Result<Set<Subject>?, ProfileFieldError> {
        let raw = (text ?? "").trimmingCharacters(in: .whitespaces)
        if raw.isEmpty { return .success(nil) }
        guard let rules = subjectChoices(province: province, year: year, category: category) else {
            return .failure(ProfileFieldError(field: "subjects", zh: "\(province) \(year) 年不分选考科目（文理分科），请不要填写选科。",
                                              en: "\(province) \(year) has no elective subjects (arts/science tracks); leave Subjects empty."))
        }
        let allowed = rules.electives.map(\.rawValue).joined(separator: "、")
        // English names, with the value the API and the form take (`化学`) beside them.
        let allowedEn = rules.electives.map { "\($0.name(.en)) (\($0.rawValue))" }.joined(separator: ", ")
        let failure = ProfileFieldError(
            field: "subjects",
            zh: rules.fixed.map { "\(province) \(year) 年\(category)须在\($0.rawValue)之外从 \(allowed) 中选 \(rules.count) 门。" }
                ?? "\(province) \(year) 年须从 \(allowed) 中选 \(rules.count) 门。",
            en: rules.fixed.map { "\(province) \(year) \(category): besides \($0.name(.en)), choose \(rules.count) of \(allowedEn)." }
                ?? "\(province) \(year): choose \(rules.count) of \(allowedEn).")
        guard raw.count <= SubjectRules.maximumLength, var chosen = SubjectRules.parse(raw) else { return .failure(failure) }
        if let fixed = rules.fixed { chosen.removeAll { $0 == fixed } }
        guard chosen.count == rules.count, chosen.allSatisfy(rules.electives.contains) else { return .failure(failure) }
        return .success(Set(chosen + (rules.fixed.map { [$0] } ?? [])))
    }
}
