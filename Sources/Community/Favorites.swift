public import Storage
import Foundation

/// One favourite of a user, with the title and page its app gave when it was saved.
public struct Favorite: Sendable, Hashable {
    public var subject: Subject
    public var info: SubjectInfo
    public var createdAt: Int64
}

/// Favourites per user across apps, and stable share codes per subject.
public struct FavoriteStore: Sendable {
    public let database: any Database
    public let directory: SubjectDirectory

    public init(database: any Database, directory: SubjectDirectory) {
        self.database = database
        self.directory = directory
    }

    /// Adds `subject` to the user's favourites (idempotent). Throws `notFound` for an unknown app or item.
    public func add(_ subject: Subject, userID: Int64) throws {
        try database.write { db in
            guard let info = try directory.info(subject, db: db) else { throw CommentError.notFound }
            try db.execute(
                "INSERT INTO community_favorites (user_id, app, item, title, path, image_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                    + "ON CONFLICT (user_id, app, item) DO NOTHING",
                userID, subject.app, subject.item, info.title, info.path, info.imageURL, Int64(Date().timeIntervalSince1970))
        }
    }

    public func remove(_ subject: Subject, userID: Int64) throws {
        try database.write { db in
            try db.execute("DELETE FROM community_favorites WHERE user_id = ? AND app = ? AND item = ?", userID, subject.app, subject.item)
        }
    }

    public func contains(_ subject: Subject, userID: Int64) throws -> Bool {
        try database.read { db in
            try db.scalar("SELECT 1 FROM community_favorites WHERE user_id = ? AND app = ? AND item = ?",
                          userID, subject.app, subject.item, as: Int.self) != nil
        }
    }

    /// The user's favourites, newest first, keyset-paged.
    public func list(userID: Int64, app: String? = nil, cursor: String?, limit: Int) throws -> (items: [Favorite], nextCursor: String?) {
        let before = try CommentStore.decodeCursor(cursor) ?? Int64.max
        let limit = max(1, min(limit, 100))
        return try database.read { db in
            let rows = try db.query(
                "SELECT id, app, item, title, path, image_url, created_at FROM community_favorites "
                    + "WHERE user_id = ? AND id < ? AND (? IS NULL OR app = ?) ORDER BY id DESC LIMIT ?",
                userID, before, app, app, limit + 1)
            var items: [Favorite] = []
            for row in rows.prefix(limit) {
                items.append(Favorite(
                    subject: Subject(app: try row.get("app"), item: try row.get("item")),
                    info: SubjectInfo(title: try row.get("title"), path: try row.get("path"), imageURL: try row.get("image_url")),
                    createdAt: try row.get("created_at")))
            }
            let next: String? = rows.count > limit ? CommentStore.encodeCursor(try rows[limit - 1].get("id", as: Int64.self)) : nil
            return (items, next)
        }
    }

    /// The stable short code of `subject`, made on first use. Throws `notFound` for an unknown item.
    public func shareCode(_ subject: Subject) throws -> String {
        try database.write { db in
            if let code = try db.scalar("SELECT code FROM community_shares WHERE app = ? AND item = ?", subject.app, subject.item, as: String.self) {
                return code
            }
            guard try directory.info(subject, db: db) != nil else { throw CommentError.notFound }
            var generator = SystemRandomNumberGenerator()
            let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")
            while true {
                let code = String((0..<7).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
                let inserted = try db.execute(
                    "INSERT INTO community_shares (code, app, item, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    code, subject.app, subject.item, Int64(Date().timeIntervalSince1970))
                if inserted == 1 { return code }
            }
        }
    }

    /// The subject behind a share code.
    public func subject(forShareCode code: String) throws -> Subject? {
        try database.read { db in
            try db.queryFirst("SELECT app, item FROM community_shares WHERE code = ?", code).map { row throws(StorageError) in
                Subject(app: try row.get("app"), item: try row.get("item"))
            }
        }
    }
}

extension FavoriteStore {
    /// Ids per `IN (…)` list, well under SQLite's and PostgreSQL's limits on bound values.
    static let chunk = 500

    /// How many users saved each item of `app`, on `db` (inside the caller's read or transaction): every saved
    /// item (`items` nil) or only those of `items`, counting every user (`users` nil) or only those of `users`.
    /// Items nobody (of `users`) saved are absent. Lets an app show and rank favourite counts without reading
    /// this module's table.
    public static func counts(app: String, items: [String]? = nil, users: [Int64]? = nil,
                              db: any SQLExecutor) throws(StorageError) -> [String: Int64] {
        let itemChunks: [[String]?] = items.map { list in stride(from: 0, to: list.count, by: chunk).map { Array(list[$0..<min($0 + chunk, list.count)]) } } ?? [nil]
        let userChunks: [[Int64]?] = users.map { list in stride(from: 0, to: list.count, by: chunk).map { Array(list[$0..<min($0 + chunk, list.count)]) } } ?? [nil]
        var result: [String: Int64] = [:]
        for itemChunk in itemChunks {
            for userChunk in userChunks {
                var sql = "SELECT item, count(*) FROM community_favorites WHERE app = ?"
                var values: [SQLValue] = [.text(app)]
                if let itemChunk {
                    sql += " AND item IN (" + Array(repeating: "?", count: itemChunk.count).joined(separator: ", ") + ")"
                    values += itemChunk.map { SQLValue.text($0) }
                }
                if let userChunk {
                    sql += " AND user_id IN (" + Array(repeating: "?", count: userChunk.count).joined(separator: ", ") + ")"
                    values += userChunk.map { SQLValue.integer($0) }
                }
                for row in try db.query(sql + " GROUP BY item", values) {
                    result[try row.get(0, as: String.self), default: 0] += try row.get(1, as: Int64.self)
                }
            }
        }
        return result
    }

    /// Whether the user saved `subject`, on `db` (inside the caller's transaction).
    public static func contains(_ subject: Subject, userID: Int64, db: any SQLExecutor) throws(StorageError) -> Bool {
        try db.scalar("SELECT 1 FROM community_favorites WHERE user_id = ? AND app = ? AND item = ?",
                      userID, subject.app, subject.item, as: Int.self) != nil
    }
}
