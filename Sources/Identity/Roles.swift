public import Storage
import WebUI
import Foundation

/// A staff role on top of an ordinary account (issue 11 item 4). A user has any subset of them.
public enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Moderates content and users: handles reports, hides comments, bans ordinary users.
    case moderator
    /// Everything a moderator does, and acts on moderators too; granted only from the command line.
    case admin

    /// 0 for an ordinary user (no role), 1 moderator, 2 admin: who may act on whom (``RoleStore/canAct(_:on:)``).
    public var rank: Int { self == .admin ? 2 : 1 }

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}

/// What a route may require of the signed-in user; one check for pages and the API
/// (``Authenticator/require(_:_:)``).
public enum Permission: String, Sendable, Hashable {
    /// The moderation queue, hiding content, bans, the audit log: moderators and admins.
    case moderate
    /// Editorial content (爱限免's editor-made 专题 and editor-set ends of a 限免): admins only.
    case curate

    /// The roles that carry this permission.
    public var roles: Set<Role> {
        switch self {
        case .moderate: [.moderator, .admin]
        case .curate: [.admin]
        }
    }
}

/// A time-limited ban: the user can read but not post (comments, replies, submissions, reports).
public struct Ban: Sendable, Hashable {
    public let userID: Int64
    /// The ban ends at this moment, UTC seconds since 1970.
    public let until: Int64
    /// The moderator's reason, shown to the user (verbatim; escape when rendering).
    public let reason: String
    /// Who banned; nil when done from the command line.
    public let bannedBy: Int64?
    public let createdAt: Int64
}

/// Why a role or ban change was refused.
public enum RoleError: Error, Sendable, Hashable {
    /// The acting user lacks the permission (a `403`).
    case forbidden(Permission)
    /// The target has a rank at least the actor's (a moderator acting on an admin or another moderator), or is
    /// the actor: nobody moderates themselves.
    case outranked
    /// The user is banned until `until` (UTC seconds) for `reason`; posting is refused.
    case banned(until: Int64, reason: String)
    /// A ban's duration outside 1 hour … 3650 days, or a reason outside 1…500 characters.
    case invalidBan(BanField)

    /// The field of a ban that is out of range; its raw value is the form's and the API's field name.
    public enum BanField: String, Sendable, Hashable {
        /// The duration, in hours on the form and in the API: 1 … ``RoleStore/maxBanHours``.
        case duration = "hours"
        /// The reason shown to the user: 1 … 500 characters.
        case reason
    }

    /// The message for a page or a problem's `detail`, Chinese or English.
    public func message(_ chinese: Bool) -> String {
        switch self {
        case .forbidden:
            return chinese ? "你没有执行此操作的权限。" : "You do not have permission to do this."
        case .outranked:
            return chinese ? "不能对管理员、同级或自己执行此操作。" : "You cannot act on an admin, a peer or yourself."
        case .banned(let until, let reason):
            let time = BeijingTime.dateTime(until)
            return chinese ? "你已被禁言至 \(time)（北京时间），原因：\(reason)" : "You are banned from posting until \(time) (Beijing time). Reason: \(reason)"
        case .invalidBan(.duration):
            // Tester 30 #1: this was English on the Chinese moderator page.
            return chinese ? "禁言时长须为 1 小时到 3650 天（1–\(RoleStore.maxBanHours) 小时）。"
                : "A ban lasts 1 hour to 3650 days (1–\(RoleStore.maxBanHours) hours)."
        case .invalidBan(.reason):
            return chinese ? "禁言须写明原因，1–500 个字符。" : "A ban needs a reason of 1–500 characters."
        }
    }
}

/// Tables of module `roles` (owned by Identity; numbered apart from `identity` so parallel work never collides).
/// Times are INTEGER UTC seconds.
public enum RoleSchema {
    public static let module = "roles"

    /// Version 1 `create_roles_bans_audit`: `user_roles`, `user_bans`, `moderation_audit`.
    public static func migrations() -> [Migration] {
        [
            Migration(module: module, version: 1, name: "create_roles_bans_audit", sql: """
                CREATE TABLE user_roles (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    role TEXT NOT NULL,                 -- Role.rawValue
                    granted_at INTEGER NOT NULL,
                    PRIMARY KEY (user_id, role)
                );
                CREATE TABLE user_bans (
                    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    banned_until INTEGER NOT NULL,
                    reason TEXT NOT NULL,
                    banned_by INTEGER,                  -- NULL: from the command line
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE moderation_audit (
                    id INTEGER PRIMARY KEY,
                    actor_id INTEGER,                   -- NULL: from the command line
                    actor_name TEXT NOT NULL,           -- as it was then
                    action TEXT NOT NULL,               -- AuditAction.rawValue
                    target_user_id INTEGER,
                    target TEXT NOT NULL,               -- what was acted on, e.g. 'comment 12', 'user alice'
                    detail TEXT NOT NULL,               -- a reason, a duration, a role
                    created_at INTEGER NOT NULL
                );
                """),
        ]
    }
}

/// Roles, bans and the moderation audit log. All SQL of the `roles` module is here. Stateless; `now` is
/// passed in (UTC seconds) so tests control the clock.
public struct RoleStore: Sendable {
    public let database: any Database

    public init(database: any Database) { self.database = database }

    // MARK: roles

    /// The user's roles (empty for an ordinary user).
    public func roles(of userID: Int64) throws -> Set<Role> {
        try database.read { db in try Self.roles(of: userID, db: db) }
    }

    /// The user's roles read on `db` (inside the caller's transaction).
    public static func roles(of userID: Int64, db: any SQLExecutor) throws(StorageError) -> Set<Role> {
        var roles: Set<Role> = []
        for row in try db.query("SELECT role FROM user_roles WHERE user_id = ?", userID) {
            if let role = Role(rawValue: try row.get(0)) { roles.insert(role) }
        }
        return roles
    }

    /// `true` when the user holds a role carrying `permission`.
    public func has(_ permission: Permission, userID: Int64) throws -> Bool {
        !(try roles(of: userID).isDisjoint(with: permission.roles))
    }

    /// Grants `role` (idempotent) and records it in the audit log. `actor` nil means the command line.
    /// - Returns: `false` if the user already had it.
    @discardableResult
    public func grant(_ role: Role, to user: User, actor: User? = nil, now: Int64) throws -> Bool {
        try database.write { db in
            let added = try db.execute(
                "INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, ?) ON CONFLICT (user_id, role) DO NOTHING",
                user.id, role.rawValue, now) == 1
            if added { try Self.audit(db, actor: actor, action: .grantRole, targetUser: user.id, target: "user " + user.username, detail: role.rawValue, now: now) }
            return added
        }
    }

    /// Takes `role` away and records it. - Returns: `false` if the user did not have it.
    @discardableResult
    public func revoke(_ role: Role, from user: User, actor: User? = nil, now: Int64) throws -> Bool {
        try database.write { db in
            let removed = try db.execute("DELETE FROM user_roles WHERE user_id = ? AND role = ?", user.id, role.rawValue) == 1
            if removed { try Self.audit(db, actor: actor, action: .revokeRole, targetUser: user.id, target: "user " + user.username, detail: role.rawValue, now: now) }
            return removed
        }
    }

    /// Every account with its roles, by username key; `onlyStaff` leaves out users without a role.
    public func list(onlyStaff: Bool = false, limit: Int = 1_000) throws -> [(user: User, roles: Set<Role>, ban: Ban?)] {
        try database.read { db in
            let rows = try db.query(
                "SELECT \(User.columns) FROM users WHERE ? = 0 OR id IN (SELECT user_id FROM user_roles) ORDER BY username_key LIMIT ?",
                onlyStaff ? 1 : 0, max(1, min(limit, 10_000)))
            return try rows.map { row throws(StorageError) in
                let user = try User(row: row)
                return (user, try Self.roles(of: user.id, db: db), try Self.ban(of: user.id, db: db))
            }
        }
    }

    /// Whether `actor` may moderate `target`: only when the actor's highest rank is above the target's, so a
    /// moderator never acts on an admin or another moderator, and nobody on themselves.
    public static func canAct(_ actor: Set<Role>, on target: Set<Role>) -> Bool {
        (actor.map(\.rank).max() ?? 0) > (target.map(\.rank).max() ?? 0)
    }

    // MARK: bans

    /// The longest ban, in hours: 3650 days. The shortest is 1 hour.
    public static let maxBanHours: Int64 = 3_650 * 24

    /// `hours` in seconds, saturating (a form's 999999999999999999 is refused as too long, not a crash).
    public static func banSeconds(hours: Int64) -> Int64 {
        let (seconds, overflow) = hours.multipliedReportingOverflow(by: 3_600)
        return overflow ? (hours < 0 ? .min : .max) : seconds
    }

    /// Bans `target` for `seconds` (1 hour … 3650 days) with a reason (1…500 characters), replacing an
    /// earlier ban; checks that `actor` may act on the target, all in one transaction with its audit entry.
    /// - Throws: ``RoleError/forbidden(_:)``, ``RoleError/outranked``, ``RoleError/invalidBan(_:)``.
    @discardableResult
    public func ban(_ target: User, for seconds: Int64, reason: String, actor: User, now: Int64) throws -> Ban {
        guard (3_600...Self.maxBanHours * 3_600).contains(seconds) else { throw RoleError.invalidBan(.duration) }
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...500).contains(reason.count) else { throw RoleError.invalidBan(.reason) }
        return try database.write { db in
            try Self.requireCanAct(actor: actor.id, on: target.id, db: db)
            let until = now + seconds
            try db.execute(
                "INSERT INTO user_bans (user_id, banned_until, reason, banned_by, created_at) VALUES (?, ?, ?, ?, ?) "
                    + "ON CONFLICT (user_id) DO UPDATE SET banned_until = excluded.banned_until, reason = excluded.reason, "
                    + "banned_by = excluded.banned_by, created_at = excluded.created_at",
                target.id, until, reason, actor.id, now)
            try Self.audit(db, actor: actor, action: .ban, targetUser: target.id, target: "user " + target.username,
                           detail: "\(seconds / 3_600) h: \(reason)", now: now)
            return Ban(userID: target.id, until: until, reason: reason, bannedBy: actor.id, createdAt: now)
        }
    }

    /// Lifts a ban. - Returns: `false` when there was none.
    @discardableResult
    public func unban(_ target: User, actor: User, now: Int64) throws -> Bool {
        try database.write { db in
            try Self.requireCanAct(actor: actor.id, on: target.id, db: db)
            let removed = try db.execute("DELETE FROM user_bans WHERE user_id = ?", target.id) == 1
            if removed { try Self.audit(db, actor: actor, action: .unban, targetUser: target.id, target: "user " + target.username, detail: "", now: now) }
            return removed
        }
    }

    /// The ban in force at `now`, or nil.
    public func activeBan(userID: Int64, now: Int64) throws -> Ban? {
        try database.read { db in try Self.activeBan(userID: userID, now: now, db: db) }
    }

    /// The ban in force at `now` read on `db` (inside the caller's transaction), or nil.
    public static func activeBan(userID: Int64, now: Int64, db: any SQLExecutor) throws(StorageError) -> Ban? {
        guard let ban = try ban(of: userID, db: db), ban.until > now else { return nil }
        return ban
    }

    /// Throws ``RoleError/banned(until:reason:)`` when the user is banned at `now`: call it in the transaction
    /// that posts.
    public static func requireNotBanned(userID: Int64, now: Int64, db: any SQLExecutor) throws {
        if let ban = try activeBan(userID: userID, now: now, db: db) { throw RoleError.banned(until: ban.until, reason: ban.reason) }
    }

    /// Throws ``RoleError/forbidden(_:)`` unless `actor` moderates, ``RoleError/outranked`` unless it outranks
    /// `target` (read on `db`, inside the caller's transaction).
    public static func requireCanAct(actor: Int64, on target: Int64, db: any SQLExecutor) throws {
        let actorRoles = try require(.moderate, userID: actor, db: db)
        guard actor != target, canAct(actorRoles, on: try roles(of: target, db: db)) else { throw RoleError.outranked }
    }

    /// The user's roles when one carries `permission` (read on `db`), else ``RoleError/forbidden(_:)``.
    @discardableResult
    public static func require(_ permission: Permission, userID: Int64, db: any SQLExecutor) throws -> Set<Role> {
        let held = try roles(of: userID, db: db)
        guard !held.isDisjoint(with: permission.roles) else { throw RoleError.forbidden(permission) }
        return held
    }

    static func ban(of userID: Int64, db: any SQLExecutor) throws(StorageError) -> Ban? {
        try db.queryFirst("SELECT banned_until, reason, banned_by, created_at FROM user_bans WHERE user_id = ?", userID).map { row throws(StorageError) in
            Ban(userID: userID, until: try row.get("banned_until"), reason: try row.get("reason"),
                bannedBy: try row.get("banned_by"), createdAt: try row.get("created_at"))
        }
    }

    // MARK: audit log

    /// Records one moderation action on `db`, inside the transaction that did it, so the log and the change
    /// commit together. `actor` nil is the command line.
    /// The actor name stored for an action taken from the command line (no account); pages translate it.
    public static let commandLineActor = "(command line)"

    public static func audit(_ db: any SQLExecutor, actor: User?, action: AuditAction, targetUser: Int64?, target: String,
                             detail: String, now: Int64) throws(StorageError) {
        try db.execute(
            "INSERT INTO moderation_audit (actor_id, actor_name, action, target_user_id, target, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            actor?.id, actor?.username ?? commandLineActor, action.rawValue, targetUser, target, String(detail.prefix(600)), now)
    }

    /// Takes a deleted account out of the audit log on `db` (the deletion's transaction): the entries it made or that
    /// acted on it stay, but name ``IdentityService/deletedUserName`` and no user id (ids may be given again), like its
    /// comments. A `user NAME` target becomes `user 已注销用户`; other targets (`comment movies/12`) name no person.
    static func forget(userID: Int64, db: any SQLExecutor) throws(StorageError) {
        let name = IdentityService.deletedUserName
        try db.execute("UPDATE moderation_audit SET actor_id = NULL, actor_name = ? WHERE actor_id = ?", name, userID)
        try db.execute("UPDATE moderation_audit SET target_user_id = NULL, target = CASE WHEN target LIKE 'user %' THEN ? ELSE target END "
                           + "WHERE target_user_id = ?", "user " + name, userID)
    }

    /// The audit log, newest first, keyset-paged by id (`before` an id, nil for the newest).
    public func auditLog(before: Int64?, limit: Int) throws -> [AuditEntry] {
        try database.read { db in
            try db.query(
                "SELECT id, actor_id, actor_name, action, target_user_id, target, detail, created_at FROM moderation_audit "
                    + "WHERE id < ? ORDER BY id DESC LIMIT ?", before ?? Int64.max, max(1, min(limit, 100))
            ).map { row throws(StorageError) in
                AuditEntry(id: try row.get("id"), actorID: try row.get("actor_id"), actorName: try row.get("actor_name"),
                           action: try row.get("action"), targetUserID: try row.get("target_user_id"),
                           target: try row.get("target"), detail: try row.get("detail"), createdAt: try row.get("created_at"))
            }
        }
    }
}

/// What a moderation action was, as stored in `moderation_audit.action`.
public enum AuditAction: String, Sendable, CaseIterable {
    case grantRole = "grant-role", revokeRole = "revoke-role", ban, unban
    case hide, approve, reject, dismiss
    /// An admin created, changed or deleted editorial content (an App Deals 专题, an editor-set end).
    case curate
}

/// One line of the audit log.
public struct AuditEntry: Sendable, Hashable {
    public let id: Int64
    public let actorID: Int64?
    public let actorName: String
    public let action: String
    public let targetUserID: Int64?
    public let target: String
    public let detail: String
    public let createdAt: Int64
}
