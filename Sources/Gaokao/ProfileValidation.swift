import Foundation

/// One invalid 我的高考 field, in both languages.
public struct ProfileFieldError: Error, Sendable, Hashable {
    public var field: String
    public var zh: String
    public var en: String
}

/// Why 我的高考 was refused: one entry per field.
public struct ProfileValidationError: Error, Sendable {
    public var errors: [ProfileFieldError]
}

/// Raw 我的高考 input as a form or JSON body carries it (strings, so bad numbers can be reported).
public struct ProfileInput: Sendable {
    public var province: String?
    public var year: String?
    public var category: String?
    public var batch: String?
    public var score: String?
    /// 选科 as typed or ticked (`化学,生物`); nil or empty for none.
    public var subjects: String?

    public init(province: String?, year: String?, category: String?, batch: String?, score: String?, subjects: String? = nil) {
        self.province = province
        self.year = year
        self.category = category
        self.batch = batch
        self.score = score
        self.subjects = subjects
    }
}

extension GaokaoData {
    /// Validates 我的高考: a known province, a year in ``ExamYears/range``, a 科类 offered that year
    /// (``categories(province:year:)``), a batch offered (``batches(province:year:category:)``) and a score from
    /// 0 to ``maximumScore(province:year:)`` — the message names the allowed range.
    public func validate(_ input: ProfileInput) -> Result<GaokaoProfile, ProfileValidationError> {
        var errors: [ProfileFieldError] = []
        let provinceName = input.province?.trimmingCharacters(in: .whitespaces) ?? ""
        let province = self.province(named: provinceName)
        if province == nil {
            errors.append(.init(field: "province", zh: "请选择生源地（省份）。", en: "Choose your home province."))
        }
        let year = Int(input.year?.trimmingCharacters(in: .whitespaces) ?? "")
        if year == nil || !ExamYears.range.contains(year!) {
            errors.append(.init(
                field: "year", zh: "年份须在 \(ExamYears.range.lowerBound)–\(ExamYears.range.upperBound) 之间。",
                en: "The year must be between \(ExamYears.range.lowerBound) and \(ExamYears.range.upperBound)."))
        }
        guard let province, let year, ExamYears.range.contains(year) else { return .failure(ProfileValidationError(errors: errors)) }
        let categories = self.categories(province: province.name, year: year)
        let category = input.category ?? ""
        if !categories.contains(category) {
            errors.append(.init(
                field: "category", zh: "\(province.name) \(year) 年的科类为：\(categories.joined(separator: "、"))。",
                en: "\(province.name) \(year) offers: \(categories.joined(separator: ", "))."))
        }
        let batches = self.batches(province: province.name, year: year, category: categories.contains(category) ? category : categories[0])
        let batch = input.batch ?? ""
        if categories.contains(category), !batches.contains(batch) {
            errors.append(.init(
                field: "batch", zh: "请选择批次：\(batches.joined(separator: "、"))。",
                en: "Choose a batch: \(batches.joined(separator: ", "))."))
        }
        let maximum = maximumScore(province: province.name, year: year)
        let scoreText = input.score?.trimmingCharacters(in: .whitespaces) ?? ""
        let score = Int(scoreText)
        if score == nil || score! < 0 || score! > maximum {
            errors.append(.init(
                field: "score", zh: "分数须在 0–\(maximum) 分之间（\(province.name) \(year) 年总分 \(maximum)）。",
                en: "The score must be between 0 and \(maximum) (\(province.name) \(year): out of \(maximum))."))
        }
        var subjects: Set<Subject>?
        if categories.contains(category) {
            switch validateSubjects(input.subjects, province: province.name, year: year, category: category) {
            case .success(let chosen): subjects = chosen
            case .failure(let error): errors.append(error)
            }
        }
        guard errors.isEmpty, let score else { return .failure(ProfileValidationError(errors: errors)) }
        return .success(GaokaoProfile(province: province.name, year: year, category: category, batch: batch, score: score,
                                      subjects: Array(subjects ?? [])))
    }
}

/// The cookie form of 我的高考 for visitors who are not signed in, also how a 志愿表 remembers the profile it was built
/// for: `province|year|category|batch|score|选科` (选科 joined by `+`; the five-field form of earlier versions reads as
/// no 选科).
enum ProfileCookie {
    static let name = "gk_profile"

    static func encode(_ profile: GaokaoProfile) -> String {
        [profile.province, String(profile.year), profile.category, profile.batch, String(profile.score),
         profile.subjects.map(\.rawValue).joined(separator: "+")].joined(separator: "|")
    }

    static func decode(_ value: String) -> ProfileInput? {
        let parts = value.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5 || parts.count == 6 else { return nil }
        return ProfileInput(province: parts[0], year: parts[1], category: parts[2], batch: parts[3], score: parts[4],
                            subjects: parts.count == 6 ? parts[5] : nil)
    }
}
