import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Testing

/// A deterministic generator for the fairness test (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite(.requires(.merchants)) struct ShakeTests {
    /// 20,000 chained picks among the merchants open around People's Square: never the same twice in a row, only merchants open now, and
    /// a fair pick — each eligible merchant's count passes a χ² test against the uniform expectation
    /// (p > 0.001 for the degrees of freedom; a biased pick of even a few percent fails).
    @Test func fairAndNeverTheSameTwice() throws {
        let server = try MerchantsServer.get()
        let search = MerchantsApp.nearbySearch(MerchantStore(database: server.suite.database))
        let now = server.clock.now
        let query = NearbyQuery(center: try #require(Coordinate(latitude: 31.2304, longitude: 121.4737)), radius: 3_000)
        var open = query
        open.openNow = true
        let openItems = try search.all(open, now: now)
        let eligible = Set(openItems.map { $0.merchant.id })
        try #require(eligible.count >= 3, "needs a few merchants open now (time \(now))")
        var random = SeededGenerator(state: 42)
        var counts: [Int64: Int] = [:]
        var previous: Int64?
        let shakes = 20_000
        for _ in 0..<shakes {
            let item = try #require(NearbySearch.pick(from: openItems, previous: previous, using: &random))
            #expect(item.merchant.id != previous)
            #expect(eligible.contains(item.merchant.id))
            counts[item.merchant.id, default: 0] += 1
            previous = item.merchant.id
        }
        #expect(Set(counts.keys) == eligible)
        let expected = Double(shakes) / Double(eligible.count)
        let chiSquare = counts.values.reduce(0.0) { $0 + pow(Double($1) - expected, 2) / expected }
        let k = Double(eligible.count - 1)
        // Wilson–Hilferty: the 99.9th percentile of χ²(k) ≈ k (1 − 2/(9k) + 3.09 √(2/(9k)))³.
        let bound = k * pow(1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)).squareRoot(), 3)
        #expect(chiSquare < bound, "χ² \(chiSquare) over \(eligible.count) merchants, bound \(bound)")
        // The real shake draws from the same set.
        for _ in 0..<5 {
            let item = try #require(try search.shake(query, previous: previous, now: now, using: &random))
            #expect(eligible.contains(item.merchant.id) && item.merchant.id != previous)
            previous = item.merchant.id
        }
    }

    @Test func shakeOverHTTP() throws {
        let server = try MerchantsServer.get()
        let first = try server.get("/api/v1/merchants/shake?lat=31.2304&lon=121.4737&radius=3000").decode(MerchantSummary.self)
        #expect(first.openNow == true)
        #expect((first.distanceMeters ?? .infinity) <= 3_000)
        let second = try server.get("/api/v1/merchants/shake?lat=31.2304&lon=121.4737&radius=3000&previous=\(first.id)").decode(MerchantSummary.self)
        #expect(second.id != first.id)
        // Nothing in the middle of the East China Sea.
        #expect(try server.get("/api/v1/merchants/shake?lat=30&lon=125&radius=1000").status == 404)
    }
}
