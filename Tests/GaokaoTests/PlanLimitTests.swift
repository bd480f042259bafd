import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing

/// What a client may send to the 志愿表: a list too long for the signed-out cookie, a cell a spreadsheet would run
/// as a formula, a return path with control characters (each found by sending it to a live server).
@Suite("Gaokao 志愿表 limits", .requires(.gaokao))
struct PlanLimitTests {
    @Test("a signed-out list that would not fit its cookie is refused (422), not silently dropped by the browser")
    func cookieBudget() throws {
        let fixture = try GaokaoFixture.get()
        let server = fixture.server
        // The longest real school names of the lines (23–29 characters, each about 210 encoded bytes): the shortest
        // prefix of them over the cookie budget, well under 30 entries.
        let names = Array(Set(fixture.data.admissionProvinces.flatMap { fixture.data.schoolNames(province: $0) }))
            .filter { !$0.contains("\"") && !$0.contains("\\") }.sorted { ($0.count, $0) > ($1.count, $1) }
        let over = try #require((1...PlanLimits.maximumEntries).first { count in
            PlanCookie.encode(names.prefix(count).map { PlanEntry(school: $0, group: "") }).utf8.count > PlanLimits.maximumCookieBytes
        })
        func body(_ count: Int) -> String { #"{"items":["# + names.prefix(count).map { #"{"school":"\#($0)"}"# }.joined(separator: ",") + "]}" }
        let refused = try server.send("PUT", "/api/v1/gaokao/plan", json: body(over))
        #expect(refused.status == 422 && refused.text.contains("\"field\":\"items\""))
        #expect(refused.setCookies["gk_plan"] == nil)
        let kept = try server.send("PUT", "/api/v1/gaokao/plan", json: body(over - 1))
        #expect(kept.status == 200)
        #expect(try #require(kept.setCookies["gk_plan"]).utf8.count <= PlanLimits.maximumCookieBytes)
    }

    @Test("a school or group the data does not have is refused (422 naming the item), from the API and the page")
    func unknownItems() throws {
        let server = try GaokaoFixture.get().server
        let profile = "gk_profile=" + "广东|2026|物理类|本科批|580".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        // 华南理工大学 files groups 212–216 in 广东 2025 (the authority's 投档 PDF); 999 is none of them.
        let cases: [(String, String, String)] = [
            (#"[{"school":"华南理工大学","group":"212"},{"school":"不存在大学"}]"#, "items[1].school", "不存在大学"),
            (#"[{"school":"华南理工大学","group":"999"}]"#, "items[0].group", "212"),
        ]
        for (items, field, named) in cases {
            let refused = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":\#(items)}"#, headers: ["Cookie": profile + "; lang=zh"])
            #expect(refused.status == 422 && refused.text.contains(#""field":"\#(field)""#) && refused.text.contains(named), "\(refused.text)")
        }
        let saved = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[{"school":"华南理工大学","group":"212"}]}"#,
                                    headers: ["Cookie": profile])
        #expect(saved.status == 200)
    }

    @Test("CSV cells starting with = + - @ are written as text")
    func csvFormulas() throws {
        let server = try GaokaoFixture.get().server
        // No real school or group starts so, and the API refuses unknown ones: the list comes as a crafted cookie.
        let cookie = PlanCookie.encode([PlanEntry(school: #"=HYPERLINK("http://x")"#, group: ""), PlanEntry(school: "@SUM(1)", group: ""),
                                        PlanEntry(school: "四川大学", group: "+1")])
        let csv = try server.get("/gaokao/plan.csv", headers: ["Cookie": "gk_plan=" + cookie])
        #expect(csv.text.contains(#"1,"'=HYPERLINK(""http://x"")","#))
        #expect(csv.text.contains("2,'@SUM(1),"))
        #expect(csv.text.contains("3,四川大学,'+1,"))
    }

    @Test("a return path with control characters falls back to the list (it would otherwise lose its Location)")
    func returnPath() {
        #expect(GaokaoPages.safeReturn("/gaokao/recommend?batch=1") == "/gaokao/recommend?batch=1")
        #expect(GaokaoPages.safeReturn("/gaokao\r\nSet-Cookie: a=1") == "/gaokao/plan")
        #expect(GaokaoPages.safeReturn("/gaokao\u{7F}") == "/gaokao/plan")
        #expect(GaokaoPages.safeReturn("//evil.example/gaokao") == "/gaokao/plan")
    }
}
