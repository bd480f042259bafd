import AppSuiteTesting
import Foundation
import Testing

/// Values the data do not have — a batch the province-year lacks, an unknown 科类, year, school, group or province —
/// are a 422 naming the field on the API and a visible message (zh and en) on the page, never a silent default
/// (issue 28). Real inputs on the fixture's imported data.
@Suite("Gaokao: no silent fallbacks", .requires(.gaokao))
struct QueryProblemTests {
    func get(_ path: String, _ query: [(String, String)], headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        try GaokaoFixture.get().server.get(path + HTTPTests.encode(query), headers: headers)
    }

    func fields(_ reply: RawHTTPClient.Reply) throws -> [String] {
        try #require(try reply.json()["errors"] as? [[String: Any]]).compactMap { $0["field"] as? String }
    }

    static func cookie(_ profile: String) -> String {
        "gk_profile=" + profile.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "; gk_welcomed=1"
    }

    @Test("GET admission-lines: unknown school, 科类, batch of the province-year, year and group are 422 naming the field")
    func admissionLinesAPI() throws {
        let path = "/api/v1/gaokao/admission-lines"
        let cases: [([(String, String)], String)] = [
            ([("province", "四川"), ("school", "不存在大学")], "school"),
            // 四川 2020 had 文科/理科, not 物理类 (its reform began in 2025).
            ([("province", "四川"), ("school", "四川大学"), ("year", "2020"), ("category", "物理类")], "category"),
            // 四川 2020 理科 had no merged 本科批.
            ([("province", "四川"), ("school", "四川大学"), ("year", "2020"), ("category", "理科"), ("batch", "本科批")], "batch"),
            // A year of the exam range that 四川's lines do not have.
            ([("province", "四川"), ("school", "四川大学"), ("year", "2014")], "year"),
            // A known school without a line for valid filters: the filter to widen is named.
            ([("province", "四川"), ("school", "四川大学"), ("year", "2020"), ("category", "理科"), ("batch", "专科批")], "batch"),
        ]
        for (query, field) in cases {
            let reply = try get(path, query)
            #expect(reply.status == 422, "\(query)")
            #expect(try fields(reply) == [field], "\(query): \(reply.text)")
            #expect(reply.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        }
        let english = try get(path, [("province", "四川"), ("school", "四川大学"), ("year", "2020"), ("category", "理科"), ("batch", "本科批")],
                              headers: ["Accept-Language": "en"])
        #expect(english.text.contains("not in the data for 四川 2020 理科") && english.text.contains("本科一批"))
        // The same query with the batch the data have answers the real line (四川大学 2020 理科 一批 638).
        let good = try get(path, [("province", "四川"), ("school", "四川大学"), ("year", "2020"), ("category", "理科"), ("batch", "本科一批")])
        #expect(good.status == 200)
        let items = try #require(try good.json()["items"] as? [[String: Any]])
        #expect(items.contains { $0["minScore"] as? Int == 638 })
    }

    @Test("GET recommendations and prediction: a batch the province-year lacks is 422 naming batch")
    func batchOfTheYear() throws {
        // 河南 merged 一批/二批 into 本科批 for 2026 (新高考): 本科一批 has only old lines.
        let base = [("province", "河南"), ("year", "2026"), ("category", "物理类"), ("score", "600")]
        let picks = try get("/api/v1/gaokao/recommendations", base + [("batch", "本科一批")])
        #expect(picks.status == 422)
        #expect(try fields(picks) == ["batch"])
        let prediction = try get("/api/v1/gaokao/prediction", base + [("batch", "本科一批"), ("school", "郑州大学")])
        #expect(prediction.status == 422)
        #expect(try fields(prediction) == ["batch"])
        #expect(try get("/api/v1/gaokao/recommendations", base + [("batch", "本科批")]).status == 200)
    }

    @Test("pages: the message names the field in zh and en, with status 422 and no results")
    func pageMessages() throws {
        let sichuan = Self.cookie("四川|2020|理科|本科一批|600")
        let henan2026 = Self.cookie("河南|2026|物理类|本科批|600")
        let cases: [(String, [(String, String)], String, String, String)] = [
            ("/gaokao/admission-lines", [("province", "四川"), ("school", "四川大学"), ("year", "2020"), ("category", "物理类")], sichuan,
             "科类（category）“物理类”：四川 2020的数据里没有。", "Track (category) “物理类”: not in the data for 四川 2020."),
            ("/gaokao/admission-lines", [("province", "四川"), ("school", "不存在大学")], sichuan,
             "学校（school）“不存在大学”：四川的投档线的数据里没有。", "School (school) “不存在大学”: not in the data for the lines of 四川."),
            ("/gaokao/admission-lines", [("province", "火星"), ("school", "四川大学")], sichuan,
             "省份（province）“火星”", "Province (province) “火星”"),
            ("/gaokao/control-lines", [("province", "河南"), ("year", "2023"), ("batch", "本科批")], sichuan,
             "批次（batch）“本科批”：河南 2023的数据里没有。", "Batch (batch) “本科批”: not in the data for 河南 2023."),
            ("/gaokao/rank", [("province", "河南"), ("year", "2023"), ("category", "物理类"), ("score", "600")], sichuan,
             "科类（category）“物理类”", "Track (category) “物理类”"),
            ("/gaokao/recommend", [("batch", "本科一批")], henan2026,
             "批次（batch）“本科一批”：河南 2026 物理类的数据里没有。有：本科批", "Batch (batch) “本科一批”: not in the data for 河南 2026 物理类."),
            ("/gaokao/predict", [("batch", "本科一批"), ("school", "郑州大学")], henan2026,
             "批次（batch）“本科一批”", "Batch (batch) “本科一批”"),
            // 零批次 is 上海's alone.
            ("/gaokao/school", [("province", "四川"), ("school", "四川大学"), ("batch", "零批次")], sichuan,
             "批次（batch）“零批次”：四川的数据里没有。", "Batch (batch) “零批次”: not in the data for 四川."),
        ]
        for (path, query, cookie, zh, en) in cases {
            let page = try get(path, query, headers: ["Cookie": cookie])
            #expect(page.status == 422, "\(path) \(query)")
            #expect(page.text.contains(#"id="gk-problems""#) && page.text.contains(zh), "\(path) \(query)")
            let english = try get(path, query + [("lang", "en")], headers: ["Cookie": cookie])
            #expect(english.status == 422 && english.text.contains(en), "\(path) \(query) en")
        }
        // The batch the data have shows the picks as before.
        let picks = try get("/gaokao/recommend", [("batch", "本科批")], headers: ["Cookie": henan2026])
        #expect(picks.status == 200 && !picks.text.contains("gk-problems"))
    }
}
