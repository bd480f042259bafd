import Community
import Foundation
import Geo

/// A merchant's rating as lists show it: the source's aggregate score (Dianping's 评分) and the users' stars
/// combined (``combined(source:sourceWeight:users:)``); `reviewCount` adds the source's count, the imported
/// reviews and the users' rated reviews.
struct Standing: Sendable, Hashable {
    var rating: Double?
    var reviewCount: Int64
    /// The users' 1…5 star counts.
    var distribution: [Int64] = [0, 0, 0, 0, 0]

    /// What the source alone says (nobody rated it here, no imported reviews counted).
    init(_ merchant: Merchant) {
        rating = merchant.sourceRating
        reviewCount = merchant.sourceReviewCount
    }

    /// The mean of the source's score, weighted by the reviews it rests on (at least 1), and the users' stars
    /// (one each): one new rating barely moves a score built on thousands of Dianping reviews. Either alone
    /// when the other is missing; nil when both are.
    static func combined(source: Double?, sourceWeight: Int64, users: RatingSummary) -> Double? {
        guard let source else { return users.average }
        guard let average = users.average else { return source }
        let weight = Double(max(1, sourceWeight)), count = Double(users.count)
        return (source * weight + average * count) / (weight + count)
    }

    init(rating: Double?, reviewCount: Int64, distribution: [Int64]) {
        self.rating = rating
        self.reviewCount = reviewCount
        self.distribution = distribution
    }
}

/// How a list is ordered: by distance (then id); by rating, highest first (ties: more reviews, then
/// nearer, then id; unrated last); by price per person, cheapest first (no price last).
enum NearbySort: String, Sendable, CaseIterable {
    case distance, rating, price
}

/// One merchant of a result, with its distance from the point asked about.
struct NearbyItem: Sendable {
    var merchant: Merchant
    var distance: Double
    var standing: Standing
    var openNow: Bool?
}

/// What `nearby` (and the nearby page) asks for, validated by the API layer.
struct NearbyQuery: Sendable {
    var center: Coordinate
    /// Metres, 1…50,000.
    var radius: Double
    var category: String?
    var openNow = false
    /// Fen, inclusive.
    var priceRange: ClosedRange<Int64>?
    var minRating: Double?
    var sort = NearbySort.distance
    var cursor: NearbyCursor?
    var limit = 20
}

/// The keyset position after the last item of a page: its sort key and id, opaque to clients
/// (`base64url("v1|<sort>|<k1>|<k2>|<id>")`).
struct NearbyCursor: Sendable, Equatable {
    var sort: NearbySort
    var key: [Double]
    var id: Int64

    var encoded: String {
        let text = (["v1", sort.rawValue] + key.map { String($0) } + [String(id)]).joined(separator: "|")
        return Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Nil for anything that is not a cursor this code made (wrong version, sort, count or number).
    init?(_ text: String) {
        guard text.count <= 200 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else { return nil }
        let parts = decoded.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, parts[0] == "v1", let sort = NearbySort(rawValue: parts[1]), let id = Int64(parts[parts.count - 1]) else { return nil }
        let key = parts[2..<(parts.count - 1)].compactMap(Double.init)
        guard key.count == parts.count - 3, key.count == NearbySearch.keyLength(sort), key.allSatisfy(\.isFinite) else { return nil }
        self.init(sort: sort, key: key, id: id)
    }

    init(sort: NearbySort, key: [Double], id: Int64) {
        self.sort = sort
        self.key = key
        self.id = id
    }
}

/// Nearby search over the indexed prefilter: candidates in the circle's covering boxes, the exact haversine
/// distance (dropping the boxes' corners), the filters, the order and one keyset page.
struct NearbySearch: Sendable {
    let store: MerchantStore
    /// Standings of the merchants with these ids (ratings from Community, imported review counts).
    let standings: @Sendable ([Merchant]) throws -> [Int64: Standing]

    struct Page {
        var items: [NearbyItem]
        var total: Int
        var nextCursor: NearbyCursor?
    }

    /// The sort key of an item (smaller first); the id breaks ties.
    static func key(_ item: NearbyItem, _ sort: NearbySort) -> [Double] {
        switch sort {
        case .distance, .price: key(distance: item.distance, price: item.merchant.pricePerPerson, sort)
        case .rating: [-(item.standing.rating ?? -1), -Double(item.standing.reviewCount), item.distance.rounded(toPlaces: 3)]
        }
    }

    /// The key of the orders that need no standing (distance, price).
    static func key(distance: Double, price: Int64?, _ sort: NearbySort) -> [Double] {
        sort == .price ? [price.map(Double.init) ?? .greatestFiniteMagnitude, distance.rounded(toPlaces: 3)] : [distance.rounded(toPlaces: 3)]
    }

    static func keyLength(_ sort: NearbySort) -> Int {
        switch sort {
        case .distance: 1
        case .rating: 3
        case .price: 2
        }
    }

    static func precedes(_ a: ([Double], Int64), _ b: ([Double], Int64)) -> Bool {
        a.0 != b.0 ? a.0.lexicographicallyPrecedes(b.0) : a.1 < b.1
    }

    /// Every merchant within the radius that passes the filters, in order (no paging). The standings are read only
    /// when they order or filter (`sort=rating`, `minRating`); otherwise items carry the source's alone
    /// (``Standing/init(_:)``) and callers complete the few they show with ``withStandings(_:)``.
    func all(_ query: NearbyQuery, now: Date) throws -> [NearbyItem] {
        let boxes = BoundingBox.covering(query.center, radius: query.radius)
        var seen = Set<Int64>()
        let inCircle = try store.candidates(in: boxes, category: query.category, priceRange: query.priceRange).compactMap { merchant -> (Merchant, Double)? in
            guard seen.insert(merchant.id).inserted else { return nil }
            let distance = query.center.distance(to: merchant.position)
            return distance <= query.radius ? (merchant, distance) : nil
        }
        let standings = Self.needsStandings(query) ? try standings(inCircle.map(\.0)) : [:]
        var items: [NearbyItem] = []
        for (merchant, distance) in inCircle {
            let standing = standings[merchant.id] ?? Standing(merchant)
            if let minimum = query.minRating, (standing.rating ?? 0) < minimum { continue }
            let open = query.openNow ? merchant.isOpen(at: now) : nil
            if query.openNow && open != true { continue }
            items.append(NearbyItem(merchant: merchant, distance: distance, standing: standing, openNow: open))
        }
        let sort = query.sort
        return items.map { (Self.key($0, sort), $0) }.sorted { Self.precedes(($0.0, $0.1.merchant.id), ($1.0, $1.1.merchant.id)) }.map(\.1)
    }

    static func needsStandings(_ query: NearbyQuery) -> Bool { query.sort == .rating || query.minRating != nil }

    /// `items` with their standings (users' ratings, imported review counts) read in one go.
    func withStandings(_ items: [NearbyItem]) throws -> [NearbyItem] {
        let read = try standings(items.map(\.merchant))
        return items.map { item in
            var item = item
            item.standing = read[item.merchant.id] ?? Standing(item.merchant)
            return item
        }
    }

    /// One page after `query.cursor`, with the total of all pages; `openNow` and the standings are filled for the page's items.
    func page(_ query: NearbyQuery, now: Date) throws -> Page {
        if !Self.needsStandings(query) && !query.openNow { return try lightPage(query, now: now) }
        let ordered = try all(query, now: now)
        var rest = ordered[...]
        if let cursor = query.cursor {
            let index = ordered.firstIndex { Self.precedes((cursor.key, cursor.id), (Self.key($0, query.sort), $0.merchant.id)) } ?? ordered.endIndex
            rest = ordered[index...]
        }
        var items = Array(rest.prefix(query.limit))
        if !Self.needsStandings(query) { items = try withStandings(items) }
        for index in items.indices where items[index].openNow == nil { items[index].openNow = items[index].merchant.isOpen(at: now) }
        let next = rest.count > query.limit ? items.last.map { NearbyCursor(sort: query.sort, key: Self.key($0, query.sort), id: $0.merchant.id) } : nil
        return Page(items: items, total: ordered.count, nextCursor: next)
    }

    /// ``page(_:now:)`` for the orders and filters that need only positions and prices (no standings, no hours):
    /// those are read for every candidate (``MerchantStore/spots(in:category:priceRange:)``), full rows for the page alone.
    func lightPage(_ query: NearbyQuery, now: Date) throws -> Page {
        let spots = try store.spots(in: BoundingBox.covering(query.center, radius: query.radius), category: query.category, priceRange: query.priceRange)
        var seen = Set<Int64>()
        let ordered = spots.compactMap { spot -> (key: [Double], id: Int64)? in
            guard seen.insert(spot.id).inserted else { return nil }
            let distance = query.center.distance(to: spot.position)
            return distance <= query.radius ? (Self.key(distance: distance, price: spot.pricePerPerson, query.sort), spot.id) : nil
        }.sorted { Self.precedes($0, $1) }
        var rest = ordered[...]
        if let cursor = query.cursor {
            rest = ordered[(ordered.firstIndex { Self.precedes((cursor.key, cursor.id), $0) } ?? ordered.endIndex)...]
        }
        let chosen = Array(rest.prefix(query.limit))
        let merchants = try store.merchants(chosen.map(\.id))
        let items = try withStandings(chosen.compactMap { entry in
            merchants[entry.id].map { NearbyItem(merchant: $0, distance: query.center.distance(to: $0.position), standing: Standing($0), openNow: $0.isOpen(at: now)) }
        })
        let next = rest.count > query.limit ? chosen.last.map { NearbyCursor(sort: query.sort, key: $0.key, id: $0.id) } : nil
        return Page(items: items, total: ordered.count, nextCursor: next)
    }

    /// 摇一摇: one merchant open now within the radius (and category), chosen uniformly among them, never
    /// `previous` (the one shown last); nil when there is none.
    func shake(_ query: NearbyQuery, previous: Int64?, now: Date, using random: inout some RandomNumberGenerator) throws -> NearbyItem? {
        var open = query
        open.openNow = true
        return try Self.pick(from: try all(open, now: now), previous: previous, using: &random).flatMap { try withStandings([$0]).first }
    }

    /// A uniform choice among `items` other than `previous`.
    static func pick(from items: [NearbyItem], previous: Int64?, using random: inout some RandomNumberGenerator) -> NearbyItem? {
        items.filter { $0.merchant.id != previous }.randomElement(using: &random)
    }
}

extension Double {
    /// Rounded to `places` decimals, so a sort key survives the cursor's text round trip exactly.
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
