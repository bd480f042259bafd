import AppSuiteTesting
import Foundation
import Testing

/// Issue 30: the 分类 picker and an app's category read in Chinese on a Chinese page, with the names the China App
/// Store itself gives (the first of `genres` in the imported China records), and stay the App Store's English
/// genres in English and in the API's `category` values.
@Suite(.requires(.appstore)) struct CategoryNameTests {
    @Test func theCategoryPickerSpeaksThePagesLanguage() throws {
        let server = try TestServer.shared(importing: .appstore)
        let zh = try server.get("/appdeals/sales", headers: ["Cookie": "lang=zh"]).text
        #expect(zh.contains(#"<option value="Utilities">工具</option>"#))
        #expect(zh.contains(#"<option value="Games">游戏</option>"#))
        #expect(zh.contains(#"<option value="Book">图书</option>"#), "a genre only US apps have")
        let options = zh.components(separatedBy: "<option value=\"").dropFirst().map { $0.components(separatedBy: "</option>")[0] }
        #expect(options.allSatisfy { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } || $0.hasPrefix("iphone") || $0.hasPrefix("ipad") || $0.hasPrefix("mac") },
                "\(options.filter { !$0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })")
        let en = try server.get("/appdeals/sales", headers: ["Cookie": "lang=en"]).text
        #expect(en.contains(#"<option value="Utilities">Utilities</option>"#))
        // The filter still takes the App Store's names.
        #expect(try server.get("/appdeals/sales?category=Utilities", headers: ["Cookie": "lang=zh"]).status == 200)
    }

    /// Blower (335862325, Entertainment; China genres 娱乐|工具 in cn_discount_events.csv).
    @Test func anAppsCategoryIsTheChinaStoresOnAChinesePage() throws {
        let server = try TestServer.shared(importing: .appstore)
        let zh = try server.get("/appdeals/apps/335862325", headers: ["Cookie": "lang=zh"])
        #expect(zh.status == 200)
        #expect(zh.text.contains("<dd>娱乐 · 工具</dd>") && !zh.text.contains("Entertainment"))
        let en = try server.get("/appdeals/apps/335862325", headers: ["Cookie": "lang=en"]).text
        #expect(en.contains("<dd>Entertainment</dd>"))
    }

    /// PAC-MAN Premium (281656475, Games; its records carry no Chinese genres): the page said 分类 Games while its
    /// list card said 游戏 (tester pass 11 item 6). It now names the genre as the 分类 picker does.
    @Test func anAppWithoutChineseGenresUsesTheListsName() throws {
        let server = try TestServer.shared(importing: .appstore)
        let zh = try server.get("/appdeals/apps/281656475", headers: ["Cookie": "lang=zh"]).text
        #expect(zh.contains("<dd>游戏</dd>") && !zh.contains("<dd>Games</dd>"))
        let en = try server.get("/appdeals/apps/281656475", headers: ["Cookie": "lang=en"]).text
        #expect(en.contains("<dd>Games</dd>"))
    }
}
