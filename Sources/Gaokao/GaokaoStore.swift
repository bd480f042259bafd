public import Storage
import Synchronization

/// The student's 我的高考: 生源地, exam year, 科类, 批次, score and 选科.
public struct GaokaoProfile: Sendable, Hashable {
    public var province: String
    public var year: Int
    public var category: String
    public var batch: String
    public var score: Int
    /// 选科 (the list's first subject included), sorted; empty when not given or where the province-year has none.
    public var subjects: [Subject]

    public init(province: String, year: Int, category: String, batch: String, score: Int, subjects: [Subject] = []) {
        self.province = province
        self.year = year
        self.category = category
        self.batch = batch
        self.score = score
        self.subjects = subjects.sorted()
    }

    /// The 选科 filter of recommendations: nil when none was given (every group is shown).
    public var subjectFilter: Set<Subject>? { subjects.isEmpty ? nil : Set(subjects) }
}

/// The notice under 我的高考, chosen by 生源地 (a row of `gaokao_notices`; the NULL-province row is the default).
public struct GaokaoNotice: Sendable, Hashable {
    public var titleZh: String
    public var titleEn: String
    public var bodyZh: String
    public var bodyEn: String
    public var href: String?
}

/// SQL for the Gaokao tables and the in-memory ``GaokaoData`` snapshot, rebuilt when an import changes
/// `gaokao_meta.data_version` (an import may run in another process: `appsuite import gaokao`).
public final class GaokaoStore: Sendable {
    public let database: any Database
    private let cache = Mutex<(version: String, data: GaokaoData)?>(nil)
    /// Held while a snapshot is built, so that concurrent first requests build it once.
    private let building = Mutex<Void>(())

    public init(database: any Database) { self.database = database }

    /// The current data. Costs one small query when nothing changed; rebuilds after an import.
    public func data() throws -> GaokaoData {
        let version = try database.read { db in
            try db.scalar("SELECT value FROM gaokao_meta WHERE key = 'data_version'", as: String.self)
        } ?? ""
        if let cached = cache.withLock({ $0 }), cached.version == version { return cached.data }
        return try building.withLock { _ throws -> GaokaoData in
            if let cached = cache.withLock({ $0 }), cached.version == version { return cached.data }
            let data = try load()
            cache.withLock { $0 = (version, data) }
            return data
        }
    }

    /// True when nothing has been imported yet.
    public func isEmpty() throws -> Bool {
        try database.read { db in try db.scalar("SELECT count(*) FROM gaokao_provinces", as: Int.self) ?? 0 } == 0
    }

    func load() throws -> GaokaoData {
        try database.read { db in
            let provinces = try db.query("SELECT * FROM gaokao_provinces ORDER BY code").map { row throws(StorageError) in
                ProvinceInfo(
                    code: try row.get("code"), name: try row.get("name"), fullName: try row.get("full_name"),
                    examModel: try row.get("exam_model"), reformYear: try row.get("reform_year", as: Int?.self),
                    totalScore: try row.get("total_score"), totalScoreNote: try row.get("total_score_note"))
            }
            var tables: [ScoreTable] = []
            var current: ScoreTable?
            for row in try db.query(
                "SELECT province, year, category, table_scope, score_low, score_high, count, rank_best, rank_cum FROM gaokao_score_rank ORDER BY province, year, category, table_scope, score_high DESC")
            {
                let province: String = try row.get(0), year: Int = try row.get(1), category: String = try row.get(2)
                let scope: String = try row.get(3)
                let band = ScoreBand(scoreLow: try row.get(4), scoreHigh: try row.get(5), count: try row.get(6),
                                     rankBest: try row.get(7), rankCum: try row.get(8))
                if let table = current, table.province == province, table.year == year, table.category == category, table.scope == scope {
                    current!.bands.append(band)
                } else {
                    if let table = current { tables.append(table) }
                    current = ScoreTable(province: province, year: year, category: category, scope: scope, bands: [band])
                }
            }
            if let table = current { tables.append(table) }
            let controlLines = try db.query("SELECT province, year, category, batch, batch_std, score FROM gaokao_control_lines ORDER BY province, year, category, id").map { row throws(StorageError) in
                ControlLine(province: try row.get(0), year: try row.get(1), category: try row.get(2), batch: try row.get(3),
                            batchStd: try row.get(4), score: try row.get(5))
            }
            // 600,000 rows: columns by position (a name lookup per cell was a tenth of the snapshot's time).
            let admissionLines = try db.query(
                "SELECT source, province, year, category, batch, batch_std, enroll_type, school_name, moe_code, local_code, group_code, plan_count, min_score, min_rank, avg_score, max_score, control_line, line_diff, tie_break, score_note, source_tier, rank_basis, group_name, subjects, source_detail FROM gaokao_admission_lines ORDER BY province, school_name, year, id"
            ).map { row throws(StorageError) in
                AdmissionLine(
                    source: try row.get(0), province: try row.get(1), year: try row.get(2), category: try row.get(3), batch: try row.get(4),
                    batchStd: try row.get(5), enrollType: try row.get(6), schoolName: try row.get(7), moeCode: try row.get(8),
                    localCode: try row.get(9), groupCode: try row.get(10), planCount: try row.get(11), minScore: try row.get(12),
                    minRank: try row.get(13), avgScore: try row.get(14), maxScore: try row.get(15), controlLine: try row.get(16),
                    lineDiff: try row.get(17), tieBreak: try row.get(18), scoreNote: try row.get(19),
                    sourceTier: SourceTier(rawValue: try row.get(20)) ?? .thirdParty, rankBasis: try row.get(21), groupName: try row.get(22),
                    subjects: try row.get(23), sourceDetail: try row.get(24))
            }
            let universities = try db.query("SELECT * FROM gaokao_universities").map { row throws(StorageError) in
                University(
                    moeCode: try row.get("moe_code"), schoolCode: try row.get("school_code"), name: try row.get("name"),
                    province: try row.get("province"), city: try row.get("city"), authority: try row.get("authority"),
                    level: try row.get("level"), ownership: try row.get("ownership"), is985: try row.get("is_985"),
                    is211: try row.get("is_211"), isDoubleFirstClass: try row.get("is_double_first_class"))
            }
            let majors = try db.query("SELECT major_code, major_name, discipline, class_name, degree_note FROM gaokao_majors ORDER BY major_code").map { row throws(StorageError) in
                Major(code: try row.get(0), name: try row.get(1), discipline: try row.get(2), className: try row.get(3), degreeNote: try row.get(4))
            }
            return GaokaoData(provinces: provinces, tables: tables, controlLines: controlLines, admissionLines: admissionLines,
                              universities: universities, majors: majors)
        }
    }

    // MARK: 专业 lines

    /// At most this many 专业 lines of one school in one province (the data's largest: 华南农业大学 in 广东, 535 over 2021–2024).
    public static let majorLineLimit = 1_000

    /// The 专业 lines of a school for students of `province`: rows whose 学校标识码 is `moeCode` or, without one,
    /// whose published name is `school`; newest year first, then 科类, 专业组 and the highest line first.
    public func majorLines(province: String, school: String, moeCode: String?) throws -> [MajorLine] {
        try database.read { db in
            try db.query(
                """
                SELECT source, province, year, category, batch, school_name, moe_code, group_code, subjects, major_code, major_name, note,
                    min_score, min_rank, max_score, admitted
                FROM gaokao_major_lines WHERE province = ? AND (school_name = ? OR moe_code = ?)
                ORDER BY year DESC, category, group_code, min_score DESC, min_rank, major_code LIMIT ?
                """, province, school, moeCode ?? "", Self.majorLineLimit
            ).map { row throws(StorageError) -> MajorLine? in
                guard let source = MajorLineSource(rawValue: try row.get(0)) else { return nil }
                return MajorLine(
                    source: source, province: try row.get(1), year: try row.get(2), category: try row.get(3), batch: try row.get(4),
                    schoolName: try row.get(5), moeCode: try row.get(6), groupCode: try row.get(7), subjects: try row.get(8),
                    majorCode: try row.get(9), majorName: try row.get(10), note: try row.get(11), minScore: try row.get(12),
                    minRank: try row.get(13), maxScore: try row.get(14), admitted: try row.get(15))
            }.compactMap { $0 }
        }
    }

    // MARK: profiles and notices

    public func profile(userID: Int64) throws -> GaokaoProfile? {
        try database.read { db in
            try db.queryFirst("SELECT province, year, category, batch, score, subjects FROM gaokao_profiles WHERE user_id = ?", userID).map { row throws(StorageError) in
                GaokaoProfile(province: try row.get(0), year: try row.get(1), category: try row.get(2), batch: try row.get(3), score: try row.get(4),
                              subjects: SubjectRules.parse(try row.get(5)) ?? [])
            }
        }
    }

    public func saveProfile(_ profile: GaokaoProfile, userID: Int64, now: Int64) throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO gaokao_profiles (user_id, province, year, category, batch, score, subjects, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(user_id) DO UPDATE SET province = excluded.province, year = excluded.year, category = excluded.category,
                    batch = excluded.batch, score = excluded.score, subjects = excluded.subjects, updated_at = excluded.updated_at
                """, userID, profile.province, profile.year, profile.category, profile.batch, profile.score,
                profile.subjects.map(\.rawValue).joined(separator: ","), now)
        }
    }

    // MARK: 志愿表

    /// The signed-in student's 志愿表, in their order.
    public func plan(userID: Int64) throws -> [PlanEntry] {
        try database.read { db in
            try db.query("SELECT school, group_code FROM gaokao_plan_items WHERE user_id = ? ORDER BY position", userID).map { row throws(StorageError) in
                PlanEntry(school: try row.get(0), group: try row.get(1))
            }
        }
    }

    /// Replaces the 志愿表 in one transaction (positions 1…n in the given order) with the profile it is for
    /// (``ProfileCookie`` form; nil removes it).
    public func savePlan(_ entries: [PlanEntry], profile: GaokaoProfile?, userID: Int64, now: Int64) throws {
        try database.write { db in
            try db.execute("DELETE FROM gaokao_plan_items WHERE user_id = ?", userID)
            for (index, entry) in entries.enumerated() {
                try db.execute("INSERT INTO gaokao_plan_items (user_id, position, school, group_code, added_at) VALUES (?, ?, ?, ?, ?)",
                               userID, index + 1, entry.school, entry.group, now)
            }
            try db.execute("DELETE FROM gaokao_plan_profiles WHERE user_id = ?", userID)
            if let profile {
                try db.execute("INSERT INTO gaokao_plan_profiles (user_id, profile) VALUES (?, ?)", userID, ProfileCookie.encode(profile))
            }
        }
    }

    /// The profile the signed-in student's 志愿表 was built for (or last re-scored for), as stored; nil when none.
    public func planProfile(userID: Int64) throws -> String? {
        try database.read { db in
            try db.scalar("SELECT profile FROM gaokao_plan_profiles WHERE user_id = ?", userID, as: String.self)
        }
    }

    /// The notice for a 生源地, or the default one.
    public func notice(province: String?) throws -> GaokaoNotice? {
        try database.read { db in
            try db.queryFirst(
                "SELECT title_zh, title_en, body_zh, body_en, href FROM gaokao_notices WHERE province = ? OR province IS NULL ORDER BY province IS NULL LIMIT 1",
                province ?? "").map { row throws(StorageError) in
                GaokaoNotice(titleZh: try row.get(0), titleEn: try row.get(1), bodyZh: try row.get(2), bodyEn: try row.get(3), href: try row.get(4))
            }
        }
    }
}
