import Storage

/// Which photos of the timeline to show (issue 29 item 8): taken on or after `from`, on or before `to` (days of the
/// local time they were taken, `yyyy-MM-dd`), with `camera` (EXIF make and model as the library shows it), and only
/// those with a place (EXIF GPS) when `hasPlace`.
public struct PhotoFilter: Sendable, Hashable {
    public var from: String?
    public var to: String?
    public var camera: String?
    public var hasPlace: Bool

    public init(from: String? = nil, to: String? = nil, camera: String? = nil, hasPlace: Bool = false) {
        (self.from, self.to, self.camera, self.hasPlace) = (from, to, camera, hasPlace)
    }

    public static let none = PhotoFilter()
    /// The longest camera name kept (``Imaging`` cuts EXIF texts at 120 characters, a model after its make at 241).
    public static let maximumCameraLength = 241

    public var isEmpty: Bool { from == nil && to == nil && camera == nil && !hasPlace }

    /// Why the values cannot be used, or nil: a day that is not a real `yyyy-MM-dd` (1900–9999), `from` after `to`, or a
    /// camera name over ``maximumCameraLength``.
    public var problem: (field: String, zh: String, en: String)? {
        for (field, day) in [("from", from), ("to", to)] {
            if let day, !Self.isDay(day) {
                return (field, "日期应写成 2019-07-14 这样。", "Give the day as 2019-07-14.")
            }
        }
        if let from, let to, from > to { return ("to", "结束日期不能早于开始日期。", "The last day cannot be before the first.") }
        if let camera, camera.count > Self.maximumCameraLength {
            return ("camera", "相机名称太长。", "The camera name is too long (at most \(Self.maximumCameraLength) characters).")
        }
        return nil
    }

    static func isDay(_ text: String) -> Bool {
        guard text.count == 10, let year = Int(text.prefix(4)), year >= 1900 else { return false }
        return TakenTime.exifComponents(text + " 00:00:00") != nil
    }

    /// The SQL conditions on `p` (each starting with ` AND`) and their arguments.
    var condition: (sql: String, arguments: [SQLValue]) {
        var sql = ""
        var arguments: [SQLValue] = []
        if let from { sql += " AND p.taken_local >= ?"; arguments.append(.text(from + "T00:00:00")) }
        if let to { sql += " AND p.taken_local <= ?"; arguments.append(.text(to + "T23:59:59")) }
        if let camera { sql += " AND p.camera = ?"; arguments.append(.text(camera)) }
        if hasPlace { sql += " AND p.place_latitude IS NOT NULL" }
        return (sql, arguments)
    }
}

extension PhotoLibrary {
    /// The cameras of the account's photos (not those in the trash), most photos first: the filter's choices.
    public func cameras(userID: Int64) throws -> [(camera: String, count: Int)] {
        try database.read { db in
            try db.query("SELECT p.camera AS camera, COUNT(*) AS n FROM photos_photos p WHERE p.user_id = ? AND p.trashed_at IS NULL"
                         + " AND p.camera IS NOT NULL GROUP BY p.camera ORDER BY n DESC, camera", userID)
                .map { (try $0.get("camera", as: String.self), try $0.get("n", as: Int.self)) }
        }
    }
}
