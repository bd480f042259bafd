/// A province as 豹考通 knows it (`GET /api/v1/gaokao/provinces`).
public struct GaokaoProvince: Codable, Sendable, Equatable {
    /// Short name, the `province` of every other query (`河南`).
    public var name: String
    /// GB/T 2260 code (`41`).
    public var code: String
    /// `3+3`, `3+1+2` or `文理分科`.
    public var examModel: String
    /// First exam year under the new model; nil for provinces still on 文/理.
    public var reformYear: Int?
    /// The nominal total score now, points (750; 上海 660; 海南 900).
    public var totalScore: Int
    /// Years with a 一分一段表, ascending.
    public var rankTableYears: [Int]
    /// Whether 投档线 of schools are imported for students from this province.
    public var hasAdmissionLines: Bool

    public init(name: String, code: String, examModel: String, reformYear: Int?, totalScore: Int, rankTableYears: [Int],
                hasAdmissionLines: Bool) {
        self.name = name
        self.code = code
        self.examModel = examModel
        self.reformYear = reformYear
        self.totalScore = totalScore
        self.rankTableYears = rankTableYears
        self.hasAdmissionLines = hasAdmissionLines
    }
}

/// The 31 provinces.
public struct GaokaoProvinceList: Codable, Sendable, Equatable {
    public var items: [GaokaoProvince]

    public init(items: [GaokaoProvince]) {
        self.items = items
    }
}

/// What a student of a province and year can choose (`GET /api/v1/gaokao/options?province=&year=&category=`).
public struct GaokaoOptions: Codable, Sendable, Equatable {
    public var province: String
    public var year: Int
    /// 科类 offered that year (`理科`, `文科`, `物理类`, `历史类`, `综合`).
    public var categories: [String]
    /// The 科类 the batches are for: the one asked for when offered, else the first.
    public var category: String
    /// 批次 of that 科类, in the order a student fills them.
    public var batches: [String]
    /// The total score that year, points.
    public var maxScore: Int

    public init(province: String, year: Int, categories: [String], category: String, batches: [String], maxScore: Int) {
        self.province = province
        self.year = year
        self.categories = categories
        self.category = category
        self.batches = batches
        self.maxScore = maxScore
    }
}

/// 一分一段: where a score falls in a year's score–rank table (`GET /api/v1/gaokao/rank`).
public struct GaokaoRank: Codable, Sendable, Equatable {
    public var province: String
    public var year: Int
    public var category: String
    /// The score asked about, points.
    public var score: Int
    /// 位次: candidates with this score or better (the band's cumulative count).
    public var rank: Int
    /// The best rank in the score's band.
    public var rankBest: Int
    /// 同分人数: candidates in the band.
    public var sameScoreCount: Int
    /// The band's scores (one score, except the aggregated top and tail bands).
    public var scoreLow: Int
    public var scoreHigh: Int
    /// Candidates in the whole table.
    public var candidates: Int
    /// True when the score lies above the top band or below the last one (the answer is clamped).
    public var outsideTable: Bool

    public init(province: String, year: Int, category: String, score: Int, rank: Int, rankBest: Int, sameScoreCount: Int,
                scoreLow: Int, scoreHigh: Int, candidates: Int, outsideTable: Bool) {
        self.province = province
        self.year = year
        self.category = category
        self.score = score
        self.rank = rank
        self.rankBest = rankBest
        self.sameScoreCount = sameScoreCount
        self.scoreLow = scoreLow
        self.scoreHigh = scoreHigh
        self.candidates = candidates
        self.outsideTable = outsideTable
    }
}

/// 等位分: the score at the same rank in another year (`GET /api/v1/gaokao/equivalent-score`).
public struct GaokaoEquivalentScore: Codable, Sendable, Equatable {
    public var province: String
    /// The 科类 of the score asked about.
    public var category: String
    public var fromYear: Int
    public var toYear: Int
    /// The score asked about, in `fromYear`, points.
    public var fromScore: Int
    /// Its rank in `fromYear`.
    public var rank: Int
    /// The score at that rank in `toYear`, points.
    public var score: Int
    /// The 科类 of `toYear` used (differs across the reform: 理科 → 物理类).
    public var toCategory: String
    /// Set when the conversion crosses the reform, in the viewer's language; nil otherwise.
    public var warning: String?

    public init(province: String, category: String, fromYear: Int, toYear: Int, fromScore: Int, rank: Int, score: Int,
                toCategory: String, warning: String?) {
        self.province = province
        self.category = category
        self.fromYear = fromYear
        self.toYear = toYear
        self.fromScore = fromScore
        self.rank = rank
        self.score = score
        self.toCategory = toCategory
        self.warning = warning
    }
}

/// One 省控线: the minimum score of a batch.
public struct GaokaoControlLine: Codable, Sendable, Equatable {
    public var year: Int
    public var category: String
    /// The batch as published.
    public var batch: String
    /// The batch in the normalised vocabulary (`本科普通批` → `本科批`).
    public var batchStd: String
    /// Points.
    public var score: Int

    public init(year: Int, category: String, batch: String, batchStd: String, score: Int) {
        self.year = year
        self.category = category
        self.batch = batch
        self.batchStd = batchStd
        self.score = score
    }
}

/// 省控线 of a province (`GET /api/v1/gaokao/control-lines`), newest year first.
public struct GaokaoControlLines: Codable, Sendable, Equatable {
    public var province: String
    public var items: [GaokaoControlLine]

    public init(province: String, items: [GaokaoControlLine]) {
        self.province = province
        self.items = items
    }
}

/// One 投档线: a school (or 院校专业组) × year × 科类 × 批次 × 招生类型. Points and ranks are nil where
/// the source publishes none.
public struct GaokaoAdmissionLine: Codable, Sendable, Equatable {
    public var year: Int
    public var category: String
    /// The batch as published.
    public var batch: String
    /// 招生类型 (`普通类`, `中外合作` …).
    public var enrollType: String
    /// The school's name.
    public var school: String
    /// 学校标识码 (10 digits).
    public var moeCode: String?
    /// 院校专业组 code.
    public var group: String?
    /// 最低分, points.
    public var minScore: Int?
    /// 最低位次.
    public var minRank: Int?
    /// 平均分, points.
    public var avgScore: Double?
    /// 最高分, points.
    public var maxScore: Int?
    /// 计划数: places planned.
    public var planCount: Int?
    /// The batch's 省控线 that year, points.
    public var controlLine: Int?
    /// 线差: minScore − controlLine, points.
    public var lineDiff: Int?
    /// How ties at the line were broken, as published.
    public var tieBreak: String?
    /// A note on the score, as published.
    public var note: String?
    /// Which source the row comes from (see the data's SOURCES.md).
    public var source: String
    /// How far the source can be trusted: `province-official`, `school-official` or `third-party` (the older
    /// transcriptions). Of one line published several times only the most trusted is kept.
    public var sourceTier: String
    /// How `minRank` was obtained: `native` (published), `score-derived` (the score converted with that year's official
    /// 一分一段表), `score-derived(score_rank.csv)`; nil when the source does not say.
    public var rankBasis: String?
    /// The 院校专业组 (or 专业) as published, e.g. `105 第105组`, `03专业组(化学)`, `专业:01 法学`.
    public var groupName: String?
    /// The group's 选科 requirement where published: `不限`, `化学`, `化学+生物` (all of), `化学/生物` (any of).
    public var subjects: String?

    public init(year: Int, category: String, batch: String, enrollType: String, school: String, moeCode: String?, group: String?,
                minScore: Int?, minRank: Int?, avgScore: Double?, maxScore: Int?, planCount: Int?, controlLine: Int?, lineDiff: Int?,
                tieBreak: String?, note: String?, source: String, sourceTier: String = "third-party", rankBasis: String? = nil,
                groupName: String? = nil, subjects: String? = nil) {
        self.sourceTier = sourceTier
        self.rankBasis = rankBasis
        self.groupName = groupName
        self.subjects = subjects
        self.year = year
        self.category = category
        self.batch = batch
        self.enrollType = enrollType
        self.school = school
        self.moeCode = moeCode
        self.group = group
        self.minScore = minScore
        self.minRank = minRank
        self.avgScore = avgScore
        self.maxScore = maxScore
        self.planCount = planCount
        self.controlLine = controlLine
        self.lineDiff = lineDiff
        self.tieBreak = tieBreak
        self.note = note
        self.source = source
    }
}

/// 投档线 of a school for students of a province (`GET /api/v1/gaokao/admission-lines`).
public struct GaokaoAdmissionLines: Codable, Sendable, Equatable {
    public var province: String
    /// Whether the data covers this province at all (an empty list then means "no such school here").
    public var covered: Bool
    public var items: [GaokaoAdmissionLine]

    public init(province: String, covered: Bool, items: [GaokaoAdmissionLine]) {
        self.province = province
        self.covered = covered
        self.items = items
    }
}

/// One 专业 (or 专业类) line of a school for students of a province, as its source published it. Points and ranks
/// are nil where the source has none.
public struct GaokaoMajorLine: Codable, Sendable, Equatable {
    public var year: Int
    /// 物理类, 历史类 or 不分文理.
    public var category: String
    /// The batch as published; empty when the source names none.
    public var batch: String
    /// 院校专业组 code; empty when none.
    public var group: String
    /// 选科 requirement as published (`物,化`, `物+化`, `不限`).
    public var subjects: String
    public var majorCode: String
    public var majorName: String
    /// The source's description or remark (campus, included majors, 中外合作).
    public var note: String
    /// 最低分, points.
    public var minScore: Int?
    /// 最低位次; for the source `insensible104/GaokaoAgent` the average rank at the minimum score.
    public var minRank: Int?
    /// 最高分, points.
    public var maxScore: Int?
    /// 录取人数.
    public var admitted: Int?
    /// The source repository (`owner/name` on GitHub); see ``GaokaoMajorLines/sources``.
    public var source: String

    public init(year: Int, category: String, batch: String, group: String, subjects: String, majorCode: String, majorName: String,
                note: String, minScore: Int?, minRank: Int?, maxScore: Int?, admitted: Int?, source: String) {
        self.year = year
        self.category = category
        self.batch = batch
        self.group = group
        self.subjects = subjects
        self.majorCode = majorCode
        self.majorName = majorName
        self.note = note
        self.minScore = minScore
        self.minRank = minRank
        self.maxScore = maxScore
        self.admitted = admitted
        self.source = source
    }
}

/// A source of 专业 lines with its licence.
public struct GaokaoMajorLineSource: Codable, Sendable, Equatable {
    /// `owner/name` on GitHub.
    public var name: String
    /// SPDX identifier (`MIT`, `Apache-2.0`).
    public var licence: String
    public var url: String

    public init(name: String, licence: String, url: String) {
        self.name = name
        self.licence = licence
        self.url = url
    }
}

/// 专业 lines of a school for students of a province (`GET /api/v1/gaokao/major-lines`): newest year first, then
/// 科类, 专业组 and the highest line first; at most 1,000.
public struct GaokaoMajorLines: Codable, Sendable, Equatable {
    public var province: String
    /// The school as universities.csv names it, or as asked when it matches none.
    public var school: String
    /// 学校标识码 when the school matches universities.csv.
    public var moeCode: String?
    public var items: [GaokaoMajorLine]
    /// The sources of `items`, each once.
    public var sources: [GaokaoMajorLineSource]

    public init(province: String, school: String, moeCode: String?, items: [GaokaoMajorLine], sources: [GaokaoMajorLineSource]) {
        self.province = province
        self.school = school
        self.moeCode = moeCode
        self.items = items
        self.sources = sources
    }
}

/// How a line was predicted.
public enum GaokaoPredictionMethod: ExtensibleEnum {
    /// 位次法: past 最低位次 converted to this year's scores with this year's 一分一段表.
    case rank
    /// 线差法: past 线差 added to this year's 省控线.
    case lineDifference
    /// The line the student entered, converted with 等位分.
    case userLine
    /// The same as last year's line.
    case lastYear
    /// A method this build does not know.
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "rank": self = .rank
        case "lineDifference": self = .lineDifference
        case "userLine": self = .userLine
        case "lastYear": self = .lastYear
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .rank: "rank"
        case .lineDifference: "lineDifference"
        case .userLine: "userLine"
        case .lastYear: "lastYear"
        case .unknown(let value): value
        }
    }
}

/// 投档线预测 of a school (`GET /api/v1/gaokao/prediction`): three lines, risky ≤ stable ≤ safe, in points.
public struct GaokaoPrediction: Codable, Sendable, Equatable {
    /// The prediction of one 院校专业组 of the school.
    public struct Group: Codable, Sendable, Equatable {
        /// The school with its group (`复旦大学 (01组)`); nil when the series has no name.
        public var school: String?
        public var group: String?
        public var risky: Int
        public var stable: Int
        public var safe: Int
        public var method: GaokaoPredictionMethod
        /// The data years used, newest first.
        public var years: [Int]

        public init(school: String?, group: String?, risky: Int, stable: Int, safe: Int, method: GaokaoPredictionMethod, years: [Int]) {
            self.school = school
            self.group = group
            self.risky = risky
            self.stable = stable
            self.safe = safe
            self.method = method
            self.years = years
        }
    }

    /// The school as asked for.
    public var school: String
    /// 冒险: the lowest line worth trying, points.
    public var risky: Int
    /// 稳妥: the expected line, points.
    public var stable: Int
    /// 保守: a line that should be safe, points.
    public var safe: Int
    public var method: GaokaoPredictionMethod
    /// The method in the viewer's language.
    public var methodLabel: String
    /// The data years used, newest first.
    public var years: [Int]
    /// The rank of `stable` in the 一分一段表 of `rankTableYear` (its 位次): the predicted 最低位次, agreeing with the
    /// line by construction; nil without that year's table.
    public var predictedRank: Int?
    /// The year of the 一分一段表 behind `predictedRank` (the year asked for).
    public var rankTableYear: Int?
    /// `batch` or `group` when a batch or group change cut older years from the prediction; nil when none did.
    public var change: String?
    /// The first year after that change.
    public var changeYear: Int?
    /// The 院校专业组 of the main prediction, when the school has groups.
    public var group: String?
    /// Every group's prediction (empty or one entry when the school has no groups).
    public var groups: [Group]
    /// True when risky/stable/safe are the 20/50/80% quantiles of the line measured by the backtest; false when
    /// they are the lowest/mean/highest of the years (too few past errors to measure, or a line the client sent).
    public var calibrated: Bool
    /// True when only one year of data was used.
    public var lowConfidence: Bool
    /// In the viewer's language, when the newest year used is two or more years before `year`; else nil.
    public var warning: String?

    public init(school: String, risky: Int, stable: Int, safe: Int, method: GaokaoPredictionMethod, methodLabel: String, years: [Int],
                predictedRank: Int?, group: String?, groups: [Group], calibrated: Bool = false, lowConfidence: Bool = false,
                warning: String? = nil, rankTableYear: Int? = nil, change: String? = nil, changeYear: Int? = nil) {
        self.rankTableYear = rankTableYear
        self.change = change
        self.changeYear = changeYear
        self.calibrated = calibrated
        self.lowConfidence = lowConfidence
        self.warning = warning
        self.school = school
        self.risky = risky
        self.stable = stable
        self.safe = safe
        self.method = method
        self.methodLabel = methodLabel
        self.years = years
        self.predictedRank = predictedRank
        self.group = group
        self.groups = groups
    }
}

/// 冲 / 稳 / 保.
public enum GaokaoBucket: ExtensibleEnum {
    /// 冲: a reach.
    case risky
    /// 稳: a match.
    case stable
    /// 保: a safety.
    case safe
    /// A bucket this build does not know.
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "risky": self = .risky
        case "stable": self = .stable
        case "safe": self = .safe
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .risky: "risky"
        case .stable: "stable"
        case .safe: "safe"
        case .unknown(let value): value
        }
    }
}

/// A school's tier tag from the MOE list (universities.csv `is_985`, `is_211`, `is_double_first_class`).
public enum GaokaoSchoolTag: ExtensibleEnum {
    case project985
    case project211
    /// 双一流.
    case doubleFirstClass
    /// A tag this build does not know.
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "985": self = .project985
        case "211": self = .project211
        case "double-first-class": self = .doubleFirstClass
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .project985: "985"
        case .project211: "211"
        case .doubleFirstClass: "double-first-class"
        case .unknown(let value): value
        }
    }
}

/// One recommended school (or 院校专业组).
public struct GaokaoRecommendation: Codable, Sendable, Equatable {
    public var school: String
    /// 院校专业组 code.
    public var group: String?
    /// 学校标识码.
    public var moeCode: String?
    /// The predicted 最低位次 (rank method only).
    public var predictedRank: Int?
    /// The predicted line, points.
    public var predictedScore: Int
    /// The student's score − the predicted line, points (positive: above the line).
    public var gap: Int
    /// Estimated 录取概率, 0…1 in steps of 0.01: an estimate, not a promise.
    public var probability: Double
    /// The bucket as the app shows it (`冲`, `稳`, `保`).
    public var bucket: String
    public var bucketCode: GaokaoBucket
    public var method: GaokaoPredictionMethod
    /// The data years used, newest first.
    public var years: [Int]
    /// True when only one year of data was used (listed after better-supported schools of its bucket).
    public var lowConfidence: Bool
    /// 985 / 211 / 双一流 of the school; empty when it has none or is not in the MOE list.
    public var tags: [GaokaoSchoolTag]
    /// The year of the 一分一段表 that converts `predictedScore` to `predictedRank` (the student's year).
    public var rankTableYear: Int?
    /// The group (or 专业) as published, e.g. `105 第105组`; nil for a school-level line.
    public var groupName: String?
    /// The group's 选科 requirement where published (`不限`, `化学`, `化学+生物`, `化学/生物`); nil when unknown.
    public var subjects: String?
    /// The year of the line that states `subjects`.
    public var subjectsYear: Int?
    /// `batch` or `group` when a batch or group change cut older years from the prediction; nil when none did.
    public var change: String?
    /// The first year after that change (the prediction uses it and later years only).
    public var changeYear: Int?

    public init(school: String, group: String?, moeCode: String?, predictedRank: Int?, predictedScore: Int, gap: Int,
                probability: Double, bucket: String, bucketCode: GaokaoBucket, method: GaokaoPredictionMethod, years: [Int],
                lowConfidence: Bool = false, tags: [GaokaoSchoolTag] = [], rankTableYear: Int? = nil, groupName: String? = nil,
                subjects: String? = nil, subjectsYear: Int? = nil, change: String? = nil, changeYear: Int? = nil) {
        self.rankTableYear = rankTableYear
        self.groupName = groupName
        self.subjects = subjects
        self.subjectsYear = subjectsYear
        self.change = change
        self.changeYear = changeYear
        self.lowConfidence = lowConfidence
        self.tags = tags
        self.school = school
        self.group = group
        self.moeCode = moeCode
        self.predictedRank = predictedRank
        self.predictedScore = predictedScore
        self.gap = gap
        self.probability = probability
        self.bucket = bucket
        self.bucketCode = bucketCode
        self.method = method
        self.years = years
    }
}

/// 学校推荐 (`GET /api/v1/gaokao/recommendations`): 冲/稳/保 schools (院校专业组 where the province fills by group) for a
/// score, 3:4:3 unless a tendency is asked for. A school is in a bucket only when its `probability` lies in that
/// bucket's band: 冲 0.20–0.50, 稳 0.50–0.80, 保 ≥ 0.80; so 冲 ⇔ `gap` < 0.
public struct GaokaoRecommendations: Codable, Sendable, Equatable {
    /// The student's rank that year; nil without a 一分一段表.
    public var candidateRank: Int?
    /// Schools considered in the batch before bucketing.
    public var considered: Int
    public var items: [GaokaoRecommendation]
    /// The newest data year behind the items; nil without items.
    public var newestYear: Int?
    /// In the viewer's language, when `newestYear` is two or more years before the student's year; else nil.
    public var warning: String?
    /// In the viewer's language, why `items` is empty (no lines for this batch, none before the year, none for the
    /// 选科 …) and what exists instead; nil when there are items.
    public var notice: String?

    public init(candidateRank: Int?, considered: Int, items: [GaokaoRecommendation], newestYear: Int? = nil, warning: String? = nil,
                notice: String? = nil) {
        self.notice = notice
        self.newestYear = newestYear
        self.warning = warning
        self.candidateRank = candidateRank
        self.considered = considered
        self.items = items
    }
}

/// Where 我的高考 is kept.
public enum GaokaoProfileStorage: ExtensibleEnum {
    /// With the signed-in account.
    case account
    /// In a cookie of the signed-out browser.
    case cookie
    /// A place this build does not know.
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "account": self = .account
        case "cookie": self = .cookie
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .account: "account"
        case .cookie: "cookie"
        case .unknown(let value): value
        }
    }
}

/// 我的高考 as saved (`GET` and `PUT /api/v1/gaokao/profile`), with what the data says about it.
public struct GaokaoSavedProfile: Codable, Sendable, Equatable {
    /// 生源地.
    public var province: String
    /// Exam year.
    public var year: Int
    /// 科类.
    public var category: String
    /// 批次.
    public var batch: String
    /// Total score, points.
    public var score: Int
    /// The total score possible that year, points.
    public var maxScore: Int
    /// The score's 位次 that year; nil without a 一分一段表.
    public var rank: Int?
    public var storedIn: GaokaoProfileStorage
    /// 选科: the subjects taken (the list's first subject included, e.g. `物理`, `化学`, `生物`); empty when not given or
    /// where the province-year has none.
    public var subjects: [String]

    public init(province: String, year: Int, category: String, batch: String, score: Int, maxScore: Int, rank: Int?,
                storedIn: GaokaoProfileStorage, subjects: [String] = []) {
        self.subjects = subjects
        self.province = province
        self.year = year
        self.category = category
        self.batch = batch
        self.score = score
        self.maxScore = maxScore
        self.rank = rank
        self.storedIn = storedIn
    }
}

/// The body of `PUT /api/v1/gaokao/profile`. Every field is needed; a missing or invalid one is a `422` naming
/// it (the score is checked against the province's total that year), not a `400`.
public struct GaokaoProfileInput: Codable, Sendable, Equatable {
    public var province: String?
    public var year: Int?
    public var category: String?
    public var batch: String?
    /// Points, 0…the year's total.
    public var score: Int?
    /// 选科, e.g. `化学,生物` (3+1+2: two of 化学, 生物, 政治, 地理 besides the list's 物理/历史; 3+3: three of six);
    /// absent or empty for none. A combination the province-year does not allow is a `422` naming `subjects`.
    public var subjects: String?

    public init(province: String?, year: Int?, category: String?, batch: String?, score: Int?, subjects: String? = nil) {
        self.subjects = subjects
        self.province = province
        self.year = year
        self.category = category
        self.batch = batch
        self.score = score
    }
}

/// One 志愿 of the body of `PUT /api/v1/gaokao/plan`: a school name as the school lines publish it (1–60 characters)
/// and its 院校专业组 code (at most 10; empty or absent for none).
public struct GaokaoPlanEntryInput: Codable, Sendable, Equatable {
    public var school: String?
    public var group: String?

    public init(school: String?, group: String? = nil) {
        self.school = school
        self.group = group
    }
}

/// The body of `PUT /api/v1/gaokao/plan`: the whole 志愿表 in order, at most 30 entries (duplicates dropped). An
/// invalid entry or a longer list is a `422`.
public struct GaokaoPlanInput: Codable, Sendable, Equatable {
    /// The new list; nil (absent) keeps the stored one, `[]` empties it.
    public var items: [GaokaoPlanEntryInput]?
    /// True to evaluate the list for the current 我的高考 from now on; otherwise it keeps the profile it was built for.
    public var rescore: Bool?

    public init(items: [GaokaoPlanEntryInput]?, rescore: Bool? = nil) {
        self.items = items
        self.rescore = rescore
    }
}

/// One 志愿 of a 志愿表, evaluated for the student's 我的高考.
public struct GaokaoPlanItem: Codable, Sendable, Equatable {
    /// 1-based position in the list.
    public var position: Int
    public var school: String
    /// 院校专业组 code, empty for none.
    public var group: String
    /// The batch the school's lines were found in; nil without lines for the student's 生源地 and 科类.
    public var batch: String?
    /// 录取概率 0…1 in steps of 0.01 (an estimate); nil without lines or without 我的高考.
    public var probability: Double?
    /// Nil below 10% or without a probability.
    public var bucketCode: GaokaoBucket?
    /// The predicted line (50% quantile), points.
    public var predictedScore: Int?
    /// The data years used, newest first.
    public var years: [Int]
    public var lowConfidence: Bool

    public init(position: Int, school: String, group: String, batch: String?, probability: Double?, bucketCode: GaokaoBucket?,
                predictedScore: Int?, years: [Int], lowConfidence: Bool) {
        self.position = position
        self.school = school
        self.group = group
        self.batch = batch
        self.probability = probability
        self.bucketCode = bucketCode
        self.predictedScore = predictedScore
        self.years = years
        self.lowConfidence = lowConfidence
    }
}

/// 志愿表 (`GET`/`PUT /api/v1/gaokao/plan`) with its risk check for the profile it was built for: how many 冲/稳/保,
/// and the chance that at least one 保 (and at least one 志愿) admits, as a range: the lines of one province move
/// together in a year, so the true chance lies between the largest single chance (lines moving exactly together) and
/// the value for independent schools.
public struct GaokaoPlan: Codable, Sendable, Equatable {
    public var items: [GaokaoPlanItem]
    public var risky: Int
    public var stable: Int
    public var safe: Int
    /// 0…1, treating the schools as independent (the upper end); nil without a 保 or without a profile.
    public var chanceAnySafe: Double?
    /// 0…1, treating the schools as independent (the upper end); nil without any probability.
    public var chanceAny: Double?
    /// 0…1, the lower end: the largest single chance (lines moving exactly together).
    public var chanceAnySafeLow: Double?
    public var chanceAnyLow: Double?
    /// The 我的高考 the chances are for, `province|year|category|batch|score`: the one the list was built for (or last
    /// re-scored for), which may differ from the current one.
    public var profile: String?
    /// True when the current 我的高考 differs from `profile`: the client should offer to re-score (`PUT` with `rescore`).
    public var profileChanged: Bool
    /// The newest data year behind the probabilities.
    public var newestYear: Int?
    /// In the viewer's language, when `newestYear` is two or more years before the student's year; else nil.
    public var warning: String?
    /// Where the list is kept.
    public var storedIn: GaokaoProfileStorage

    public init(items: [GaokaoPlanItem], risky: Int, stable: Int, safe: Int, chanceAnySafe: Double?, chanceAny: Double?,
                newestYear: Int?, warning: String?, storedIn: GaokaoProfileStorage, chanceAnySafeLow: Double? = nil,
                chanceAnyLow: Double? = nil, profile: String? = nil, profileChanged: Bool = false) {
        self.chanceAnySafeLow = chanceAnySafeLow
        self.chanceAnyLow = chanceAnyLow
        self.profile = profile
        self.profileChanged = profileChanged
        self.items = items
        self.risky = risky
        self.stable = stable
        self.safe = safe
        self.chanceAnySafe = chanceAnySafe
        self.chanceAny = chanceAny
        self.newestYear = newestYear
        self.warning = warning
        self.storedIn = storedIn
    }
}
