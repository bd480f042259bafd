import Foundation
import Storage

/// Short names a home province's sources publish for a school (上海's exam authority: `上海交大`, `上应大`, `二工大`),
/// joined to the school's full name and 学校标识码 so its lines of all years make one series (issue 28: 上海交通大学's
/// 2017–2020 lines and its 2020–2025 `上海交大` lines did not join).
///
/// Derived from the data: a line without a 学校标识码 and a line with one, from two sources, of the same home
/// province, year, 科类, batch, 最低分 and 最低位次 — where that score and rank belong to one school on each side — are one
/// school's line when every character of the short name appears, in order, in the full name (`上海交大` in
/// `上海交通大学`; a tie of two schools, or `兰州理工` against `文华学院`, is not a match). A short name is joined when all
/// its matches name one school. What cannot be derived that way is in ``listed`` with its source.
enum SchoolAliases {
    /// Aliases the lines cannot show (no pair of lines with one score and rank on both sides): province, short name,
    /// full name as in the other lines, source. 上海交通大学医学院 has no 学校标识码 of its own in `universities.csv`.
    static let listed: [(province: String, alias: String, name: String, source: String)] = [
        ("上海", "上海交大", "上海交通大学",
         "keke_sh (上海市教育考试院 投档线 2020–2024) writes 上海交大; its groups 01 publish no score (only the rank band), so no "
            + "line pair of one score and rank can derive it; Oliver666Young's 上海 2017–2019 tables write 上海交通大学"),
        ("上海", "交大医学", "上海交通大学医学院",
         "keke_sh (上海市教育考试院 投档线 2020–2024) writes 交大医学; Oliver666Young's 上海 2017–2020 tables write 上海交通大学医学院, "
            + "which has no 学校标识码 of its own in universities.csv, so no line pair can derive it"),
    ]

    /// What one run changed, per home province: lines (2021–2025) whose school also has a 2016–2020 line under the
    /// same key, before and after.
    struct Outcome {
        var aliases: Int = 0
        var rows: Int = 0
        var joined: [(province: String, before: Int, after: Int)] = []
    }

    /// Derives the aliases from the loaded lines and renames their rows (`school_name`, `moe_code`) in `db`.
    static func resolve(in db: any SQLExecutor) throws -> Outcome {
        let before = try joinedRows(db)
        // One slot per home province, year, 科类, batch, score and rank: the names on it without and with a code.
        var slots: [String: (short: Set<String>, full: [String: String], sources: Set<String>)] = [:]
        for row in try db.query("""
            SELECT province, year, category, batch_std, min_score, min_rank, school_name, moe_code, source
            FROM gaokao_admission_lines WHERE min_score IS NOT NULL AND min_rank IS NOT NULL
            """)
        {
            let key = [try row.get(0, as: String.self), String(try row.get(1, as: Int.self)), try row.get(2, as: String.self),
                       try row.get(3, as: String.self), String(try row.get(4, as: Int.self)), String(try row.get(5, as: Int.self))]
                .joined(separator: "\u{1F}")
            let name = try row.get(6, as: String.self)
            var slot = slots[key] ?? ([], [:], [])
            if let code = try row.get(7, as: String?.self) { slot.full[name] = code } else { slot.short.insert(name) }
            slot.sources.insert(try row.get(8, as: String.self))
            slots[key] = slot
        }
        var candidates: [String: [String: (name: String, code: String?, votes: Int)]] = [:]
        for (key, slot) in slots where slot.short.count == 1 && slot.full.count == 1 && slot.sources.count > 1 {
            let alias = slot.short.first!, (name, code) = slot.full.first!
            guard isAbbreviation(alias, of: name) else { continue }
            let province = String(key.prefix { $0 != "\u{1F}" })
            candidates[province + "\u{1F}" + alias, default: [:]][name, default: (name, code, 0)].votes += 1
        }
        var outcome = Outcome()
        var applied: [(province: String, alias: String, name: String, code: String?)] = []
        for (key, names) in candidates where names.count == 1 {
            let parts = key.split(separator: "\u{1F}").map(String.init)
            let target = names.values.first!
            applied.append((parts[0], parts[1], target.name, target.code))
        }
        for entry in listed where !applied.contains(where: { $0.province == entry.province && $0.alias == entry.alias }) {
            let code = try db.scalar("SELECT moe_code FROM gaokao_universities WHERE name = ?", entry.name, as: String.self)
            applied.append((entry.province, entry.alias, entry.name, code))
        }
        for entry in try byName(in: db) where !applied.contains(where: { $0.province == entry.province && $0.alias == entry.alias }) {
            applied.append(entry)
        }
        for entry in applied {
            let changed = try db.execute(
                "UPDATE gaokao_admission_lines SET school_name = ?, moe_code = ? WHERE province = ? AND school_name = ? AND moe_code IS NULL",
                entry.name, entry.code, entry.province, entry.alias)
            if changed > 0 { outcome.aliases += 1; outcome.rows += changed }
        }
        let after = try joinedRows(db)
        outcome.joined = Set(before.keys).union(after.keys).sorted().map { ($0, before[$0] ?? 0, after[$0] ?? 0) }
        return outcome
    }

    /// Short names no line pair can derive (the school's lines under its two names share no year), joined by the names
    /// themselves — 上海's exam authority writes 上海海事 for 上海海事大学 (2024–2025 lines) where 2016–2020 sources write
    /// the full name (tester 31a #1: one 院校专业组 picked twice, 冲 and 保). A name is joined when
    /// - it has no 学校标识码, is no name in `universities.csv`, has 3 or 4 characters and does not end in 学院 (a short
    ///   name, not a school missing from the list: 岳阳学院 is not 岳阳职业技术学院);
    /// - exactly one name with a 学校标识码 in the same home province's lines starts with its first character and holds
    ///   every character in order (``isAbbreviation(_:of:)``; 上海海大 fits 上海海事大学 and 上海海洋大学 and stays);
    /// - no other school in `universities.csv` fits it so, nor holds it whole, but that school's own colleges and
    ///   campuses (names that start with its name): 成都医学 fits 成都医学院 as well as 成都中医药大学 and stays;
    /// - no year, 科类, batch, type and group has a line under both names with different 最低分 (two schools).
    static func byName(in db: any SQLExecutor) throws -> [(province: String, alias: String, name: String, code: String?)] {
        let universities = try db.query("SELECT name FROM gaokao_universities").map { row throws(StorageError) in try row.get(0, as: String.self) }
        let listedNames = Set(universities)
        var short: [String: Set<String>] = [:]
        var full: [String: [String: String]] = [:]
        for row in try db.query("SELECT DISTINCT province, school_name, moe_code FROM gaokao_admission_lines") {
            let province = try row.get(0, as: String.self), name = try row.get(1, as: String.self)
            if let code = try row.get(2, as: String?.self) {
                full[province, default: [:]][name] = code
            } else if !listedNames.contains(name), (3...4).contains(name.count), !name.hasSuffix("学院") {
                short[province, default: []].insert(name)
            }
        }
        func fits(_ alias: String, _ name: String) -> Bool { name.first == alias.first && isAbbreviation(alias, of: name) }
        var found: [(province: String, alias: String, name: String, code: String?)] = []
        for (province, aliases) in short.sorted(by: { $0.key < $1.key }) {
            for alias in aliases.sorted() {
                let matches = (full[province] ?? [:]).filter { fits(alias, $0.key) }
                guard matches.count == 1, let (name, code) = matches.first else { continue }
                guard !universities.contains(where: { $0 != name && !$0.hasPrefix(name) && (fits(alias, $0) || $0.contains(alias)) }) else { continue }
                let conflicts = try db.scalar("""
                    SELECT count(*) FROM gaokao_admission_lines a JOIN gaokao_admission_lines b
                      ON b.province = a.province AND b.year = a.year AND b.category = a.category AND b.batch_std = a.batch_std
                     AND b.enroll_type = a.enroll_type AND coalesce(b.group_code, '') = coalesce(a.group_code, '')
                    WHERE a.province = ? AND a.school_name = ? AND a.moe_code IS NULL AND b.school_name = ? AND a.min_score <> b.min_score
                    """, province, alias, name, as: Int.self) ?? 0
                if conflicts == 0 { found.append((province, alias, name, code)) }
            }
        }
        return found
    }

    /// Whether every character of `short` appears in `full` in order (and `short` is shorter).
    static func isAbbreviation(_ short: String, of full: String) -> Bool {
        guard short.count < full.count else { return false }
        var rest = Substring(full)
        for character in short {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// Per home province: the 2021–2025 lines whose school (学校标识码, else name) has a 2016–2020 line of the same
    /// home province from another source — the joins across sources a prediction over 2020/2021 needs (a source's
    /// own 2020 line under its own short name does not count).
    static func joinedRows(_ db: any SQLExecutor) throws -> [String: Int] {
        var older: [String: Set<String>] = [:]
        var recent: [(province: String, school: String, source: String, rows: Int)] = []
        for row in try db.query("""
            SELECT province, year >= 2021, coalesce(moe_code, school_name), source, count(*) FROM gaokao_admission_lines
            WHERE year >= 2016 GROUP BY 1, 2, 3, 4
            """)
        {
            let province = try row.get(0, as: String.self), school = try row.get(2, as: String.self), source = try row.get(3, as: String.self)
            if try row.get(1, as: Int.self) == 1 {
                recent.append((province, school, source, try row.get(4, as: Int.self)))
            } else {
                older[province + "\u{1F}" + school, default: []].insert(source)
            }
        }
        var counts: [String: Int] = [:]
        for entry in recent where older[entry.province + "\u{1F}" + entry.school]?.contains(where: { $0 != entry.source }) == true {
            counts[entry.province, default: 0] += entry.rows
        }
        return counts
    }
}
