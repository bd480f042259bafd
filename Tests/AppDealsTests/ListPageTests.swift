import AppSuiteTesting
import Foundation
import Testing

/// The list pages on the real data: each names where its prices come from and when they were last observed.
@Suite(.requires(.appstore)) struct ListPageTests {
    @Test func everyListNamesItsSourceAndDate() throws {
        let server = try TestServer.shared(importing: .appstore)
        for path in ["/appdeals", "/appdeals/sales", "/appdeals/free", "/appdeals/hot", "/appdeals/topics"] {
            let zh = try server.get(path, headers: ["Cookie": "lang=zh"])
            #expect(zh.status == 200 && zh.text.contains("数据截至 2025-07-06 06:11（北京时间）· 价格来自 App Store"), "\(path)")
            let en = try server.get(path, headers: ["Cookie": "lang=en"])
            #expect(en.status == 200 && en.text.contains("Data as of 2025-07-06 06:11 (Beijing time) · prices from the App Store"), "\(path)")
        }
    }
}
