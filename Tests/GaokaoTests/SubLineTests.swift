import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Tester pass 11, findings 1 and 2 (issue 28): school-level picks mixed from sub-lines, a batch the province-year does
/// not have, and short lists without a word why. All on the real data.
@Suite("Gaokao sub-lines and thin picks", .requires(.gaokao))
struct SubLineTests {
    let http = HTTPTests()

    /// 华中科技大学 河南 2025 物理类 published five school-level rows (668 理工组, 667 医科组, 641 医科, 640 法医, 619 护理):
    /// the lowest, a 护理 sub-line, made the school's line. The point is now the main line and says how many it stands for.
    @Test("a school line is its main line, never the lowest named sub-line")
    func mainLine() throws {
        let data = try GaokaoFixture.get().data
        let series = data.filingSeries(province: "河南", category: "物理类", batchStd: "本科批")
        let hust = try #require(series.first { $0.schoolName == "华中科技大学" && $0.groupCode == nil })
        let point = try #require(hust.points.first { $0.year == 2025 })
        #expect(point.minScore == 668 && point.subLines == 5, "\(point)")
        #expect(point.groupName.map(SubLine.label) == "理工组：物+化")
        let result = data.recommend(province: "河南", year: 2026, category: "物理类", batch: "本科批", score: 600, tendency: nil,
                                    targetProvince: nil, limit: 200)
        for item in result.items where item.series.schoolName == "华中科技大学" {
            #expect(item.predictedScore > 640, "\(item.predictedScore)")
            #expect(GaokaoText.newestLine(item)?.zh.contains("理工组：物+化（该年 5 条分类线中的主线）") == true)
        }
        // 西安邮电大学's school page publishes its groups as bare `01` (623) and `02` (619): two groups, not one line of 619.
        let xupt = series.filter { $0.schoolName == "西安邮电大学" && $0.points.contains { $0.year == 2025 } }
        #expect(Set(xupt.compactMap(\.groupCode)) == ["01", "02"], "\(xupt.map(\.groupCode))")
        #expect(GroupText.parse("01", school: "西安邮电大学").code == "01")
        #expect(GroupText.parse("2025", school: "西安邮电大学").code == nil)
    }

    /// 南昌交通学院 was 保 99 % for 河南 2026 本科批 from a third-party 2025 "本科第二批" row (435): 河南 2025 has no such batch.
    @Test("rows of a batch the province-year does not have feed nothing")
    func staleBatch() throws {
        let fixture = try GaokaoFixture.get()
        let data = fixture.data
        let stale = data.admissionLines(province: "河南").filter { $0.year == 2025 && RecentNames.namesNumberedBatch($0.batch) && $0.sourceTier == .thirdParty }
        #expect(stale.isEmpty, "\(stale.prefix(3).map { "\($0.schoolName) \($0.batch) \($0.minScore ?? 0)" })")
        let nanchang = data.filingSeries(province: "河南", category: "物理类", batchStd: "本科批").filter { $0.schoolName == "南昌交通学院" }
        #expect(nanchang.allSatisfy { $0.points.allSatisfy { $0.year != 2025 || $0.minScore != 435 } }, "\(nanchang)")
        let result = data.recommend(province: "河南", year: 2026, category: "物理类", batch: "本科批", score: 600, tendency: nil,
                                    targetProvince: nil, limit: 200)
        #expect(!result.items.contains { $0.series.schoolName == "南昌交通学院" })
        #expect(RecentNames.namesNumberedBatch("本科第二批") && RecentNames.namesNumberedBatch("二本"))
        #expect(!RecentNames.namesNumberedBatch("本科一批/普通批") && !RecentNames.namesNumberedBatch("专科批") && !RecentNames.namesNumberedBatch("本科批"))
        #expect(fixture.server.imports[.gaokao]?.skipped.contains { $0.reason.contains("third-party rows of a numbered 本科 batch") } == true)
    }

    /// 河南 2026 物理类 600 gave 12 picks and no 稳 without a word; 广东 2024 物理类 600 considered 3,006 and kept 2.
    @Test("a short list says why, with counts", arguments: [("河南", 2026, "zh"), ("广东", 2024, "en")])
    func thinPicks(province: String, year: Int, language: String) throws {
        let data = try GaokaoFixture.get().data
        let result = data.recommend(province: province, year: year, category: "物理类", batch: "本科批", score: 600, tendency: nil,
                                    targetProvince: nil, limit: 30)
        #expect(!result.items.isEmpty && result.items.count < 30, "\(result.items.count)")
        let inBands = result.inBands.values.reduce(0, +)
        #expect(result.considered == result.retired + result.unpredictable + result.excludedBySubjects + result.outsideBands + inBands)
        let reply = try http.get("/api/v1/gaokao/recommendations", [("province", province), ("year", String(year)), ("category", "物理类"),
                                                                    ("batch", "本科批"), ("score", "600")], headers: ["Accept-Language": language])
        #expect(reply.status == 200)
        let notice = try #require(try reply.json()["notice"] as? String)
        let expected = try #require(GaokaoText.thinPicks(result))
        #expect(notice == (language == "zh" ? expected.zh : expected.en))
        #expect(notice.contains(language == "zh" ? "在 \(result.considered) 个院校" : "Of \(result.considered) schools"), "\(notice)")
        let page = try http.get("/gaokao/recommend", [("batch", "本科批")],
                                headers: ["Accept-Language": language, "Cookie": QueryProblemTests.cookie("\(province)|\(year)|物理类|本科批|600")])
        #expect(page.text.contains("gk-thin"))
    }
}
