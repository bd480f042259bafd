import Foundation
import Geo
import Storage

/// All SQL of the Merchants app. The nearby prefilter is portable: `lat_band` = ⌊latitude × 100⌋ (bands of
/// 0.01°, about 1.1 km) indexed with `lon`, so a circle's bounding box becomes a few index seeks
/// (`lat_band IN (…) AND lon BETWEEN …`) on SQLite and PostgreSQL alike; the exact haversine check follows
/// in ``NearbySearch``.
struct MerchantStore: Sendable {
    let database: any Database

    static let columns = """
        id, source_id, source, licence, name, name_en, category, cuisine, address, phone, website, city, opening_hours, time_zone,
        lat, lon, source_datum, source_lat, source_lon, price_per_person, price_text, source_rating, source_review_count, notes, owner_id
        """

    /// The zones the data uses, made once (a `TimeZone` per row costs more than the rest of the row).
    static let zones = Dictionary(uniqueKeysWithValues: ["Asia/Shanghai", "Asia/Hong_Kong"].map { ($0, TimeZone(identifier: $0)!) })

    static func zone(_ identifier: String) -> TimeZone {
        zones[identifier] ?? TimeZone(identifier: identifier) ?? MerchantsApp.chinaTime
    }

    static func band(_ latitude: Double) -> Int64 { Int64((latitude * 100).rounded(.down)) }

    static func merchant(_ row: Row) throws(StorageError) -> Merchant {
        let datum = Datum(rawValue: try row.get("source_datum", as: String.self)) ?? .wgs84
        return Merchant(
            id: try row.get("id"), sourceID: try row.get("source_id"), source: try row.get("source"), licence: try row.get("licence"),
            name: try row.get("name"), nameEn: try row.get("name_en"), category: try row.get("category"), cuisine: try row.get("cuisine"),
            address: try row.get("address"), phone: try row.get("phone"), website: try row.get("website"), city: try row.get("city"),
            openingHours: try row.get("opening_hours"),
            timeZone: zone(try row.get("time_zone")),
            position: Coordinate(latitude: try row.get("lat"), longitude: try row.get("lon")) ?? MerchantsApp.shanghai,
            sourceDatum: datum,
            sourcePosition: Coordinate(latitude: try row.get("source_lat"), longitude: try row.get("source_lon")) ?? MerchantsApp.shanghai,
            pricePerPerson: try row.get("price_per_person"), priceText: try row.get("price_text"), sourceRating: try row.get("source_rating"),
            sourceReviewCount: try row.get("source_review_count"), notes: try row.get("notes"), ownerID: try row.get("owner_id"))
    }

    // MARK: import

    /// Inserts or updates merchants by source id, then their reviews, in one transaction; returns how many
    /// merchants and reviews were written. Reviews of an unknown merchant are returned as skipped.
    func upsert(_ records: [MerchantRecord], reviews: [ImportedReview], now: Int64) throws -> (merchants: Int, reviews: Int, orphans: [String]) {
        try database.write { db in
            for record in records { try Self.insert(record, ownerID: nil, now: now, db: db) }
            var written = 0
            var orphans: [String] = []
            for review in reviews {
                guard let merchantID = try db.scalar("SELECT id FROM merchants WHERE source_id = ?", review.merchantSourceID, as: Int64.self) else {
                    orphans.append(review.sourceID)
                    continue
                }
                try db.execute(
                    """
                    INSERT INTO merchants_reviews (source_id, merchant_id, author, rating, body, licence) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (source_id) DO UPDATE SET merchant_id = excluded.merchant_id, author = excluded.author,
                        rating = excluded.rating, body = excluded.body, licence = excluded.licence
                    """, [.text(review.sourceID), .integer(merchantID), .text(review.author), review.rating.map(Int64.init).sqlValue,
                         .text(review.body), .text(review.licence)])
                written += 1
            }
            return (records.count, written, orphans)
        }
    }

    /// Inserts or updates one merchant by source id on `db` (the caller's transaction); returns its id.
    @discardableResult
    static func insert(_ record: MerchantRecord, ownerID: Int64?, now: Int64, db: any SQLExecutor) throws(StorageError) -> Int64? {
        let position = record.position
        return try db.queryFirst(
            """
            INSERT INTO merchants (source_id, source, licence, name, name_en, category, cuisine, address, phone, website, city,
                opening_hours, time_zone, lat, lon, lat_band, source_datum, source_lat, source_lon, price_per_person, price_text,
                source_rating, source_review_count, notes, search_key, owner_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source_id) DO UPDATE SET source = excluded.source, licence = excluded.licence, name = excluded.name,
                name_en = excluded.name_en, category = excluded.category, cuisine = excluded.cuisine, address = excluded.address,
                phone = excluded.phone, website = excluded.website, city = excluded.city, opening_hours = excluded.opening_hours,
                time_zone = excluded.time_zone, lat = excluded.lat, lon = excluded.lon, lat_band = excluded.lat_band,
                source_datum = excluded.source_datum, source_lat = excluded.source_lat, source_lon = excluded.source_lon,
                price_per_person = excluded.price_per_person, price_text = excluded.price_text, source_rating = excluded.source_rating,
                source_review_count = excluded.source_review_count, notes = excluded.notes, search_key = excluded.search_key
            RETURNING id
            """,
            [.text(record.sourceID), .text(record.source), .text(record.licence), .text(record.name), record.nameEn.sqlValue,
             .text(record.category), record.cuisine.sqlValue, record.address.sqlValue, record.phone.sqlValue, record.website.sqlValue,
             record.city.sqlValue, record.openingHours.sqlValue, .text(record.timeZone), .real(position.latitude),
             .real(position.longitude), .integer(Self.band(position.latitude)), .text(record.sourceDatum.rawValue),
             .real(record.sourcePosition.latitude), .real(record.sourcePosition.longitude), record.pricePerPerson.sqlValue,
             record.priceText.sqlValue, record.sourceRating.sqlValue, .integer(record.sourceReviewCount), record.notes.sqlValue,
             .text(record.searchKey), ownerID.sqlValue, .integer(now)])?.get(0, as: Int64.self)
    }

    // MARK: reading

    func merchant(_ id: Int64) throws -> Merchant? {
        try database.read { db in
            try db.queryFirst("SELECT \(Self.columns) FROM merchants WHERE id = ?", id).map { row throws(StorageError) in try Self.merchant(row) }
        }
    }

    func count() throws -> Int {
        try database.read { db in try db.scalar("SELECT count(*) FROM merchants", as: Int.self) ?? 0 }
    }

    /// The merchants inside `boxes` (the circle's covering boxes), optionally of one category and within a price
    /// range (fen; a merchant without a price is kept only when no price bound is given).
    func candidates(in boxes: [BoundingBox], category: String?, priceRange: ClosedRange<Int64>?, limit: Int? = nil) throws -> [Merchant] {
        try database.read { db in
            var merchants: [Merchant] = []
            for box in boxes {
                let (sql, arguments) = Self.candidateQuery(box, category: category, priceRange: priceRange, limit: limit)
                merchants += try db.query(sql, arguments).map { row throws(StorageError) in try Self.merchant(row) }
            }
            return merchants
        }
    }

    static let spotColumns = "id, lat, lon, price_per_person"

    /// One candidate of the nearby prefilter: only what the distance and price orders need.
    struct Spot: Sendable {
        var id: Int64
        var position: Coordinate
        var pricePerPerson: Int64?
    }

    /// The id, position and price of the merchants inside `boxes` (filters as ``candidates(in:category:priceRange:limit:)``,
    /// at most `limit` rows per box): one pass of ``NearbySearch/reach(_:from:wanted:useful:)``, whose full rows are read
    /// by ``merchants(_:)`` for the page alone.
    func spots(in boxes: [BoundingBox], category: String?, priceRange: ClosedRange<Int64>?, limit: Int? = nil) throws -> [Spot] {
        try database.read { db in
            var spots: [Spot] = []
            for box in boxes {
                let (sql, arguments) = Self.candidateQuery(box, category: category, priceRange: priceRange, limit: limit, columns: Self.spotColumns)
                for row in try db.query(sql, arguments) {
                    guard let position = Coordinate(latitude: try row.get(1), longitude: try row.get(2)) else { continue }
                    spots.append(Spot(id: try row.get(0), position: position, pricePerPerson: try row.get(3)))
                }
            }
            return spots
        }
    }

    /// The merchants with these ids, by id (unknown ids left out).
    func merchants(_ ids: [Int64]) throws -> [Int64: Merchant] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            var merchants: [Int64: Merchant] = [:]
            for start in stride(from: 0, to: ids.count, by: 128) {
                let chunk = Array(ids[start..<min(start + 128, ids.count)])
                let width = Self.bandWidths.first { $0 >= chunk.count }!
                let list = Array(repeating: "?", count: width).joined(separator: ", ")
                let arguments = (chunk + Array(repeating: chunk.last!, count: width - chunk.count)).map { SQLValue.integer($0) }
                for row in try db.query("SELECT \(Self.columns) FROM merchants WHERE id IN (\(list))", arguments) {
                    let merchant = try Self.merchant(row)
                    merchants[merchant.id] = merchant
                }
            }
            return merchants
        }
    }

    /// The prefilter statement of one box: `lat_band IN (…)` (a fixed list length per power of two keeps the
    /// statements few and prepared) or a band range past 128 bands, then the box's longitudes and latitudes.
    static func candidateQuery(_ box: BoundingBox, category: String?, priceRange: ClosedRange<Int64>?, limit: Int?,
                               columns: String = columns) -> (String, [SQLValue]) {
        let bands = Array(Self.band(box.south)...Self.band(box.north))
        var sql = "SELECT \(columns) FROM merchants WHERE "
        var arguments: [SQLValue] = []
        if let width = Self.bandWidths.first(where: { $0 >= bands.count }) {
            sql += "lat_band IN (" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
            arguments += (bands + Array(repeating: bands.last!, count: width - bands.count)).map { SQLValue.integer($0) }
        } else {
            sql += "lat_band BETWEEN ? AND ?"
            arguments += [.integer(bands.first!), .integer(bands.last!)]
        }
        sql += " AND lon BETWEEN ? AND ? AND lat BETWEEN ? AND ?"
        arguments += [.real(box.west), .real(box.east), .real(box.south), .real(box.north)]
        if let category {
            sql += " AND category = ?"
            arguments.append(.text(category))
        }
        if let priceRange {
            sql += " AND price_per_person BETWEEN ? AND ?"
            arguments += [.integer(priceRange.lowerBound), .integer(priceRange.upperBound)]
        }
        if let limit {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return (sql, arguments)
    }

    /// The database's plan for one pass of the nearby search over `box` (``spots(in:category:priceRange:limit:)``; SQLite's
    /// `EXPLAIN QUERY PLAN` details, PostgreSQL's `EXPLAIN` lines): `bench/merchants` checks it names the
    /// `merchants_position` index at its size (SQLite: `USING COVERING INDEX`).
    func candidatePlan(_ box: BoundingBox) throws -> [String] {
        let (sql, arguments) = Self.candidateQuery(box, category: nil, priceRange: nil, limit: NearbySearch.Caps().spots + 1, columns: Self.spotColumns)
        return try database.read { db in
            switch db.dialect {
            case .sqlite: try db.query("EXPLAIN QUERY PLAN " + sql, arguments).map { row throws(StorageError) in try row.get("detail", as: String.self) }
            case .postgresql: try db.query("EXPLAIN " + sql, arguments).map { row throws(StorageError) in try row.get(0, as: String.self) }
            }
        }
    }

    /// Every merchant's id and WGS-84 position, read once: the brute-force baseline of `appsuite merchants timing`.
    func positions() throws -> [(id: Int64, position: Coordinate)] {
        try database.read { db in
            try db.query("SELECT id, lat, lon FROM merchants ORDER BY id").compactMap { row throws(StorageError) -> (id: Int64, position: Coordinate)? in
                let id = try row.get(0, as: Int64.self)
                return Coordinate(latitude: try row.get(1), longitude: try row.get(2)).map { (id, $0) }
            }
        }
    }

    /// The real (not ``SyntheticMerchants``) merchants, the query points of `appsuite merchants timing`.
    func realMerchants() throws -> [Merchant] {
        try database.read { db in
            try db.query("SELECT \(Self.columns) FROM merchants WHERE source <> ? ORDER BY id", SyntheticMerchants.source)
                .map { row throws(StorageError) in try Self.merchant(row) }
        }
    }

    static let bandWidths = (0...7).map { 1 << $0 }

    /// Merchants whose folded name, category, cuisine, address or city contains `folded` (at most `limit`).
    func search(_ folded: String, limit: Int) throws -> [Merchant] {
        try database.read { db in
            try db.query(
                "SELECT \(Self.columns) FROM merchants WHERE lower(search_key) LIKE lower(?) ESCAPE '\\' ORDER BY id LIMIT ?",
                SearchKey.likePattern(folded), limit
            ).map { row throws(StorageError) in try Self.merchant(row) }
        }
    }

    /// The reviews that came with the data, in source order.
    func importedReviews(merchantID: Int64) throws -> [ImportedReview] {
        try database.read { db in
            try db.query(
                """
                SELECT r.source_id, m.source_id AS merchant_source_id, r.author, r.rating, r.body, r.licence
                FROM merchants_reviews r JOIN merchants m ON m.id = r.merchant_id WHERE r.merchant_id = ? ORDER BY r.source_id
                """, merchantID
            ).map { row throws(StorageError) in
                ImportedReview(sourceID: try row.get("source_id"), merchantSourceID: try row.get("merchant_source_id"), author: try row.get("author"),
                               rating: try row.get("rating", as: Int64?.self).map(Int.init), body: try row.get("body"), licence: try row.get("licence"))
            }
        }
    }

    /// How many imported reviews each merchant has (for the list's review counts).
    func importedReviewCounts(_ ids: [Int64]) throws -> [Int64: Int] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            var counts: [Int64: Int] = [:]
            for start in stride(from: 0, to: ids.count, by: 128) {
                let chunk = Array(ids[start..<min(start + 128, ids.count)])
                let width = Self.bandWidths.first { $0 >= chunk.count }!
                let list = Array(repeating: "?", count: width).joined(separator: ", ")
                let arguments = (chunk + Array(repeating: chunk.last!, count: width - chunk.count)).map { SQLValue.integer($0) }
                for row in try db.query("SELECT merchant_id, count(*) FROM merchants_reviews WHERE merchant_id IN (\(list)) GROUP BY merchant_id", arguments) {
                    counts[try row.get(0, as: Int64.self)] = try row.get(1, as: Int.self)
                }
            }
            return counts
        }
    }
}
