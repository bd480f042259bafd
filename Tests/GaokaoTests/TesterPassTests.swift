import AppSuiteTesting
import Foundation
import Testing

/// Findings of the fresh tester pass of session 11 (/work/notes/gaokao-tester-s11.md), each with its quoted case.
@Suite("Gaokao tester pass 11", .requires(.gaokao))
struct TesterPassTests {
    let http = HTTPTests()

    /// Tester session 11, finding 7: a parameter given twice silently took its first value; now a 422 naming it,
    /// on the API and the pages. 选科 checkboxes (`subjects`) may repeat.
    @Test("a repeated parameter is refused, naming it", arguments: [
        ("/api/v1/gaokao/recommendations", "score", "100"), ("/api/v1/gaokao/recommendations", "province", "河南"),
        ("/api/v1/gaokao/recommendations", "category", "理科"), ("/api/v1/gaokao/rank", "score", "700"),
        ("/gaokao/recommend", "batch", "专科批"), ("/gaokao/rank", "score", "700"),
    ])
    func repeatedParameter(path: String, field: String, second: String) throws {
        _ = try GaokaoFixture.get()
        let base = [("province", "湖南"), ("year", "2026"), ("category", "物理类"), ("batch", "本科批"), ("score", "600")]
        let reply = try http.get(path, base + [(field, second)], headers: ["Accept-Language": "en"])
        #expect(reply.status == 422, "\(path) \(field) twice: \(reply.status)")
        #expect(reply.text.contains("The parameter \(field) may be given only once") && reply.text.contains(second), "\(reply.text)")
        if path.hasPrefix("/api/") { #expect(reply.text.contains(#""field":"\#(field)""#)) }
        let once = try http.get(path, base + [("subjects", "物理"), ("subjects", "化学")], headers: ["Accept-Language": "en"])
        #expect(!once.text.contains("may be given only once"))
    }

    /// Tester session 11, finding 15a: the batch error listed 本科批 and 专科批 twice. 湖南 2026 物理类 `batch=本科九批`.
    @Test("the batch error lists each batch once")
    func batchListOnce() throws {
        _ = try GaokaoFixture.get()
        let reply = try http.get("/api/v1/gaokao/recommendations", [("province", "湖南"), ("year", "2026"), ("category", "物理类"),
                                                                   ("batch", "本科九批"), ("score", "600")], headers: ["Accept-Language": "zh"])
        #expect(reply.status == 422)
        let list = try #require(reply.text.components(separatedBy: "（有：").last?.components(separatedBy: "）").first)
        let batches = list.components(separatedBy: "、")
        #expect(batches.contains("本科批") && batches.contains("专科批"), "\(list)")
        #expect(Set(batches).count == batches.count, "\(list)")
    }

    /// Finding 10: 浙江 2026 综合 has no table; the page's coverage text said "2018–2024" though tables go to 2026.
    @Test("the 一分一段 coverage text follows the loaded tables")
    func tableCoverage() throws {
        _ = try GaokaoFixture.get()
        let page = try http.get("/gaokao/rank", [("province", "浙江"), ("year", "2026"), ("category", "综合"), ("score", "600")],
                                headers: ["Accept-Language": "zh"])
        #expect(page.status == 200)
        #expect(page.text.contains("一分一段表收录 2018–2026 年 30 个省份（不含西藏；甘肃自 2019 年；新疆自 2025 年）。"))
        #expect(!page.text.contains("2018–2024 年"))
    }

    /// Finding 14: the English school page showed 办学层次 "本科 · 公办" and section titles "Past lines in 湖南 · 中外合作办学"
    /// (and 国家专项计划, 预科).
    @Test("the English school page names level, ownership and programme types in English")
    func englishSchoolPage() throws {
        _ = try GaokaoFixture.get()
        let page = try http.get("/gaokao/school", [("province", "湖南"), ("school", "中南大学")], headers: ["Accept-Language": "en"])
        #expect(page.status == 200)
        #expect(page.text.contains("undergraduate · public") && !page.text.contains("本科 · 公办"))
        #expect(page.text.contains("Past lines in 湖南 · Sino-foreign joint programme") && page.text.contains("Past lines in 湖南 · national special plan"))
        // Section titles and the 招生类型 in the table cells; a batch's published name (`国家专项计划` as a batch) is data and stays.
        #expect(!page.text.contains("湖南 · 中外合作办学") && !page.text.contains("湖南 · 国家专项计划") && !page.text.contains("湖南 · 预科"))
    }

    /// Tester 31c #17: a made-up school name is a 404 saying there is no such school, not a page titled with it; a
    /// school with lines but outside the MOE list still has its page.
    @Test("a school the data lack is a 404")
    func unknownSchoolIsNotFound() throws {
        _ = try GaokaoFixture.get()
        let made = try http.get("/gaokao/school", [("province", "河南"), ("school", "不存在大学xyz")])
        #expect(made.status == 404)
        #expect(made.text.contains("没有这所学校") && made.text.contains("数据里没有名为「不存在大学xyz」的学校") && !made.text.contains("暂无该校"))
        let english = try http.get("/gaokao/school", [("province", "河南"), ("school", "不存在大学xyz")], headers: ["Accept-Language": "en"])
        #expect(english.status == 404 && english.text.contains("No such school"))
        #expect(try http.get("/gaokao/school", [("province", "湖南"), ("school", "中南大学")]).status == 200)
    }
}
