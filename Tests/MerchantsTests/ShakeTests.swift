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

extension NearbySearch {
    /// Every merchant within the radius that passes the filters, in order, read in full (the brute-force reference).
    func all(_ query: NearbyQuery, now: Date) throws -> [NearbyItem] {
        var seen = Set<Int64>()
        let inCircle = try store.candidates(in: BoundingBox.covering(query.center, radius: query.radius), category: query.category,
                                            priceRange: query.priceRange).compactMap { merchant -> (Merchant, Double)? in
            guard seen.insert(merchant.id).inserted else { return nil }
            let distance = query.center.distance(to: merchant.position)
            return distance <= query.radius ? (merchant, distance) : nil
        }
        return try ranked(inCircle, query, now: now)
    }
}

@Suite(.requires(.merchants)) struct ShakeTests {
    /// 20,000 chained picks among the merchants around People's Square (the shake's pick: random batches of 64 checked
    /// against the open ones): never the same twice in a row, only merchants open now, and a fair pick — each eligible merchant's count passes a χ² test against the uniform expectation
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
        let byID = Dictionary(uniqueKeysWithValues: openItems.map { ($0.merchant.id, $0) })
        let circle = try search.all(query, now: now).map(\.merchant.id)
        try #require(circle.count > 2 * eligible.count, "needs closed merchants too (\(circle.count) in the circle, \(eligible.count) open)")
        try #require(eligible.count >= 3, "needs a few merchants open now (time \(now))")
        var random = SeededGenerator(state: 42)
        var counts: [Int64: Int] = [:]
        var previous: Int64?
        let shakes = 20_000
        for _ in 0..<shakes {
            let item = try #require(try NearbySearch.firstPassing(in: circle, excluding: previous, batch: 64, limit: .max, using: &random) { batch in
                batch.compactMap { byID[$0] }
            })
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

    /// The shake reads full rows in random batches until one is open, not every row of the circle (50 km held ~10,000
    /// full rows per shake at 1 km among 1,000,000 synthetic merchants): `check` sees one batch when the first passes,
    /// `limit` ids when none does; the real shake honours ``NearbySearch/Caps/rows``.
    @Test func shakeReadsBatchesNotTheCircle() throws {
        let server = try MerchantsServer.get()
        var search = MerchantsApp.nearbySearch(MerchantStore(database: server.suite.database))
        let now = server.clock.now
        let query = NearbyQuery(center: try #require(Coordinate(latitude: 31.2304, longitude: 121.4737)), radius: 3_000)
        let circle = try search.all(query, now: now)
        try #require(circle.count > 200)
        var random = SeededGenerator(state: 7)
        var checked: [Int64] = []
        let first = try NearbySearch.firstPassing(in: circle.map(\.merchant.id), excluding: nil, batch: 64, limit: 5_000, using: &random) { batch in
            checked += batch
            return circle.filter { batch.contains($0.merchant.id) }
        }
        #expect(checked.count == 64 && Set(checked).count == 64 && first.map { checked.contains($0.merchant.id) } == true)
        checked = []
        #expect(try NearbySearch.firstPassing(in: circle.map(\.merchant.id), excluding: nil, batch: 64, limit: 100, using: &random) { batch in
            checked += batch
            return []
        } == nil)
        #expect(checked.count == 100 && Set(checked).count == 100)
        // No full row allowed: nothing can be checked open, so nothing is picked; one batch allowed: still an open one.
        search.caps.rows = 0
        #expect(try search.shake(query, previous: nil, now: now, using: &random) == nil)
        search.caps.rows = 64
        var open = query
        open.openNow = true
        let eligible = Set(try search.all(open, now: now).map(\.merchant.id))
        var picked = 0
        for _ in 0..<20 {
            guard let item = try search.shake(query, previous: nil, now: now, using: &random) else { continue }
            #expect(eligible.contains(item.merchant.id))
            picked += 1
        }
        #expect(picked > 0)
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
