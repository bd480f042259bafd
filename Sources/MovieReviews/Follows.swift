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
    /// Follows and unfollows one user may make a minute (a fixed window, as ``MovieWrites/votesPerMinute``):
    /// each is a tap on a profile the user has opened, so 30 (one every 2 s) is more than reading profiles
    /// allows, while a script toggling a follow (each one changes a count the followed user sees) gets 30 a
    /// minute instead of thousands, and a new account needs over half an hour to reach ``limit``.
    static let changesPerMinute = 30

    /// `userID` follows `followed`, an existing user (the caller checks; following again changes nothing).
    /// Throws ``MovieError/invalid(field:message:)`` for oneself or past ``limit``, and
    /// ``MovieError/rateLimited(retryAfter:message:)`` past ``changesPerMinute``.
    func follow(userID: Int64, followed: Int64) throws {
        guard followed != userID else { throw MovieError.invalid(field: "user", message: MovieText.cannotFollowSelf) }
        try database.write { db in
            try countChange(userID: userID, db: db)
            let count = try db.scalar("SELECT count(*) FROM movies_follows WHERE user_id = ?", userID, as: Int.self) ?? 0
            if count >= Self.limit, try db.scalar("SELECT count(*) FROM movies_follows WHERE user_id = ? AND followed_id = ?", userID, followed,
                                                  as: Int.self) == 0 {
                throw MovieError.invalid(field: "user", message: MovieText.followLimit(Self.limit))
            }
            try db.execute("INSERT INTO movies_follows (user_id, followed_id, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, followed_id) DO NOTHING",
                           userID, followed, now())
        }
    }

    /// Stops following; not following is not an error. Counts toward ``changesPerMinute`` as a follow does.
    func unfollow(userID: Int64, followed: Int64) throws {
        try database.write { db in
            try countChange(userID: userID, db: db)
            try db.execute("DELETE FROM movies_follows WHERE user_id = ? AND followed_id = ?", userID, followed)
        }
    }

    /// Counts one follow or unfollow in the user's current one-minute window, inside the change's own write
    /// (a refused change is not counted); past ``changesPerMinute``, 429 with the seconds left in the window.
    private func countChange(userID: Int64, db: any SQLExecutor) throws {
        let now = now()
        let window = try db.queryFirst("SELECT window_start, change_count FROM movies_follow_windows WHERE user_id = ?", userID)
        var start = try window?.get("window_start", as: Int64.self) ?? now
        var count = try window?.get("change_count", as: Int.self) ?? 0
        if now - start >= 60 { (start, count) = (now, 0) }
        if count >= Self.changesPerMinute { throw MovieError.rateLimited(retryAfter: max(1, start + 60 - now), message: MovieText.tooManyFollows) }
        try db.execute("""
            INSERT INTO movies_follow_windows (user_id, window_start, change_count) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET window_start = excluded.window_start, change_count = excluded.change_count
            """, userID, start, count + 1)
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
