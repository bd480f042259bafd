import AppHost
import Foundation
import Storage

/// 最近删除 (issue 29 item 1): a deleted photo is kept, with its versions and albums, for ``PhotoLibrary/trashDays``
/// days; it counts toward the account's quota until it is purged. Each change is one write transaction whose
/// `WHERE` re-checks the state it changes from, so a trash, a restore and a purge of the same photo racing each
/// other leave exactly one outcome; a purge holds the original's blob lock while the row goes (as `delete` does),
/// and its files are collected only when no photo or version row uses them.
extension PhotoLibrary {
    /// How long a photo stays in 最近删除: 30 days, as in Google Photos and Apple Photos.
    public static let trashDays = 30
    static let trashSeconds = Int64(trashDays) * 86_400

    /// The most photos one trash listing answers.
    public static let maximumTrashPage = 200

    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970) }

    /// When a photo trashed at `trashedAt` is purged (seconds since 1970).
    public static func purgeTime(trashedAt: Int64) -> Int64 { trashedAt + trashSeconds }

    /// Moves the photo to 最近删除 (a photo already there keeps its date). - Returns: the photo as it is now, nil
    /// when it is gone (purged meanwhile).
    public func trash(_ photo: Photo) throws -> Photo? {
        try database.write { db in
            try db.execute("UPDATE photos_photos SET trashed_at = ? WHERE id = ? AND user_id = ? AND trashed_at IS NULL",
                           nowSeconds, photo.id, photo.userID)
            return try Self.loadPhoto(db, id: photo.id, userID: photo.userID)
        }
    }

    /// Takes the photo out of 最近删除 (one in the library is answered as it is). - Returns: nil when it is gone
    /// (purged, or never the account's).
    public func restore(id: Int64, userID: Int64) throws -> Photo? {
        try database.write { db in
            try db.execute("UPDATE photos_photos SET trashed_at = NULL WHERE id = ? AND user_id = ? AND trashed_at IS NOT NULL", id, userID)
            return try Self.loadPhoto(db, id: id, userID: userID)
        }
    }

    /// Takes every photo of the account out of 最近删除. - Returns: how many.
    public func restoreAll(userID: Int64) throws -> Int {
        try database.write { db in
            try db.execute("UPDATE photos_photos SET trashed_at = NULL WHERE user_id = ? AND trashed_at IS NOT NULL", userID)
        }
    }

    /// Photos in 最近删除 and their bytes (originals and versions: what purging them would free of the quota).
    public func trashSummary(userID: Int64) throws -> (count: Int, bytes: Int64) {
        try database.read { db in
            let count: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos WHERE user_id = ? AND trashed_at IS NOT NULL", userID) ?? 0
            let originals: Int64 = try db.scalar(
                "SELECT COALESCE(SUM(file_size), 0) FROM photos_photos WHERE user_id = ? AND trashed_at IS NOT NULL", userID) ?? 0
            let versions: Int64 = try db.scalar("""
                SELECT COALESCE(SUM(v.file_size), 0) FROM photos_versions v JOIN photos_photos p ON p.id = v.photo_id
                WHERE p.user_id = ? AND p.trashed_at IS NOT NULL
                """, userID) ?? 0
            return (count, originals + versions)
        }
    }

    /// Where a trash listing continues: after the photo trashed at `trashedAt` with `id`.
    public struct TrashCursor: Sendable, Hashable {
        public var trashedAt: Int64
        public var id: Int64

        public init(trashedAt: Int64, id: Int64) {
            self.trashedAt = trashedAt
            self.id = id
        }

        /// `1767225600-42`; nil for any other text.
        public init?(_ text: String) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let time = Int64(parts[0]), let id = Int64(parts[1]), time >= 0, id > 0 else { return nil }
            (trashedAt, self.id) = (time, id)
        }

        public var text: String { "\(trashedAt)-\(id)" }
    }

    /// 最近删除, most recently trashed first, `limit` (1…``maximumTrashPage``) per page.
    public func trashed(userID: Int64, limit: Int, after cursor: TrashCursor?) throws -> (items: [Photo], next: TrashCursor?) {
        let limit = min(max(limit, 1), Self.maximumTrashPage)
        return try database.read { db in
            let start = cursor ?? TrashCursor(trashedAt: .max, id: .max)
            let rows = try db.query(
                Self.selectPhoto + """
                     WHERE p.user_id = ? AND p.trashed_at IS NOT NULL AND (p.trashed_at < ? OR (p.trashed_at = ? AND p.id < ?))
                     ORDER BY p.trashed_at DESC, p.id DESC LIMIT ?
                    """, userID, start.trashedAt, start.trashedAt, start.id, limit + 1)
            let items = try rows.prefix(limit).map(Self.decodePhoto)
            let next = rows.count > limit ? items.last.map { TrashCursor(trashedAt: $0.trashedAt ?? 0, id: $0.id) } : nil
            return (items, next)
        }
    }

    /// Deletes a photo of 最近删除 for good (永久删除); one in the library is left as it is.
    public func deleteForever(_ photo: Photo) throws {
        _ = try purge([photo.id], trashedBy: .max)
    }

    /// Deletes for good every photo of the account in 最近删除 (清空). - Returns: how many went.
    @discardableResult
    public func emptyTrash(userID: Int64) throws -> Int {
        let ids = try database.read { db in
            try db.query("SELECT id FROM photos_photos WHERE user_id = ? AND trashed_at IS NOT NULL", userID).map { try $0.get("id", as: Int64.self) }
        }
        return try purge(ids, trashedBy: .max)
    }

    /// The purge job's work: deletes for good every photo (of every account) trashed ``trashDays`` days ago or
    /// more by the library's clock. - Returns: how many went.
    @discardableResult
    public func purgeExpiredTrash() throws -> Int {
        let cutoff = nowSeconds - Self.trashSeconds
        let ids = try database.read { db in
            try db.query("SELECT id FROM photos_photos WHERE trashed_at IS NOT NULL AND trashed_at <= ? ORDER BY id", cutoff)
                .map { try $0.get("id", as: Int64.self) }
        }
        return try purge(ids, trashedBy: cutoff)
    }

    /// Deletes each photo of `ids` that is still in the trash, trashed at `cutoff` or before, one transaction per
    /// photo under its original's blob lock, then collects the files no row uses any more. A photo restored
    /// meanwhile stays.
    func purge(_ ids: [Int64], trashedBy cutoff: Int64) throws -> Int {
        var purged = 0
        for id in ids {
            guard let sha = try database.read({ db in try db.scalar("SELECT sha256 FROM photos_photos WHERE id = ?", id, as: String.self) })
            else { continue }
            let shas = try database.write { db -> Set<String>? in
                try db.lock("photos.blob." + sha)
                let versions = try db.query("SELECT sha256 FROM photos_versions WHERE photo_id = ?", id).map { try $0.get("sha256", as: String.self) }
                let deleted = try db.execute(
                    "DELETE FROM photos_photos WHERE id = ? AND sha256 = ? AND trashed_at IS NOT NULL AND trashed_at <= ?", id, sha, cutoff)
                return deleted == 1 ? Set([sha] + versions) : nil
            }
            guard let shas else { continue }
            purged += 1
            try collect(shas)
        }
        return purged
    }
}
