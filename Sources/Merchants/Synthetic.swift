import Foundation
import Geo
import Storage

/// Synthetic merchants for `bench/merchants` (`appsuite merchants generate COUNT [--seed N]`): each is a copy of a
/// real (imported) merchant — chosen uniformly — moved by a normally distributed offset (σ = ``spread`` metres
/// north and east, so the synthetic ones crowd where the real ones do), with the template's category, hours,
/// zone, price and score. Source `synthetic`, source id `synthetic:<seed>:<n>`; names read `合成 #n · <template>`
/// so they are never taken for real places. The same seed gives the same rows (SplitMix64).
struct SyntheticMerchants: Sendable {
    let store: MerchantStore

    static let source = "synthetic"
    static let licence = "Generated for bench/merchants around the imported merchants: not real places"
    /// Standard deviation of the offset from the template, metres in each of north and east.
    static let spread = 1_000.0
    static let maxCount = 5_000_000

    /// What ``generate(count:seed:now:)`` did: rows written, and the seconds the write took (one transaction).
    struct Loaded: Sendable {
        var count: Int
        var templates: Int
        var seconds: Double
    }

    /// The template fields of one real merchant.
    struct Template: Sendable {
        var name: String
        var category: String
        var cuisine: String?
        var city: String?
        var openingHours: String?
        var timeZone: String
        var lat: Double
        var lon: Double
        var pricePerPerson: Int64?
        var sourceRating: Double?
        var searchKey: String
    }

    /// Replaces every synthetic merchant by `count` new ones in one transaction (one prepared INSERT reused).
    /// - Throws: ``StorageError``; `count` is clamped to 0…``maxCount`` by the caller.
    func generate(count: Int, seed: UInt64, now: Int64) throws -> Loaded {
        let templates = try store.database.read { db in
            try db.query(
                """
                SELECT name, category, cuisine, city, opening_hours, time_zone, lat, lon, price_per_person, source_rating, search_key
                FROM merchants WHERE source <> ? ORDER BY id
                """, Self.source
            ).map { row throws(StorageError) in
                Template(name: try row.get("name"), category: try row.get("category"), cuisine: try row.get("cuisine"), city: try row.get("city"),
                         openingHours: try row.get("opening_hours"), timeZone: try row.get("time_zone"), lat: try row.get("lat"), lon: try row.get("lon"),
                         pricePerPerson: try row.get("price_per_person"), sourceRating: try row.get("source_rating"), searchKey: try row.get("search_key"))
            }
        }
        let started = ContinuousClock.now
        guard !templates.isEmpty else { return Loaded(count: 0, templates: 0, seconds: 0) }
        var random = SplitMix64(seed: seed)
        try store.database.write { db in
            try db.execute("DELETE FROM merchants WHERE source = ?", Self.source)
            for n in 0..<count {
                let template = templates[Int(random.next() % UInt64(templates.count))]
                let (north, east) = random.normalPair()
                let lat = min(89.9, max(-89.9, template.lat + north * Self.spread / 111_195))
                var lon = template.lon + east * Self.spread / (111_195 * cos(lat * .pi / 180))
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                try db.execute(
                    """
                    INSERT INTO merchants (source_id, source, licence, name, category, cuisine, city, opening_hours, time_zone, lat, lon, lat_band,
                        source_datum, source_lat, source_lon, price_per_person, source_rating, source_review_count, search_key, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
                    """,
                    [.text("synthetic:\(seed):\(n)"), .text(Self.source), .text(Self.licence), .text("合成 #\(n) · \(template.name)"),
                     .text(template.category), template.cuisine.sqlValue, template.city.sqlValue, template.openingHours.sqlValue,
                     .text(template.timeZone), .real(lat), .real(lon), .integer(MerchantStore.band(lat)), .text(Datum.wgs84.rawValue),
                     .real(lat), .real(lon), template.pricePerPerson.sqlValue, template.sourceRating.sqlValue,
                     .text("合成 #\(n) \u{1F} " + template.searchKey), .integer(now)])
            }
        }
        return Loaded(count: count, templates: templates.count, seconds: MerchantsCommand.milliseconds(ContinuousClock.now - started) / 1_000)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose sequence is fixed by its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Two independent standard normal values (Box–Muller).
    mutating func normalPair() -> (Double, Double) {
        let u1 = Double(next() >> 11 | 1) / Double(1 << 53), u2 = Double(next() >> 11) / Double(1 << 53)
        let radius = (-2 * log(u1)).squareRoot()
        return (radius * cos(2 * .pi * u2), radius * sin(2 * .pi * u2))
    }
}
