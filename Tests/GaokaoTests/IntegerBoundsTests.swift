import AppSuiteTesting
import Foundation
import Testing

/// What schemathesis found (issue 8 item 9, contract fuzzing): one GET with `year=-9223372036854775808` and a
/// `line` overflowed `year - 1` and stopped the whole server; `options?year=774394` looped over every year down
/// to 2014 for minutes. Integer query parameters are whole numbers 0…100000 (422 otherwise), and the batch
/// lookup never starts after the last exam year.
@Suite("Gaokao integer bounds", .requires(.gaokao))
struct IntegerBoundsTests {
    let http = HTTPTests()

    @Test("the exact inputs: 422 at once, and the server keeps serving")
    func foundByFuzzing() throws {
        let fixture = try GaokaoFixture.get()
        let overflow = try http.get("/api/v1/gaokao/prediction", [("province", "江苏"), ("year", "-9223372036854775808"), ("category", "物理类"),
                                                                  ("batch", "本科批"), ("school", "x"), ("line", "300")])
        #expect(overflow.status == 422)
        #expect(overflow.text.contains(#""field":"year""#))
        let hang = try http.get("/api/v1/gaokao/options", [("category", "综合"), ("province", "广东"), ("year", "774394")],
                                headers: ["Accept-Language": "en"])
        #expect(hang.status == 422)
        #expect(hang.text.contains("year must be a year from 2014 to 2026"))
        for (name, value) in [("score", "-1"), ("score", "100001"), ("year", "99999999999999999999")] {
            let reply = try http.get("/api/v1/gaokao/rank", [("province", "河南"), ("year", "2023"), ("category", "理科"), (name, value)])
            #expect(reply.status == 422, "\(name)=\(value)")
        }
        // A year outside the data is refused at once (issue 28); the last one answers.
        #expect(try http.get("/api/v1/gaokao/options", [("province", "广东"), ("year", "100000")]).status == 422)
        #expect(try http.get("/api/v1/gaokao/options", [("province", "广东"), ("year", "2026")]).status == 200)
        #expect(try fixture.server.get("/healthz").status == 200)
    }

    /// Issue 28, outside test pass: these were silently ignored (a default used instead); each is now a 422 naming
    /// the field, on the API and on the page that takes it.
    @Test("a bad value is refused, never ignored", arguments: [
        ("/api/v1/gaokao/recommendations", "limit", "-1"), ("/api/v1/gaokao/recommendations", "limit", "201"),
        ("/api/v1/gaokao/recommendations", "tendency", "bogus"), ("/api/v1/gaokao/recommendations", "targetProvince", "火星"),
        ("/api/v1/gaokao/recommendations", "tag", "986"), ("/api/v1/gaokao/recommendations", "batch", "本科九批"),
        ("/api/v1/gaokao/prediction", "lineYear", "1900"), ("/api/v1/gaokao/prediction", "lineYear", "2026"),
        ("/api/v1/gaokao/prediction", "line", "-5"), ("/api/v1/gaokao/control-lines", "year", "abc"),
        ("/api/v1/gaokao/control-lines", "category", "bogus"), ("/api/v1/gaokao/control-lines", "batch", "bogus"),
        ("/api/v1/gaokao/admission-lines", "category", "bogus"), ("/api/v1/gaokao/admission-lines", "batch", "bogus"),
        ("/api/v1/gaokao/options", "category", "理科"), ("/api/v1/gaokao/rank", "category", "bogus"),
        ("/gaokao/rank", "year", "1900"), ("/gaokao/rank", "score", "-3"),
    ])
    func badValues(path: String, field: String, value: String) throws {
        _ = try GaokaoFixture.get()
        var base = [("province", "湖南"), ("year", "2026"), ("category", "物理类"), ("batch", "本科批"), ("score", "600"), ("school", "中南大学")]
        if field == "line" || field == "lineYear" { base.append(field == "line" ? ("lineYear", "2025") : ("line", "600")) }
        let reply = try http.get(path, base.filter { $0.0 != field } + [(field, value)], headers: ["Accept-Language": "en"])
        #expect(reply.status == 422, "\(path) \(field)=\(value): \(reply.status)")
        if path.hasPrefix("/api/") {
            #expect(reply.text.contains(#""field":"\#(field)""#), "\(reply.text)")
        } else {
            #expect(reply.text.contains(field) && reply.text.contains(value), "the page names the field and the value")
        }
    }

    @Test("the recommend page shows the message of a bad tendency")
    func badValueOnPage() throws {
        let server = try GaokaoFixture.get().server
        let profile = "gk_profile=" + "湖南|2026|物理类|本科批|600".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let page = try server.get("/gaokao/recommend?tendency=bogus", headers: ["Cookie": profile + "; lang=zh"])
        #expect(page.status == 422 && page.text.contains("tendency 须为") && page.text.contains("bogus"))
    }

    @Test("an attacker's long or many query parameters: 422 naming the parameter, before any lookup")
    func queryLimits() throws {
        _ = try GaokaoFixture.get()
        let base = [("province", "湖南"), ("year", "2026"), ("category", "物理类"), ("batch", "本科批"), ("score", "600")]
        // 300 characters of valid subject names: refused by length, the field named.
        let long = try http.get("/api/v1/gaokao/recommendations", base + [("subjects", String(repeating: "化学,", count: 100))],
                                headers: ["Accept-Language": "en"])
        #expect(long.status == 422 && long.text.contains(#""field":"subjects""#) && long.text.contains("at most 64 characters"))
        let group = try http.get("/api/v1/gaokao/prediction", base + [("school", "中南大学"), ("group", String(repeating: "9", count: 65))])
        #expect(group.status == 422 && group.text.contains(#""field":"group""#))
        let name = try http.get("/api/v1/gaokao/rank", [(String(repeating: "x", count: 65), "1")])
        #expect(name.status == 422 && name.text.contains(#""field":"query""#))
        let many = try http.get("/api/v1/gaokao/provinces", (0..<25).map { ("p\($0)", "1") })
        #expect(many.status == 422 && many.text.contains(#""field":"query""#))
        // At the limits: 24 parameters of 64 characters are read.
        let edge = try http.get("/api/v1/gaokao/provinces", (0..<24).map { ("p\($0)", String(repeating: "1", count: 64)) })
        #expect(edge.status == 200)
        // 选科 within 64 characters but over the 选科 limit of 32: 422 with the rule's own message.
        let subjects = try http.get("/api/v1/gaokao/recommendations", base + [("subjects", String(repeating: "化学,", count: 12))])
        #expect(subjects.status == 422 && subjects.text.contains(#""field":"subjects""#))
        let fine = try http.get("/api/v1/gaokao/recommendations", base + [("subjects", "化学,生物")])
        #expect(fine.status == 200)
    }
}
