import Foundation

/// One year in which a school filed ordinary (普通类) lines in a home province and 科类: its 院校专业组 (or 专业) codes
/// per batch, `""` for a school-level line. Only years whose data cover the batch count (``SeriesHistory``).
struct SchoolYear: Sendable, Hashable {
    var year: Int
    var groups: [String: Set<String>]
}

/// Why a series is predicted from fewer years, or not at all (issue 28: "a school whose batch or group changed since a
/// year is not predicted from before the change").
public enum SeriesChange: Sendable, Hashable {
    /// From `year` on the school filed in `batches` instead of this series' batch (浙江海洋大学 in 河南 理科: 本科一批
    /// 2016–2017, 本科二批 since 2018).
    case batch(year: Int, batches: [String])
    /// From `year` on the school's groups in this batch were not those of the years before (added, dropped or
    /// renumbered: 湖南 numbers groups afresh each year), or this group no longer exists.
    case group(year: Int)

    public var year: Int {
        switch self {
        case .batch(let year, _), .group(let year): year
        }
    }
}

/// What a series may be predicted from for a target year.
enum SeriesAvailability: Sendable, Hashable {
    /// The points from `from` (nil: every point) before the target year; `change` names the change that cut older ones.
    case usable(from: Int?, change: SeriesChange?)
    /// The series no longer exists in its newest covered year: not predicted.
    case retired(SeriesChange)
}

/// ``SchoolSeries/availability(before:)`` for the targets after one covered year (up to the next).
struct YearAvailability: Sendable, Hashable {
    var year: Int
    var value: SeriesAvailability
}

/// The history of a school in a home province and 科类, over the years whose data cover each batch: a year counts for
/// batch B only when the data of that province-year list at least half as many schools in B as its best-covered year
/// (the thin 2021–2023 years and partial sources, e.g. 四川 2024's few 本科 rows, say nothing about a school's absence).
struct SeriesHistory {
    struct SchoolKey: Hashable {
        var province: String
        var category: String
        var school: String
    }

    private(set) var schools: [SchoolKey: [SchoolYear]] = [:]

    init(_ lines: [AdmissionLine]) {
        struct Coverage: Hashable {
            var province: String
            var category: String
            var batch: String
        }
        var schoolsPerYear: [Coverage: [Int: Set<String>]] = [:]
        var groups: [SchoolKey: [Int: [String: Set<String>]]] = [:]
        for line in lines where line.enrollType == "普通类" && line.minScore != nil {
            let coverage = Coverage(province: line.province, category: line.category, batch: line.batchStd)
            schoolsPerYear[coverage, default: [:]][line.year, default: []].insert(line.schoolKey)
            groups[SchoolKey(province: line.province, category: line.category, school: line.schoolKey), default: [:]][line.year, default: [:]][
                line.batchStd, default: []].insert(line.groupCode ?? "")
        }
        struct CoveredYear: Hashable {
            var coverage: Coverage
            var year: Int
        }
        var covered: Set<CoveredYear> = []
        for (coverage, years) in schoolsPerYear {
            let most = years.values.map(\.count).max() ?? 0
            for (year, schools) in years where schools.count * 2 >= most {
                covered.insert(CoveredYear(coverage: coverage, year: year))
            }
        }
        for (key, years) in groups {
            schools[key] = years.keys.sorted().map { year in
                let batches = years[year]!.filter {
                    covered.contains(CoveredYear(coverage: Coverage(province: key.province, category: key.category, batch: $0.key), year: year))
                }
                return SchoolYear(year: year, groups: batches)
            }.filter { !$0.groups.isEmpty }
        }
    }

    /// The years of `series`' school (empty without ordinary lines).
    func years(of series: SchoolSeries) -> [SchoolYear] {
        schools[SchoolKey(province: series.province, category: series.category, school: series.schoolKey)] ?? []
    }
}

extension SchoolSeries {
    /// What this series may be predicted from for target `year`, from its school's covered years before `year`:
    /// retired when the newest of them has the school in other batches only, or without this group; else the points
    /// back to the first year whose groups in this batch differ from the newest's (or whose batch differs). Looked up
    /// in ``availabilities``, computed once per snapshot (a request hashes nothing here).
    func availability(before year: Int) -> SeriesAvailability {
        var index = availabilities.count
        while index > 0, availabilities[index - 1].year >= year { index -= 1 }
        return index == 0 ? .usable(from: nil, change: nil) : availabilities[index - 1].value
    }

    /// ``availability(before:)`` for a target just after each covered year: the answer for every target year up to
    /// the next covered year.
    static func availabilities(batch: String, group: String, history: [SchoolYear]) -> [YearAvailability] {
        history.indices.map { end in
            let newest = history[end]
            guard let mine = newest.groups[batch] else {
                return YearAvailability(year: newest.year, value: .retired(.batch(year: newest.year, batches: newest.groups.keys.sorted { BatchNames.order($0) < BatchNames.order($1) })))
            }
            guard mine.contains(group) else { return YearAvailability(year: newest.year, value: .retired(.group(year: newest.year))) }
            var from = newest.year
            for older in history[..<end].reversed() {
                guard let theirs = older.groups[batch] else {
                    return YearAvailability(year: newest.year, value: .usable(from: from, change: .batch(year: from, batches: [batch])))
                }
                guard theirs == mine else { return YearAvailability(year: newest.year, value: .usable(from: from, change: .group(year: from))) }
                from = older.year
            }
            return YearAvailability(year: newest.year, value: .usable(from: nil, change: nil))
        }
    }
}

extension SchoolSeries {
    /// The change that cut or retired this series for target `year` (nil when every year is usable).
    func change(before year: Int) -> SeriesChange? {
        switch availability(before: year) {
        case .usable(_, let change): change
        case .retired(let change): change
        }
    }
}
