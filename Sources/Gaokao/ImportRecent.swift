import Foundation
import Storage

/// The 2021–2026 files of `shared/data/gaokao/extra` (SOURCES.md "extra/ — 2021–2026 lines"): one public collection,
/// github.com/liuguanghui0226/gaokao-zhiyuan-site snapshot da347d0 (2026-07-24), no licence stated; every row keeps
/// the collection's own provenance (`source_detail`) and its tier.
enum RecentSource {
    static let schoolLinesFile = "extra/school_lines_2021_2025.csv.gz"
    static let scoreRankFile = "extra/score_rank_2025_2026.csv.gz"
    static let controlLinesFile = "extra/control_lines_2025_2026.csv.gz"
    /// The `source` of its rows in every table.
    static let source = "lgh_site"

    static let schoolLineColumns = ["province", "category", "year", "batch", "plan_type", "school", "min_score", "min_rank", "avg_score",
                                    "group", "data_level", "rank_basis", "source_tier", "source_detail"]
    static let scoreRankColumns = ["province", "year", "category", "table_scope", "score_low", "score_high", "count", "rank_best", "rank_cum",
                                   "source_detail"]
    static let controlLineColumns = ["province", "year", "category", "batch", "line_group", "score", "source_detail"]

    /// The scopes of score_rank_2025_2026 that are a province's ordinary table (SOURCES.md: empty or `undergraduate`),
    /// mapped to the scope stored; 广西 2025 has only its two bonus tables, of which the one for schools outside
    /// 广西 (no local bonus) is kept. Art, sport, 专科-only and 吉林's 单招/对口 tables are not imported.
    static func ordinaryScope(_ scope: String) -> String? {
        switch scope {
        case "", "undergraduate": ""
        case "广西区外院校": scope
        default: nil
        }
    }

    /// `batch_std` of a 2025–2026 省控线, or nil for a line that is not a batch's ordinary or special line (art, sport,
    /// 专项, ethnic-language, 男/女 and A/B 类 qualification lines).
    static func controlBatch(batch: String, group: String) -> String? {
        let special = group.contains("特殊类型") || group == "普通类特殊类型招生"
        guard special || group == "普通类" || group.hasPrefix("普通类｜") else { return nil }
        if special || batch.contains("特殊类型") { return "特殊类型招生控制线" }
        if batch.contains("单考单招") || batch.contains("提前") { return nil }
        if batch.contains("专科") || batch.contains("高职") { return "专科批" }
        if batch.contains("一批") { return "本科一批" }
        if batch.contains("二批") { return "本科二批" }
        return batch.contains("本科") ? "本科批" : nil
    }
}

extension RecentSource {
    /// The bands of score_rank_2025_2026 with one row per (province, year, 科类, scope, top score): the file repeats
    /// some tables from a second source (山西 2025 from the official images and from a third-party summary, the same
    /// numbers); an official row wins over another. Returns the rows kept and how many were dropped.
    static func uniqueBands(_ rows: [[String]], columns: [String: Int]) -> (rows: [[String]], dropped: Int) {
        func text(_ row: [String], _ name: String) -> String {
            guard let index = columns[name], index < row.count else { return "" }
            return row[index]
        }
        var chosen: [String: Int] = [:]
        var order: [String] = []
        for (index, row) in rows.enumerated() {
            let key = ["province", "year", "category", "table_scope", "score_high"].map { text(row, $0) }.joined(separator: "|")
            if let existing = chosen[key] {
                if !text(rows[existing], "source_detail").hasPrefix("official"), text(row, "source_detail").hasPrefix("official") { chosen[key] = index }
            } else {
                chosen[key] = index
                order.append(key)
            }
        }
        return (order.map { rows[chosen[$0]!] }, rows.count - order.count)
    }
}

/// What the importer knows of each province and year before loading the recent files: exam model and reform year
/// (provinces.csv), and which years had merged 本科 batches (control_lines.csv).
struct ProvinceYears {
    var provinces: [String: (model: String, reformYear: Int?)] = [:]
    /// Per province, the years with 省控线 and whether they had a 本科一批.
    var firstBatchYears: [String: [Int: Bool]] = [:]

    init(_ db: any SQLExecutor) throws {
        for row in try db.query("SELECT name, exam_model, reform_year FROM gaokao_provinces") {
            provinces[try row.get(0)] = (try row.get(1), try row.get(2, as: Int?.self))
        }
        for row in try db.query(
            "SELECT province, year, max(CASE WHEN batch_std = '本科一批' THEN 1 ELSE 0 END) FROM gaokao_control_lines GROUP BY province, year")
        {
            firstBatchYears[try row.get(0), default: [:]][try row.get(1)] = try row.get(2, as: Int.self) == 1
        }
    }

    /// Merged 本科 batches: a new-gaokao year, or a year whose latest known 省控线 (that year or before) had no 本科一批.
    func merged(_ province: String, _ year: Int) -> Bool {
        if let reform = provinces[province]?.reformYear, year >= reform { return true }
        let years = firstBatchYears[province] ?? [:]
        guard let known = years.keys.filter({ $0 <= year }).max() else { return false }
        return !years[known]!
    }

    func category(_ category: String, _ province: String, _ year: Int) -> String? {
        RecentNames.category(category, model: provinces[province]?.model, reformYear: provinces[province]?.reformYear, year: year)
    }
}

/// One row of school_lines_2021_2025 as it is stored.
struct RecentLine {
    var province: String
    var year: Int
    var category: String
    var batch: String
    var batchStd: String
    var enrollType: String
    var school: String
    var moeCode: String?
    var group: ParsedGroup
    var groupName: String
    var minScore: Int
    var minRank: Int?
    var avgScore: Double?
    var tier: SourceTier
    var rankBasis: String?
    var detail: String

    /// Lines of one key compete by tier: province, year, 科类, batch, 招生类型 and school.
    var key: String { [province, String(year), category, batchStd, enrollType, moeCode ?? school].joined(separator: "\u{1F}") }
}

extension GaokaoImporter {
    /// Loads `extra/school_lines_2021_2025.csv.gz` into `gaokao_admission_lines` (replacing its own rows): 科类 and
    /// batch normalised to the province-year, the group read apart (``GroupText``), the name matched to a 学校标识码.
    /// Of the lines of one key (``RecentLine/key``) only the most trusted tier is kept (SOURCES.md: the same line
    /// appears 2–3 times), and a 选科 requirement a dropped line states for the same score and rank is kept on the
    /// line that stays. Older sources' rows of a key that a province- or school-official line covers are removed.
    static func loadRecentSchoolLines(columns: [String: Int], rows: [[String]], into db: any SQLExecutor, notes: inout [(item: String, reason: String)])
        throws -> Int
    {
        func text(_ row: [String], _ name: String) -> String {
            guard let index = columns[name], index < row.count else { return "" }
            return row[index].trimmedCell
        }
        let years = try ProvinceYears(db)
        let codes = try universityCodes(db)
        var parsed: [RecentLine] = []
        var unusable = 0
        var relabelled = 0
        var applications = 0
        var staleBatch = 0
        for row in rows {
            // 内蒙古 2024 专科 "application statistics" count who applied, with the lowest applicant's score: not a
            // filing line, and predicting from it was far off (the 2021–2025 backtest's 保 held 20% there).
            if text(row, "source_detail").contains("application-statistics") {
                applications += 1
                continue
            }
            let province = text(row, "province"), school = text(row, "school"), rawCategory = text(row, "category")
            guard let year = Int(text(row, "year")), let score = Int(text(row, "min_score")), years.provinces[province] != nil, !school.isEmpty,
                let category = years.category(rawCategory, province, year)
            else {
                unusable += 1
                continue
            }
            // 云南's `二本及预科` is the 二本 batch (its 预科 lines are apart, `一本预科`).
            let batch = text(row, "batch"), plan = text(row, "plan_type"), batchWords = batch.replacingOccurrences(of: "及预科", with: "")
            // A third-party row of a numbered 本科 batch in a province-year with merged batches (河南 2025 "本科第二批":
            // 南昌交通学院 435) names a batch that year does not have: a stale label, not a line of 本科批. School pages that
            // keep the old name for the merged batch (北京 2022 "本科一批") stay.
            let tier = SourceTier(rawValue: text(row, "source_tier")) ?? .thirdParty
            if tier == .thirdParty, years.merged(province, year), RecentNames.namesNumberedBatch(batch) {
                staleBatch += 1
                continue
            }
            if category != rawCategory { relabelled += 1 }
            let group = GroupText.parse(text(row, "group"), school: school)
            let ordinaryPlan = ["", "普通类", "普通录取", "普通本科"].contains(plan) || plan.hasPrefix("普通录取；")
            // A program can also be a note in the school's name (河南 2021: `郑州大学（中外合作办学）`, `…(较高收费)`).
            let type = GroupText.programType(in: [ordinaryPlan ? "" : plan, batchWords]) ?? group.programType
                ?? GroupText.programType(in: GroupText.parentheticals(school)) ?? (ordinaryPlan ? "普通类" : plan)
            let rank = Int(text(row, "min_rank")).flatMap { $0 > 0 ? $0 : nil }
            // A name without a 学校标识码 is kept with full-width brackets, so that the two spellings of a campus
            // (`华北电力大学(保定)`, `华北电力大学（保定）`) are one key and one school (tester 31a #2).
            let code = Self.moeCode(school, codes)
            parsed.append(RecentLine(
                province: province, year: year, category: category, batch: batch,
                batchStd: RecentNames.batchStandard(batch, merged: years.merged(province, year)), enrollType: type,
                school: code == nil ? LabeledSource.normalizedName(school) : school, moeCode: code, group: group, groupName: text(row, "group"), minScore: score, minRank: rank,
                avgScore: Double(text(row, "avg_score")), tier: tier,
                rankBasis: rank == nil ? nil : text(row, "rank_basis").isEmpty ? nil : text(row, "rank_basis"), detail: text(row, "source_detail")))
        }
        var byKey: [String: [Int]] = [:]
        for (index, line) in parsed.enumerated() { byKey[line.key, default: []].append(index) }
        var kept: [RecentLine] = []
        var superseded = 0
        for indices in byKey.values {
            let best = indices.map { parsed[$0].tier.order }.min()!
            var seen: Set<String> = []
            for index in indices where parsed[index].tier.order == best {
                var line = parsed[index]
                if line.group.requirement == nil {
                    line.group.requirement = indices.lazy.map { parsed[$0] }
                        .first { $0.tier.order > best && $0.minScore == line.minScore && $0.minRank == line.minRank && $0.group.requirement != nil }?
                        .group.requirement
                }
                // The same group twice in one tier (a file listed on two pages) is one line.
                let identity = "\(line.group.code ?? line.groupName)|\(line.minScore)|\(line.minRank ?? -1)"
                if seen.insert(identity).inserted { kept.append(line) } else { superseded += 1 }
            }
            superseded += indices.count - indices.filter { parsed[$0].tier.order == best }.count
        }
        kept.sort { ($0.province, $0.school, $0.year, $0.category, $0.groupName) < ($1.province, $1.school, $1.year, $1.category, $1.groupName) }

        try db.execute("DELETE FROM gaokao_admission_lines WHERE source = ?", RecentSource.source)
        let insert = "INSERT INTO gaokao_admission_lines (source, province, year, category, batch, batch_std, enroll_type, school_name, moe_code, group_code, min_score, min_rank, avg_score, source_tier, rank_basis, group_name, subjects, source_detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        for line in kept {
            try db.execute(insert, [
                .text(RecentSource.source), .text(line.province), .integer(Int64(line.year)), .text(line.category), .text(line.batch),
                .text(line.batchStd), .text(line.enrollType), .text(line.school), line.moeCode.map { .text($0) } ?? .null,
                line.group.code.map { .text($0) } ?? .null, .integer(Int64(line.minScore)), line.minRank.map { .integer(Int64($0)) } ?? .null,
                line.avgScore.map { .real($0) } ?? .null, .text(line.tier.rawValue), line.rankBasis.map { .text($0) } ?? .null,
                line.groupName.isEmpty ? .null : .text(line.groupName), line.group.requirement.map { .text($0.text) } ?? .null, .text(line.detail),
            ])
        }
        let covered = try dropCoveredOlderLines(db)
        let file = RecentSource.schoolLinesFile
        if applications > 0 { notes.append((file, "\(applications) rows of application statistics (lowest applicant, not a filing line) not imported")) }
        if unusable > 0 { notes.append((file, "\(unusable) rows without a score, a known province or a 科类 of that province-year")) }
        if staleBatch > 0 {
            notes.append((file, "\(staleBatch) third-party rows of a numbered 本科 batch (本科一批/二批…) in a province-year whose 本科 batches are merged: a batch that year does not have, not imported"))
        }
        if relabelled > 0 { notes.append((file, "\(relabelled) rows whose 科类 was relabelled to the province-year's exam model (e.g. 新疆 物理类 → 理科)")) }
        notes.append((file, "\(superseded) rows superseded by a more trusted tier of the same line (province-official > school-official > third-party) or repeated in one tier"))
        if covered > 0 { notes.append((file, "\(covered) rows of older sources replaced by an official 2021+ line of the same school, 科类, batch and type")) }
        return kept.count
    }

    /// Deletes the older transcriptions (any source but the 2021–2025 file) of a 2021+ line that an official source of
    /// that file publishes — same province, year, 科类, batch, type and school (学校标识码, else name): the official
    /// one stays. Run after the 2021–2025 load and again after ``SchoolAliases`` gave abbreviated names their code.
    /// Returns the rows deleted.
    static func dropCoveredOlderLines(_ db: any SQLExecutor) throws -> Int {
        // Only 上海's keke rows reach 2021; matched here rather than by a correlated DELETE, which SQLite planned on
        // the wrong index.
        var official = Set<String>()
        for row in try db.query(
            "SELECT province, year, category, batch_std, enroll_type, coalesce(moe_code, school_name) FROM gaokao_admission_lines WHERE source = ? AND source_tier <> 'third-party'",
            RecentSource.source)
        {
            official.insert([try row.get(0, as: String.self), String(try row.get(1, as: Int.self)), try row.get(2, as: String.self),
                             try row.get(3, as: String.self), try row.get(4, as: String.self), try row.get(5, as: String.self)].joined(separator: "\u{1F}"))
        }
        var covered = 0
        for row in try db.query(
            "SELECT id, province, year, category, batch_std, enroll_type, coalesce(moe_code, school_name) FROM gaokao_admission_lines WHERE source <> ? AND year >= 2021",
            RecentSource.source)
        {
            let key = [try row.get(1, as: String.self), String(try row.get(2, as: Int.self)), try row.get(3, as: String.self),
                       try row.get(4, as: String.self), try row.get(5, as: String.self), try row.get(6, as: String.self)].joined(separator: "\u{1F}")
            if official.contains(key) { covered += try db.execute("DELETE FROM gaokao_admission_lines WHERE id = ?", try row.get(0, as: Int64.self)) }
        }
        return covered
    }

    /// The 学校标识码 of a published name: exact (brackets full-width), else without a trailing note that is `民办` or
    /// names a program (`（中外合作办学）`, `(较高收费)`: ``GroupText/programType(in:)``). Campus names
    /// (`华北电力大学（保定）`) stay unmatched: their lines are their own.
    static func moeCode(_ name: String, _ codes: [String: String]) -> String? {
        let normalized = LabeledSource.normalizedName(name)
        if let code = codes[normalized] { return code }
        guard normalized.hasSuffix("）"), let open = normalized.lastIndex(of: "（") else { return nil }
        let note = String(normalized[normalized.index(after: open)..<normalized.index(before: normalized.endIndex)])
        guard note == "民办" || GroupText.programType(in: [note]) != nil else { return nil }
        return codes[String(normalized[..<open])]
    }

    /// The school names of the 2021–2025 lines that match no 学校标识码: how many, in how many rows, the five most frequent.
    func unmatchedRecentNames() throws -> (names: Int, rows: Int, examples: [String]) {
        try unmatchedNames(in: "gaokao_admission_lines", source: RecentSource.source)
    }
}
