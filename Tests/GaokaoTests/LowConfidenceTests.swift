import AppHost
import AppSuiteTesting
import Foundation
@testable import Gaokao
import Testing
import WebUI

/// Tester pass 11, finding 15: 上海 2026 500 picked 温州肯恩大学, 长沙理工大学, 滨州医学院 from 2018–2020 lines only, with no
/// low-confidence flag.
@Suite("Gaokao old-data picks", .requires(.gaokao))
struct LowConfidenceTests {
    @Test("a pick whose newest data year is two or more years old is low confidence")
    func oldData() throws {
        let data = try GaokaoFixture.get().data
        let result = data.recommend(province: "上海", year: 2026, category: "综合", batch: "本科批", score: 500, tendency: nil,
                                    targetProvince: nil, limit: 200)
        let old = result.items.filter { ($0.years.max() ?? 2026) <= 2020 }
        #expect(!old.isEmpty, "no 上海 2026 pick from ≤ 2020 data to test with")
        for item in result.items {
            #expect(item.dataAge == 2026 - (item.years.max() ?? 2026))
            #expect(item.isLowConfidence == (item.years.count <= 1 || item.dataAge >= 2), "\(item.series.displayName)")
        }
        for item in old {
            #expect(GaokaoText.recommendation(item).zh.contains("最新数据为 \(item.years.max()!) 年，可信度低") || item.years.count <= 1)
        }
    }
}
