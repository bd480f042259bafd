public import Storage
import Foundation

/// What to tell one user: the kind, who or what it is about, a short text and where it leads.
public struct NewNotification: Sendable, Hashable {
    public var userID: Int64
    public var kind: NotificationKind
    /// The name the headline shows (a nickname, an item's title); cut to 60 characters.
    public var actor: String
    /// The excerpt or reason under the headline; cut to 200 characters.
    public var body: String
    /// A same-site path (`/movies/reviews/7`); anything else becomes `/inbox`.
    public var link: String

    public init(userID: Int64, kind: NotificationKind, actor: String, body: String, link: String) {
        self.userID = userID
        self.kind = kind
        self.actor = actor
        self.body = body
        self.link = link
    }
}

/// One stored notification.
public struct InboxItem: Sendable, Hashable {
    public let id: Int64
    public let userID: Int64
    public let kind: String
    public let actor: String
    public let body: String
    public let link: String
    public let createdAt: Int64
    public let readAt: Int64?

    public var isRead: Bool { readAt != nil }

    static let columns = "id, user_id, kind, actor, body, link, created_at, read_at"

    init(row: Row) throws(StorageError) {
        id = try row.get("id")
        userID = try row.get("user_id")
        kind = try row.get("kind")
        actor = try row.get("actor")
        body = try row.get("body")
        link = try row.get("link")
        createdAt = try row.get("created_at")
        readAt = try row.get("read_at")
    }
}

/// A user's choice for one kind: keep it in the inbox, push it to subscribed devices. Both default to on.
public struct KindPreference: Sendable, Hashable {
    public var inbox: Bool
    public var push: Bool
    public init(inbox: Bool = true, push: Bool = true) {
        self.inbox = inbox
        self.push = push
    }
}

/// The in-app inbox (issue 11 item 5): delivery inside the sender's transaction, keyset pages, unread counts,
/// mark read, per-kind preferences. All SQL of the `notifications` inbox tables is here. Stateless.
public struct Inbox: Sendable {
    public let database: any Database
    /// Notifications kept per user; older ones are deleted when a new one arrives.
    public static let keptPerUser = 500
    /// Characters of a body kept (a reply's excerpt, a ``NotificationKind/ModerationNote`` with a 500-character reason).
    public static let maxBody = 1_000

    public init(database: any Database) { self.database = database }

    // MARK: delivery

    /// Delivers `notification` on `db`, inside the caller's transaction so the notification commits with what
    /// caused it (a reply, a moderation decision). Honours the recipient's preference for the kind: nothing when
    /// the inbox is off; a push delivery per subscribed device when push is on (sent later by ``PushSender``).
    /// - Returns: the new item's id, or nil when the recipient turned the kind off.
    @discardableResult
    public static func deliver(_ notification: NewNotification, db: any SQLExecutor, now: Int64) throws(StorageError) -> Int64? {
        let preference = try preference(userID: notification.userID, kind: notification.kind.id, db: db)
        guard preference.inbox else { return nil }
        let link = notification.link.hasPrefix("/") && !notification.link.hasPrefix("//") && !notification.link.contains("\\")
            ? notification.link : "/inbox"
        guard let id = try db.scalar(
            "INSERT INTO notifications (user_id, kind, actor, body, link, created_at, read_at) VALUES (?, ?, ?, ?, ?, ?, NULL) RETURNING id",
            notification.userID, notification.kind.id, String(notification.actor.prefix(60)), String(notification.body.prefix(Self.maxBody)),
            String(link.prefix(500)), now, as: Int64.self)
        else { throw StorageError.misuse("INSERT … RETURNING id returned no row") }
        try db.execute(
            "DELETE FROM notifications WHERE user_id = ? AND id <= (SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
            notification.userID, notification.userID, keptPerUser)
        if preference.push {
            for row in try db.query("SELECT id FROM push_subscriptions WHERE user_id = ?", notification.userID) {
                try db.execute(
                    "INSERT INTO push_deliveries (subscription_id, notification_id, attempts, next_attempt_at, last_error, created_at) "
                        + "VALUES (?, ?, 0, ?, NULL, ?)", try row.get(0, as: Int64.self), id, now, now)
            }
        }
        return id
    }

    // MARK: reading

    /// The user's notifications, newest first, after `cursor` (opaque, from the previous page).
    /// - Throws: ``InboxError/badCursor`` for a cursor this server did not write.
    public func page(userID: Int64, cursor: String?, limit: Int) throws -> (items: [InboxItem], nextCursor: String?) {
        let before = try Self.decodeCursor(cursor) ?? Int64.max
        let limit = max(1, min(limit, 100))
        return try database.read { db in
            let rows = try db.query(
                "SELECT \(InboxItem.columns) FROM notifications WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
                userID, before, limit + 1)
            let items = try rows.prefix(limit).map { row throws(StorageError) in try InboxItem(row: row) }
            return (items, rows.count > limit ? items.last.map { "n" + String($0.id, radix: 36) } : nil)
        }
    }

    /// One of the user's notifications, or nil (someone else's is nil too).
    public func item(_ id: Int64, userID: Int64) throws -> InboxItem? {
        try database.read { db in
            try db.queryFirst("SELECT \(InboxItem.columns) FROM notifications WHERE id = ? AND user_id = ?", id, userID)
                .map { row throws(StorageError) in try InboxItem(row: row) }
        }
    }

    /// Unread notifications of the user (the tab bar's badge).
    public func unreadCount(userID: Int64) throws -> Int {
        try database.read { db in
            try db.scalar("SELECT count(*) FROM notifications WHERE user_id = ? AND read_at IS NULL", userID, as: Int.self) ?? 0
        }
    }

    // MARK: marking read

    /// Marks one of the user's notifications read. - Returns: `false` when it is not theirs or does not exist.
    @discardableResult
    public func markRead(_ id: Int64, userID: Int64, now: Int64) throws -> Bool {
        try database.write { db in
            guard try db.queryFirst("SELECT 1 FROM notifications WHERE id = ? AND user_id = ?", id, userID) != nil else { return false }
            try db.execute("UPDATE notifications SET read_at = ? WHERE id = ? AND read_at IS NULL", now, id)
            return true
        }
    }

    /// Marks every notification of the user read. - Returns: how many were unread.
    @discardableResult
    public func markAllRead(userID: Int64, now: Int64) throws -> Int {
        try database.write { db in
            try db.execute("UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL", now, userID)
        }
    }

    // MARK: preferences

    /// The user's choice for every kind of `kinds` (the default, both on, where none is stored).
    public func preferences(userID: Int64, kinds: NotificationKinds) throws -> [(kind: NotificationKind, preference: KindPreference)] {
        try database.read { db in
            var stored: [String: KindPreference] = [:]
            for row in try db.query("SELECT kind, inbox, push FROM notification_prefs WHERE user_id = ?", userID) {
                stored[try row.get("kind")] = KindPreference(inbox: try row.get("inbox", as: Int.self) != 0, push: try row.get("push", as: Int.self) != 0)
            }
            return kinds.all.map { ($0, stored[$0.id] ?? KindPreference()) }
        }
    }

    /// Stores the user's choice for a kind. Push without the inbox is stored as both off (a push opens an inbox item).
    public func setPreference(_ preference: KindPreference, kind: NotificationKind, userID: Int64) throws {
        let push = preference.inbox && preference.push
        try database.write { db in
            try db.execute(
                "INSERT INTO notification_prefs (user_id, kind, inbox, push) VALUES (?, ?, ?, ?) "
                    + "ON CONFLICT (user_id, kind) DO UPDATE SET inbox = excluded.inbox, push = excluded.push",
                userID, kind.id, preference.inbox ? 1 : 0, push ? 1 : 0)
        }
    }

    static func preference(userID: Int64, kind: String, db: any SQLExecutor) throws(StorageError) -> KindPreference {
        guard let row = try db.queryFirst("SELECT inbox, push FROM notification_prefs WHERE user_id = ? AND kind = ?", userID, kind) else {
            return KindPreference()
        }
        return KindPreference(inbox: try row.get("inbox", as: Int.self) != 0, push: try row.get("push", as: Int.self) != 0)
    }

    /// Removes everything of the user in the module (inbox, preferences, subscriptions and their deliveries),
    /// on `db` inside the transaction that deletes the account.
    public static func deleteAll(userID: Int64, db: any SQLExecutor) throws(StorageError) {
        try db.execute("DELETE FROM push_deliveries WHERE subscription_id IN (SELECT id FROM push_subscriptions WHERE user_id = ?)", userID)
        try db.execute("DELETE FROM push_deliveries WHERE notification_id IN (SELECT id FROM notifications WHERE user_id = ?)", userID)
        try db.execute("DELETE FROM push_subscriptions WHERE user_id = ?", userID)
        try db.execute("DELETE FROM notification_prefs WHERE user_id = ?", userID)
        try db.execute("DELETE FROM notifications WHERE user_id = ?", userID)
    }

    static func decodeCursor(_ cursor: String?) throws(InboxError) -> Int64? {
        guard let cursor, !cursor.isEmpty else { return nil }
        guard cursor.first == "n", cursor.count <= 14, let id = Int64(cursor.dropFirst(), radix: 36), id > 0 else { throw .badCursor }
        return id
    }
}

/// Why an inbox request was refused.
public enum InboxError: Error, Sendable, Hashable {
    case badCursor
    case unknownKind(String)
}
