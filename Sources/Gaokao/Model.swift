import Foundation

/// One province as `provinces.csv` describes it (SOURCES.md "provinces.csv").
public struct ProvinceInfo: Sendable, Hashable {
    public var code: String
    public var name: String
    public var fullName: String
    /// `3+3`, `3+1+2` or `文理分科` (the 2025 model).
    public var examModel: String
    /// First exam year under the new model; nil for 新疆/西藏 (still 文/理).
    public var reformYear: Int?
    /// The nominal total score now (750; 上海 660; 海南 900).
    public var totalScore: Int
    public var totalScoreNote: String
}

/// One band of a 一分一段表 (score_rank.csv): `scoreLow…scoreHigh` inclusive, `count` candidates,
/// best rank `rankBest`, cumulative rank `rankCum` (the conventional 位次).
public struct ScoreBand: Sendable, Hashable {
    public var scoreLow: Int
    public var scoreHigh: Int
    public var count: Int
    public var rankBest: Int
    public var rankCum: Int
}

/// A 一分一段表 T(P,Y,C), bands sorted by `scoreHigh` descending (research §4 notation).
public struct ScoreTable: Sendable {
    public var province: String
    public var year: Int
    public var category: String
    /// `""` (the normal table) or `本科` where the source has no normal table.
    public var scope: String
    public var bands: [ScoreBand]

    public var topScore: Int { bands.first?.scoreHigh ?? 0 }
    public var candidates: Int { bands.last?.rankCum ?? 0 }
}

/// One 省控线 row (control_lines.csv).
public struct ControlLine: Sendable, Hashable {
    public var province: String
    public var year: Int
    public var category: String
    public var batch: String
    public var batchStd: String
    public var score: Int
}

/// One 投档线 row (admission_lines.csv): a school or 院校专业组 × year × 科类 × 批次 × 招生类型.
public struct AdmissionLine: Sendable, Hashable {
    public var source: String
    public var province: String
    public var year: Int
    public var category: String
    /// As published (本科普通批, 平行录取一段 …).
    public var batch: String
    /// Normalised for lookups (`本科普通批` → `本科批`).
    public var batchStd: String
    public var enrollType: String
    public var schoolName: String
    public var moeCode: String?
    public var localCode: String?
    public var groupCode: String?
    public var planCount: Int?
    public var minScore: Int?
    public var minRank: Int?
    public var avgScore: Double?
    public var maxScore: Int?
    public var controlLine: Int?
    public var lineDiff: Int?
    public var tieBreak: String?
    public var scoreNote: String?
    /// ``SourceTier`` of the row (the older transcriptions are third-party).
    public var sourceTier: SourceTier = .thirdParty
    /// How `minRank` was obtained (`native`, `score-derived`, `score-derived(score_rank.csv)`); nil when the source
    /// does not say (the older sources publish their ranks).
    public var rankBasis: String? = nil
    /// The 院校专业组 (or 专业) as published (`105 第105组`, `03专业组(化学)`); nil without one.
    public var groupName: String? = nil
    /// The group's 选科 requirement (``SubjectRequirement/text``) where the source states it.
    public var subjects: String? = nil
    /// The collection's own provenance id of the row (2021+ lines).
    public var sourceDetail: String? = nil

    /// The key of the series this row belongs to for prediction: the school (学校标识码, or its name when the
    /// source gives no code) and its 院校专业组.
    public var schoolKey: String { moeCode ?? schoolName }
}

/// One school of the MOE list (universities.csv).
public struct University: Sendable, Hashable {
    /// 学校标识码; nil for the three military universities appended to the MOE list.
    public var moeCode: String?
    public var schoolCode: String?
    public var name: String
    public var province: String
    public var city: String
    public var authority: String
    public var level: String
    public var ownership: String
    public var is985: Bool
    public var is211: Bool
    public var isDoubleFirstClass: Bool
}

/// A school's tier tag, from `universities.csv` (the MOE list): columns `is_985`, `is_211` and
/// `is_double_first_class` (`1` = yes). The filter of 学校推荐 (`tag=985|211|double-first-class`).
public enum SchoolTag: String, Sendable, CaseIterable {
    case project985 = "985"
    case project211 = "211"
    case doubleFirstClass = "double-first-class"

    /// True when `university` carries the tag.
    public func matches(_ university: University) -> Bool {
        switch self {
        case .project985: university.is985
        case .project211: university.is211
        case .doubleFirstClass: university.isDoubleFirstClass
        }
    }

    /// The tags of a school, in this order.
    public static func of(_ university: University?) -> [SchoolTag] {
        guard let university else { return [] }
        return allCases.filter { $0.matches(university) }
    }
}

/// One major of the 本科专业目录 (majors.csv).
public struct Major: Sendable, Hashable {
    public var code: String
    public var name: String
    public var discipline: String
    public var className: String
    public var degreeNote: String
}

/// Batch names as the admission sources publish them, mapped to the `batch_std` vocabulary of
/// control_lines.csv (batches.csv `aliases_in_data`: `本科普通批` is the merged `本科批`).
public enum BatchNames {
    public static func standard(_ batch: String) -> String {
        switch batch {
        case "本科普通批": "本科批"
        case "一本", "重点本科", "本科一批A段": "本科一批"
        case "二本", "普通本科": "本科二批"
        case "三本": "本科三批"
        case "高职专科批", "高职(专科)批", "专科一批": "专科批"
        default: batch
        }
    }

    /// The batches a student fills (the UI lists these from the data, in this order); special lines such
    /// as 特殊类型招生控制线 are shown in 省控线查询 but are not a batch of one's own.
    public static let ordinary: [String] = [
        "本科提前批", "本科一批", "本科二批", "本科三批", "本科批", "本科一段", "本科二段", "本科批A段", "本科批B段",
        "平行录取一段", "平行录取二段", "平行录取三段", "普通类一段", "普通类二段", "专科提前批", "专科批",
    ]

    static func order(_ batch: String) -> Int {
        if let index = ordinary.firstIndex(of: batch) { return index }
        if batch == "特殊类型招生控制线" { return ordinary.count }
        return ordinary.count + 1
    }
}

/// A 科类 that exists in one year but was renamed by the reform in another (research §4 C).
public enum CategoryMapping {
    /// 理科→物理类, 文科→历史类 and back across a reform year; nil when no mapping exists.
    public static func counterpart(of category: String) -> String? {
        switch category {
        case "理科": "物理类"
        case "文科": "历史类"
        case "物理类": "理科"
        case "历史类": "文科"
        default: nil
        }
    }
}
