import Foundation
import Geo
import WebUI

/// One merchant as stored: its WGS-84 position (what distances use) and the position its source gave in the
/// source's datum, its source id (`osm:node/4161760489`, `awcafe:shanghai:003`, `hmdp:5`, `user:12`) and the
/// licence of the record.
struct Merchant: Sendable, Hashable {
    var id: Int64
    var sourceID: String
    /// `osm`, `awesome-cn-cafe`, `hmdp` or `user`.
    var source: String
    var licence: String
    var name: String
    var nameEn: String?
    var category: String
    var cuisine: String?
    var address: String?
    var phone: String?
    var website: String?
    var city: String?
    /// The source's text, verbatim; ``hours`` is nil when it does not parse.
    var openingHours: String?
    var timeZone: TimeZone
    var position: Coordinate
    var sourceDatum: Datum
    var sourcePosition: Coordinate
    /// 人均 in fen (CNY minor units).
    var pricePerPerson: Int64?
    /// The source's free-text price (`25-30 元`), shown as given.
    var priceText: String?
    /// The source's aggregate score, 1.0–5.0 (Dianping's 评分).
    var sourceRating: Double?
    /// Reviews the source counted (Dianping's 评论数) or that came with it.
    var sourceReviewCount: Int64
    /// Other facts from the source, `key=value` lines (Wi-Fi speed, toilet …), shown as given.
    var notes: String?
    var ownerID: Int64?

    var hours: OpeningHours? { openingHours.flatMap(OpeningHours.init) }

    /// True or false when the hours parse; nil ("hours unknown") otherwise.
    func isOpen(at date: Date) -> Bool? {
        hours.map { $0.isOpen(at: date, in: timeZone) }
    }
}

/// A new or re-imported merchant, keyed by its source id.
struct MerchantRecord: Sendable {
    var sourceID: String
    var source: String
    var licence: String
    var name: String
    var nameEn: String?
    var category: String
    var cuisine: String?
    var address: String?
    var phone: String?
    var website: String?
    var city: String?
    var openingHours: String?
    var timeZone: String
    var sourceDatum: Datum
    var sourcePosition: Coordinate
    var pricePerPerson: Int64?
    var priceText: String?
    var sourceRating: Double?
    var sourceReviewCount: Int64
    var notes: String?
    /// Other names that search should find (OSM `name:zh` when it differs from `name`).
    var aliases: [String] = []

    /// The WGS-84 position: the source's converted when it is GCJ-02 (iterative inverse, below 1 mm).
    var position: Coordinate { sourceDatum.convert(sourcePosition, to: .wgs84) }

    var searchKey: String {
        let category = MerchantCategory.named(self.category)
        var parts: [String] = [name]
        parts += aliases
        parts += [nameEn, category?.name.zh, category?.name.en, cuisine, address, city].compactMap { $0 }
        return SearchKey.fold(parts.filter { !$0.isEmpty }.joined(separator: " \u{1F} "))
    }
}

/// One review that came with the data.
struct ImportedReview: Sendable, Hashable {
    var sourceID: String
    var merchantSourceID: String
    var author: String
    var rating: Int?
    var body: String
    var licence: String
}
