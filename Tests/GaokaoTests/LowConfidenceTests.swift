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

    /// 四川 2023 理科 600: a few schools have 2022 lines (school-official), most end in 2020. Ranked first, the newer
    /// picks had made the list's newest year 2022 and the age warning vanished for the others (E2E, tester pass 11).
    @Test("one newer pick does not hide the data-age warning of the others")
    func mixedAges() throws {
        let data = try GaokaoFixture.get().data
        let result = data.recommend(province: "四川", year: 2023, category: "理科", batch: "本科一批", score: 600, tendency: nil,
                                    targetProvince: nil)
        let newest = result.items.compactMap { $0.years.max() }
        let old = newest.filter { $0 <= 2021 }
        #expect(newest.contains(2022) && !old.isEmpty, "\(Set(newest))")
        let warning = try #require(GaokaoText.staleData(newestYears: newest, year: 2023))
        #expect(warning.zh.contains("\(newest.count) 个中有 \(old.count) 个的最新院校数据为 \(old.max()!) 年或更早"), "\(warning.zh)")
        #expect(GaokaoText.staleData(newestYears: [2022, 2021], year: 2023)?.en.contains("from 2021 or earlier for 1 of 2") == true)
        #expect(GaokaoText.staleData(newestYears: [2022, 2022], year: 2023) == nil)
        #expect(GaokaoText.staleData(newestYears: [2020, 2019], year: 2023)?.zh.contains("最新院校数据为 2020 年，比你的 2023 年早 3 年") == true)
    }
}
