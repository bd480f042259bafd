import Foundation
import Geo

/// How many merchants in a nearby query's circle (its category, any price) have what the rating sort, the price sort and
/// 只看营业中 read: most imported shops (OpenStreetMap) have no hours, rating or 人均, so the filters say how many do
/// ("12 家有营业时间") and are not offered where none does (issue 30: cafés within 2 km open now: 1, without saying why).
struct NearbyCoverage: Sendable, Equatable {
    var total: Int
    /// Hours that parse (``Merchant/hours``).
    var withHours: Int
    /// A rating from the source or this site's users (``Standing/rating``).
    var withRating: Int
    var withPrice: Int
}

extension NearbySearch {
    /// The coverage of `query`'s circle and category, counted exactly (haversine, each merchant once); nil when the circle
    /// holds more than ``Caps/spots`` rows, as the search itself then stops.
    func coverage(_ query: NearbyQuery) throws -> NearbyCoverage? {
        let found = try store.candidates(in: BoundingBox.covering(query.center, radius: query.radius), category: query.category, priceRange: nil,
                                         limit: caps.spots + 1)
        guard found.count <= caps.spots else { return nil }
        var seen = Set<Int64>()
        let inside = found.filter { seen.insert($0.id).inserted && query.center.distance(to: $0.position) <= query.radius }
        let standings = try standings(inside)
        return NearbyCoverage(total: inside.count, withHours: inside.count { $0.hours != nil },
                              withRating: inside.count { (standings[$0.id] ?? Standing($0)).rating != nil },
                              withPrice: inside.count { $0.pricePerPerson != nil })
    }
}
