import Storage

extension PhotoLibrary {
    /// The account's photos with a place (EXIF GPS; none in 最近删除), newest taken first, and how many have none: what
    /// 地点 shows. A photo without GPS is only counted, never placed.
    public func places(userID: Int64) throws -> (placed: [Photo], unplaced: Int) {
        try database.read { db in
            let placed = try db.query(Self.selectPhoto + " WHERE p.user_id = ? AND p.trashed_at IS NULL AND p.place_latitude IS NOT NULL"
                                      + " AND p.place_longitude IS NOT NULL ORDER BY p.taken_local DESC, p.id DESC", userID)
                .map(Self.decodePhoto)
            let unplaced: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos p WHERE p.user_id = ? AND p.trashed_at IS NULL"
                                              + " AND (p.place_latitude IS NULL OR p.place_longitude IS NULL)", userID) ?? 0
            return (placed, unplaced)
        }
    }
}
