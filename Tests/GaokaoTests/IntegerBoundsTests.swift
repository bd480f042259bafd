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
        #expect(hang.text.contains("year must be a whole number from 0 to 100000"))
        for (name, value) in [("score", "-1"), ("score", "100001"), ("year", "99999999999999999999")] {
            let reply = try http.get("/api/v1/gaokao/rank", [("province", "河南"), ("year", "2023"), ("category", "理科"), (name, value)])
            #expect(reply.status == 422, "\(name)=\(value)")
        }
        // The largest year allowed answers at once: the batch lookup starts at the last exam year.
        let far = try http.get("/api/v1/gaokao/options", [("province", "广东"), ("year", "100000")])
        #expect(far.status == 200)
        #expect(try fixture.server.get("/healthz").status == 200)
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
