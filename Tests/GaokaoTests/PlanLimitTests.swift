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
        let server = try GaokaoFixture.get().server
        // 8 names of 58 CJK characters are 4,240 encoded bytes: over the 4,096 a browser keeps, well under 30 entries.
        let long = (1...8).map { #"{"school":"\#(String(repeating: "中", count: 58))\#($0)"}"# }.joined(separator: ",")
        let refused = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[\#(long)]}"#)
        #expect(refused.status == 422 && refused.text.contains("\"field\":\"items\""))
        #expect(refused.setCookies["gk_plan"] == nil)
        let seven = (1...7).map { #"{"school":"\#(String(repeating: "中", count: 58))\#($0)"}"# }.joined(separator: ",")
        let kept = try server.send("PUT", "/api/v1/gaokao/plan", json: #"{"items":[\#(seven)]}"#)
        #expect(kept.status == 200)
        #expect(try #require(kept.setCookies["gk_plan"]).utf8.count <= PlanLimits.maximumCookieBytes)
    }

    @Test("CSV cells starting with = + - @ are written as text")
    func csvFormulas() throws {
        let server = try GaokaoFixture.get().server
        let saved = try server.send("PUT", "/api/v1/gaokao/plan",
                                    json: #"{"items":[{"school":"=HYPERLINK(\"http://x\")"},{"school":"@SUM(1)"},{"school":"四川大学","group":"+1"}]}"#)
        let cookie = try #require(saved.setCookies["gk_plan"])
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
