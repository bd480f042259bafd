import Foundation
import Geo

/// 搜索: name, category, cuisine, address and city, Chinese and Latin case-insensitively with Traditional and
/// Simplified folded (``SearchKey``). The ``scanLimit`` matches nearest to `near` (else the first by id) are ranked by
/// how the name matches (equal, starts with, contains, only another field), then by distance, then by id; `total`
/// counts every match.
struct MerchantSearch: Sendable {
    let store: MerchantStore
    /// The most matches ranked per query (the farther rest are not shown; `total` still counts them).
    static let scanLimit = 2_000

    struct Hit: Sendable {
        var merchant: Merchant
        var rank: Int
        var distance: Double?
    }

    func search(_ query: String, near: Coordinate?) throws -> (hits: [Hit], total: Int) {
        let folded = SearchKey.fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !folded.isEmpty else { return ([], 0) }
        let found = try store.search(folded, near: near, limit: Self.scanLimit)
        let hits = found.merchants.map { merchant in
            let name = SearchKey.fold(merchant.name), english = merchant.nameEn.map(SearchKey.fold) ?? ""
            let rank = name == folded || english == folded ? 0
                : name.hasPrefix(folded) || english.hasPrefix(folded) ? 1
                : name.contains(folded) || english.contains(folded) ? 2 : 3
            return Hit(merchant: merchant, rank: rank, distance: near.map { $0.distance(to: merchant.position) })
        }.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if let da = a.distance, let db = b.distance, da != db { return da < db }
            return a.merchant.id < b.merchant.id
        }
        return (hits, found.total)
    }
}
