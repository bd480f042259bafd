import Foundation

/// The key of one 一分一段表 or one group of 省控线: province, year, 科类.
struct YearKey: Hashable, Sendable {
    var province: String
    var year: Int
    var category: String
}

/// The key of the schools filed in one home province, 科类 and batch.
struct BatchKey: Hashable, Sendable {
    var province: String
    var category: String
    var batchStd: String
}

/// One year of a school's (or 院校专业组's) history: the line, its rank and that year's batch line.
public struct SeriesPoint: Sendable, Hashable {
    public var year: Int
    public var minScore: Int?
    public var minRank: Int?
    /// The batch line: as the source carries it, else from control_lines.csv (filled when the snapshot is built).
    public var controlLine: Int?
    /// `minRank` converted with that same year's 一分一段表 (nil without a table): the consistency check of the
    /// rank method, computed once per snapshot.
    public var ownYearScore: Int? = nil
    /// The source of the line and its ``SourceTier``, how its rank was obtained, and the group as published with its
    /// 选科 requirement (2021+ lines).
    public var source = ""
    public var sourceTier: SourceTier = .thirdParty
    public var rankBasis: String? = nil
    public var groupName: String? = nil
    public var subjects: String? = nil
    /// `subjects` read (``SubjectRequirement``), once per snapshot.
    public var requirement: SubjectRequirement? = nil
    /// How many differently named rows of one source a school-level point stands for (1: one line). Where some name a
    /// special sub-line (``SubLine``) the point is the main line's; otherwise the lowest.
    public var subLines = 1
}

/// A school-level row's kind by its published name (the `group` text without a code): a special sub-line
/// (护理, 医科, 法医, 中外合作, 专项, 预科 …: programmes a student fills apart, usually lower or higher than the school's
/// main line) or the main line. School pages publish these beside the main line (华中科技大学 河南 2025).
public enum SubLine: Sendable {
    case main, special

    static let markers = ["分类投档", "护理", "医", "中外", "合作办学", "收费", "定向", "专项", "预科", "民族", "联合培养", "订单", "师范", "艺术", "体育"]

    static func kind(_ name: String?, school: String) -> SubLine {
        guard let name else { return .main }
        let text = name.replacingOccurrences(of: school, with: " ")
        return markers.contains(where: text.contains) ? .special : .main
    }

    /// The readable part of a published name: what follows the last `|` (`华中科技大学2025河南普通批|理工组：物+化` → `理工组：物+化`).
    public static func label(_ name: String) -> String {
        String(name.split(separator: "|").last ?? Substring(name)).trimmingCharacters(in: .whitespaces)
    }
}

/// A school's (or 院校专业组's) 普通类 lines over the years in one home province, 科类 and batch: what
/// prediction and recommendation work on. Several rows of one year from one source keep the lowest score and
/// the highest (worst) rank; a row of another source only fills what the first source lacks, and a rank only
/// for the same score (admission_lines.csv is loaded first: where it and the extra file disagree, e.g. 湖南 2016
/// 文科 湖南大学 597 vs 530 rank 8969, its line is used and the other rank is not).
public struct SchoolSeries: Sendable, Hashable {
    public var province: String
    public var category: String
    public var batchStd: String
    public var batch: String
    public var schoolKey: String
    public var schoolName: String
    public var moeCode: String?
    public var groupCode: String?
    /// A 专科 batch (`batchStd` names 专科): the 本科/专科 split of the error model and of the method tried first, read
    /// once per snapshot (a Foundation substring search per prediction was a tenth of the error samples' time).
    public var isVocational: Bool
    /// Ascending by year.
    public var points: [SeriesPoint]
    /// ``availability(before:)`` after each of the school's covered years (``SeriesHistory``), computed once per
    /// snapshot: where batch and group changes show.
    var availabilities: [YearAvailability] = []

    /// The group's 选科 requirement as its newest line of `year` or before states it, with that line's year; nil where
    /// none is published. A 2024 profile is never shown a 2025 requirement (tester pass 11, finding 3).
    public func requirement(through year: Int) -> (requirement: SubjectRequirement, year: Int)? {
        for point in points.reversed() where point.year <= year {
            if let requirement = point.requirement { return (requirement, point.year) }
        }
        return nil
    }

    /// The group (or 专业) as its newest line publishes it.
    public var groupName: String? { points.last?.groupName }

    /// True for a 院校+专业 line (河北, 辽宁, 重庆, 贵州, 青海 file by 专业, `专业:01 法学`).
    public var isMajor: Bool { groupName?.hasPrefix("专业:") ?? false }

    /// The name with its 院校专业组 when there is one (`复旦大学 (01组)`).
    public var displayName: String {
        guard let groupCode, !groupCode.isEmpty else { return schoolName }
        return "\(schoolName) (\(groupCode)组)"
    }
}

/// A home province's 投档线 and the lists its pickers offer, derived once per snapshot instead of per request.
struct ProvinceAdmissions: Sendable {
    var lines: [AdmissionLine] = []
    /// Newest first.
    var years: [Int] = []
    /// 科类, sorted.
    var categories: [String] = []
    /// `batch_std` values in ``BatchNames`` order, by 科类; the key `nil` holds those of every 科类.
    var batches: [String?: [String]] = [:]
    /// School names as published, sorted.
    var schoolNames: [String] = []

    init(lines: [AdmissionLine]) {
        self.lines = lines
        years = Set(lines.map(\.year)).sorted(by: >)
        categories = Set(lines.map(\.category)).sorted()
        func ordered(_ values: Set<String>) -> [String] {
            values.sorted { (BatchNames.order($0), $0) < (BatchNames.order($1), $1) }
        }
        // The 2021–2025 lines' own batch names that are no batch (国家专项, 普通类, 中外合作办学 …) are not offered as one:
        // their rows stay in the school's tables under their type.
        let offered = lines.filter { $0.source != RecentSource.source || BatchNames.ordinary.contains($0.batchStd) }
        var byCategory: [String: Set<String>] = [:]
        for line in offered { byCategory[line.category, default: []].insert(line.batchStd) }
        batches[nil] = ordered(Set(offered.map(\.batchStd)))
        for (category, values) in byCategory { batches[category] = ordered(values) }
        schoolNames = Set(lines.map(\.schoolName)).sorted()
    }
}

/// An immutable, in-memory copy of the imported data, built once per import (``GaokaoStore``) so that
/// queries and recommendations run without touching SQLite.
public struct GaokaoData: Sendable {
    public let provinces: [ProvinceInfo]
    let provinceIndex: [String: Int]
    let tables: [YearKey: ScoreTable]
    let controlLines: [YearKey: [ControlLine]]
    let controlLineProvinces: [String: [ControlLine]]
    let admissions: [String: ProvinceAdmissions]
    /// Home provinces that have school lines, in province-code order (上海, 浙江, 湖南, 四川 in the current data).
    public let admissionProvinces: [String]
    let series: [BatchKey: [SchoolSeries]]
    /// The batches with ordinary series, by `province|科类`, in batch order: what 学校推荐 and 投档线预测 offer.
    let seriesBatchLists: [String: [String]]
    public let universities: [String: University]
    let universityByName: [String: String]
    public let majors: [Major]
    /// Years that have a 一分一段表, per province.
    let tableYears: [String: [Int]]
    /// The measured errors of past predictions (``ErrorModel``): where this year's lines are likely to fall.
    private(set) var errorModel = ErrorModel(samples: [])

    public init(
        provinces: [ProvinceInfo], tables: [ScoreTable], controlLines: [ControlLine], admissionLines: [AdmissionLine],
        universities: [University], majors: [Major]
    ) {
        self.provinces = provinces.sorted { $0.code < $1.code }
        var provinceIndex: [String: Int] = [:]
        for (index, province) in self.provinces.enumerated() { provinceIndex[province.name] = index }
        self.provinceIndex = provinceIndex

        var tableMap: [YearKey: ScoreTable] = [:]
        var tableYears: [String: Set<Int>] = [:]
        for table in tables {
            let key = YearKey(province: table.province, year: table.year, category: table.category)
            // The normal table (empty scope) wins over `本科` (research §4 notation).
            if let existing = tableMap[key], existing.scope.isEmpty { continue }
            tableMap[key] = table
            tableYears[table.province, default: []].insert(table.year)
        }
        self.tables = tableMap
        self.tableYears = tableYears.mapValues { $0.sorted() }

        var lines: [YearKey: [ControlLine]] = [:]
        var byProvince: [String: [ControlLine]] = [:]
        for line in controlLines {
            lines[YearKey(province: line.province, year: line.year, category: line.category), default: []].append(line)
            byProvince[line.province, default: []].append(line)
        }
        self.controlLines = lines
        self.controlLineProvinces = byProvince

        // 省控线 and 线差 for every source (issue 28): a row without them gets that year's line of its batch (the same
        // published name, else the only line of its `batch_std`).
        var admissionLines = admissionLines
        for index in admissionLines.indices where admissionLines[index].controlLine == nil {
            let line = admissionLines[index]
            let candidates = lines[YearKey(province: line.province, year: line.year, category: line.category)] ?? []
            let control = candidates.first { $0.batch == line.batch }?.score
                ?? { let same = candidates.filter { $0.batchStd == line.batchStd }; return same.count == 1 ? same[0].score : nil }()
            guard let control else { continue }
            admissionLines[index].controlLine = control
            admissionLines[index].lineDiff = line.minScore.map { $0 - control }
        }
        var admissionsByProvince: [String: [AdmissionLine]] = [:]
        for line in admissionLines { admissionsByProvince[line.province, default: []].append(line) }
        self.admissions = admissionsByProvince.mapValues { ProvinceAdmissions(lines: $0) }
        self.admissionProvinces = self.provinces.map(\.name).filter { admissionsByProvince[$0] != nil }

        struct SeriesKey: Hashable {
            var batch: BatchKey
            var school: String
            var group: String
        }
        // A series with the source of each point; built in place (one hash of the key per row, no copy of the points).
        struct Building {
            var series: SchoolSeries
            var sources: [String] = []
        }
        var grouped: [SeriesKey: Building] = [:]
        var order: [SeriesKey] = []
        for line in admissionLines where line.enrollType == "普通类" {
            let key = SeriesKey(
                batch: BatchKey(province: line.province, category: line.category, batchStd: line.batchStd),
                school: line.schoolKey, group: line.groupCode ?? "")
            let slot: Dictionary<SeriesKey, Building>.Index
            if let found = grouped.index(forKey: key) {
                slot = found
            } else {
                order.append(key)
                grouped[key] = Building(series: SchoolSeries(
                    province: line.province, category: line.category, batchStd: line.batchStd, batch: line.batch,
                    schoolKey: line.schoolKey, schoolName: line.schoolName, moeCode: line.moeCode, groupCode: line.groupCode,
                    isVocational: line.batchStd.contains("专科"), points: []))
                slot = grouped.index(forKey: key)!
            }
            if let index = grouped.values[slot].series.points.firstIndex(where: { $0.year == line.year }) {
                var point = grouped.values[slot].series.points[index]
                let kinds = (point: SubLine.kind(point.groupName, school: line.schoolName), line: SubLine.kind(line.groupName, school: line.schoolName))
                if grouped.values[slot].sources[index] == line.source, line.groupCode == nil, point.groupName != line.groupName, kinds.point != kinds.line {
                    // Named sub-lines of one school-level row (华中科技大学 河南 2025: 理工组 668 … 分类投档 - 护理 619): the main
                    // line is the point, never the lowest special one (tester pass 11, finding 1).
                    point.subLines += 1
                    if kinds.line == .main, line.minScore != nil {
                        point.minScore = line.minScore
                        point.minRank = line.minRank
                        point.groupName = line.groupName
                        point.subjects = line.subjects
                        point.rankBasis = line.rankBasis
                    }
                } else if grouped.values[slot].sources[index] == line.source {
                    if line.groupCode == nil, point.groupName != line.groupName { point.subLines += 1 }
                    if let score = line.minScore, score < point.minScore ?? .max {
                        point.groupName = line.groupName
                        point.subjects = line.subjects
                        point.rankBasis = line.rankBasis
                    }
                    point.minScore = Self.minimum(point.minScore, line.minScore)
                    point.minRank = Self.maximum(point.minRank, line.minRank)
                } else if point.minScore == nil || point.minScore == line.minScore {
                    point.minScore = point.minScore ?? line.minScore
                    point.minRank = point.minRank ?? line.minRank
                }
                point.controlLine = point.controlLine ?? line.controlLine
                grouped.values[slot].series.points[index] = point
            } else {
                grouped.values[slot].series.points.append(
                    SeriesPoint(year: line.year, minScore: line.minScore, minRank: line.minRank, controlLine: line.controlLine,
                                source: line.source, sourceTier: line.sourceTier, rankBasis: line.rankBasis, groupName: line.groupName,
                                subjects: line.subjects))
                grouped.values[slot].sources.append(line.source)
            }
        }
        let history = SeriesHistory(admissionLines)
        // Each 选科 text is read once: the data have a few hundred distinct texts over 100,000s of points.
        var requirements: [String: SubjectRequirement?] = [:]
        var series: [BatchKey: [SchoolSeries]] = [:]
        for key in order {
            var entry = grouped[key]!.series
            entry.points.sort { $0.year < $1.year }
            entry.availabilities = SchoolSeries.availabilities(batch: entry.batchStd, group: entry.groupCode ?? "", history: history.years(of: entry))
            for index in entry.points.indices {
                if let text = entry.points[index].subjects {
                    if requirements[text] == nil { requirements[text] = .some(SubjectRequirement(text: text)) }
                    entry.points[index].requirement = requirements[text]!
                }
                let year = entry.points[index].year
                let yearKey = YearKey(province: entry.province, year: year, category: entry.category)
                // A 2021–2025 line published without its rank (北京 2025: 1,237 院校专业组 lines) gets the rank of its
                // score in that year's table, as the collection itself derives ranks (`score-derived(score_rank.csv)`):
                // otherwise the newest group lines could not predict and 北京 2026 planned from 2024.
                if entry.points[index].minRank == nil, entry.points[index].source == RecentSource.source,
                    let score = entry.points[index].minScore, let table = tableMap[yearKey],
                    let band = Self.rank(in: table, score: score), !band.isOutsideTable
                {
                    entry.points[index].minRank = band.rank
                    entry.points[index].rankBasis = "score-derived(score_rank.csv)"
                }
                if let rank = entry.points[index].minRank, let table = tableMap[yearKey] {
                    entry.points[index].ownYearScore = Self.score(in: table, rank: rank)
                }
                // Only an exact batch name fills a missing line: 四川 2016 has 专科一批 (445) and 专科二批 (190) but
                // schools filed under 专科批, and either guess would skew that year's 线差.
                if entry.points[index].controlLine == nil {
                    entry.points[index].controlLine = (lines[yearKey] ?? []).first { $0.batch == entry.batch }?.score
                }
            }
            series[key.batch, default: []].append(entry)
        }
        self.series = series
        var batchLists: [String: Set<String>] = [:]
        for key in series.keys { batchLists[key.province + "|" + key.category, default: []].insert(key.batchStd) }
        self.seriesBatchLists = batchLists.mapValues { $0.sorted { (BatchNames.order($0), $0) < (BatchNames.order($1), $1) } }

        var universityMap: [String: University] = [:]
        var byName: [String: String] = [:]
        for university in universities {
            let key = university.moeCode ?? "name:" + university.name
            universityMap[key] = university
            byName[university.name] = key
        }
        self.universities = universityMap
        self.universityByName = byName
        self.majors = majors

        errorModel = ErrorModel.fitted(Self.errorSamples(self, configuration: PredictionConfiguration()))
    }

    private static func minimum(_ a: Int?, _ b: Int?) -> Int? {
        switch (a, b) {
        case let (a?, b?): Swift.min(a, b)
        default: a ?? b
        }
    }

    private static func maximum(_ a: Int?, _ b: Int?) -> Int? {
        switch (a, b) {
        case let (a?, b?): Swift.max(a, b)
        default: a ?? b
        }
    }

    // MARK: lookups

    public func province(named name: String) -> ProvinceInfo? {
        provinceIndex[name].map { provinces[$0] }
    }

    /// T(P,Y,C): the normal table, or the `本科` one where the province publishes no normal table.
    public func table(province: String, year: Int, category: String) -> ScoreTable? {
        tables[YearKey(province: province, year: year, category: category)]
    }

    /// The years with a 一分一段表 for `province` (any category).
    public func rankTableYears(province: String) -> [Int] { tableYears[province] ?? [] }

    /// The 省控线 of one province, year and 科类 (all batches, special lines included).
    public func controlLines(province: String, year: Int, category: String) -> [ControlLine] {
        controlLines[YearKey(province: province, year: year, category: category)] ?? []
    }

    /// Every 省控线 of a province.
    public func controlLines(province: String) -> [ControlLine] { controlLineProvinces[province] ?? [] }

    /// The 投档线 rows of a home province, in import order (school name, year).
    public func admissionLines(province: String) -> [AdmissionLine] { admissions[province]?.lines ?? [] }

    /// The years with school lines in a home province, newest first.
    public func admissionYears(province: String) -> [Int] { admissions[province]?.years ?? [] }

    /// The 科类 with school lines in a home province, sorted.
    public func admissionCategories(province: String) -> [String] { admissions[province]?.categories ?? [] }

    /// The schools filed in `province`/`category`/`batchStd`, one series per school or 院校专业组.
    public func schoolSeries(province: String, category: String, batchStd: String) -> [SchoolSeries] {
        series[BatchKey(province: province, category: category, batchStd: batchStd)] ?? []
    }

    /// The series a student of the batch `batchStd` fills: the batch's own and, where the province fills it in stages
    /// (天津 本科批次A阶段/B阶段, 海南, 黑龙江 and 吉林 `本科批A段`, `本科批B段`: ``BatchNames/standard(_:)`` keeps them apart),
    /// its stages' — 天津's 2025 院校专业组 lines are all in its A/B stages, while its 省控线 and the profile say 本科批.
    public func filingSeries(province: String, category: String, batchStd: String) -> [SchoolSeries] {
        let stages = seriesBatches(province: province, category: category).filter { $0 != batchStd && $0.hasPrefix(batchStd) && $0.hasSuffix("段") }
        if stages.isEmpty { return schoolSeries(province: province, category: category, batchStd: batchStd) }
        return ([batchStd] + stages).flatMap { schoolSeries(province: province, category: category, batchStd: $0) }
    }

    /// The batches 学校推荐 and 投档线预测 can work on for a home province and 科类: those with ordinary (普通类) lines.
    public func seriesBatches(province: String, category: String) -> [String] { seriesBatchLists[province + "|" + category] ?? [] }

    /// The school names with lines in `province`, sorted, for the searchable picker.
    public func schoolNames(province: String) -> [String] { admissions[province]?.schoolNames ?? [] }

    /// A school of the MOE list by 学校标识码, 5-digit 院校代码 or exact name.
    public func university(matching text: String) -> University? {
        if let university = universities[text] { return university }
        if let code = universityByName[text] { return universities[code] }
        if text.count == 5, text.allSatisfy(\.isNumber) {
            return universities.values.first { $0.schoolCode == text }
        }
        return nil
    }

    /// The school of a series in the MOE list: by code, else by exact name.
    public func university(of series: SchoolSeries) -> University? {
        if let code = series.moeCode, let university = universities[code] { return university }
        return universityByName[series.schoolName].flatMap { universities[$0] }
    }

    /// The campus province of the school of a series (``university(of:)``).
    public func campusProvince(of series: SchoolSeries) -> String? { university(of: series)?.province }
}
