import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// The issue's "Bad input" list on the pages: a 422 page that says what is wrong in the reader's language,
/// and the API's problem naming the field.
@Suite(.requires(.appstore)) struct BadInputPageTests {
    @Test func aBadFilterIsExplainedInTheReadersLanguage() throws {
        let server = try TestServer.shared(importing: .appstore)
        let zh = try server.get("/appdeals/sales?category=Nope", headers: ["Cookie": "lang=zh"])
        #expect(zh.status == 422 && zh.text.contains("没有分类“Nope”；可选：图书、") && !zh.text.contains("unknown category"))
        // The categories by their China store names on the Chinese page (tester 30 #13: "可选：Book、Business、Catalogs…"),
        // and the list itself offered rather than a 重试 that fails again.
        let listed = try #require(zh.text.range(of: "可选：").map { zh.text[$0.upperBound...].prefix { $0 != "<" } })
        #expect(!listed.contains { $0.isASCII && $0.isLetter }, "\(listed)")
        #expect(zh.text.contains(#"href="/appdeals/sales""#) && zh.text.contains("返回列表") && !zh.text.contains("重试"))
        let device = try server.get("/appdeals/hot?device=toaster", headers: ["Cookie": "lang=zh"])
        #expect(device.status == 422 && device.text.contains("返回列表") && !device.text.contains("重试"))
        let en = try server.get("/appdeals/sales?category=Nope", headers: ["Cookie": "lang=en"])
        #expect(en.status == 422 && en.text.contains(#"unknown category "Nope"; allowed: Book, Business"#))
        let long = try server.get("/appdeals/search?q=" + String(repeating: "%E9%95%BF", count: 1_000), headers: ["Cookie": "lang=zh"])
        #expect(long.status == 422 && long.text.contains("q 最多 100 个字符。"))
        let time = try server.get("/appdeals?at=yesterday", headers: ["Cookie": "lang=zh"])
        #expect(time.status == 422 && time.text.contains("时间格式不对"))
        let api = try server.get("/api/v1/appdeals/apps?tab=cheap")
        #expect(api.status == 422 && api.text.contains("limited") && api.text.contains("hot"))
        #expect(try api.decode(Problem.self).errors?.map(\.field) == ["tab"])
    }
}
