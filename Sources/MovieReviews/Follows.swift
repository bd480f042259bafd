import Storage

/// One row of a following / followers list: the other user and when the follow was made (UTC seconds).
struct Follow: Sendable, Equatable {
    var userID: Int64
    var since: Int64
}

/// The SQL of following (issue 18 item 3, the 关注的人 tab): a signed-in user follows another user of this
/// server (never themself, at most ``limit`` users), and reads the reviews and 短评 of those they follow.
struct MovieFollows: Sendable {
    let database: any Database
    let now: @Sendable () -> Int64

    /// The most users one user may follow (Douban and Weibo cap it too; 2,000 on Weibo).
    static let limit = 1_000
    /// Rows of a following / followers list page.
    static let pageSize = 50

    /// `userID` follows `followed`, an existing user (the caller checks; following again changes nothing).
    /// Throws ``MovieError/invalid(field:message:)`` for oneself or past ``limit``.
    func follow(userID: Int64, followed: Int64) throws {
        guard followed != userID else { throw MovieError.invalid(field: "user", message: MovieText.cannotFollowSelf) }
        try database.write { db in
            let count = try db.scalar("SELECT count(*) FROM movies_follows WHERE user_id = ?", userID, as: Int.self) ?? 0
            if count >= Self.limit, try db.scalar("SELECT count(*) FROM movies_follows WHERE user_id = ? AND followed_id = ?", userID, followed,
                                                  as: Int.self) == 0 {
                throw MovieError.invalid(field: "user", message: MovieText.followLimit(Self.limit))
            }
            try db.execute("INSERT INTO movies_follows (user_id, followed_id, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, followed_id) DO NOTHING",
                           userID, followed, now())
        }
    }

    /// Stops following; not following is not an error.
    func unfollow(userID: Int64, followed: Int64) throws {
        try database.write { try $0.execute("DELETE FROM movies_follows WHERE user_id = ? AND followed_id = ?", userID, followed) }
    }

    /// How many `userID` follows and how many follow them, and whether `viewer` follows them (one query).
    func counts(userID: Int64, viewer: Int64?) throws -> (following: Int, followers: Int, followedByViewer: Bool) {
        try database.read { db in
            let row = try db.queryFirst("""
                SELECT (SELECT count(*) FROM movies_follows WHERE user_id = ?) AS following,
                       (SELECT count(*) FROM movies_follows WHERE followed_id = ?) AS followers,
                       (SELECT count(*) FROM movies_follows WHERE user_id = ? AND followed_id = ?) AS mine
                """, userID, userID, viewer ?? 0, userID)
            return (try row?.get("following", as: Int.self) ?? 0, try row?.get("followers", as: Int.self) ?? 0,
                    try row?.get("mine", as: Int.self) ?? 0 > 0)
        }
    }

    /// Whom `userID` follows (`followers: false`) or who follows them, newest follow first, keyset paged by
    /// `"<since>.<user id>"`, ``pageSize`` a page.
    func list(userID: Int64, followers: Bool, cursor: String?) throws -> Page<Follow> {
        let (since, id) = try MovieStore.pairCursor(cursor) ?? (Int64.max, Int64.max)
        let (mine, other) = followers ? ("followed_id", "user_id") : ("user_id", "followed_id")
        let rows = try database.read { db in
            try db.query("SELECT \(other) AS other, created_at FROM movies_follows WHERE \(mine) = ? AND (created_at, \(other)) < (?, ?) "
                         + "ORDER BY created_at DESC, \(other) DESC LIMIT ?", userID, since, id, Self.pageSize + 1)
        }
        let items = try rows.prefix(Self.pageSize).map { row throws(StorageError) in Follow(userID: try row.get("other"), since: try row.get("created_at")) }
        return Page(items: items, nextCursor: rows.count > Self.pageSize ? items.last.map { "\($0.since).\($0.userID)" } : nil)
    }
}
