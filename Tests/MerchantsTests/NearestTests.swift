import AppHost
import AppSuiteAPI
import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Storage
import Testing

/// The nearest-first search (``NearbySearch``) against a brute-force scan of every merchant, on the real data plus
/// 4,000 synthetic merchants and five at one point (ties), on its own server so the shared one keeps its counts.
@Suite(.requires(.merchants)) struct NearestTests {
    static let tie = Coordinate(latitude: 31.2400, longitude: 121.4800)!

    final class World: Sendable {
        let server: TestServer
        let search: NearbySearch
        let merchants: [Merchant]
        let standings: [Int64: Standing]

        init() throws {
            server = try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
            let store = MerchantStore(database: server.suite.database)
            _ = try SyntheticMerchants(store: store).generate(count: 4_000, seed: 11, now: 0)
            try server.suite.database.write { db in
                for (n, category) in ["cafe", "cafe", "restaurant", "cafe", "shop"].enumerated() {
                    let record = MerchantRecord(
                        sourceID: "test:tie:\(n)", source: "test", licence: "test rows", name: "同点 \(n)", category: category,
                        openingHours: n == 1 ? "Mo-Su 20:00-22:00" : "24/7", timeZone: "Asia/Shanghai", sourceDatum: .wgs84,
                        sourcePosition: NearestTests.tie, pricePerPerson: Int64(3_000 + n * 1_000), sourceRating: 4.0 + Double(n) / 10, sourceReviewCount: 10)
                    try MerchantStore.insert(record, ownerID: nil, now: 0, db: db)
                }
            }
            search = MerchantsApp.nearbySearch(store)
            merchants = try NearbyTests.everyMerchant(server)
            standings = try search.standings(merchants)
        }

        /// What the query must answer, by a scan of every merchant: the SQL filters, then (rating/price orders) the
        /// nearest `ranked` of those, then open now and the rating filter, in the query's order (ties by id).
        func expected(_ query: NearbyQuery, ranked: Int = NearbySearch.Caps().ranked) -> [Int64] {
            var matches = merchants.compactMap { merchant -> (Merchant, Double)? in
                let distance = query.center.distance(to: merchant.position)
                guard distance <= query.radius, query.category.map({ $0 == merchant.category }) ?? true else { return nil }
                if let range = query.priceRange { guard let price = merchant.pricePerPerson, range.contains(price) else { return nil } }
                return (merchant, distance)
            }
            let byDistance: ((Merchant, Double), (Merchant, Double)) -> Bool = { a, b in
                let (x, y) = (a.1.rounded(toPlaces: 3), b.1.rounded(toPlaces: 3))
                return x != y ? x < y : a.0.id < b.0.id
            }
            if query.sort != .distance { matches = Array(matches.sorted(by: byDistance).prefix(ranked)) }
            let kept = matches.filter { merchant, _ in
                let standing = standings[merchant.id] ?? Standing(merchant)
                if let minimum = query.minRating, (standing.rating ?? 0) < minimum { return false }
                return !query.openNow || merchant.isOpen(at: MerchantsServer.noon) == true
            }
            func key(_ entry: (Merchant, Double)) -> [Double] {
                let standing = standings[entry.0.id] ?? Standing(entry.0)
                switch query.sort {
                case .distance: return [entry.1.rounded(toPlaces: 3)]
                case .price: return [entry.0.pricePerPerson.map(Double.init) ?? .greatestFiniteMagnitude, entry.1.rounded(toPlaces: 3)]
                case .rating: return [-(standing.rating ?? -1), -Double(standing.reviewCount), entry.1.rounded(toPlaces: 3)]
                }
            }
            return kept.sorted { NearbySearch.precedes((key($0), $0.0.id), (key($1), $1.0.id)) }.map(\.0.id)
        }

        /// Up to `pages` pages of `query` with `search`, and each page's answer.
        func walk(_ query: NearbyQuery, pages: Int, with search: NearbySearch? = nil) throws -> (ids: [Int64], pages: [NearbySearch.Page]) {
            var query = query, ids: [Int64] = [], answers: [NearbySearch.Page] = []
            repeat {
                let page = try (search ?? self.search).page(query, now: MerchantsServer.noon)
                answers.append(page)
                ids += page.items.map(\.merchant.id)
                #expect(page.items.count <= query.limit)
                query.cursor = page.nextCursor
            } while query.cursor != nil && answers.count < pages
            return (ids, answers)
        }
    }

    static let world = Result { try World() }

    /// 150 seeded random queries over Shanghai, Hangzhou and Hong Kong (radius 30 m – 8 km, every filter and order,
    /// page sizes 1–40): the pages walked equal the scan's list, in order, and `total` is exact or an honest lower bound.
    @Test func randomQueriesEqualABruteForceScan() throws {
        let world = try Self.world.get()
        var random = SplitMix64(seed: 2026)
        let centres = [(31.2304, 121.4737), (31.20, 121.44), (30.27, 120.16), (30.32, 120.145), (22.30, 114.17), (31.2400, 121.4800)]
        let categories = ["cafe", "restaurant", "fast_food", "convenience", "shop"]
        var lowerBounds = 0, exact = 0
        for n in 0..<150 {
            let (lat, lon) = centres[n % centres.count]
            let center = try #require(Coordinate(latitude: lat + Double.random(in: -0.02...0.02, using: &random),
                                                 longitude: lon + Double.random(in: -0.02...0.02, using: &random)))
            var query = NearbyQuery(center: center, radius: [30, 150, 400, 1_000, 2_500, 8_000].randomElement(using: &random)!)
            if Bool.random(using: &random) { query.category = categories.randomElement(using: &random) }
            if Int.random(in: 0..<4, using: &random) == 0 { query.priceRange = 0...Int64.random(in: 2_000...15_000, using: &random) }
            query.openNow = Int.random(in: 0..<3, using: &random) == 0
            if Int.random(in: 0..<4, using: &random) == 0 { query.minRating = [3.5, 4.0, 4.5].randomElement(using: &random)! }
            query.sort = [NearbySort.distance, .distance, .rating, .price].randomElement(using: &random)!
            query.limit = Int.random(in: 1...40, using: &random)
            let expected = world.expected(query)
            let walked = try world.walk(query, pages: 4)
            let label = "query \(n): \(center) r=\(query.radius) \(query.category ?? "-") \(query.sort) open=\(query.openNow) limit=\(query.limit)"
            #expect(walked.ids == Array(expected.prefix(walked.ids.count)), "\(label)")
            if walked.pages.last?.nextCursor == nil { #expect(walked.ids == expected, "\(label)") }
            for page in walked.pages {
                if query.sort == .distance { #expect(page.searchedRadius == nil, "\(label)") }
                if page.totalIsLowerBound {
                    lowerBounds += 1
                    #expect(page.total <= expected.count, "\(label)")
                } else {
                    exact += 1
                    #expect(page.total == expected.count, "\(label)")
                }
            }
        }
        // Both kinds of total occur: first pages that stop early, and whole circles.
        #expect(lowerBounds > 20 && exact > 20, "\(lowerBounds) lower bounds, \(exact) exact")
    }

    /// Five merchants at one point: pages of 1 and 2 split the tie by id, and every filter still applies inside it.
    @Test func tiesSplitByIdAcrossPages() throws {
        let world = try Self.world.get()
        let tied = world.merchants.filter { $0.source == "test" }.map(\.id).sorted()
        #expect(tied.count == 5)
        for limit in [1, 2, 3] {
            var query = NearbyQuery(center: Self.tie, radius: 1)
            query.limit = limit
            let walked = try world.walk(query, pages: 10)
            #expect(walked.ids == tied)
            #expect(walked.pages.count == (5 + limit - 1) / limit)
            #expect(walked.pages.last?.totalIsLowerBound == false && walked.pages.last?.total == 5)
        }
        var cafes = NearbyQuery(center: Self.tie, radius: 1, category: "cafe", openNow: true)
        cafes.limit = 1
        // Cafés 0, 1 and 3; number 1 opens at 20:00 only, so it is closed at noon.
        #expect(try world.walk(cafes, pages: 10).ids == [tied[0], tied[3]])
        var priced = NearbyQuery(center: Self.tie, radius: 1, sort: .price)
        priced.limit = 2
        #expect(try world.walk(priced, pages: 10).ids == tied)
    }

    /// Small caps are reached on this data: the answer is then the scan's list cut at `searchedRadius`, `total` a
    /// lower bound, never a wrong exact number; ranked orders rank the nearest `ranked` matches.
    @Test func capsGiveHonestPartialAnswers() throws {
        let world = try Self.world.get()
        let center = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        var tight = world.search
        tight.caps = NearbySearch.Caps(spots: 300, rows: 40, ranked: 100)
        var query = NearbyQuery(center: center, radius: 5_000)
        query.limit = 50
        let expected = world.expected(query)
        #expect(expected.count > 300)
        let spots = try world.walk(query, pages: 20, with: tight)
        let last = try #require(spots.pages.last)
        let searched = try #require(last.searchedRadius)
        #expect(searched < 5_000 && last.totalIsLowerBound && last.nextCursor == nil)
        let within = world.merchants.filter { center.distance(to: $0.position).rounded(toPlaces: 3) < searched }.count
        #expect(spots.ids == Array(expected.prefix(spots.ids.count)) && spots.ids.count >= within)

        query.openNow = true
        let open = try tight.page(query, now: MerchantsServer.noon)
        let openExpected = world.expected(query)
        #expect(open.searchedRadius != nil && open.totalIsLowerBound && open.total <= openExpected.count)
        #expect(open.items.map(\.merchant.id) == Array(openExpected.prefix(open.items.count)) && open.items.count < 50)

        var fewRanked = world.search
        fewRanked.caps.ranked = 100
        for sort in [NearbySort.rating, .price] {
            var ranked = NearbyQuery(center: center, radius: 5_000, sort: sort)
            ranked.limit = 30
            let walked = try world.walk(ranked, pages: 10, with: fewRanked)
            #expect(walked.ids == world.expected(ranked, ranked: 100))
            #expect(walked.pages.allSatisfy { $0.totalIsLowerBound && $0.total == 100 && $0.searchedRadius != nil })
        }
    }

    /// Each pass of the search is an index range scan of `merchants_position` on both backends.
    @Test func passesUseThePositionIndex() throws {
        let world = try Self.world.get()
        let store = MerchantStore(database: world.server.suite.database)
        for radius in [150.0, 1_000, 8_000] {
            let plan = try store.candidatePlan(BoundingBox(around: Self.tie, radius: radius))
            #expect(plan.contains { $0.contains("merchants_position") }, "\(plan)")
            if world.server.suite.database.dialect == .sqlite { #expect(plan.contains { $0.contains("USING COVERING INDEX merchants_position") }, "\(plan)") }
        }
    }
}
