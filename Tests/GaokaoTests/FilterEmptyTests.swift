import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Tester pass 11, finding 5 (issue 28): a filter that empties a school's lines read as "no lines of this school" or
/// "wrong school name". On the real data: 中南大学 has 湖南 lines, none of 2023.
@Suite("Gaokao filtered-out empty states", .requires(.gaokao))
struct FilterEmptyTests {
    let http = HTTPTests()

    @Test("one missing year says the year has no data, not that the name is wrong", arguments: ["/gaokao/admission-lines", "/gaokao/school"])
    func missingYear(path: String) throws {
        let data = try GaokaoFixture.get().data
        let all = GaokaoQueries.admissionLines(data, province: "湖南", school: "中南大学", year: nil, category: nil, batch: nil)
        let physics = all.filter { $0.category == "物理类" }
        #expect(!physics.isEmpty && !physics.contains { $0.year == 2023 })
        let page = try http.get(path, [("province", "湖南"), ("school", "中南大学"), ("year", "2023"), ("category", "物理类")],
                                headers: ["Accept-Language": "zh"])
        #expect(page.status == 200)
        let years = Set(physics.map(\.year)).sorted(by: >).map(String.init).joined(separator: "、")
        #expect(page.text.contains("“中南大学”在湖南有 \(all.count) 条投档线，但数据里没有它 2023 年物理类的线（有 \(years) 年）。"), "\(path)")
        #expect(!page.text.contains("没有找到“中南大学”的投档线") && !page.text.contains("暂无该校在湖南的投档线"))
    }

    @Test("a filter that empties the list says the filter did it")
    func filterEmptied() throws {
        let data = try GaokaoFixture.get().data
        let all = GaokaoQueries.admissionLines(data, province: "湖南", school: "中南大学", year: nil, category: nil, batch: nil)
        // A year and 科类 both in 湖南's data, but not in 中南大学's lines together.
        let years = Set(data.admissionYears(province: "湖南"))
        let pair = try #require(years.sorted().lazy.flatMap { year in data.admissionCategories(province: "湖南").map { (year, $0) } }
            .first { pair in all.contains { $0.year == pair.0 } && !all.contains { $0.year == pair.0 && $0.category == pair.1 }
                && data.admissionLines(province: "湖南").contains { $0.year == pair.0 && $0.category == pair.1 } })
        let page = try http.get("/gaokao/school", [("province", "湖南"), ("school", "中南大学"), ("year", String(pair.0)), ("category", pair.1)],
                                headers: ["Accept-Language": "en"])
        #expect(page.status == 200)
        #expect(page.text.contains("中南大学 has \(all.count) lines in 湖南; none match “\(pair.0) · \(pair.1)”"), "\(pair)")
    }
}

/// Tester pass 11, finding 9: 中南大学's 湖南 trend plotted 2021, 2022, 2024, 2025 equally spaced, no gap for 2023.
@Suite("Gaokao trend gaps", .requires(.gaokao))
struct TrendGapTests {
    @Test("a year without a line is a labelled gap in the trend chart")
    func gap() throws {
        let data = try GaokaoFixture.get().data
        let lines = GaokaoQueries.admissionLines(data, province: "湖南", school: "中南大学", year: nil, category: "物理类", batch: nil)
        let years = Set(lines.map(\.year))
        #expect(years.contains(2022) && years.contains(2024) && !years.contains(2023))
        let page = try HTTPTests().get("/gaokao/school", [("province", "湖南"), ("school", "中南大学"), ("category", "物理类")],
                                       headers: ["Accept-Language": "zh"])
        let chart = try #require(page.text.components(separatedBy: "gk-trend").dropFirst().first)
        #expect(chart.contains(">2023<"), "no 2023 label in the trend")
    }
}
