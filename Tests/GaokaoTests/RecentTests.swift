import AppSuiteTesting
@testable import Gaokao
import Testing
import WebUI

/// Issue 28 on the real data: the 2021–2026 files, groups, 选科, rank and line that agree, batch and group changes,
/// the bands, and the faults quoted in the issue (each on the case quoted).
@Suite("Gaokao 2021–2026 lines and agreeing numbers", .requires(.gaokao))
struct RecentTests {
    var data: GaokaoData { get throws { try GaokaoFixture.get().data } }

    /// Every pick of a profile: the line and the rank are one prediction through the named table (the rank lies in
    /// the line's band), the gap is score − line, 冲 exactly when the line is above the score, 保 at or above 80%.
    func checkPicks(_ result: RecommendationResult, province: String, year: Int, category: String, score: Int, batch: String = "本科批") throws -> Int {
        let table = try #require(try data.table(province: province, year: year, category: category))
        let configuration = PredictionConfiguration()
        for item in result.items {
            let rank = try #require(item.predictedRank, "\(item.series.displayName) has no rank")
            let band = try #require(GaokaoData.rank(in: table, score: item.predictedScore))
            #expect(band.rankBest <= rank && rank <= band.rank, "\(item.series.displayName): rank \(rank), line \(item.predictedScore)")
            #expect(item.rankTableYear == year)
            #expect(item.gap == score - item.predictedScore)
            #expect((item.bucket == .risky) == (item.gap < 0), "\(item.series.displayName): \(item.bucket) with gap \(item.gap)")
            #expect(configuration.bucket(chance: item.probability) == item.bucket)
            #expect(item.years.allSatisfy { $0 < year })
            // Where the province fills by 院校专业组, a school with group lines is picked by group only (its
            // school-level line is no 志愿 there); a school with school-level lines only stays.
            if try data.fillsByGroup(province: province, year: year), item.series.groupCode == nil {
                let groups = try data.filingSeries(province: province, category: category, batchStd: batch)
                    .filter { $0.schoolName == item.series.schoolName && $0.groupCode != nil }
                #expect(groups.isEmpty, "\(item.series.displayName) picked by its school line beside \(groups.count) groups")
            }
        }
        return result.items.count
    }

    @Test("rank and line agree on every pick of several profiles (河南 2020 理科 600: 集美大学, 上海海洋大学, 天津理工大学)")
    func ranksAndLinesAgree() throws {
        let data = try data
        let henan = data.recommend(province: "河南", year: 2020, category: "理科", batch: "本科一批", score: 600, tendency: nil, targetProvince: nil, limit: 200)
        #expect(try checkPicks(henan, province: "河南", year: 2020, category: "理科", score: 600) > 50)
        // The quoted schools: 集美大学 showed rank 44458 beside line 604 (rank 44458 is about 599 in that table).
        for school in ["集美大学", "上海海洋大学", "天津理工大学"] {
            let series = try #require(data.schoolSeries(province: "河南", category: "理科", batchStd: "本科一批").first { $0.schoolName == school })
            let prediction = try #require(data.predict(series, year: 2020))
            let table = try #require(data.table(province: "河南", year: 2020, category: "理科"))
            let band = try #require(GaokaoData.rank(in: table, score: prediction.stable))
            #expect(prediction.predictedRank == band.rank && prediction.rankTableYear == 2020, "\(school)")
        }
        let profiles: [(String, Int, String, String, Int)] = [
            ("湖南", 2026, "物理类", "本科批", 600), ("湖南", 2026, "历史类", "本科批", 560), ("江苏", 2026, "物理类", "本科批", 580),
            ("广东", 2026, "物理类", "本科批", 560), ("四川", 2023, "理科", "本科一批", 600), ("上海", 2026, "综合", "本科批", 500),
        ]
        for (province, year, category, batch, score) in profiles {
            let result = data.recommend(province: province, year: year, category: category, batch: batch, score: score, tendency: nil,
                                        targetProvince: nil, limit: 200)
            let picks = try checkPicks(result, province: province, year: year, category: category, score: score)
            #expect(picks > 0, "\(province) \(year) \(category): \(result.considered) considered, \(result.retired) retired, \(result.unpredictable) unpredictable, \(result.outsideBands) outside")
        }
    }

    @Test("a 湖南 2026 物理类 600 student gets 院校专业组 picks from the 2021–2025 lines")
    func hunan2026() throws {
        let data = try data
        let result = data.recommend(province: "湖南", year: 2026, category: "物理类", batch: "本科批", score: 600, tendency: nil, targetProvince: nil)
        #expect(result.items.count == 30)
        #expect(result.candidateRank != nil)
        #expect(result.items.allSatisfy { $0.series.groupCode != nil && $0.years.allSatisfy((2021...2025).contains) })
        #expect(result.items.contains { $0.years.contains(2025) })
        #expect(Set(result.items.map(\.bucket)) == Set(Bucket.allCases))
    }

    /// Issue 28 after an outside test pass: 广东's 2025 院校专业组 lines were imported but unused (the 2025 ranks are the
    /// authority's own, and 广东 has no 2025 table here to check them against; a 广东 2026 物理类 580 student got 2 picks
    /// from 2024 lines and 华南理工大学's prediction answered 404); 北京's 2025 group lines carry no rank; 天津's are in its
    /// 本科批 A/B stages. Every pick of a 2026 profile now stands on the newest lines, its rank and line agreeing
    /// through the 2026 table.
    @Test("2026 profiles get picks from the newest (2025) lines, by group where the province fills by group",
          arguments: [("湖南", "物理类", 600, true), ("广东", "物理类", 580, true), ("河南", "物理类", 580, false), ("四川", "物理类", 580, false),
                      ("北京", "综合", 600, true), ("天津", "综合", 600, true), ("江苏", "物理类", 580, true), ("河北", "物理类", 580, true)])
    func newestLines2026(province: String, category: String, score: Int, byGroup: Bool) throws {
        let data = try data
        let result = data.recommend(province: province, year: 2026, category: category, batch: "本科批", score: score, tendency: nil,
                                    targetProvince: nil, limit: 200)
        let picks = try checkPicks(result, province: province, year: 2026, category: category, score: score)
        #expect(picks >= 20, "\(province): \(picks) picks of \(result.considered) considered, \(result.unpredictable) unpredictable")
        #expect(result.lineYears.first == 2025)
        #expect(result.items.allSatisfy { $0.rankTableYear == 2026 })
        // Every pick by group stands on its school's newest lines in the batch (2025 unless the source misses the school
        // that year); where the province fills by group, nearly all are groups (a school with school-level lines only
        // stays: 广东 华北电力大学).
        let all = data.filingSeries(province: province, category: category, batchStd: "本科批")
        var newest: [String: Int] = [:]
        for series in all { newest[series.schoolName] = max(newest[series.schoolName] ?? 0, series.points.last?.year ?? 0) }
        let groups = result.items.filter { $0.series.groupCode != nil }
        let stale = groups.filter { $0.years.max() != newest[$0.series.schoolName] }.map(\.series.displayName)
        #expect(stale.isEmpty, "\(province): \(stale)")
        #expect(groups.filter { $0.years.max() == 2025 }.count * 10 >= groups.count * 9)
        if byGroup {
            #expect(groups.count * 10 >= picks * 8, "\(province): \(groups.count) of \(picks) picks by group")
        } else {
            // 河南 and 四川 reformed in 2025 and the source has school lines for that year (a few dozen group lines).
            #expect(result.items.filter { $0.years.max() == 2025 }.count * 10 >= picks * 9)
        }
    }

    @Test("华南理工大学 in 广东 2026 物理类 is predicted from its 2025 院校专业组 lines")
    func guangdongGroupPrediction() throws {
        let data = try data
        let outcome = GaokaoQueries.predict(data, province: "广东", year: 2026, category: "物理类", batch: "本科批", school: "华南理工大学",
                                            userLine: nil, configuration: PredictionConfiguration())
        let main = try #require(outcome.main)
        // SCUT's five 2025 groups (212 … 216, source: the 广东 authority's 本科批 投档 PDF); the main answer is the lowest.
        let codes: [String] = outcome.groups.compactMap { group in group.series?.groupCode }
        #expect(Set(codes).isSuperset(of: ["212", "213", "214", "215", "216"]))
        #expect(main.series?.groupCode != nil && main.prediction.years == [2025] && main.prediction.rankTableYear == 2026)
        #expect(main.prediction.stable == outcome.groups.map(\.prediction.stable).min())
    }

    // control_lines.csv: 河南,2020,理科,本科一批,本科一批,544; extra/school_lines_2016_2020: 郑州大学 624.
    @Test("省控线 and 线差 for every source: 河南 2020 理科 一本 544, 郑州大学 线差 80")
    func controlLinesForEverySource() throws {
        let data = try data
        let line = try #require(data.admissionLines(province: "河南").first {
            $0.schoolName == "郑州大学" && $0.year == 2020 && $0.category == "理科" && $0.batch == "本科一批" && $0.enrollType == "普通类"
        })
        #expect(line.source == "labolado" && line.controlLine == 544 && line.lineDiff == 80)
        // 2021 河南 (the authority's 投档 PDF) gets its 2021 line too.
        let recent = data.admissionLines(province: "河南").filter { $0.source == "lgh_site" && $0.year == 2021 && $0.batchStd == "本科一批" }
        #expect(!recent.isEmpty && recent.allSatisfy { line in line.controlLine != nil && line.lineDiff == line.minScore.map { $0 - line.controlLine! } })
    }

    @Test("no prediction across a batch change: 浙江海洋大学 in 河南 理科 is 二批 since 2018")
    func batchChange() throws {
        let data = try data
        let first = try #require(data.schoolSeries(province: "河南", category: "理科", batchStd: "本科一批").first { $0.schoolName == "浙江海洋大学" })
        #expect(first.points.map(\.year).contains(2016))
        guard case .retired(.batch(let year, let batches)) = first.availability(before: 2020) else {
            Issue.record("浙江海洋大学 本科一批 should be retired: \(first.availability(before: 2020))")
            return
        }
        #expect(year >= 2018 && batches.contains("本科二批"))
        #expect(data.predict(first, year: 2020) == nil)
        let picks = data.recommend(province: "河南", year: 2020, category: "理科", batch: "本科一批", score: 600, tendency: nil, targetProvince: nil, limit: 200)
        #expect(!picks.items.contains { $0.series.schoolName == "浙江海洋大学" })
        let second = try #require(data.schoolSeries(province: "河南", category: "理科", batchStd: "本科二批").first { $0.schoolName == "浙江海洋大学" })
        #expect(data.predict(second, year: 2020)?.years.allSatisfy { $0 >= 2018 } == true)
    }

    @Test("广东 2024 物理类 本科批 is not silently empty")
    func guangdong2024() throws {
        let data = try data
        let result = data.recommend(province: "广东", year: 2024, category: "物理类", batch: "本科批", score: 560, tendency: nil, targetProvince: nil)
        let notice = GaokaoText.emptyPicks(result, data: data, province: "广东", year: 2024, category: "物理类", batch: "本科批")
        #expect(result.considered > 0)
        if result.items.isEmpty {
            #expect(notice.zh.contains("\(result.considered)") && notice.zh.contains("2024"))
        }
        // A batch the province has no lines for names the batches it has.
        let none = data.recommend(province: "广东", year: 2024, category: "物理类", batch: "本科一批", score: 560, tendency: nil, targetProvince: nil)
        #expect(none.considered == 0 && none.items.isEmpty)
        #expect(GaokaoText.emptyPicks(none, data: data, province: "广东", year: 2024, category: "物理类", batch: "本科一批").zh.contains("本科批"))
    }

    @Test("选科 filters the groups a student may fill; a combination the province does not allow is refused")
    func subjects() throws {
        let data = try data
        guard case .success(let chosen) = data.validateSubjects("化学,生物", province: "江苏", year: 2026, category: "物理类") else {
            Issue.record("化学,生物 is a 江苏 物理类 combination")
            return
        }
        #expect(chosen == [.physics, .chemistry, .biology])
        for bad in ["化学", "历史,化学", "化学,生物,地理", "美术,化学"] {
            guard case .failure(let error) = data.validateSubjects(bad, province: "江苏", year: 2026, category: "物理类") else {
                Issue.record("\(bad) must be refused")
                continue
            }
            #expect(error.field == "subjects")
        }
        guard case .failure = data.validateSubjects("化学,生物", province: "河南", year: 2020, category: "理科") else {
            Issue.record("河南 2020 has no 选科")
            return
        }
        // 江苏 groups publish their requirement (`03专业组(化学)`): a 政治+地理 student gets none that needs 化学.
        let all = data.recommend(province: "江苏", year: 2026, category: "物理类", batch: "本科批", score: 580, tendency: nil, targetProvince: nil, limit: 200)
        #expect(all.items.contains { $0.requirement?.requirement == .all([.chemistry]) })
        let liberal = data.recommend(province: "江苏", year: 2026, category: "物理类", batch: "本科批", score: 580, tendency: nil, targetProvince: nil,
                                     subjects: [.physics, .politics, .geography], limit: 200)
        #expect(liberal.excludedBySubjects > 0)
        #expect(liberal.items.allSatisfy { $0.requirement.map { $0.requirement.isMet(by: [.physics, .politics, .geography]) } ?? true })
    }

    @Test("groups renumbered in 湖南: a 2024 group is not predicted for 2026, a 2025 group is, flagged from its change")
    func groupChange() throws {
        let data = try data
        let groups = data.schoolSeries(province: "湖南", category: "物理类", batchStd: "本科批").filter { $0.schoolName == "中南大学" }
        let current = groups.filter { $0.points.last?.year == 2025 && $0.groupCode != nil }
        let old = groups.filter { $0.points.last?.year == 2024 && $0.groupCode != nil }
        #expect(!current.isEmpty && !old.isEmpty)
        for series in old {
            guard case .retired(.group(2025)) = series.availability(before: 2026) else {
                Issue.record("\(series.displayName) should be retired for 2026: \(series.availability(before: 2026))")
                continue
            }
        }
        for series in current {
            let prediction = try #require(data.predict(series, year: 2026))
            #expect(prediction.years == [2025] && prediction.rankTableYear == 2026)
        }
    }

    @Test("current years by default: 2026 is the newest year with tables, and the backtest covers 2021–2025")
    func currentYears() throws {
        let data = try data
        #expect(ExamYears.latestWithData == 2026)
        #expect(data.rankTableYears(province: "湖南").max() == 2026)
        #expect(data.controlLine(province: "湖南", year: 2026, category: "物理类", batch: "本科批") == 400)
        // 云南 2026's table is labelled 文科/理科 in the source; 云南 files 物理类/历史类 since 2025.
        #expect(data.table(province: "云南", year: 2026, category: "物理类") != nil)
        #expect(data.table(province: "云南", year: 2026, category: "理科") == nil)
    }
}
