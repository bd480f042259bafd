public import AppHost
public import Foundation
public import Storage

/// FNV-1a (64-bit) over the imported files: a stable fingerprint of the data set.
struct Fingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { raw in add(raw.bindMemory(to: UInt8.self)) }
    }

    var hex: String { String(value, radix: 16) }
}

/// A further school-line source of `shared/data/gaokao/extra` (SOURCES.md "extra/").
enum LabeledSource {
    /// `extra/school_lines_2016_2020.csv.gz`: github.com/labolado/gaokao_2016-2020 (commit e0e34c4), 29 home
    /// provinces (not 浙江/上海), 文科/理科, 2016–2020; no licence stated, unverified by its author.
    case schoolLines2016to2020

    var file: String { "extra/school_lines_2016_2020.csv.gz" }
    /// The value of `gaokao_admission_lines.source` for its rows.
    var source: String { "labolado" }

    /// The 招生类型 of a row: the sheet's `plan_type`, except that 专项 plans published as a batch of their own
    /// (`国家专项计划本科批` with plan type 普通类) are 专项, not 普通类, so they never join a school's ordinary line.
    static func programType(plan: String, batch: String) -> String {
        for special in ["国家专项计划", "地方专项计划", "高校专项计划"] where batch.hasPrefix(special) { return special }
        return plan.isEmpty ? "普通类" : plan
    }

    /// Removes the source's rows (`?` = ``source``) that admission_lines.csv already publishes: same home
    /// province, year, 科类, batch as published, 招生类型, school name and minimum score, and no rank or the same
    /// rank. Both files transcribe 四川 2016–2020 and 湖南 2016 (17,760 such rows; each file has every school-year
    /// once, the repetition is the overlap of the two). Rows that disagree or add a rank stay, with their source.
    static let duplicates = """
        DELETE FROM gaokao_admission_lines WHERE source = ? AND min_score IS NOT NULL AND EXISTS (
            SELECT 1 FROM gaokao_admission_lines AS other WHERE other.source <> gaokao_admission_lines.source
            AND other.province = gaokao_admission_lines.province AND other.school_name = gaokao_admission_lines.school_name
            AND other.year = gaokao_admission_lines.year AND other.category = gaokao_admission_lines.category
            AND other.batch = gaokao_admission_lines.batch AND other.enroll_type = gaokao_admission_lines.enroll_type
            AND other.min_score = gaokao_admission_lines.min_score
            AND (gaokao_admission_lines.min_rank IS NULL OR other.min_rank = gaokao_admission_lines.min_rank))
        """

    /// The name as universities.csv spells it: full-width brackets (SOURCES.md: "brackets normalised").
    static func normalizedName(_ name: String) -> String {
        guard name.contains(where: { $0 == "(" || $0 == ")" }) else { return name.trimmedCell }
        return name.replacingOccurrences(of: "(", with: "（").replacingOccurrences(of: ")", with: "）").trimmedCell
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs, as `trimmingCharacters(in: .whitespaces)` gives it, but
    /// without a round trip through NSString when there is nothing to trim (nearly every cell): that round trip was a
    /// third of an import's time.
    var trimmedCell: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        let set = CharacterSet.whitespaces
        if !set.contains(first), !set.contains(last) { return self }
        return trimmingCharacters(in: set)
    }
}

/// What an import could not use at all.
public enum GaokaoImportError: Error, CustomStringConvertible {
    case missingFile(String)
    case badHeader(file: String, missing: [String])

    public var description: String {
        switch self {
        case .missingFile(let name): "\(name) is missing; is this the gaokao data folder?"
        case .badHeader(let file, let missing): "\(file): the header lacks \(missing.joined(separator: ", "))"
        }
    }
}

/// `appsuite import gaokao PATH`: loads every CSV of `shared/data/gaokao` (SOURCES.md) into the `gaokao_*`
/// tables. Each file replaces its table in one transaction, so re-importing gives the same rows
/// (idempotent) and readers never see a half-loaded table. Rows that do not parse are skipped and counted.
public struct GaokaoImporter: DataImporter {
    public let database: any Database
    public var defaultFolder: String { "gaokao" }

    public init(database: any Database) { self.database = database }

    /// The files in load order, with the columns each must have.
    static let files: [(name: String, columns: [String])] = [
        ("provinces.csv", ["province_code", "province", "province_full", "exam_model_2025", "new_model_first_exam_year", "categories_current", "total_score"]),
        ("categories.csv", ["category", "aliases", "meaning", "used_by"]),
        ("batches.csv", ["batch_std", "aliases_in_data", "meaning"]),
        ("universities.csv", ["moe_code", "school_code", "name", "province", "city", "authority", "level", "ownership", "is_985", "is_211", "is_double_first_class", "in_moe_list"]),
        ("majors.csv", ["discipline_code", "discipline", "class_code", "class_name", "major_code", "major_name", "is_special_T", "is_controlled_K", "degree_note"]),
        ("control_lines.csv", ["province", "year", "category", "batch", "batch_std", "score"]),
        ("admission_lines.csv", ["source", "province", "year", "category", "batch", "enroll_type", "school_name", "moe_code", "local_code", "group_code", "plan_count", "min_score", "min_rank", "avg_score", "max_score", "control_line", "line_diff", "tie_break", "score_note"]),
        ("score_rank.csv", ["province", "year", "category", "table_scope", "score_low", "score_high", "count", "rank_best", "rank_cum"]),
        (LabeledSource.schoolLines2016to2020.file, ["province", "category", "year", "batch", "plan_type", "school", "min_score", "min_rank", "avg_score"]),
        (MajorLineSource.jsoneftFile, MajorLineSource.jsoneftColumns),
    ] + MajorLineSource.guangdongFiles.map { ($0, MajorLineSource.guangdongColumns) } + [
        (RecentSource.scoreRankFile, RecentSource.scoreRankColumns),
        (RecentSource.controlLinesFile, RecentSource.controlLineColumns),
        (RecentSource.schoolLinesFile, RecentSource.schoolLineColumns),
    ]

    public func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        var parsed: [(name: String, columns: [String: Int], rows: [[String]])] = []
        var fingerprint = Fingerprint()
        var skipped: [(item: String, reason: String)] = []
        for file in Self.files {
            let url = folder.appendingPathComponent(file.name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                if file.name == "provinces.csv" { throw GaokaoImportError.missingFile(file.name) }
                skipped.append((file.name, "missing"))
                continue
            }
            fingerprint.add(Array(file.name.utf8))
            fingerprint.add(data)
            guard let text = file.name.hasSuffix(".gz") ? Gunzip.inflate(data) : data else {
                skipped.append((file.name, "not a readable gzip file"))
                continue
            }
            let table = CSVTable(text)
            let missing = file.columns.filter { table.columns[$0] == nil }
            guard missing.isEmpty else { throw GaokaoImportError.badHeader(file: file.name, missing: missing) }
            parsed.append((file.name, table.columns, table.rows))
        }
        let total = parsed.reduce(0) { $0 + $1.rows.count }
        var done = 0
        var imported = 0
        for file in parsed {
            var bad = 0
            var duplicates = 0
            var notes: [(item: String, reason: String)] = []
            try database.write { db in
                let count = try Self.load(file.name, columns: file.columns, rows: file.rows, into: db, badRows: &bad,
                                          duplicateRows: &duplicates, notes: &notes) { step in
                    done += step
                    progress(ImportProgress(done: done, total: total, item: file.name))
                }
                imported += count
            }
            skipped += notes
            if bad > 0 { skipped.append((file.name, "\(bad) rows that do not parse")) }
            if duplicates > 0 {
                skipped.append((file.name, "\(duplicates) rows already in admission_lines.csv (same school, year, 科类, batch, type, score and rank) kept once"))
            }
        }
        // Short names (上海's `上海交大`) joined to their school, then the older transcriptions an official line now covers.
        try database.write { db in
            // Names without a 学校标识码 in full-width brackets, as the 2021–2025 loader keeps them (one campus, one name).
            try db.execute("""
                UPDATE gaokao_admission_lines SET school_name = replace(replace(school_name, '(', '（'), ')', '）')
                WHERE moe_code IS NULL AND (school_name LIKE '%(%' OR school_name LIKE '%)%')
                """)
            let aliases = try SchoolAliases.resolve(in: db)
            let covered = try Self.dropCoveredOlderLines(db)
            let joined = aliases.joined.filter { $0.before != $0.after }.map { "\($0.province) \($0.before) → \($0.after)" }
            skipped.append(("school short names", "\(aliases.aliases) short names in \(aliases.rows) rows joined to their school's full name"
                + " (\(covered) older rows then covered by an official line); 2021–2025 rows whose school has a 2016–2020 line, before → after: "
                + (joined.isEmpty ? "unchanged" : joined.joined(separator: ", "))))
        }
        if let unmatched = try unmatchedNames(), unmatched.names > 0 {
            skipped.append(("school names without a 学校标识码",
                            "\(unmatched.names) names in \(unmatched.rows) rows of \(LabeledSource.schoolLines2016to2020.file) kept under their published name, e.g. \(unmatched.examples.joined(separator: ", "))"))
        }
        let recent = try unmatchedRecentNames()
        if recent.names > 0 {
            skipped.append(("school names without a 学校标识码",
                            "\(recent.names) names in \(recent.rows) rows of \(RecentSource.schoolLinesFile) kept under their published name, e.g. \(recent.examples.joined(separator: ", "))"))
        }
        for source in MajorLineSource.allCases {
            let unmatched = try unmatchedMajorLineNames(source)
            if unmatched.names > 0 {
                skipped.append(("school names without a 学校标识码",
                                "\(unmatched.names) names in \(unmatched.rows) 专业 rows of \(source.rawValue) kept under their published name, e.g. \(unmatched.examples.joined(separator: ", "))"))
            }
        }
        // The version is a fingerprint of the files, so re-importing the same data keeps it (servers keep their
        // snapshot); the import time is kept for the about page.
        try database.write { db in
            try db.execute("INSERT INTO gaokao_meta (key, value) VALUES ('data_version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           fingerprint.hex)
            try db.execute("INSERT INTO gaokao_meta (key, value) VALUES ('imported_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                           String(Int64(Date().timeIntervalSince1970)))
        }
        progress(ImportProgress(done: total, total: total, item: "done"))
        return ImportSummary(imported: imported, skipped: skipped)
    }

    static let insertMajorLine = "INSERT INTO gaokao_major_lines (source, province, year, category, batch, school_name, moe_code, school_code, group_code, subjects, major_code, major_name, note, min_score, min_rank, max_score, admitted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// universities.csv name → 学校标识码 (the names the extra sources are reconciled to).
    static func universityCodes(_ db: any SQLExecutor) throws -> [String: String] {
        var found: [String: String] = [:]
        for row in try db.query("SELECT name, moe_code FROM gaokao_universities WHERE moe_code IS NOT NULL") {
            found[try row.get(0)] = try row.get(1)
        }
        return found
    }

    /// The names of ``LabeledSource/schoolLines2016to2020`` that match no school of universities.csv (branch
    /// campuses, renamed and closed schools): how many, in how many rows, the five most frequent.
    func unmatchedNames() throws -> (names: Int, rows: Int, examples: [String])? {
        try database.read { db in
            let rows = try db.query(
                "SELECT school_name, count(*) AS n FROM gaokao_admission_lines WHERE source = ? AND moe_code IS NULL GROUP BY school_name ORDER BY n DESC, school_name",
                LabeledSource.schoolLines2016to2020.source)
            var total = 0
            var examples: [String] = []
            for row in rows {
                total += try row.get(1, as: Int.self)
                if examples.count < 5 { examples.append(try row.get(0)) }
            }
            return (rows.count, total, examples)
        }
    }

    /// The school names of a ``MajorLineSource`` that match no school of universities.csv: how many, in how many
    /// rows, the five most frequent.
    func unmatchedMajorLineNames(_ source: MajorLineSource) throws -> (names: Int, rows: Int, examples: [String]) {
        try unmatchedNames(in: "gaokao_major_lines", source: source.rawValue)
    }

    /// The school names of `table`'s rows from `source` without a 学校标识码 (`moe_code`): how many, in how many
    /// rows, the five most frequent.
    func unmatchedNames(in table: String, source: String) throws -> (names: Int, rows: Int, examples: [String]) {
        try database.read { db in
            let rows = try db.query(
                "SELECT school_name, count(*) AS n FROM \(table) WHERE source = ? AND moe_code IS NULL GROUP BY school_name ORDER BY n DESC, school_name",
                source)
            var total = 0
            var examples: [String] = []
            for row in rows {
                total += try row.get(1, as: Int.self)
                if examples.count < 5 { examples.append(try row.get(0)) }
            }
            return (rows.count, total, examples)
        }
    }

    /// Replaces one table with the rows of one file; returns the rows kept. `duplicateRows` counts the rows
    /// removed again because another file already has them (``LabeledSource/duplicates``).
    static func load(
        _ file: String, columns: [String: Int], rows: [[String]], into db: any SQLExecutor, badRows: inout Int,
        duplicateRows: inout Int, notes: inout [(item: String, reason: String)], step: (Int) -> Void
    ) throws -> Int {
        var rows = rows
        func text(_ row: [String], _ name: String) -> String {
            guard let index = columns[name], index < row.count else { return "" }
            return row[index].trimmedCell
        }
        func optionalText(_ row: [String], _ name: String) -> SQLValue {
            let value = text(row, name)
            return value.isEmpty ? .null : .text(value)
        }
        func integer(_ row: [String], _ name: String) -> SQLValue {
            Int64(text(row, name)).map { .integer($0) } ?? .null
        }
        func real(_ row: [String], _ name: String) -> SQLValue {
            Double(text(row, name)).map { .real($0) } ?? .null
        }
        func flag(_ row: [String], _ name: String) -> SQLValue { .integer(text(row, name) == "1" ? 1 : 0) }

        let table: String
        // Rows of a file that are not for its table, and the note that says what they were.
        var otherRows = 0
        var otherNote = ""
        var clear: (sql: String, arguments: [SQLValue])?
        var prune: (sql: String, arguments: [SQLValue])?
        let insert: String
        let values: ([String]) -> [SQLValue]?
        switch file {
        case "provinces.csv":
            table = "gaokao_provinces"
            insert = "INSERT INTO gaokao_provinces (code, name, full_name, exam_model, reform_year, categories_current, total_score, total_score_note, score_rank_years, control_line_years) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            values = { r in
                guard case .integer = integer(r, "total_score"), !text(r, "province").isEmpty else { return nil }
                return [.text(text(r, "province_code")), .text(text(r, "province")), .text(text(r, "province_full")),
                        .text(text(r, "exam_model_2025")), integer(r, "new_model_first_exam_year"), .text(text(r, "categories_current")),
                        integer(r, "total_score"), .text(text(r, "total_score_note")), .text(text(r, "score_rank_years")),
                        .text(text(r, "control_line_years"))]
            }
        case "categories.csv":
            table = "gaokao_categories"
            insert = "INSERT INTO gaokao_categories (name, aliases, meaning, used_by) VALUES (?, ?, ?, ?)"
            values = { r in
                text(r, "category").isEmpty ? nil
                    : [.text(text(r, "category")), .text(text(r, "aliases")), .text(text(r, "meaning")), .text(text(r, "used_by"))]
            }
        case "batches.csv":
            table = "gaokao_batches"
            insert = "INSERT INTO gaokao_batches (batch_std, aliases, meaning) VALUES (?, ?, ?)"
            values = { r in
                text(r, "batch_std").isEmpty ? nil : [.text(text(r, "batch_std")), .text(text(r, "aliases_in_data")), .text(text(r, "meaning"))]
            }
        case "universities.csv":
            table = "gaokao_universities"
            insert = "INSERT INTO gaokao_universities (moe_code, school_code, name, province, city, authority, level, ownership, is_985, is_211, is_double_first_class, in_moe_list) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (name) DO UPDATE SET moe_code = excluded.moe_code, school_code = excluded.school_code, province = excluded.province, city = excluded.city, authority = excluded.authority, level = excluded.level, ownership = excluded.ownership, is_985 = excluded.is_985, is_211 = excluded.is_211, is_double_first_class = excluded.is_double_first_class, in_moe_list = excluded.in_moe_list"
            values = { r in
                guard !text(r, "name").isEmpty else { return nil }
                return [optionalText(r, "moe_code"), optionalText(r, "school_code"), .text(text(r, "name")), .text(text(r, "province")),
                        .text(text(r, "city")), .text(text(r, "authority")), .text(text(r, "level")), .text(text(r, "ownership")),
                        flag(r, "is_985"), flag(r, "is_211"), flag(r, "is_double_first_class"), flag(r, "in_moe_list")]
            }
        case "majors.csv":
            table = "gaokao_majors"
            insert = "INSERT INTO gaokao_majors (major_code, major_name, discipline_code, discipline, class_code, class_name, is_special, is_controlled, degree_note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (major_code) DO UPDATE SET major_name = excluded.major_name, discipline_code = excluded.discipline_code, discipline = excluded.discipline, class_code = excluded.class_code, class_name = excluded.class_name, is_special = excluded.is_special, is_controlled = excluded.is_controlled, degree_note = excluded.degree_note"
            values = { r in
                guard !text(r, "major_code").isEmpty else { return nil }
                return [.text(text(r, "major_code")), .text(text(r, "major_name")), .text(text(r, "discipline_code")),
                        .text(text(r, "discipline")), .text(text(r, "class_code")), .text(text(r, "class_name")),
                        flag(r, "is_special_T"), flag(r, "is_controlled_K"), .text(text(r, "degree_note"))]
            }
        case "control_lines.csv":
            table = "gaokao_control_lines"
            insert = "INSERT INTO gaokao_control_lines (province, year, category, batch, batch_std, score) VALUES (?, ?, ?, ?, ?, ?)"
            values = { r in
                guard case .integer = integer(r, "year"), case .integer = integer(r, "score") else { return nil }
                let std = text(r, "batch_std")
                return [.text(text(r, "province")), integer(r, "year"), .text(text(r, "category")), .text(text(r, "batch")),
                        .text(std.isEmpty ? BatchNames.standard(text(r, "batch")) : std), integer(r, "score")]
            }
        case "admission_lines.csv":
            table = "gaokao_admission_lines"
            insert = "INSERT INTO gaokao_admission_lines (source, province, year, category, batch, batch_std, enroll_type, school_name, moe_code, local_code, group_code, plan_count, min_score, min_rank, avg_score, max_score, control_line, line_diff, tie_break, score_note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            values = { r in
                guard case .integer = integer(r, "year"), !text(r, "school_name").isEmpty else { return nil }
                let enroll = text(r, "enroll_type")
                return [.text(text(r, "source")), .text(text(r, "province")), integer(r, "year"), .text(text(r, "category")),
                        .text(text(r, "batch")), .text(BatchNames.standard(text(r, "batch"))), .text(enroll.isEmpty ? "普通类" : enroll),
                        .text(text(r, "school_name")), optionalText(r, "moe_code"), optionalText(r, "local_code"),
                        optionalText(r, "group_code"), integer(r, "plan_count"), integer(r, "min_score"), integer(r, "min_rank"),
                        real(r, "avg_score"), integer(r, "max_score"), integer(r, "control_line"), integer(r, "line_diff"),
                        optionalText(r, "tie_break"), optionalText(r, "score_note")]
            }
        case "score_rank.csv":
            table = "gaokao_score_rank"
            insert = "INSERT INTO gaokao_score_rank (province, year, category, table_scope, score_low, score_high, count, rank_best, rank_cum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (province, year, category, table_scope, score_high) DO UPDATE SET score_low = excluded.score_low, count = excluded.count, rank_best = excluded.rank_best, rank_cum = excluded.rank_cum"
            values = { r in
                let numbers = ["year", "score_low", "score_high", "count", "rank_best", "rank_cum"].map { integer(r, $0) }
                guard !numbers.contains(.null), !text(r, "province").isEmpty else { return nil }
                return [.text(text(r, "province")), numbers[0], .text(text(r, "category")), .text(text(r, "table_scope")),
                        numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]]
            }
        case LabeledSource.schoolLines2016to2020.file:
            // Added to admission_lines.csv's rows (loaded just before), replacing only its own source.
            table = "gaokao_admission_lines"
            let source = LabeledSource.schoolLines2016to2020.source
            clear = ("DELETE FROM gaokao_admission_lines WHERE source = ?", [.text(source)])
            prune = (LabeledSource.duplicates, [.text(source)])
            let codes = try universityCodes(db)
            let provinces = Set(try db.query("SELECT name FROM gaokao_provinces").map { row throws(StorageError) in try row.get(0, as: String.self) })
            insert = "INSERT INTO gaokao_admission_lines (source, province, year, category, batch, batch_std, enroll_type, school_name, moe_code, min_score, min_rank, avg_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            values = { r in
                let province = text(r, "province"), school = text(r, "school"), batch = text(r, "batch")
                guard case .integer = integer(r, "year"), provinces.contains(province), !school.isEmpty, !batch.isEmpty else { return nil }
                // 0 is the source's "no rank".
                let rank: SQLValue = (Int64(text(r, "min_rank")) ?? 0) > 0 ? integer(r, "min_rank") : .null
                return [.text(source), .text(province), integer(r, "year"), .text(text(r, "category")), .text(batch),
                        .text(BatchNames.standard(batch)), .text(LabeledSource.programType(plan: text(r, "plan_type"), batch: batch)),
                        .text(school), codes[LabeledSource.normalizedName(school)].map { .text($0) } ?? .null,
                        integer(r, "min_score"), rank, real(r, "avg_score")]
            }
        case MajorLineSource.jsoneftFile:
            table = "gaokao_major_lines"
            clear = ("DELETE FROM gaokao_major_lines WHERE source = ?", [.text(MajorLineSource.jsoneft.rawValue)])
            let codes = try universityCodes(db)
            insert = Self.insertMajorLine
            values = { r in
                let province = text(r, "province"), school = text(r, "college_name"), major = text(r, "major_name")
                guard case .integer = integer(r, "year"), !province.isEmpty, !school.isEmpty, !major.isEmpty else { return nil }
                // 0 is the source's "no value".
                func positive(_ name: String) -> SQLValue { (Int64(text(r, name)) ?? 0) > 0 ? integer(r, name) : .null }
                return [.text(MajorLineSource.jsoneft.rawValue), .text(province), integer(r, "year"), .text(MajorLineSource.category(text(r, "subject_type"))),
                        .text(text(r, "batch")), .text(school), codes[LabeledSource.normalizedName(school)].map { .text($0) } ?? .null,
                        .text(text(r, "college_code")), .text(text(r, "group_code")), .text(text(r, "class_demand")),
                        .text(text(r, "major_code")), .text(major), .text(text(r, "description")), positive("lowest_points"),
                        positive("lowest_rank"), .null, .null]
            }
        case let name where MajorLineSource.guangdongFile(name) != nil:
            let (year, category) = MajorLineSource.guangdongFile(name)!
            table = "gaokao_major_lines"
            clear = ("DELETE FROM gaokao_major_lines WHERE source = ? AND year = ? AND category = ?",
                     [.text(MajorLineSource.guangdong.rawValue), .integer(Int64(year)), .text(category)])
            let codes = try universityCodes(db)
            insert = Self.insertMajorLine
            values = { r in
                let school = text(r, "院校名称"), major = text(r, "专业/类")
                // The file's own 年份 must be the year its name says; scores and counts are written as `626` or `638.0`.
                guard Int(text(r, "年份")) == year, !school.isEmpty, !major.isEmpty else { return nil }
                func whole(_ name: String) -> SQLValue { Double(text(r, name)).map { .integer(Int64($0.rounded())) } ?? .null }
                return [.text(MajorLineSource.guangdong.rawValue), .text("广东"), .integer(Int64(year)), .text(category), .text(""),
                        .text(school), codes[LabeledSource.normalizedName(school)].map { .text($0) } ?? .null, .text(text(r, "代码")),
                        .text(text(r, "专业组")), .text(text(r, "选科")), .text(text(r, "专业\n编号")), .text(major), .text(text(r, "备注")),
                        whole("最低分"), whole("最低分\n平均排位"), whole("最高分"), whole("录取\n人数")]
            }
        case RecentSource.scoreRankFile:
            let unique = RecentSource.uniqueBands(rows, columns: columns)
            rows = unique.rows
            if unique.dropped > 0 { notes.append((file, "\(unique.dropped) rows repeating a band of the same table from a second source (the official row kept)")) }
            table = "gaokao_score_rank"
            clear = ("DELETE FROM gaokao_score_rank WHERE source = ?", [.text(RecentSource.source)])
            let years = try ProvinceYears(db)
            insert = "INSERT INTO gaokao_score_rank (province, year, category, table_scope, score_low, score_high, count, rank_best, rank_cum, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (province, year, category, table_scope, score_high) DO UPDATE SET score_low = excluded.score_low, count = excluded.count, rank_best = excluded.rank_best, rank_cum = excluded.rank_cum, source = excluded.source"
            values = { r in
                let numbers = ["year", "score_low", "score_high", "count", "rank_best", "rank_cum"].map { integer(r, $0) }
                guard !numbers.contains(.null), case .integer(let year) = numbers[0], years.provinces[text(r, "province")] != nil else { return nil }
                guard let scope = RecentSource.ordinaryScope(text(r, "table_scope")),
                    let category = years.category(text(r, "category"), text(r, "province"), Int(year))
                else {
                    otherRows += 1
                    return []
                }
                return [.text(text(r, "province")), numbers[0], .text(category), .text(scope), numbers[1], numbers[2], numbers[3], numbers[4],
                        numbers[5], .text(RecentSource.source + ":" + text(r, "source_detail"))]
            }
            otherNote = "rows of art, sport, 专科-only and other special tables not imported"
        case RecentSource.controlLinesFile:
            table = "gaokao_control_lines"
            clear = ("DELETE FROM gaokao_control_lines WHERE source LIKE ?", [.text(RecentSource.source + "%")])
            let years = try ProvinceYears(db)
            insert = "INSERT INTO gaokao_control_lines (province, year, category, batch, batch_std, score, source) VALUES (?, ?, ?, ?, ?, ?, ?)"
            values = { r in
                guard case .integer(let year) = integer(r, "year"), case .integer = integer(r, "score"), years.provinces[text(r, "province")] != nil
                else { return nil }
                guard let std = RecentSource.controlBatch(batch: text(r, "batch"), group: text(r, "line_group")),
                    let category = years.category(text(r, "category"), text(r, "province"), Int(year))
                else {
                    otherRows += 1
                    return []
                }
                return [.text(text(r, "province")), integer(r, "year"), .text(category), .text(text(r, "batch")), .text(std), integer(r, "score"),
                        .text(RecentSource.source + ":" + text(r, "source_detail"))]
            }
            otherNote = "lines that are not a batch's ordinary or special line (art, sport, 专项, 男/女 and A/B 类 lines) not imported"
        case RecentSource.schoolLinesFile:
            step(rows.count)
            return try loadRecentSchoolLines(columns: columns, rows: rows, into: db, notes: &notes)
        default:
            return 0
        }
        if let clear { try db.execute(clear.sql, clear.arguments) } else { try db.execute("DELETE FROM " + table, []) }
        var inserted = 0
        var pending = 0
        for row in rows {
            pending += 1
            if pending == 5_000 {
                step(pending)
                pending = 0
            }
            if row.count == 1, row[0].isEmpty { continue }
            guard let arguments = values(row) else {
                badRows += 1
                continue
            }
            // An empty list: a row that parses but is not for this table (counted by the file's own note).
            if arguments.isEmpty { continue }
            try db.execute(insert, arguments)
            inserted += 1
        }
        step(pending)
        if otherRows > 0 { notes.append((file, "\(otherRows) \(otherNote)")) }
        if let prune {
            let removed = try db.execute(prune.sql, prune.arguments)
            duplicateRows += removed
            inserted -= removed
        }
        return inserted
    }
}
