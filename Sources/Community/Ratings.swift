public import Storage
import Foundation

/// The 1–5 star ratings of a subject: how many users gave each number of stars.
public struct RatingSummary: Sendable, Hashable {
    /// Counts of 1, 2, 3, 4 and 5 stars (always five entries).
    public var distribution: [Int64]

    public init(distribution: [Int64] = [0, 0, 0, 0, 0]) { self.distribution = distribution }

    public var count: Int64 { distribution.reduce(0, +) }

    /// The mean number of stars; nil without ratings.
    public var average: Double? {
        count == 0 ? nil : Double(distribution.enumerated().reduce(0) { $0 + Int64($1.offset + 1) * $1.element }) / Double(count)
    }
}

/// Star ratings any app can attach to its subjects: one rating per user and subject (rating again replaces
/// it), usually given with a comment (``CommentStore/post(_:author:text:parentID:address:stars:)`` stores both in
/// one transaction), and per-subject totals kept in step in the same transaction.
public struct RatingStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    public static let stars = 1...5

    /// Sets `userID`'s rating of `subject` on `db` (the caller's transaction), moving the totals.
    static func rate(_ subject: Subject, userID: Int64, stars: Int, commentID: Int64?, now: Int64, db: any SQLExecutor) throws(StorageError) {
        if let old = try db.scalar("SELECT stars FROM community_ratings WHERE app = ? AND item = ? AND user_id = ?",
                                   subject.app, subject.item, userID, as: Int.self) {
            try db.execute("UPDATE community_rating_totals SET stars\(old) = stars\(old) - 1 WHERE app = ? AND item = ?", subject.app, subject.item)
        }
        try db.execute(
            """
            INSERT INTO community_ratings (app, item, user_id, stars, comment_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (app, item, user_id) DO UPDATE SET stars = excluded.stars, comment_id = excluded.comment_id, created_at = excluded.created_at
            """, subject.app, subject.item, userID, stars, commentID, now)
        try db.execute(
            """
            INSERT INTO community_rating_totals (app, item, stars\(stars)) VALUES (?, ?, 1)
            ON CONFLICT (app, item) DO UPDATE SET stars\(stars) = community_rating_totals.stars\(stars) + 1
            """, subject.app, subject.item)
    }

    /// Rates without a comment (a star tap). Throws `CommentError.invalidRating` outside 1–5.
    public func rate(_ subject: Subject, userID: Int64, stars: Int, now: Int64) throws {
        guard Self.stars.contains(stars) else { throw CommentError.invalidRating }
        try database.write { db in try Self.rate(subject, userID: userID, stars: stars, commentID: nil, now: now, db: db) }
    }

    public func summary(_ subject: Subject) throws -> RatingSummary {
        try summaries([subject])[subject] ?? RatingSummary()
    }

    /// The summaries of many subjects (one query per 128 items of an app); subjects nobody rated are absent.
    public func summaries(_ subjects: [Subject]) throws -> [Subject: RatingSummary] {
        var result: [Subject: RatingSummary] = [:]
        let byApp = Dictionary(grouping: Set(subjects), by: \.app)
        try database.read { db in
            for (app, group) in byApp {
                let items = group.map(\.item).sorted()
                for start in stride(from: 0, to: items.count, by: 128) {
                    let chunk = Array(items[start..<min(start + 128, items.count)])
                    let width = Self.widths.first { $0 >= chunk.count }!
                    let list = Array(repeating: "?", count: width).joined(separator: ", ")
                    let arguments = [SQLValue.text(app)] + (chunk + Array(repeating: chunk.last!, count: width - chunk.count)).map { SQLValue.text($0) }
                    for row in try db.query("SELECT item, stars1, stars2, stars3, stars4, stars5 FROM community_rating_totals WHERE app = ? AND item IN (\(list))", arguments) {
                        result[Subject(app: app, item: try row.get(0))] = RatingSummary(
                            distribution: [try row.get(1), try row.get(2), try row.get(3), try row.get(4), try row.get(5)])
                    }
                }
            }
        }
        return result
    }

    static let widths = (0...7).map { 1 << $0 }

    /// The stars given with each of these comments (comments without a rating are absent).
    public func stars(forComments ids: [Int64]) throws -> [Int64: Int] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            var result: [Int64: Int] = [:]
            for start in stride(from: 0, to: ids.count, by: 128) {
                let chunk = Array(ids[start..<min(start + 128, ids.count)])
                let width = Self.widths.first { $0 >= chunk.count }!
                let list = Array(repeating: "?", count: width).joined(separator: ", ")
                let arguments = (chunk + Array(repeating: chunk.last!, count: width - chunk.count)).map { SQLValue.integer($0) }
                for row in try db.query("SELECT comment_id, stars FROM community_ratings WHERE comment_id IN (\(list))", arguments) {
                    result[try row.get(0)] = try row.get(1)
                }
            }
            return result
        }
    }
}
