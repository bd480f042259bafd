import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Every 一分一段表 and 省控线 is reachable under a 科类 the province-year offers (`/options`, 我的高考): the 2025–2026
/// files label 新疆 (文/理 until its reform, provinces.csv and SOURCES.md) 物理类/历史类 and 云南 2026 (3+1+2 since 2025)
/// 理科/文科; the importer stores them under the province-year's 科类 (``RecentNames/category(_:model:reformYear:year:)``),
/// and a table left under its published label would be a 422 on `rank?category=`.
@Suite("Gaokao 科类 of the data agree with the offered ones", .requires(.gaokao))
struct CategoryAgreementTests {
    @Test("each table and 省控线 is under a 科类 of its province-year")
    func agreement() throws {
        let data = try GaokaoFixture.get().data
        // 北京, 天津 and 上海 also publish a 综合(语数外) 一分一段表 (ranks on 语数外 alone, 2020–2024): a table of its own
        // beside 综合's, not a 科类 of the profile.
        let stray = (data.tables.keys.map { $0 } + data.controlLines.keys.map { $0 })
            .filter { !data.categories(province: $0.province, year: $0.year).contains($0.category) && !$0.category.contains("语数外") }
        #expect(stray.isEmpty, "\(stray.map { "\($0.province) \($0.year) \($0.category)" }.sorted())")
        // The files' 529 + 451 (新疆 2026) and 504 + 482 (云南 2026) rows, reachable under the offered names.
        #expect(data.categories(province: "新疆", year: 2026) == ["理科", "文科"])
        #expect(data.table(province: "新疆", year: 2026, category: "理科")?.bands.count == 529)
        #expect(data.table(province: "新疆", year: 2026, category: "文科")?.bands.count == 451)
        #expect(data.categories(province: "云南", year: 2026) == ["物理类", "历史类"])
        #expect(data.table(province: "云南", year: 2026, category: "物理类")?.bands.count == 504)
        #expect(data.table(province: "云南", year: 2026, category: "历史类")?.bands.count == 482)
    }

    @Test("rank for 2026 answers under the offered 科类", arguments: [("新疆", "理科"), ("云南", "物理类")])
    func rank(province: String, category: String) throws {
        let server = try GaokaoFixture.get().server
        let answer = try server.get("/api/v1/gaokao/rank?province=\(percent(province))&year=2026&category=\(percent(category))&score=500")
        #expect(answer.status == 200, "\(answer.text)")
    }

    private func percent(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
}
