public import Storage
public import WebUI
import Foundation
import Identity
import Notifications

/// Who writes a comment: a signed-in user (by id, with the nickname shown at the time), or an anonymous
/// visitor known only by a device cookie (rate limits and the repeated-text check key on it).
public enum CommentAuthor: Sendable, Hashable {
    case user(id: Int64, name: String)
    case anonymous(device: String)

    var userID: Int64? { if case .user(let id, _) = self { id } else { nil } }
    var device: String? { if case .anonymous(let device) = self { device } else { nil } }
    var name: String { if case .user(_, let name) = self { name } else { CommentStore.anonymousName } }
}

/// One comment as listed. Replies carry `rootID` (the top-level comment they are shown under) and, when
/// they answer another reply, `replyToName`.
public struct Comment: Sendable, Hashable {
    public var id: Int64
    public var subject: Subject
    public var rootID: Int64?
    public var parentID: Int64?
    public var replyToName: String?
    public var userID: Int64?
    public var authorName: String
    /// The text exactly as written; empty for a deleted comment.
    public var text: String
    public var createdAt: Int64
    public var editedAt: Int64?
    /// Deleted, or held for review: not shown.
    public var isDeleted: Bool
    /// Held by the spam check until a moderator approves it (``CommentStore/post(_:author:text:parentID:address:stars:)``);
    /// ``isDeleted`` is true meanwhile, so nothing shows it.
    public var isHeld: Bool
    /// Visible (not deleted) replies under a top-level comment.
    public var replyCount: Int
    /// The first replies (oldest first), filled by ``CommentStore/page(_:cursor:limit:)``.
    public var replies: [Comment] = []

    init(row: Row) throws(StorageError) {
        id = try row.get("id")
        subject = Subject(app: try row.get("app"), item: try row.get("item"))
        rootID = try row.get("root_id")
        parentID = try row.get("parent_id")
        replyToName = try row.get("reply_to_name")
        userID = try row.get("user_id")
        authorName = try row.get("author_name")
        text = try row.get("body")
        createdAt = try row.get("created_at")
        editedAt = try row.get("edited_at")
        let deleted = try row.get("deleted", as: Int.self)
        isDeleted = deleted != 0
        isHeld = deleted == CommentStore.heldState
        replyCount = try row.get("reply_count")
    }
}

/// One page of top-level comments, newest first, with the subject's visible total.
public struct CommentPage: Sendable {
    public var items: [Comment]
    public var nextCursor: String?
    /// Visible comments on the subject, replies included: the sum over all pages of
    /// (1 for each top-level comment that is not deleted) + its `replyCount`.
    public var total: Int
}

/// Limits against floods and spam. Defaults follow the research note (§3.4): a few comments a minute,
/// a cap per hour, at most two links, no repeating oneself.
public struct CommentPolicy: Sendable {
    public var maxLength = 2_000
    public var perMinute = 5
    public var perHour = 30
    public var maxLinks = 2
    /// The same author may not post the same text again within this many seconds.
    public var repeatWindow: Int64 = 86_400
    /// Nobody may post a text that already appears this many times on the subject within the last hour.
    public var sameTextOnSubject = 3
    /// Anonymous comments per client address per hour, whatever the device cookie says (a bot can drop its
    /// cookie; generous because carrier-grade NAT puts many phones behind one address).
    public var anonymousPerAddressPerHour = 60
    /// Posting the same text again within this many seconds is taken as a double submission and returns the first.
    public var doubleSubmitWindow: Int64 = 10

    public init() {}
}

/// Why a comment was refused.
public enum CommentError: Error, Sendable, Equatable {
    case emptyText
    case tooLong(max: Int)
    /// A character ``UserText`` refuses in multi-line text (control, bidirectional control, invisible).
    case invalidCharacters(UserText.Refusal)
    case loginRequired
    case notFound
    case notYours
    case parentNotFound
    case rateLimited(retryAfter: Int64)
    case spam(SpamReason)
    case badCursor
    /// A star rating outside 1–5, or one without a signed-in author.
    case invalidRating
    /// The author is banned until `until` (UTC seconds) for `reason` (``RoleStore``); they can read but not post.
    case banned(until: Int64, reason: String)
}

public enum SpamReason: String, Sendable, Equatable {
    case repeatedText = "repeated-text"
    case linkFlood = "link-flood"
}

/// Comments with one visible reply level, keyset pages, a counter kept in step in the same transaction,
/// soft delete with a placeholder, rate limits and a spam check. Stateless: build one wherever needed.
public struct CommentStore: Sendable {
    public static let anonymousName = "匿名用户"
    /// `community_comments.deleted` of a comment held for review (0 shown, 1 deleted): every listing, count and reply
    /// check already leaves out rows that are not 0.
    static let heldState = 2
    /// An account younger than this (seconds) whose first comment has a link is held for review.
    public static let newAccountAge: Int64 = 86_400
    public static let repliesShown = 3

    public let database: any Database
    public let policy: CommentPolicy
    public let now: @Sendable () -> Int64

    public init(database: any Database, policy: CommentPolicy = CommentPolicy(),
                now: @escaping @Sendable () -> Int64 = CommentStore.systemNow) {
        self.database = database
        self.policy = policy
        self.now = now
    }

    public static let systemNow: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }

    static let columns = "id, app, item, root_id, parent_id, reply_to_name, user_id, author_name, body, created_at, edited_at, deleted, reply_count"

    // MARK: reading

    /// Top-level comments newest first after `cursor` (opaque, from the previous page), each with its first
    /// replies. New comments arriving between two requests have larger ids, so they never shift a later page.
    public func page(_ subject: Subject, cursor: String?, limit: Int) throws -> CommentPage {
        let before = try Self.decodeCursor(cursor) ?? Int64.max
        let limit = max(1, min(limit, 100))
        return try database.read { db in
            // One read snapshot (Database.read): the list, the replies and the total agree, so a comment
            // committed meanwhile cannot be in the total but not the list (or the other way round).
            let rows = try db.query(
                "SELECT \(Self.columns) FROM community_comments WHERE app = ? AND item = ? AND root_id IS NULL AND id < ? "
                    + "AND (deleted = 0 OR reply_count > 0) ORDER BY id DESC LIMIT ?",
                subject.app, subject.item, before, limit + 1)
            var items = try rows.prefix(limit).map { row throws(StorageError) in try Comment(row: row) }
            for index in items.indices where items[index].replyCount > 0 {
                items[index].replies = try Self.replies(db, root: items[index].id, after: 0, limit: Self.repliesShown)
            }
            let total = try db.scalar("SELECT visible FROM community_counts WHERE app = ? AND item = ?",
                                      subject.app, subject.item, as: Int.self) ?? 0
            return CommentPage(items: items, nextCursor: rows.count > limit ? items.last.map { Self.encodeCursor($0.id) } : nil,
                               total: total)
        }
    }

    /// The same page fetched with `LIMIT … OFFSET`, for the benchmark's side-by-side comparison only.
    public func pageUsingOffset(_ subject: Subject, offset: Int, limit: Int) throws -> [Comment] {
        try database.read { db in
            var items = try db.query(
                "SELECT \(Self.columns) FROM community_comments WHERE app = ? AND item = ? AND root_id IS NULL "
                    + "AND (deleted = 0 OR reply_count > 0) ORDER BY id DESC LIMIT ? OFFSET ?",
                subject.app, subject.item, limit, offset
            ).map { row throws(StorageError) in try Comment(row: row) }
            for index in items.indices where items[index].replyCount > 0 {
                items[index].replies = try Self.replies(db, root: items[index].id, after: 0, limit: Self.repliesShown)
            }
            return items
        }
    }

    /// The replies under top-level comment `root`, oldest first, keyset-paged.
    public func replies(root: Int64, cursor: String?, limit: Int) throws -> (items: [Comment], nextCursor: String?) {
        let after = try Self.decodeCursor(cursor) ?? 0
        let limit = max(1, min(limit, 100))
        return try database.read { db in
            let items = try Self.replies(db, root: root, after: after, limit: limit + 1)
            let page = Array(items.prefix(limit))
            return (page, items.count > limit ? page.last.map { Self.encodeCursor($0.id) } : nil)
        }
    }

    static func replies(_ db: any SQLExecutor, root: Int64, after: Int64, limit: Int) throws(StorageError) -> [Comment] {
        try db.query(
            "SELECT \(columns) FROM community_comments WHERE root_id = ? AND id > ? AND deleted = 0 ORDER BY id LIMIT ?",
            root, after, limit
        ).map { row throws(StorageError) in try Comment(row: row) }
    }

    public func comment(_ id: Int64) throws -> Comment? {
        try database.read { db in
            try db.queryFirst("SELECT \(Self.columns) FROM community_comments WHERE id = ?", id).map { row throws(StorageError) in try Comment(row: row) }
        }
    }

    /// `author`'s own comments on `subject` that wait for a moderator (``Comment/isHeld``), newest first, at most
    /// `limit` (1–20): the page they posted from shows them as awaiting review, since no one else sees them. An
    /// anonymous author is known by the device cookie that posted them.
    public func awaitingReview(_ subject: Subject, author: CommentAuthor, limit: Int = 5) throws -> [Comment] {
        let limit = max(1, min(limit, 20))
        return try database.read { db in
            let rows: [Row]
            if let user = author.userID {
                rows = try db.query(
                    "SELECT \(Self.columns) FROM community_comments WHERE user_id = ? AND app = ? AND item = ? AND deleted = ? ORDER BY id DESC LIMIT ?",
                    user, subject.app, subject.item, Self.heldState, limit)
            } else {
                rows = try db.query(
                    "SELECT \(Self.columns) FROM community_comments WHERE device = ? AND user_id IS NULL AND app = ? AND item = ? AND deleted = ? "
                        + "ORDER BY id DESC LIMIT ?", author.device, subject.app, subject.item, Self.heldState, limit)
            }
            return try rows.map { row throws(StorageError) in try Comment(row: row) }
        }
    }

    /// The visible total of a subject (the badge), from the same counter the list reports.
    public func count(_ subject: Subject) throws -> Int {
        try database.read { db in
            try db.scalar("SELECT visible FROM community_counts WHERE app = ? AND item = ?", subject.app, subject.item, as: Int.self) ?? 0
        }
    }

    /// The visible totals of many subjects at once, for lists that show a badge per row: one query per app
    /// among `subjects` (per 256 items) however many rows there are; 0 for a subject without comments.
    public func counts(_ subjects: [Subject]) throws -> [Subject: Int] {
        var counts: [Subject: Int] = [:]
        var itemsByApp: [String: [String]] = [:]
        for subject in subjects where counts.updateValue(0, forKey: subject) == nil {
            itemsByApp[subject.app, default: []].append(subject.item)
        }
        try database.read { db in
            for (app, items) in itemsByApp {
                for start in stride(from: 0, to: items.count, by: Self.countsPerQuery) {
                    let chunk = items[start..<min(start + Self.countsPerQuery, items.count)]
                    // The list is padded (repeating its last item) to a power of two, so that a few fixed
                    // statements serve every length and stay prepared.
                    let shape = Self.countsSQL.firstIndex { $0.width >= chunk.count }!
                    let padding = Array(repeating: SQLValue.text(chunk.last!), count: Self.countsSQL[shape].width - chunk.count)
                    let arguments = [SQLValue.text(app)] + chunk.map { SQLValue.text($0) } + padding
                    for row in try db.query(Self.countsSQL[shape].sql, arguments) {
                        counts[Subject(app: app, item: try row.get(0))] = try row.get(1)
                    }
                }
            }
        }
        return counts
    }

    static let countsPerQuery = 256
    /// `… item IN (?, …)` with 1, 2, 4 … ``countsPerQuery`` placeholders.
    static let countsSQL: [(width: Int, sql: String)] = (0...8).map { power in
        let width = 1 << power
        let list = Array(repeating: "?", count: width).joined(separator: ", ")
        return (width, "SELECT item, visible FROM community_counts WHERE app = ? AND item IN (\(list))")
    }

    /// A user's own comments across apps, newest first.
    public func comments(byUser userID: Int64, cursor: String?, limit: Int) throws -> (items: [Comment], nextCursor: String?) {
        let before = try Self.decodeCursor(cursor) ?? Int64.max
        let limit = max(1, min(limit, 100))
        return try database.read { db in
            let rows = try db.query(
                "SELECT \(Self.columns) FROM community_comments WHERE user_id = ? AND id < ? AND deleted = 0 ORDER BY id DESC LIMIT ?",
                userID, before, limit + 1)
            let items = try rows.prefix(limit).map { row throws(StorageError) in try Comment(row: row) }
            return (items, rows.count > limit ? items.last.map { Self.encodeCursor($0.id) } : nil)
        }
    }

    // MARK: writing

    /// Posts a comment or, with `parentID`, a reply (signed-in users only). A reply to a reply is stored under
    /// the same top-level comment and remembers whom it answers. The text is stored exactly as given.
    ///
    /// A banned user is refused (``CommentError/banned(until:reason:)``). A reply to a signed-in user's comment
    /// notifies that user ("reply to your comment", ``NotificationKind/reply``) in the same transaction, unless
    /// they answer themselves; the notification leads to `/comments/{id}`, which finds the comment's page.
    /// `stars` (1–5, a top-level comment by a signed-in user) rates the subject in the same transaction
    /// (``RatingStore``): a rated review.
    ///
    /// What the spam check flags (more than `maxLinks` links, repeated text) and a signed-in account's first comment
    /// with a link within ``newAccountAge`` of registering are not refused but held (``Comment/isHeld``): stored,
    /// queued for a moderator (``ModerationQueue``), shown to no one and counted nowhere until approved, when the
    /// parent's author is notified; `stars` of a held review are not recorded. Rate limits still refuse
    /// (``CommentError/rateLimited(retryAfter:)``).
    @discardableResult
    public func post(_ subject: Subject, author: CommentAuthor, text: String, parentID: Int64? = nil, address: String? = nil,
                     stars: Int? = nil) throws -> Comment {
        try validate(text)
        if parentID != nil, author.userID == nil { throw CommentError.loginRequired }
        if let stars, !RatingStore.stars.contains(stars) || author.userID == nil || parentID != nil { throw CommentError.invalidRating }
        let key = Self.normalizedKey(text)
        let now = now()
        return try database.write { db in
            if let userID = author.userID, let ban = try RoleStore.activeBan(userID: userID, now: now, db: db) {
                throw CommentError.banned(until: ban.until, reason: ban.reason)
            }
            var rootID: Int64?
            var replyToName: String?
            var parentAuthor: Int64?
            if let parentID {
                guard let parent = try db.queryFirst(
                    "SELECT root_id, author_name, user_id, deleted FROM community_comments WHERE id = ? AND app = ? AND item = ?",
                    parentID, subject.app, subject.item), try parent.get("deleted", as: Int.self) == 0
                else { throw CommentError.parentNotFound }
                let parentRoot: Int64? = try parent.get("root_id")
                rootID = parentRoot ?? parentID
                if parentRoot != nil { replyToName = try parent.get("author_name", as: String.self) }
                parentAuthor = try parent.get("user_id")
            }
            // A double submission (same author, subject, parent and text within a few seconds) returns the first comment.
            if let existing = try Self.recentTwin(db, subject: subject, author: author, key: key, parentID: parentID, since: now - policy.doubleSubmitWindow) {
                return existing
            }
            let held = try checkLimits(db, author: author, subject: subject, key: key, now: now) != nil
                || Self.isFirstLinkOfNewAccount(db, author: author, key: key, now: now)
            if author.userID == nil, let address {
                let fromAddress = try db.scalar(
                    "SELECT count(*) FROM community_comments WHERE address = ? AND user_id IS NULL AND created_at > ?",
                    address, now - 3_600, as: Int.self) ?? 0
                if fromAddress >= policy.anonymousPerAddressPerHour { throw CommentError.rateLimited(retryAfter: 3_600) }
            }
            guard let id = try db.scalar(
                "INSERT INTO community_comments (app, item, root_id, parent_id, reply_to_name, user_id, device, address, author_name, body, body_key, "
                    + "created_at, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                subject.app, subject.item, rootID, parentID, replyToName, author.userID, author.device, address, author.name, text, key, now,
                held ? Self.heldState : 0, as: Int64.self) else { throw CommentError.notFound }
            if held {
                // Held, not refused: a moderator approves (it appears then) or rejects it (issue 11 item 4).
                try ModerationQueue.upsert(db, kind: "comment", app: subject.app, item: String(id), author: author.userID, title: author.name,
                                           excerpt: text, now: now)
                guard let row = try db.queryFirst("SELECT \(Self.columns) FROM community_comments WHERE id = ?", id) else { throw CommentError.notFound }
                return try Comment(row: row)
            }
            try Self.adjustCount(db, subject, by: 1)
            if let stars, let userID = author.userID {
                try RatingStore.rate(subject, userID: userID, stars: stars, commentID: id, now: now, db: db)
            }
            if let rootID { try db.execute("UPDATE community_comments SET reply_count = reply_count + 1 WHERE id = ?", rootID) }
            if let parentAuthor, parentAuthor != author.userID {
                try Inbox.deliver(NewNotification(userID: parentAuthor, kind: .reply, actor: author.name, body: text, link: "/comments/\(id)"),
                                  db: db, now: now)
            }
            guard let row = try db.queryFirst("SELECT \(Self.columns) FROM community_comments WHERE id = ?", id) else { throw CommentError.notFound }
            return try Comment(row: row)
        }
    }

    /// Changes the text of one's own comment (marked edited).
    @discardableResult
    public func edit(_ id: Int64, userID: Int64, text: String) throws -> Comment {
        try validate(text)
        if Self.linkCount(text) > policy.maxLinks { throw CommentError.spam(.linkFlood) }
        let now = now()
        return try database.write { db in
            guard let row = try db.queryFirst("SELECT user_id, deleted FROM community_comments WHERE id = ?", id),
                  try row.get("deleted", as: Int.self) == 0 else { throw CommentError.notFound }
            guard try row.get("user_id", as: Int64?.self) == userID else { throw CommentError.notYours }
            try db.execute("UPDATE community_comments SET body = ?, body_key = ?, edited_at = ? WHERE id = ?",
                           text, Self.normalizedKey(text), now, id)
            guard let updated = try db.queryFirst("SELECT \(Self.columns) FROM community_comments WHERE id = ?", id) else { throw CommentError.notFound }
            return try Comment(row: updated)
        }
    }

    /// Deletes one's own comment. The row stays as a placeholder ("该评论已删除") while it has visible replies;
    /// its text is erased at once. The subject's count and the root's reply count drop in the same transaction.
    public func delete(_ id: Int64, userID: Int64) throws {
        try database.write { db in
            guard let row = try db.queryFirst("SELECT app, item, root_id, user_id, deleted FROM community_comments WHERE id = ?", id),
                  try row.get("deleted", as: Int.self) == 0 else { throw CommentError.notFound }
            guard try row.get("user_id", as: Int64?.self) == userID else { throw CommentError.notYours }
            try Self.remove(id, db: db)
        }
    }

    /// Soft-deletes comment `id` on `db` (the caller's transaction) and lowers the counts: the author's delete
    /// and a moderator's removal. A comment already deleted is left alone.
    static func remove(_ id: Int64, db: any SQLExecutor) throws(StorageError) {
        guard let row = try db.queryFirst("SELECT app, item, root_id, deleted FROM community_comments WHERE id = ? AND deleted <> 1", id) else { return }
        try db.execute("UPDATE community_comments SET deleted = 1, body = '', body_key = '' WHERE id = ?", id)
        // A held comment was never counted.
        guard try row.get("deleted", as: Int.self) == 0 else { return }
        try adjustCount(db, Subject(app: try row.get("app"), item: try row.get("item")), by: -1)
        if let root = try row.get("root_id", as: Int64?.self) {
            try db.execute("UPDATE community_comments SET reply_count = reply_count - 1 WHERE id = ?", root)
        }
    }

    /// Shows a held comment (a moderator approved it) on `db`: counted, under its root, and its parent's author told of
    /// the reply as if it had just been posted. Anything but a held comment is left alone.
    static func release(_ id: Int64, db: any SQLExecutor, now: Int64) throws {
        guard let row = try db.queryFirst("SELECT \(columns) FROM community_comments WHERE id = ? AND deleted = ?", id, heldState)
        else { return }
        let comment = try Comment(row: row)
        try db.execute("UPDATE community_comments SET deleted = 0 WHERE id = ?", id)
        try adjustCount(db, comment.subject, by: 1)
        if let root = comment.rootID { try db.execute("UPDATE community_comments SET reply_count = reply_count + 1 WHERE id = ?", root) }
        if let parentID = comment.parentID,
           let parentAuthor = try db.scalar("SELECT user_id FROM community_comments WHERE id = ? AND deleted = 0", parentID, as: Int64.self),
           parentAuthor != comment.userID {
            try Inbox.deliver(NewNotification(userID: parentAuthor, kind: .reply, actor: comment.authorName, body: comment.text,
                                              link: "/comments/\(id)"), db: db, now: now)
        }
    }

    /// A signed-in author's first comment with a link, from an account younger than ``newAccountAge``.
    static func isFirstLinkOfNewAccount(_ db: any SQLExecutor, author: CommentAuthor, key: String, now: Int64) throws -> Bool {
        guard let user = author.userID, linkCount(key) > 0,
              let created = try db.scalar("SELECT created_at FROM users WHERE id = ?", user, as: Int64.self), now - created < newAccountAge
        else { return false }
        return try db.scalar("SELECT 1 FROM community_comments WHERE user_id = ? LIMIT 1", user, as: Int.self) == nil
    }

    static func recentTwin(_ db: any SQLExecutor, subject: Subject, author: CommentAuthor, key: String, parentID: Int64?,
                           since: Int64) throws(StorageError) -> Comment? {
        let row: Row?
        if let user = author.userID {
            row = try db.queryFirst(
                "SELECT \(columns) FROM community_comments WHERE user_id = ? AND app = ? AND item = ? AND body_key = ? AND created_at >= ? "
                    + "AND parent_id IS NOT DISTINCT FROM ? AND deleted = 0 ORDER BY id DESC LIMIT 1", user, subject.app, subject.item, key, since, parentID)
        } else {
            row = try db.queryFirst(
                "SELECT \(columns) FROM community_comments WHERE device = ? AND app = ? AND item = ? AND body_key = ? AND created_at >= ? "
                    + "AND parent_id IS NOT DISTINCT FROM ? AND deleted = 0 ORDER BY id DESC LIMIT 1", author.device, subject.app, subject.item, key, since, parentID)
        }
        return try row.map { row throws(StorageError) in try Comment(row: row) }
    }

    static func adjustCount(_ db: any SQLExecutor, _ subject: Subject, by delta: Int) throws(StorageError) {
        try db.execute(
            "INSERT INTO community_counts (app, item, visible) VALUES (?, ?, ?) "
                + "ON CONFLICT (app, item) DO UPDATE SET visible = community_counts.visible + excluded.visible",
            subject.app, subject.item, delta)
    }

    // MARK: rules

    func validate(_ text: String) throws(CommentError) {
        if text.allSatisfy({ $0.isWhitespace }) { throw .emptyText }
        if text.count > policy.maxLength { throw .tooLong(max: policy.maxLength) }
        if let refusal = UserText.refusal(text, lines: .multiple) { throw .invalidCharacters(refusal) }
    }

    /// Throws for rate limits; returns what the spam check flags (the comment is then held for review), else nil.
    func checkLimits(_ db: any SQLExecutor, author: CommentAuthor, subject: Subject, key: String, now: Int64) throws -> SpamReason? {
        let recent: (Int64) throws -> Int = { since in
            if let user = author.userID {
                return try db.scalar("SELECT count(*) FROM community_comments WHERE user_id = ? AND created_at > ?", user, since, as: Int.self) ?? 0
            }
            return try db.scalar("SELECT count(*) FROM community_comments WHERE device = ? AND created_at > ?", author.device, since, as: Int.self) ?? 0
        }
        if try recent(now - 60) >= policy.perMinute { throw CommentError.rateLimited(retryAfter: 60) }
        if try recent(now - 3_600) >= policy.perHour { throw CommentError.rateLimited(retryAfter: 3_600) }
        if Self.linkCount(key) > policy.maxLinks { return .linkFlood }
        let since = now - policy.repeatWindow
        let repeated: Int?
        if let user = author.userID {
            repeated = try db.scalar("SELECT 1 FROM community_comments WHERE user_id = ? AND body_key = ? AND created_at > ? LIMIT 1",
                                     user, key, since, as: Int.self)
        } else {
            repeated = try db.scalar("SELECT 1 FROM community_comments WHERE device = ? AND body_key = ? AND created_at > ? LIMIT 1",
                                     author.device, key, since, as: Int.self)
        }
        if repeated != nil { return .repeatedText }
        let sameText = try db.scalar(
            "SELECT count(*) FROM community_comments WHERE app = ? AND item = ? AND body_key = ? AND created_at > ?",
            subject.app, subject.item, key, now - 3_600, as: Int.self) ?? 0
        return sameText >= policy.sameTextOnSubject ? .repeatedText : nil
    }

    /// The text folded for the repeated-text check: lower-cased, whitespace removed.
    public static func normalizedKey(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    /// How many links a text holds (`http://`, `https://`, `www.`).
    public static func linkCount(_ text: String) -> Int {
        let lower = text.lowercased()
        var count = 0
        for marker in ["http://", "https://", "www."] {
            var rest = lower[...]
            while let range = rest.range(of: marker) {
                if marker == "www.", range.lowerBound > lower.startIndex,
                   lower[lower.index(before: range.lowerBound)] == "/" { rest = rest[range.upperBound...]; continue }
                count += 1
                rest = rest[range.upperBound...]
            }
        }
        return count
    }

    /// Would the content rules (links, length, characters) accept this text? For checking real data.
    public func contentProblem(_ text: String) -> CommentError? {
        do { try validate(text) } catch { return error }
        return Self.linkCount(text) > policy.maxLinks ? .spam(.linkFlood) : nil
    }

    // MARK: cursors

    /// The cursor that continues after comment `id` (for tools and benchmarks that seek to a depth).
    public static func cursor(after id: Int64) -> String { encodeCursor(id) }

    static func encodeCursor(_ id: Int64) -> String { "c" + String(id, radix: 36) }

    static func decodeCursor(_ cursor: String?) throws(CommentError) -> Int64? {
        guard let cursor, !cursor.isEmpty else { return nil }
        guard cursor.first == "c", let id = Int64(cursor.dropFirst(), radix: 36), id > 0 else { throw CommentError.badCursor }
        return id
    }
}
