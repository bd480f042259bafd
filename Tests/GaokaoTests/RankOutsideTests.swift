import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Tester pass 11, finding 7 (issue 28): 湖南 2026 物理类 50 showed "0 同分人数" and 等位分 "1" with no word that 50 is
/// below the table.
@Suite("Gaokao rank outside the table", .requires(.gaokao))
struct RankOutsideTests {
    let http = HTTPTests()

    @Test("a score below the table says so and shows no tied count or equivalent")
    func belowTable() throws {
        let data = try GaokaoFixture.get().data
        let bands = try #require(data.table(province: "湖南", year: 2026, category: "物理类")?.bands)
        let bottom = try #require(bands.last?.scoreLow), top = try #require(bands.first?.scoreHigh)
        #expect(50 < bottom)
        let page = try http.get("/gaokao/rank", [("province", "湖南"), ("year", "2026"), ("category", "物理类"), ("score", "50")],
                                headers: ["Accept-Language": "zh"])
        #expect(page.status == 200)
        #expect(page.text.contains("50 分低于一分一段表的范围（表从 \(bottom) 分到 \(top) 分）"))
        #expect(page.text.contains("分数在一分一段表范围之外，无法换算等位分"))
        let inside = try http.get("/gaokao/rank", [("province", "湖南"), ("year", "2026"), ("category", "物理类"), ("score", "600")],
                                  headers: ["Accept-Language": "zh"])
        #expect(!inside.text.contains("gk-outside-table") && !inside.text.contains("无法换算等位分"))
    }
}
