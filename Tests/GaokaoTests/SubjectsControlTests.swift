import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Tester pass 11, findings 3 and 4 (issue 28): a 选科 filter that cannot check anything, a requirement newer than the
/// profile, and missing 省控线 shown as "—" or `[]` without a word. On the real data.
@Suite("Gaokao 选科 and 省控线 gaps", .requires(.gaokao))
struct SubjectsControlTests {
    let http = HTTPTests()

    /// 湖南's groups carry no 选科 requirement: 物理+化学+生物 and 物理+政治+地理 gave the same list, silently.
    @Test("湖南: the page says the 选科 filter cannot check the groups")
    func hunanSubjects() throws {
        let data = try GaokaoFixture.get().data
        let subjects: Set<Subject> = [.physics, .chemistry, .biology]
        let result = data.recommend(province: "湖南", year: 2026, category: "物理类", batch: "本科批", score: 600, tendency: nil,
                                    targetProvince: nil, subjects: subjects, limit: 30)
        #expect(result.subjectsChecked > 0 && result.withoutRequirement > 0, "\(result.withoutRequirement)/\(result.subjectsChecked)")
        #expect(result.items.allSatisfy { $0.requirement == nil }, "every 湖南 pick is 选科要求未收录 (the tester's case)")
        let note = try #require(GaokaoText.requirementsMissing(result, province: "湖南"))
        #expect(note.zh.contains(result.withoutRequirement == result.subjectsChecked ? "没有收录各专业组的选科要求，选科筛选对这 \(result.withoutRequirement) 个"
                                 : "\(result.subjectsChecked) 个院校（专业组）中 \(result.withoutRequirement) 个没有收录选科要求"), "\(note.zh)")
        let page = try http.get("/gaokao/recommend", [("batch", "本科批")],
                                headers: ["Accept-Language": "zh", "Cookie": QueryProblemTests.cookie("湖南|2026|物理类|本科批|600|物理+化学+生物")])
        #expect(page.status == 200 && page.text.contains("gk-subjects-missing") && page.text.contains(note.zh))
        let unfiltered = data.recommend(province: "湖南", year: 2026, category: "物理类", batch: "本科批", score: 600, tendency: nil, targetProvince: nil)
        #expect(GaokaoText.requirementsMissing(unfiltered, province: "湖南") == nil)
    }

    /// A 2024 profile was shown "选科 物理（2025 年）" (荆楚理工学院): never a requirement newer than the profile's year.
    @Test("a requirement is never newer than the profile year", arguments: ["湖南", "湖北", "广东"])
    func requirementYear(province: String) throws {
        let data = try GaokaoFixture.get().data
        let series = data.filingSeries(province: province, category: "物理类", batchStd: "本科批")
        #expect(series.contains { $0.requirement(through: 2026)?.year == 2025 }, "no 2025 requirement in \(province) to test with")
        for entry in series { #expect((entry.requirement(through: 2024)?.year ?? 0) <= 2024) }
        let result = data.recommend(province: province, year: 2024, category: "物理类", batch: "本科批", score: 550, tendency: nil,
                                    targetProvince: nil, limit: 200)
        for item in result.items { #expect((item.requirement?.year ?? 0) <= 2024, "\(item.series.displayName)") }
    }

    /// `control-lines?province=湖南&year=2025` answered `[]`; `&year=2026&category=理科` 200 with nothing.
    @Test("control-lines: a year or 科类 the province lacks is a 422 naming it", arguments: [
        ([("province", "湖南"), ("year", "2025")], "year"), ([("province", "湖南"), ("year", "2026"), ("category", "理科")], "category"),
        ([("province", "湖南"), ("year", "2026"), ("batch", "XYZ")], "batch"), ([("province", "河南"), ("year", "2024"), ("category", "理科")], "year"),
    ])
    func controlLinesAPI(query: [(String, String)], field: String) throws {
        _ = try GaokaoFixture.get()
        let reply = try http.get("/api/v1/gaokao/control-lines", query, headers: ["Accept-Language": "zh"])
        #expect(reply.status == 422, "\(query): \(reply.status)")
        #expect(reply.text.contains(#""field":"\#(field)""#) && reply.text.contains("的数据里没有"), "\(reply.text)")
        let page = try http.get("/gaokao/control-lines", query, headers: ["Accept-Language": "zh"])
        #expect(page.status == 422 && page.text.contains("data-field=\"\(field)\""))
    }

    /// 中南大学's 湖南 2024 and 2025 rows showed 省控线/线差 "—" beside 2021–2022's 434/414 with no reason.
    @Test("the school page says which years lack their 省控线")
    func schoolPageControlLines() throws {
        let data = try GaokaoFixture.get().data
        let lines = GaokaoQueries.admissionLines(data, province: "湖南", school: "中南大学", year: nil, category: "物理类", batch: "本科批")
        let missing = data.yearsWithoutControlLine(lines)
        #expect(missing.contains(2024) && missing.contains(2025) && !missing.contains(2021), "\(missing)")
        let page = try http.get("/gaokao/school", [("province", "湖南"), ("school", "中南大学"), ("category", "物理类"), ("batch", "本科批")],
                                headers: ["Accept-Language": "zh"])
        #expect(page.text.contains("gk-no-control") && page.text.contains("数据里没有湖南 " + missing.map(String.init).joined(separator: "、") + " 年这一批次的省控线"))
    }
}
