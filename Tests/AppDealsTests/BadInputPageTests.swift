import AppSuiteTesting
import Foundation
import Testing

/// The issue's "Bad input" list on the pages: a 400 page that says what is wrong in the reader's language,
/// and the API's problem in English.
@Suite(.requires(.appstore)) struct BadInputPageTests {
    @Test func aBadFilterIsExplainedInTheReadersLanguage() throws {
        let server = try TestServer.shared(importing: .appstore)
        let zh = try server.get("/appdeals/sales?category=Nope", headers: ["Cookie": "lang=zh"])
        #expect(zh.status == 400 && zh.text.contains("没有分类“Nope”；可选：Book、Business") && !zh.text.contains("unknown category"))
        let en = try server.get("/appdeals/sales?category=Nope", headers: ["Cookie": "lang=en"])
        #expect(en.status == 400 && en.text.contains(#"unknown category "Nope"; allowed: Book, Business"#))
        let long = try server.get("/appdeals/search?q=" + String(repeating: "%E9%95%BF", count: 1_000), headers: ["Cookie": "lang=zh"])
        #expect(long.status == 400 && long.text.contains("搜索词不能超过 100 个字"))
        let time = try server.get("/appdeals?at=yesterday", headers: ["Cookie": "lang=zh"])
        #expect(time.status == 400 && time.text.contains("时间格式不对"))
        let api = try server.get("/api/v1/appdeals/apps?tab=cheap")
        #expect(api.status == 400 && api.text.contains(#"unknown tab \"cheap\"; allowed: limited, sales, free, hot"#))
    }
}
