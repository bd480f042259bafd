public import AppSuiteAPI
import HTTPServer
import Storage

/// Which photos of the timeline to show (issue 29 item 8): taken on or after `from`, on or before `to` (days of the
/// local time they were taken, `yyyy-MM-dd`), with `camera` (EXIF make and model as the library shows it), and only
/// those with a place (EXIF GPS) when `hasPlace`, or with a place inside `bounds` (a 地点 cluster).
public struct PhotoFilter: Sendable, Hashable {
    public var from: String?
    public var to: String?
    public var camera: String?
    public var hasPlace: Bool
    public var bounds: PhotoBounds?

    public init(from: String? = nil, to: String? = nil, camera: String? = nil, hasPlace: Bool = false, bounds: PhotoBounds? = nil) {
        (self.from, self.to, self.camera, self.hasPlace, self.bounds) = (from, to, camera, hasPlace, bounds)
    }

    public static let none = PhotoFilter()

    /// The filter of a checked query (``PhotoListQuery`` has refused days that are not real, out of range or in the
    /// wrong order, and a camera name over its maximum).
    public init(_ query: PhotoListQuery) {
        self.init(from: query.from, to: query.to, camera: query.camera, hasPlace: query.hasPlace ?? false, bounds: query.bbox)
    }

    public var isEmpty: Bool { from == nil && to == nil && camera == nil && !hasPlace && bounds == nil }

    /// The SQL conditions on `p` (each starting with ` AND`) and their arguments.
    var condition: (sql: String, arguments: [SQLValue]) {
        var sql = ""
        var arguments: [SQLValue] = []
        if let from { sql += " AND p.taken_local >= ?"; arguments.append(.text(from + "T00:00:00")) }
        if let to { sql += " AND p.taken_local <= ?"; arguments.append(.text(to + "T23:59:59")) }
        if let camera { sql += " AND p.camera = ?"; arguments.append(.text(camera)) }
        if hasPlace { sql += " AND p.place_latitude IS NOT NULL" }
        if let bounds {
            sql += " AND p.place_latitude BETWEEN ? AND ? AND p.place_longitude BETWEEN ? AND ?"
            arguments += [.real(bounds.south), .real(bounds.north), .real(bounds.west), .real(bounds.east)]
        }
        return (sql, arguments)
    }
}

extension PhotoLibrary {
    /// The cameras of the account's photos (of `album` when given; not those in the trash), most photos first: the
    /// filter's choices, each with its count there.
    public func cameras(userID: Int64, album: Int64? = nil) throws -> [(camera: String, count: Int)] {
        try database.read { db in
            let inAlbum = album == nil ? "" : " AND EXISTS (SELECT 1 FROM photos_album_items i WHERE i.album_id = ? AND i.photo_id = p.id)"
            let arguments: [SQLValue] = [.integer(userID)] + (album.map { [.integer($0)] } ?? [])
            return try db.query("SELECT p.camera AS camera, COUNT(*) AS n FROM photos_photos p WHERE p.user_id = ? AND p.trashed_at IS NULL"
                                + " AND p.camera IS NOT NULL" + inAlbum + " GROUP BY p.camera ORDER BY n DESC, camera", arguments)
                .map { (try $0.get("camera", as: String.self), try $0.get("n", as: Int.self)) }
        }
    }
}

extension TimelineCursor {
    /// Where a checked query starts the timeline: after its `cursor`, else at its `month`, else at the newest photo.
    /// - Throws: a `422` naming `cursor` for a token this server did not make.
    static func start(_ query: PhotoListQuery, chinese: Bool) throws(HTTPError) -> TimelineCursor? {
        if let text = query.cursor {
            guard let cursor = TimelineCursor(text) else {
                throw HTTPError.validation([.init(field: "cursor", message: chinese ? "翻页位置无效，请从第一页重新打开。"
                                                                             : "Not a valid page position: open the first page again.")])
            }
            return cursor
        }
        return query.month.flatMap(TimelineCursor.start(ofMonth:))
    }
}
