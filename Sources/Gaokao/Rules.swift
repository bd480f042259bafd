import Foundation

/// The years a student can pick: the first 省控线 year to the newest 一分一段表 (2026: extra/score_rank_2025_2026, 28
/// provinces). A year outside is refused (422 naming `year`).
public enum ExamYears {
    public static let range: ClosedRange<Int> = 2014...2026
    /// The default: the latest year with a 一分一段表 in the data, so a student plans this year's score from the
    /// newest lines (issue 28).
    public static let latestWithData = 2026
}

extension GaokaoData {
    /// The 科类 offered for a province and year (research §2 "From 文/理 to 3+3 and 3+1+2"): 文科/理科 before the
    /// province's first new-model year (`provinces.csv.new_model_first_exam_year`), then 综合 (3+3) or
    /// 物理类/历史类 (3+1+2). 新疆 and 西藏 have no reform year and keep 文/理.
    public func categories(province: String, year: Int) -> [String] {
        guard let info = self.province(named: province) else { return [] }
        guard let reform = info.reformYear, year >= reform else { return ["理科", "文科"] }
        return info.examModel == "3+3" ? ["综合"] : ["物理类", "历史类"]
    }

    /// True when the province fills by 院校专业组 (or 专业) in `year`: its new-gaokao years (research §2). A school-level
    /// line is then no 志愿 of its own and 学校推荐 offers groups only.
    public func fillsByGroup(province: String, year: Int) -> Bool {
        guard let reform = self.province(named: province)?.reformYear else { return false }
        return year >= reform
    }

    /// The highest valid score for a province and year (research §2 "Score totals"): 上海 660 from 2017,
    /// 海南 900 (标准分), 江苏 480 before 2021, otherwise `provinces.csv.total_score` (750). When that year's
    /// 一分一段表 tops out higher (海南 2018–2019: 940), the table's top is the bound.
    public func maximumScore(province: String, year: Int) -> Int {
        var total = self.province(named: province)?.totalScore ?? 750
        if province == "江苏", year < 2021 { total = 480 }
        let tableTop = categories(province: province, year: year)
            .compactMap { table(province: province, year: year, category: $0)?.topScore }.max() ?? 0
        return Swift.max(total, tableTop)
    }

    /// The batches a student of this province, year and 科类 can fill, from the 省控线 of that year
    /// (`batch_std`, ordinary batches only). For a year without ordinary lines (2024: the source only kept
    /// special lines; 2025: not published) the latest earlier year of the same 科类 is used, and a 科类 that
    /// is new that year gets the merged batches every reform province has (本科批, 专科批).
    public func batches(province: String, year: Int, category: String) -> [String] {
        let lines = controlLines(province: province)
        for candidate in stride(from: Swift.min(year, ExamYears.range.upperBound), through: ExamYears.range.lowerBound, by: -1) {
            let found = Set(lines.filter { $0.year == candidate && $0.category == category }.map(\.batchStd))
                .filter { BatchNames.ordinary.contains($0) }
            if !found.isEmpty { return found.sorted { BatchNames.order($0) < BatchNames.order($1) } }
        }
        return ["本科批", "专科批"]
    }

    /// Every batch with a 省控线 in the province and year (special lines included), for 省控线查询.
    public func controlLineBatches(province: String, year: Int?) -> [String] {
        let lines = controlLines(province: province).filter { year == nil || $0.year == year }
        return Set(lines.map(\.batchStd)).sorted {
            (BatchNames.order($0), $0) < (BatchNames.order($1), $1)
        }
    }

    /// The batches with school lines in a home province and 科类 (any 科类 when nil), in batch order.
    public func admissionBatches(province: String, category: String?) -> [String] {
        admissions[province]?.batches[category] ?? []
    }
}
