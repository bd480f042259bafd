import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Testing

/// The nearby filters say how many merchants in the circle have what they read (issue 30: 评分最高, 人均最低 and
/// 只看营业中 misled where most shops have none): the counts equal a brute-force scan, and a filter nothing in the
/// circle supports is not offered.
@Suite(.requires(.merchants)) struct CoverageTests {
    @Test func filtersCarryTheirCoverage() throws {
        let server = try MerchantsServer.get()
        let center = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        let all = try NearbyTests.everyMerchant(server)
        for (category, radius) in [("cafe", 2_000.0), ("restaurant", 1_000), (nil, 500)] as [(String?, Double)] {
            let inside = all.filter { ($0.category == category || category == nil) && center.distance(to: $0.position) <= radius }
            let hours = inside.count { $0.hours != nil }, rated = inside.count { Standing($0).rating != nil }
            let priced = inside.count { $0.pricePerPerson != nil }
            let path = "/merchants?\(NearbyTests.square)&radius=\(Int(radius))" + (category.map { "&category=\($0)" } ?? "")
            let zh = try server.get(path).text
            #expect(zh.contains("只看营业中（\(hours) 家有营业时间）"), "\(path): \(hours) with hours")
            #expect(zh.contains("评分最高（\(rated) 家有评分）") && zh.contains("人均最低（\(priced) 家有人均）"), "\(path): \(rated) rated, \(priced) priced")
            #expect(zh.contains("范围内共 \(inside.count) 家"))
            let en = try server.get(path, headers: ["Cookie": "lang=en"]).text
            #expect(en.contains("Open now only (\(hours) with hours)") && en.contains("Top rated (\(rated) rated)"))
            // Nothing to sort or filter by: the choice is not offered.
            if hours == 0 { #expect(zh.contains("name=\"openNow\" value=\"true\" disabled")) }
            if priced == 0 { #expect(zh.contains("value=\"price\" disabled")) }
        }
    }
}
