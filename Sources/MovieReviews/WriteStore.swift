import Foundation
import Storage
import WebUI

/// 想看 (want to see) or 看过 (seen), as Douban marks a film.
enum MarkStatus: String, Sendable, CaseIterable { case wish, seen }

/// A user's mark on a film: status, stars (1–5, only with 看过), the date they give, and their 短评 on it.
struct Mark: Sendable {
    var filmID: String
    var filmTitle: String
    var status: MarkStatus
    var rating: Int?
    /// `YYYY-MM-DD` (Beijing date) the user watched it or put it on the list.
    var markedOn: String
    var updatedAt: Int64
    var comment: ShortComment?
    /// In the answer of a write only: the reader's earlier, different stars on this film that this write replaced
    /// (one rating per reader and film, the latest one counts — ``MovieWrites/rate(_:userID:filmID:db:)``).
    var replacedRating: Int? = nil
}

/// A review being written: kept per user and film until it is published or thrown away.
struct Draft: Sendable {
    var filmID: String
    var filmTitle: String
    var title: String
    var body: String
    var rating: Int?
    var spoiler: Bool
    var updatedAt: Int64
}

/// What a reader can vote on: 有用/没用 on reviews and short comments, a like on a comment under a review.
enum VoteTarget: String, Sendable { case review, short, comment }

/// The votes on one item after a vote, and the voter's own (1 有用/like, -1 没用, nil none).
struct VoteTally: Sendable, Equatable {
    var useful: Int
    var useless: Int
    var mine: Int?
}

/// Why a write was refused. `MovieError+HTTP` maps each case to its status in one place.
enum MovieError: Error, Sendable, Equatable {
    /// A field the rules refuse: 422 naming `field`.
    case invalid(field: String, message: LocalizedText)
    case notFound
    /// Someone else's item, or an imported one (their authors are read-only pseudonyms): 403.
    case notYours
    /// A vote on one's own review or short comment: 403.
    case ownItem
    /// More than ``MovieWrites/votesPerMinute`` votes or ``MovieFollows/changesPerMinute`` follows in a
    /// minute: 429 with `Retry-After` seconds and the message saying which.
    case rateLimited(retryAfter: Int64, message: LocalizedText)
}

/// The SQL of everything signed-in users write in the movies app: marks with their stars and 短评, long
/// reviews and their drafts, and votes. Limits are Douban's where it states one (短评 ≤ 350 characters);
/// text follows ``UserText`` (no control, bidirectional or invisible characters) and is stored verbatim.
struct MovieWrites: Sendable {
    let database: any Database
    let now: @Sendable () -> Int64
    /// Called after a mark's stars may have changed (set or removed), so 猜你喜欢 rebuilds its model
    /// (``MovieRecommender/ratingsChanged()``).
    var ratingsChanged: @Sendable () -> Void = {}
    /// Called after a write that changes what the 首页 feed shows has committed (``MovieFeedCache/invalidate()``).
    var feedChanged: @Sendable () -> Void = {}

    /// Douban's limit for a 短评.
    static let shortCommentLimit = 350
    static let titleLimit = 100
    /// The longest imported review has 23,911 characters.
    static let bodyLimit = 50_000
    static let votesPerMinute = 100

    // MARK: marks, ratings and short comments

    /// Sets the viewer's mark on `filmID`, replacing any earlier one (so one rating per user and film), and
    /// their 短评 with it: `comment` nil or blank deletes it. Stars need 看过; `markedOn` defaults to today.
    func setMark(userID: Int64, name: String, filmID: String, status: MarkStatus, rating: Int?, markedOn: String?,
                 comment: String?) throws -> Mark {
        if let rating, !(1...5).contains(rating) { throw MovieError.invalid(field: "rating", message: MovieText.ratingRange) }
        if rating != nil, status == .wish { throw MovieError.invalid(field: "rating", message: MovieText.ratingNeedsSeen) }
        let date = try Self.validDate(markedOn, now: now())
        let text = comment?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == false ? comment : nil
        if let text { try Self.validate(text, field: "comment", limit: Self.shortCommentLimit, lines: .multiple) }
        let now = now()
        let replaced = try database.write { db in
            guard try db.scalar("SELECT count(*) FROM movies_films WHERE id = ?", filmID, as: Int.self) == 1 else { throw MovieError.notFound }
            let replaced = try rating.flatMap { rating throws(StorageError) in try Self.rate(rating, userID: userID, filmID: filmID, db: db) }
            try db.execute("""
                INSERT INTO movies_marks (user_id, film_id, status, rating, marked_on, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, film_id) DO UPDATE SET status = excluded.status, rating = excluded.rating,
                    marked_on = excluded.marked_on, updated_at = excluded.updated_at
                """, userID, filmID, status.rawValue, rating.map(Int64.init).sqlValue, date, now)
            let own = try db.queryFirst("SELECT id, content FROM movies_comments WHERE user_id = ? AND film_id = ?", userID, filmID)
            switch (own, text) {
            case (nil, let text?):
                let seq = try Self.next(.shortCommentSeq, db: db)
                try db.execute("""
                    INSERT INTO movies_comments (id, seq, film_id, author, rating, content, votes, hot, created_at, listed, user_id)
                    VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, 1, ?)
                    """, "u\(seq)", seq, filmID, name, rating.map(Int64.init).sqlValue, text, now, userID)
            case (let row?, let text?):
                let changed = try row.get("content", as: String.self) != text
                try db.execute("UPDATE movies_comments SET rating = ?, content = ?, author = ?, edited_at = CASE WHEN ? = 1 THEN ? ELSE edited_at END "
                               + "WHERE id = ?", rating.map(Int64.init).sqlValue, text, name, changed ? 1 : 0, now, try row.get("id", as: String.self))
            case (let row?, nil):
                try Self.deleteShortComment(try row.get("id", as: String.self), db: db)
            case (nil, nil):
                break
            }
            return replaced
        }
        ratingsChanged()
        feedChanged()
        guard var mark = try mark(userID: userID, filmID: filmID) else { throw MovieError.notFound }
        mark.replacedRating = replaced
        return mark
    }

    /// Removes the viewer's mark on a film, its stars and their 短评 on it. Nothing to remove is not an error.
    func removeMark(userID: Int64, filmID: String) throws {
        try database.write { db in
            try db.execute("DELETE FROM movies_marks WHERE user_id = ? AND film_id = ?", userID, filmID)
            for row in try db.query("SELECT id FROM movies_comments WHERE user_id = ? AND film_id = ?", userID, filmID) {
                try Self.deleteShortComment(try row.get("id", as: String.self), db: db)
            }
        }
        ratingsChanged()
        feedChanged()
    }

    static func deleteShortComment(_ id: String, db: any SQLExecutor) throws(StorageError) {
        try db.execute("DELETE FROM movies_votes WHERE kind = 'short' AND item = ?", id)
        try db.execute("DELETE FROM movies_comments WHERE id = ?", id)
    }

    static let markColumns = """
        k.film_id, f.title AS film_title, k.status, k.rating AS mark_rating, k.marked_on, k.updated_at,
        c.id, c.seq, c.author, c.rating, c.content, c.votes, c.hot, c.created_at, c.user_id, c.edited_at
        """
    static let markJoin = """
        FROM movies_marks k JOIN movies_films f ON f.id = k.film_id
        LEFT JOIN movies_comments c ON c.user_id = k.user_id AND c.film_id = k.film_id
        """

    func mark(userID: Int64, filmID: String) throws -> Mark? {
        try database.read { db in
            try db.queryFirst("SELECT \(Self.markColumns) \(Self.markJoin) WHERE k.user_id = ? AND k.film_id = ?", userID, filmID)
        }.map { row throws(StorageError) in try Self.mark(row) }
    }

    /// A user's marks with `status` (all when nil), newest first, at most `limit`.
    func marks(userID: Int64, status: MarkStatus?, limit: Int) throws -> [Mark] {
        try database.read { db in
            if let status {
                return try db.query("SELECT \(Self.markColumns) \(Self.markJoin) WHERE k.user_id = ? AND k.status = ? "
                                    + "ORDER BY k.updated_at DESC, k.film_id LIMIT ?", userID, status.rawValue, limit)
            }
            return try db.query("SELECT \(Self.markColumns) \(Self.markJoin) WHERE k.user_id = ? ORDER BY k.updated_at DESC, k.film_id LIMIT ?",
                                userID, limit)
        }.map { row throws(StorageError) in try Self.mark(row) }
    }

    static func mark(_ row: Row) throws(StorageError) -> Mark {
        let commentID: String? = try row.get("id")
        return Mark(filmID: try row.get("film_id"), filmTitle: try row.get("film_title"),
                    status: MarkStatus(rawValue: try row.get("status")) ?? .seen, rating: try row.get("mark_rating"),
                    markedOn: try row.get("marked_on"), updatedAt: try row.get("updated_at"),
                    comment: commentID == nil ? nil : try ShortComment(row: row))
    }

    /// How many marks of each status, ratings, reviews and short comments a user has (one query).
    func counts(userID: Int64) throws -> (wish: Int, seen: Int, rated: Int, reviews: Int, shortComments: Int) {
        try database.read { db in
            let row = try db.queryFirst("""
                SELECT (SELECT count(*) FROM movies_marks WHERE user_id = ? AND status = 'wish') AS wish,
                       (SELECT count(*) FROM movies_marks WHERE user_id = ? AND status = 'seen') AS seen,
                       (SELECT count(*) FROM movies_marks WHERE user_id = ? AND rating IS NOT NULL) AS rated,
                       (SELECT count(*) FROM movies_reviews WHERE user_id = ?) AS reviews,
                       (SELECT count(*) FROM movies_comments WHERE user_id = ?) AS shorts
                """, userID, userID, userID, userID, userID)
            return (try row?.get("wish") ?? 0, try row?.get("seen") ?? 0, try row?.get("rated") ?? 0, try row?.get("reviews") ?? 0,
                    try row?.get("shorts") ?? 0)
        }
    }

    // MARK: reviews and drafts

    /// Publishes a review of `filmID` and deletes the draft of it. Its stars, if any, become the viewer's one
    /// rating of the film (a 看过 mark; the latest counts, ``rate(_:userID:filmID:db:)``). Returns the new review's
    /// id and the earlier, different stars it replaced.
    func publishReview(userID: Int64, name: String, filmID: String, title: String, body: String, rating: Int?,
                       spoiler: Bool) throws -> (id: Int64, replacedRating: Int?) {
        try Self.validateReview(title: title, body: body, rating: rating)
        let now = now()
        let summary = Self.summary(body)
        let today = BeijingTime.numericDate(now)
        let written = try database.write { db in
            guard try db.scalar("SELECT count(*) FROM movies_films WHERE id = ?", filmID, as: Int.self) == 1 else { throw MovieError.notFound }
            let replaced = try rating.flatMap { rating throws(StorageError) in try Self.rate(rating, userID: userID, filmID: filmID, db: db) }
            // Explicit ids after the imported Douban ones (the table holds explicit ids only; Storage's rule).
            let id = try Self.next(.reviewID, db: db)
            let rank = try Self.next(.reviewFeedRank, db: db)
            try db.execute("""
                INSERT INTO movies_reviews (id, film_id, author, title, body, summary, rating, published_at, useful_count, useless_count, featured,
                    feed_rank, user_id, spoiler) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?)
                """, id, filmID, name, title, body, summary, rating.map(Int64.init).sqlValue, now, rank, userID, spoiler ? 1 : 0)
            try db.execute("DELETE FROM movies_drafts WHERE user_id = ? AND film_id = ?", userID, filmID)
            if let rating {
                try db.execute("""
                    INSERT INTO movies_marks (user_id, film_id, status, rating, marked_on, updated_at) VALUES (?, ?, 'seen', ?, ?, ?)
                    ON CONFLICT (user_id, film_id) DO UPDATE SET status = 'seen', rating = excluded.rating, updated_at = excluded.updated_at
                    """, userID, filmID, Int64(rating), today, now)
            }
            return (id, replaced)
        }
        feedChanged()
        if rating != nil { ratingsChanged() }
        return written
    }

    /// Replaces the title, body, stars and spoiler flag of the viewer's own review (marked 已编辑). New stars become
    /// the viewer's one rating of the film, as when publishing; returns the earlier, different stars they replaced.
    @discardableResult
    func editReview(_ id: Int64, userID: Int64, title: String, body: String, rating: Int?, spoiler: Bool) throws -> Int? {
        try Self.validateReview(title: title, body: body, rating: rating)
        let now = now()
        let replaced = try database.write { db in
            try Self.requireOwnReview(id, userID: userID, db: db)
            let filmID = try db.scalar("SELECT film_id FROM movies_reviews WHERE id = ?", id, as: String.self) ?? ""
            let replaced = try rating.flatMap { rating throws(StorageError) in try Self.rate(rating, userID: userID, filmID: filmID, db: db) }
            try db.execute("UPDATE movies_reviews SET title = ?, body = ?, summary = ?, rating = ?, spoiler = ?, edited_at = ? WHERE id = ?",
                           title, body, Self.summary(body), rating.map(Int64.init).sqlValue, spoiler ? 1 : 0, now, id)
            if let rating {
                try db.execute("UPDATE movies_marks SET status = 'seen', rating = ?, updated_at = ? WHERE user_id = ? AND film_id = ?",
                               Int64(rating), now, userID, filmID)
            }
            return replaced
        }
        feedChanged()
        if rating != nil { ratingsChanged() }
        return replaced
    }

    /// One rating per reader and film, and the latest one counts (as on Douban): stars given with a mark, a 短评 or
    /// a review become the stars of the reader's mark, 短评 and reviews of that film alike. Called inside the write
    /// that gives them, before the mark is written; returns the earlier stars when they differ (nil when there were
    /// none or the same), so the answer and the screen can say which rating now counts.
    static func rate(_ rating: Int, userID: Int64, filmID: String, db: any SQLExecutor) throws(StorageError) -> Int? {
        let earlier = try db.scalar("SELECT rating FROM movies_marks WHERE user_id = ? AND film_id = ?", userID, filmID, as: Int.self)
        try db.execute("UPDATE movies_comments SET rating = ? WHERE user_id = ? AND film_id = ?", Int64(rating), userID, filmID)
        try db.execute("UPDATE movies_reviews SET rating = ? WHERE user_id = ? AND film_id = ?", Int64(rating), userID, filmID)
        return earlier == rating ? nil : earlier
    }

    /// Deletes the viewer's own review with its votes. (Comments under it stay in the community store,
    /// unreachable, as comments of any removed item.)
    func deleteReview(_ id: Int64, userID: Int64) throws {
        try database.write { db in
            try Self.requireOwnReview(id, userID: userID, db: db)
            try db.execute("DELETE FROM movies_votes WHERE kind = 'review' AND item = ?", String(id))
            try db.execute("DELETE FROM movies_reviews WHERE id = ?", id)
        }
        feedChanged()
    }

    static func requireOwnReview(_ id: Int64, userID: Int64, db: any SQLExecutor) throws {
        guard let row = try db.queryFirst("SELECT user_id FROM movies_reviews WHERE id = ?", id) else { throw MovieError.notFound }
        guard try row.get("user_id", as: Int64?.self) == userID else { throw MovieError.notYours }
    }

    /// Keeps what the viewer has written so far (any field may still be empty; the limits apply).
    func saveDraft(userID: Int64, filmID: String, title: String, body: String, rating: Int?, spoiler: Bool) throws -> Draft {
        if let rating, !(1...5).contains(rating) { throw MovieError.invalid(field: "rating", message: MovieText.ratingRange) }
        try Self.validate(title, field: "title", limit: Self.titleLimit, lines: .single, allowEmpty: true)
        try Self.validate(body, field: "body", limit: Self.bodyLimit, lines: .multiple, allowEmpty: true)
        let now = now()
        try database.write { db in
            guard try db.scalar("SELECT count(*) FROM movies_films WHERE id = ?", filmID, as: Int.self) == 1 else { throw MovieError.notFound }
            try db.execute("""
                INSERT INTO movies_drafts (user_id, film_id, title, body, rating, spoiler, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, film_id) DO UPDATE SET title = excluded.title, body = excluded.body, rating = excluded.rating,
                    spoiler = excluded.spoiler, updated_at = excluded.updated_at
                """, userID, filmID, title, body, rating.map(Int64.init).sqlValue, spoiler ? 1 : 0, now)
        }
        guard let draft = try drafts(userID: userID, filmID: filmID).first else { throw MovieError.notFound }
        return draft
    }

    func deleteDraft(userID: Int64, filmID: String) throws {
        try database.write { try $0.execute("DELETE FROM movies_drafts WHERE user_id = ? AND film_id = ?", userID, filmID) }
    }

    /// The viewer's drafts (of one film when `filmID` is given), newest first.
    func drafts(userID: Int64, filmID: String? = nil) throws -> [Draft] {
        let columns = "d.film_id, f.title AS film_title, d.title, d.body, d.rating, d.spoiler, d.updated_at"
        let rows = try database.read { db in
            if let filmID {
                return try db.query("SELECT \(columns) FROM movies_drafts d JOIN movies_films f ON f.id = d.film_id "
                                    + "WHERE d.user_id = ? AND d.film_id = ?", userID, filmID)
            }
            return try db.query("SELECT \(columns) FROM movies_drafts d JOIN movies_films f ON f.id = d.film_id "
                                + "WHERE d.user_id = ? ORDER BY d.updated_at DESC, d.film_id LIMIT 50", userID)
        }
        return try rows.map { row throws(StorageError) in
            Draft(filmID: try row.get("film_id"), filmTitle: try row.get("film_title"), title: try row.get("title"), body: try row.get("body"),
                  rating: try row.get("rating"), spoiler: try row.get("spoiler", as: Int.self) != 0, updatedAt: try row.get("updated_at"))
        }
    }

    // MARK: votes

    /// Sets (1 有用/like, -1 没用) or with nil withdraws the viewer's vote on an item, keeping the item's
    /// counters in step in the same transaction. `owner` is the item's author (nil for imported items);
    /// comments take likes only. At most ``votesPerMinute`` votes a minute per user (a fixed window).
    func vote(userID: Int64, target: VoteTarget, item: String, owner: Int64?, value: Int?) throws -> VoteTally {
        if let value, value != 1, value != -1 || target == .comment {
            throw MovieError.invalid(field: "value", message: MovieText.voteValue)
        }
        if owner == userID { throw MovieError.ownItem }
        let now = now()
        let tally = try database.write { db in
            let window = try db.queryFirst("SELECT window_start, vote_count FROM movies_vote_windows WHERE user_id = ?", userID)
            var start = try window?.get("window_start", as: Int64.self) ?? now
            var count = try window?.get("vote_count", as: Int.self) ?? 0
            if now - start >= 60 { (start, count) = (now, 0) }
            if count >= Self.votesPerMinute { throw MovieError.rateLimited(retryAfter: max(1, start + 60 - now), message: MovieText.tooManyVotes) }
            try db.execute("""
                INSERT INTO movies_vote_windows (user_id, window_start, vote_count) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET window_start = excluded.window_start, vote_count = excluded.vote_count
                """, userID, start, count + 1)
            let old = try db.scalar("SELECT value FROM movies_votes WHERE user_id = ? AND kind = ? AND item = ?", userID, target.rawValue, item,
                                    as: Int.self)
            if let value {
                try db.execute("""
                    INSERT INTO movies_votes (user_id, kind, item, value, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, kind, item) DO UPDATE SET value = excluded.value, created_at = excluded.created_at
                    """, userID, target.rawValue, item, value, now)
            } else {
                try db.execute("DELETE FROM movies_votes WHERE user_id = ? AND kind = ? AND item = ?", userID, target.rawValue, item)
            }
            let up = (value == 1 ? 1 : 0) - (old == 1 ? 1 : 0)
            let down = (value == -1 ? 1 : 0) - (old == -1 ? 1 : 0)
            switch target {
            case .review:
                guard let id = Int64(item) else { throw MovieError.notFound }
                try db.execute("UPDATE movies_reviews SET useful_count = coalesce(useful_count, 0) + ?, useless_count = coalesce(useless_count, 0) + ? "
                               + "WHERE id = ?", up, down, id)
                let row = try db.queryFirst("SELECT useful_count, useless_count FROM movies_reviews WHERE id = ?", id)
                return VoteTally(useful: try row?.get("useful_count") ?? 0, useless: try row?.get("useless_count") ?? 0, mine: value)
            case .short:
                // 短评 count 有用 only (Douban shows no 没用 on them); a 没用 is kept as the voter's opinion.
                try db.execute("UPDATE movies_comments SET votes = coalesce(votes, 0) + ?, hot = hot + ? WHERE id = ?", up, up, item)
                let useful = try db.scalar("SELECT votes FROM movies_comments WHERE id = ?", item, as: Int.self) ?? 0
                let useless = try db.scalar("SELECT count(*) FROM movies_votes WHERE kind = 'short' AND item = ? AND value = -1", item, as: Int.self) ?? 0
                return VoteTally(useful: useful, useless: useless, mine: value)
            case .comment:
                let likes = try db.scalar("SELECT count(*) FROM movies_votes WHERE kind = 'comment' AND item = ?", item, as: Int.self) ?? 0
                return VoteTally(useful: likes, useless: 0, mine: value)
            }
        }
        // A like on a comment under a review shows nowhere in the feed.
        if target != .comment { feedChanged() }
        return tally
    }

    /// The viewer's votes on some items of one kind, in one query.
    func myVotes(userID: Int64, target: VoteTarget, items: [String]) throws -> [String: Int] {
        guard !items.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: min(items.count, 256)).joined(separator: ", ")
        let rows = try database.read { db in
            try db.query("SELECT item, value FROM movies_votes WHERE user_id = ? AND kind = ? AND item IN (\(marks))",
                         [.integer(userID), .text(target.rawValue)] + items.prefix(256).map { SQLValue.text($0) })
        }
        var votes: [String: Int] = [:]
        for row in rows { votes[try row.get("item")] = try row.get("value") }
        return votes
    }

    /// Likes on comments (by community comment id), in one query.
    func likes(_ commentIDs: [Int64]) throws -> [Int64: Int] {
        guard !commentIDs.isEmpty else { return [:] }
        let ids = commentIDs.prefix(256).map(String.init)
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try database.read { db in
            try db.query("SELECT item, count(*) AS n FROM movies_votes WHERE kind = 'comment' AND item IN (\(marks)) GROUP BY item",
                         ids.map { SQLValue.text($0) })
        }
        var likes: [Int64: Int] = [:]
        for row in rows { if let id = Int64(try row.get("item", as: String.self)) { likes[id] = try row.get("n") } }
        return likes
    }

    // MARK: numbers

    /// A series of numbers the app hands out itself, after the imported rows' explicit ones.
    enum Counter: String, Sendable {
        case reviewID = "review_id", reviewFeedRank = "review_feed_rank", shortCommentSeq = "short_comment_seq"

        /// The largest number in use, read only to start the series or to jump past rows imported later.
        var inUse: String {
            switch self {
            case .reviewID: "SELECT coalesce(max(id), 0) + 1 FROM movies_reviews"
            case .reviewFeedRank: "SELECT coalesce(max(feed_rank), 0) + 1 FROM movies_reviews"
            case .shortCommentSeq: "SELECT coalesce(max(seq), 0) + 1 FROM movies_comments"
            }
        }
    }

    /// The next number of `counter`: one more than the last one handed out, or than the largest in use if
    /// that is larger (imported rows keep their ids). One upsert on the counter's row, inside the caller's
    /// write: concurrent writers queue on that row (SQLite has one writer; PostgreSQL's `SERIALIZABLE`
    /// write fails the later one with 40001 and ``Database/write(_:)`` runs it again), so no two get the
    /// same number.
    static func next(_ counter: Counter, db: any SQLExecutor) throws -> Int64 {
        let value = try db.scalar("""
            INSERT INTO movies_counters (name, value) VALUES (?, (\(counter.inUse)))
            ON CONFLICT (name) DO UPDATE SET value = CASE WHEN movies_counters.value + 1 > excluded.value
                THEN movies_counters.value + 1 ELSE excluded.value END
            RETURNING value
            """, counter.rawValue, as: Int64.self)
        guard let value else { throw StorageError.misuse("INSERT … RETURNING value returned no row") }
        return value
    }

    // MARK: rules

    static func validateReview(title: String, body: String, rating: Int?) throws {
        if let rating, !(1...5).contains(rating) { throw MovieError.invalid(field: "rating", message: MovieText.ratingRange) }
        try validate(title, field: "title", limit: titleLimit, lines: .single)
        try validate(body, field: "body", limit: bodyLimit, lines: .multiple)
    }

    static func validate(_ text: String, field: String, limit: Int, lines: UserText.Lines, allowEmpty: Bool = false) throws {
        if !allowEmpty, text.allSatisfy(\.isWhitespace) { throw MovieError.invalid(field: field, message: MovieText.emptyField) }
        if text.count > limit { throw MovieError.invalid(field: field, message: MovieText.tooLong(limit)) }
        if let refusal = UserText.refusal(text, lines: lines) { throw MovieError.invalid(field: field, message: refusal.message) }
    }

    /// `YYYY-MM-DD`, a real date not after today (Beijing); nil → today.
    static func validDate(_ text: String?, now: Int64) throws -> String {
        let today = BeijingTime.numericDate(now)
        guard let text, !text.isEmpty else { return today }
        guard text.count == 10, let seconds = BeijingTime.parse(text + " 00:00:00"), BeijingTime.numericDate(seconds) == text, text <= today
        else { throw MovieError.invalid(field: "markedOn", message: MovieText.badDate) }
        return text
    }

    /// The list excerpt: the first 120 characters (grapheme clusters), whitespace runs made single spaces.
    static func summary(_ body: String) -> String {
        let flat = body.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.count > 120 ? String(flat.prefix(120)) + "…" : flat
    }
}
