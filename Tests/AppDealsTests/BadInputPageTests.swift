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
        #expect(zh.status == 422 && zh.text.contains("没有分类“Nope”；可选：Book、Business") && !zh.text.contains("unknown category"))
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
