import AppHost
import Community
import Foundation
import HTTPServer
import Storage

/// A location rounded to a cell of 0.01° × 0.01° (about 1.1 km north–south, less east–west away from the
/// equator): the only form in which 周边 keeps or compares a location. The precise one is never stored.
struct CoarseLocation: Sendable, Hashable {
    /// Latitude and longitude × 100, rounded.
    var cellLat: Int64
    var cellLon: Int64

    /// Rounds a WGS-84 position. Throws `400` for a missing, non-numeric or out-of-range coordinate.
    init(latitude: String?, longitude: String?) throws(HTTPError) {
        guard let latText = latitude, let lonText = longitude, let lat = Double(latText), let lon = Double(lonText),
              lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw HTTPError(.badRequest, localized: DealText.badPosition)
        }
        cellLat = Int64((lat * 100).rounded())
        cellLon = Int64((lon * 100).rounded())
    }

    /// Rounds a position whose bounds were checked (``DealNearbyQuery``).
    init(checkedLatitude latitude: Double, longitude: Double) {
        cellLat = Int64((latitude * 100).rounded())
        cellLon = Int64((longitude * 100).rounded())
    }

    init(cellLat: Int64, cellLon: Int64) {
        self.cellLat = cellLat
        self.cellLon = cellLon
    }

    var latitude: Double { Double(cellLat) / 100 }
    var longitude: Double { Double(cellLon) / 100 }
}

/// 周边 (apps used by people nearby): the apps favourited by users who opted in to share their coarse location
/// in the same cell or one of its eight neighbours (about 3 km across).
struct NearbyStore: Sendable {
    let database: any Database

    func share(_ location: CoarseLocation, userID: Int64, at time: Int64) throws {
        try database.write { db in
            try db.execute("""
                INSERT INTO appdeals_locations (user_id, cell_lat, cell_lon, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET cell_lat = excluded.cell_lat, cell_lon = excluded.cell_lon, updated_at = excluded.updated_at
                """, userID, location.cellLat, location.cellLon, time)
        }
    }

    func forget(userID: Int64) throws {
        try database.write { db in try db.execute("DELETE FROM appdeals_locations WHERE user_id = ?", userID) }
    }

    func location(userID: Int64) throws -> CoarseLocation? {
        try database.read { db in
            try db.queryFirst("SELECT cell_lat, cell_lon FROM appdeals_locations WHERE user_id = ?", userID).map { row throws(StorageError) in
                CoarseLocation(cellLat: try row.get(0), cellLon: try row.get(1))
            }
        }
    }

    /// The apps favourited by opted-in users near `location` (the viewer excluded), most favourited first,
    /// and how many such users there are.
    func apps(near location: CoarseLocation, excluding userID: Int64?, limit: Int = 20) throws -> (apps: [(id: Int64, users: Int64)], users: Int64) {
        try database.read { db in
            let box: [SQLValue] = [.integer(location.cellLat - 1), .integer(location.cellLat + 1), .integer(location.cellLon - 1),
                                   .integer(location.cellLon + 1), .integer(userID ?? -1)]
            let near = try db.query("""
                SELECT user_id FROM appdeals_locations
                WHERE cell_lat BETWEEN ? AND ? AND cell_lon BETWEEN ? AND ? AND user_id <> ?
                """, box).map { row throws(StorageError) in try row.get(0, as: Int64.self) }
            let counts = near.isEmpty ? [:] : try FavoriteStore.counts(app: DealsApp.id, users: near, db: db)
            let apps = counts.compactMap { item, count in Int64(item).map { (id: $0, users: count) } }
                .sorted { ($0.users, String($1.id)) > ($1.users, String($0.id)) }
            return (Array(apps.prefix(limit)), Int64(near.count))
        }
    }
}
