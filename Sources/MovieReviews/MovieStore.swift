import AppHost
import Foundation
import HTTPServer
import Storage

struct Film: Sendable {
    var id: String
    var rank: Int64
    var title: String
    var originalTitle: String?
    var year: Int?
    var genres: String?
    var directors: String?
    var actors: String?
    var rating: Double?
    var ratingCount: Int?
    var runtime: Int?
    var releaseDate: String?
    /// The China (re-)release date when movies.csv gave it as the film's date (issue 30); `year` is the original's.
    var chinaReleaseDate: String?
    var regions: String?
    var languages: String?
    var summary: String?
    var posterURL: String?
    var doubanURL: String?
    /// Known only by the title of its imported short comments.
    var incomplete: Bool

    init(row: Row) throws(StorageError) {
        id = try row.get("id")
        rank = try row.get("rank")
        title = try row.get("title")
        originalTitle = try row.get("original_title")
        year = try row.get("year")
        genres = try row.get("genres")
        directors = try row.get("directors")
        actors = try row.get("actors")
        rating = try row.get("rating")
        ratingCount = try row.get("rating_count")
        runtime = try row.get("runtime_min")
        releaseDate = try row.get("release_date")
        chinaReleaseDate = try row.get("china_release_date")
        regions = try row.get("regions")
        languages = try row.get("languages")
        summary = try row.get("summary")
        posterURL = try row.get("poster_url")
        doubanURL = try row.get("douban_url")
        incomplete = try row.get("incomplete", as: Int.self) != 0
    }
}

struct Review: Sendable {
    var id: Int64
    var filmID: String
    var filmTitle: String
    var author: String
    var title: String
    var body: String?
    var summary: String
    var rating: Int?
    var publishedAt: Int64
    var useful: Int?
    var useless: Int?
    var featured: Bool
    var feedRank: Int64
    /// The account that wrote it here; nil for imported reviews (read-only).
    var userID: Int64?
    /// The author says it gives away the plot (这篇影评可能有剧透).
    var spoiler: Bool
    var editedAt: Int64?

    init(row: Row) throws(StorageError) {
        id = try row.get("id")
        filmID = try row.get("film_id")
        filmTitle = try row.get("film_title", as: String?.self) ?? ""
        author = try row.get("author")
        title = try row.get("title")
        body = row["body"] == nil ? nil : try row.get("body")
        summary = try row.get("summary")
        rating = try row.get("rating")
        publishedAt = try row.get("published_at")
        useful = try row.get("useful_count")
        useless = try row.get("useless_count")
        featured = try row.get("featured", as: Int.self) != 0
        feedRank = try row.get("feed_rank")
        userID = try row.get("user_id")
        spoiler = try row.get("spoiler", as: Int.self) != 0
        editedAt = try row.get("edited_at")
    }
}

struct ShortComment: Sendable {
    var id: String
    var seq: Int64
    var author: String
    var rating: Int?
    var content: String
    var votes: Int?
    var hot: Int64
    var createdAt: Int64
    /// The account that wrote it here; nil for imported comments (their authors are read-only pseudonyms).
    var userID: Int64?
    var editedAt: Int64?

    init(row: Row) throws(StorageError) {
        id = try row.get("id")
        seq = try row.get("seq")
        author = try row.get("author")
        rating = try row.get("rating")
        content = try row.get("content")
        votes = try row.get("votes")
        hot = try row.get("hot")
        createdAt = try row.get("created_at")
        userID = row["user_id"] == nil ? nil : try row.get("user_id")
        editedAt = row["edited_at"] == nil ? nil : try row.get("edited_at")
    }
}

enum CommentSort: String, Sendable { case hot, new }

struct Page<T> {
    var items: [T]
    var nextCursor: String?
}

/// Read queries of the movies app. Every list is keyset-paged on a unique order; cursors are opaque strings.
struct MovieStore: Sendable {
    let database: any Database

    static let reviewColumns = """
        r.id, r.film_id, f.title AS film_title, r.author, r.title, r.summary, r.rating, r.published_at, r.useful_count,
        r.useless_count, r.featured, r.feed_rank, r.user_id, r.spoiler, r.edited_at
        """

    /// The feed: featured reviews first, then newest (the order is fixed at import as `feed_rank`).
    func feed(cursor: String?, limit: Int) throws -> Page<Review> {
        let after = try Self.intCursor(cursor) ?? 0
        let rows = try database.read { db in
            try db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                         + "WHERE r.feed_rank > ? ORDER BY r.feed_rank LIMIT ?", after, limit + 1)
        }
        let items = try rows.prefix(limit).map { row throws(StorageError) in try Review(row: row) }
        return Page(items: items, nextCursor: rows.count > limit ? items.last.map { String($0.feedRank) } : nil)
    }

    /// All long reviews newest first (the 影评 tab).
    func newestReviews(cursor: String?, limit: Int) throws -> Page<Review> {
        let (time, id) = try Self.pairCursor(cursor) ?? (Int64.max, Int64.max)
        let rows = try database.read { db in
            try db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                         + "WHERE (r.published_at, r.id) < (?, ?) ORDER BY r.published_at DESC, r.id DESC LIMIT ?", time, id, limit + 1)
        }
        let items = try rows.prefix(limit).map { row throws(StorageError) in try Review(row: row) }
        return Page(items: items, nextCursor: rows.count > limit ? items.last.map { "\($0.publishedAt).\($0.id)" } : nil)
    }

    /// The feed's 最新 tab: reviews and listed 短评 of every film merged newest first, `limit` cards a page (two
    /// queries). The cursor `"<review time>.<review id>.<短评 time>.<短评 seq>"` is where each list stopped.
    /// `followedBy`: only those written by the users this user follows (the 关注的人 tab, ``MovieFollows``).
    func latestCards(cursor: String?, limit: Int, followedBy follower: Int64? = nil) throws -> (cards: [FeedCard], nextCursor: String?) {
        var position = try Self.latestCursor(cursor) ?? [Int64.max, Int64.max, Int64.max, Int64.max]
        let shortColumns = "c.id, c.seq, c.author, c.rating, c.content, c.votes, c.hot, c.created_at, c.user_id, c.edited_at, c.film_id, f.title AS film_title"
        let followed = " IN (SELECT followed_id FROM movies_follows WHERE user_id = ?)"
        let reviewScope = follower == nil ? "" : " AND r.user_id" + followed
        let scope = follower.map { [SQLValue.integer($0)] } ?? []
        // Followed authors' 短评 are read author by author (`movies_comments_author`), from the follows outward:
        // SQLite keeps a CROSS JOIN's order. Walking every listed 短评 newest first and testing its author
        // (`movies_comments_latest`, the planner's choice for `c.user_id IN (…)`) read all 43,893 listed ones
        // whenever those followed had written fewer than a page.
        let (shortSource, shortScope) = follower == nil ? ("movies_comments c", "")
            : ("movies_follows fo CROSS JOIN movies_comments c", "fo.user_id = ? AND c.user_id = fo.followed_id AND ")
        let (reviewRows, shortRows) = try database.read { db in
            (try db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                          + "WHERE (r.published_at, r.id) < (?, ?)\(reviewScope) ORDER BY r.published_at DESC, r.id DESC LIMIT ?",
                          [.integer(position[0]), .integer(position[1])] + scope + [.integer(Int64(limit + 1))]),
             try db.query("SELECT \(shortColumns) FROM \(shortSource) JOIN movies_films f ON f.id = c.film_id "
                          + "WHERE \(shortScope)c.listed = 1 AND (c.created_at, c.seq) < (?, ?) ORDER BY c.created_at DESC, c.seq DESC LIMIT ?",
                          scope + [.integer(position[2]), .integer(position[3]), .integer(Int64(limit + 1))]))
        }
        var reviews = try reviewRows.map { row throws(StorageError) in try Review(row: row) }[...]
        var shorts = try shortRows.map { row throws(StorageError) in
            (comment: try ShortComment(row: row), filmID: try row.get("film_id", as: String.self), filmTitle: try row.get("film_title", as: String.self))
        }[...]
        var cards: [FeedCard] = []
        while cards.count < limit, !reviews.isEmpty || !shorts.isEmpty {
            if let review = reviews.first, shorts.first.map({ review.publishedAt >= $0.comment.createdAt }) ?? true {
                cards.append(.review(review))
                position[0] = review.publishedAt
                position[1] = review.id
                reviews.removeFirst()
            } else if let short = shorts.popFirst() {
                cards.append(.short(short.comment, filmID: short.filmID, filmTitle: short.filmTitle))
                position[2] = short.comment.createdAt
                position[3] = short.comment.seq
            }
        }
        let more = !reviews.isEmpty || !shorts.isEmpty
        return (cards, more ? position.map(String.init).joined(separator: ".") : nil)
    }

    func review(_ id: Int64) throws -> Review? {
        try database.read { db in
            try db.queryFirst("SELECT \(Self.reviewColumns), r.body FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                              + "WHERE r.id = ?", id).map { row throws(StorageError) in try Review(row: row) }
        }
    }

    /// The reviews before and after `review` in feed order (for swiping).
    func neighbours(of review: Review) throws -> (previous: Int64?, next: Int64?) {
        try database.read { db in
            let previous = try db.scalar("SELECT id FROM movies_reviews WHERE feed_rank < ? ORDER BY feed_rank DESC LIMIT 1",
                                         review.feedRank, as: Int64.self)
            let next = try db.scalar("SELECT id FROM movies_reviews WHERE feed_rank > ? ORDER BY feed_rank LIMIT 1",
                                     review.feedRank, as: Int64.self)
            return (previous, next)
        }
    }

    func reviews(ofFilm filmID: String, limit: Int) throws -> [Review] {
        try database.read { db in
            try db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                         + "WHERE r.film_id = ? ORDER BY r.feed_rank LIMIT ?", filmID, limit)
        }.map { row throws(StorageError) in try Review(row: row) }
    }

    /// What the 首页 feed is mixed from (``MovieFeed``), in one snapshot and four statements however long the
    /// feed: the 100 reviews with the most net 有用 and the 100 newest; the 300 most-voted listed 短评 and the
    /// 50 newest written here; the ten films most marked here in the seven days before `now`.
    func feedCandidates(now: Int64) throws -> (reviews: [Review], shorts: [(comment: ShortComment, filmID: String, filmTitle: String)],
                                               rising: [(film: Film, marks: Int)]) {
        let shortColumns = "c.id, c.seq, c.author, c.rating, c.content, c.votes, c.hot, c.created_at, c.user_id, c.edited_at, c.film_id, f.title AS film_title"
        return try database.read { db in
            let reviewRows = try db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                                          + "ORDER BY coalesce(r.useful_count, 0) - coalesce(r.useless_count, 0) DESC, r.id LIMIT 100")
                + db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                           + "ORDER BY r.published_at DESC, r.id DESC LIMIT 100")
            var seen = Set<Int64>()
            let reviews = try reviewRows.map { row throws(StorageError) in try Review(row: row) }.filter { seen.insert($0.id).inserted }
            let shortRows = try db.query("SELECT \(shortColumns) FROM movies_comments c JOIN movies_films f ON f.id = c.film_id "
                                         + "WHERE c.listed = 1 ORDER BY c.hot DESC, c.seq LIMIT 300")
                + db.query("SELECT \(shortColumns) FROM movies_comments c JOIN movies_films f ON f.id = c.film_id "
                           + "WHERE c.user_id IS NOT NULL AND c.listed = 1 ORDER BY c.seq DESC LIMIT 50")
            var seenShorts = Set<String>()
            let shorts = try shortRows.map { row throws(StorageError) in
                (comment: try ShortComment(row: row), filmID: try row.get("film_id", as: String.self), filmTitle: try row.get("film_title", as: String.self))
            }.filter { seenShorts.insert($0.comment.id).inserted }
            let rising = try db.query("""
                SELECT f.*, m.n FROM (SELECT film_id, count(*) AS n FROM movies_marks WHERE updated_at > ? GROUP BY film_id) m
                JOIN movies_films f ON f.id = m.film_id ORDER BY m.n DESC, f.rank LIMIT 10
                """, now - 7 * 86_400).map { row throws(StorageError) in (film: try Film(row: row), marks: try row.get("n", as: Int.self)) }
            return (reviews, shorts, rising)
        }
    }

    /// A user's own reviews, newest first.
    func reviews(byUser userID: Int64, limit: Int) throws -> [Review] {
        try database.read { db in
            try db.query("SELECT \(Self.reviewColumns) FROM movies_reviews r LEFT JOIN movies_films f ON f.id = r.film_id "
                         + "WHERE r.user_id = ? ORDER BY r.published_at DESC, r.id DESC LIMIT ?", userID, limit)
        }.map { row throws(StorageError) in try Review(row: row) }
    }

    func shortComment(_ id: String) throws -> ShortComment? {
        try database.read { db in
            try db.queryFirst("SELECT id, seq, author, rating, content, votes, hot, created_at, user_id, edited_at FROM movies_comments WHERE id = ?", id)
        }.map { row throws(StorageError) in try ShortComment(row: row) }
    }

    /// This server's users' stars on a film (their marks): the mean (1–5) and how many, nil before the first.
    func localRating(film: String) throws -> (average: Double, count: Int)? {
        try database.read { db in
            guard let row = try db.queryFirst("SELECT sum(rating) AS s, count(rating) AS n FROM movies_marks WHERE film_id = ? AND rating IS NOT NULL", film),
                  let count = try row.get("n", as: Int?.self), count > 0, let sum = try row.get("s", as: Int64?.self) else { return nil }
            return (Double(sum) / Double(count), count)
        }
    }

    func reviewCount(ofFilm filmID: String) throws -> Int {
        try database.read { try $0.scalar("SELECT count(*) FROM movies_reviews WHERE film_id = ?", filmID, as: Int.self) ?? 0 }
    }

    /// The film library: films with reviews and comments first, then the most rated; `query` matches the
    /// Chinese or original title or the directors, every word somewhere (``MovieSchema/filmSearch``).
    /// `filter` narrows it by genre, decade and Douban score (``FilmFilter``).
    func films(query: String?, filter: FilmFilter = FilmFilter(), cursor: String?, limit: Int) throws -> Page<Film> {
        let after = try Self.intCursor(cursor) ?? 0
        let narrow = filter.condition
        let rows = try database.read { db in
            guard let match = MovieSchema.filmSearch.condition(query ?? "") else {
                return try db.query("SELECT * FROM movies_films f WHERE rank > ? AND \(narrow.sql) ORDER BY rank LIMIT ?",
                                    [after.sqlValue] + narrow.arguments + [(limit + 1).sqlValue])
            }
            return try db.query("SELECT * FROM movies_films f WHERE rank > ? AND \(match.sql) AND \(narrow.sql) ORDER BY rank LIMIT ?",
                                [after.sqlValue] + match.arguments + narrow.arguments + [(limit + 1).sqlValue])
        }
        let items = try rows.prefix(limit).map { row throws(StorageError) in try Film(row: row) }
        return Page(items: items, nextCursor: rows.count > limit ? items.last.map { String($0.rank) } : nil)
    }

    func film(_ id: String) throws -> Film? {
        try database.read { try $0.queryFirst("SELECT * FROM movies_films WHERE id = ?", id) }.map { row throws(StorageError) in try Film(row: row) }
    }

    /// A film's listed short comments (not scraper duplicates, not labelled spam), hot (votes) or new.
    func shortComments(film: String, sort: CommentSort, cursor: String?, limit: Int) throws -> Page<ShortComment> {
        let columns = "id, seq, author, rating, content, votes, hot, created_at, user_id, edited_at"
        let rows: [Row]
        switch sort {
        case .hot:
            let (hot, seq) = try Self.pairCursor(cursor) ?? (Int64.max, 0)
            rows = try database.read { db in
                try db.query("SELECT \(columns) FROM movies_comments WHERE film_id = ? AND listed = 1 AND (hot < ? OR (hot = ? AND seq > ?)) "
                             + "ORDER BY hot DESC, seq ASC LIMIT ?", film, hot, hot, seq, limit + 1)
            }
        case .new:
            let (time, seq) = try Self.pairCursor(cursor) ?? (Int64.max, Int64.max)
            rows = try database.read { db in
                try db.query("SELECT \(columns) FROM movies_comments WHERE film_id = ? AND listed = 1 AND (created_at, seq) < (?, ?) "
                             + "ORDER BY created_at DESC, seq DESC LIMIT ?", film, time, seq, limit + 1)
            }
        }
        let items = try rows.prefix(limit).map { row throws(StorageError) in try ShortComment(row: row) }
        let next = items.last.map { sort == .hot ? "\($0.hot).\($0.seq)" : "\($0.createdAt).\($0.seq)" }
        return Page(items: items, nextCursor: rows.count > limit ? next : nil)
    }

    func shortCommentCount(film: String) throws -> Int {
        try database.read { try $0.scalar("SELECT count(*) FROM movies_comments WHERE film_id = ? AND listed = 1", film, as: Int.self) ?? 0 }
    }

    /// Average of the stars given in listed comments, unrated ones left out (not counted as 0).
    func averageStars(film: String) throws -> (average: Double, count: Int)? {
        try database.read { db in
            guard let row = try db.queryFirst("SELECT avg(rating) AS a, count(rating) AS n FROM movies_comments WHERE film_id = ? AND listed = 1 "
                                              + "AND rating IS NOT NULL", film),
                  let average = try row.get("a", as: Double?.self) else { return nil }
            return (average, try row.get("n", as: Int.self))
        }
    }

    // MARK: cursors

    static func intCursor(_ cursor: String?) throws(HTTPError) -> Int64? {
        guard let cursor, !cursor.isEmpty else { return nil }
        guard let value = Int64(cursor), value >= 0 else { throw HTTPError(.badRequest, localized: MovieText.invalidCursor) }
        return value
    }

    /// The position in a ``latestCards(cursor:limit:followedBy:)`` cursor, nil for none; 400 if it is not
    /// four integers. Callers that may answer without reading the list (following nobody) check it first.
    static func latestCursor(_ cursor: String?) throws(HTTPError) -> [Int64]? {
        guard let cursor, !cursor.isEmpty else { return nil }
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false).map { Int64($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { throw HTTPError(.badRequest, localized: MovieText.invalidCursor) }
        return parts.map { $0! }
    }

    static func pairCursor(_ cursor: String?) throws(HTTPError) -> (Int64, Int64)? {
        guard let cursor, !cursor.isEmpty else { return nil }
        let parts = cursor.split(separator: ".")
        guard parts.count == 2, let a = Int64(parts[0]), let b = Int64(parts[1]) else { throw HTTPError(.badRequest, localized: MovieText.invalidCursor) }
        return (a, b)
    }
}
