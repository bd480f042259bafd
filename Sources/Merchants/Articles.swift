import Foundation
import Identity
import Storage

/// An article or promotion (文章 / 优惠活动) on a merchant's page, written by its owner in Markdown.
struct Article: Sendable, Hashable {
    var id: Int64
    var merchantID: Int64
    var authorID: Int64
    var title: String
    /// CommonMark source, rendered on output (``Markdown``).
    var body: String
    /// 活动时间: first and last day, `YYYY-MM-DD` in the merchant's zone.
    var validFrom: String?
    var validUntil: String?
    var createdAt: Int64
    var updatedAt: Int64

    /// Where the promotion stands on `today` (`YYYY-MM-DD`): nil without dates.
    func state(today: String) -> ArticleState? {
        if validFrom == nil && validUntil == nil { return nil }
        if let validFrom, today < validFrom { return .upcoming }
        if let validUntil, today > validUntil { return .ended }
        return .running
    }
}

enum ArticleState: String, Sendable {
    case upcoming, running, ended
}

/// The owners' articles (table `merchants_articles`, migration 5); all their SQL. Owners are trusted by role: a
/// merchant gets an owner only when a moderator approves its submission (``SubmissionStore``), so an article is
/// published at once — as the owner's official replies are — while a banned owner cannot write, staff can take
/// an article down, and the limits below bound what one owner can post.
struct ArticleStore: Sendable {
    let database: any Database

    /// Articles one merchant may have.
    static let perMerchant = 50
    /// New articles per merchant in any hour.
    static let perHour = 5

    enum Refusal: Error, Equatable {
        case full
        case tooFast(retryAfter: Int64)
        case banned(until: Int64, reason: String)
    }

    static let columns = "id, merchant_id, author_id, title, body, valid_from, valid_until, created_at, updated_at"

    static func article(_ row: Row) throws(StorageError) -> Article {
        Article(id: try row.get("id"), merchantID: try row.get("merchant_id"), authorID: try row.get("author_id"), title: try row.get("title"),
                body: try row.get("body"), validFrom: try row.get("valid_from"), validUntil: try row.get("valid_until"),
                createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
    }

    /// The merchant's articles, newest first.
    func articles(merchantID: Int64) throws -> [Article] {
        try database.read { db in
            try db.query("SELECT \(Self.columns) FROM merchants_articles WHERE merchant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                         merchantID, Self.perMerchant)
                .map { row throws(StorageError) in try Self.article(row) }
        }
    }

    func article(_ id: Int64, merchantID: Int64) throws -> Article? {
        try database.read { db in
            try db.queryFirst("SELECT \(Self.columns) FROM merchants_articles WHERE id = ? AND merchant_id = ?", id, merchantID)
                .map { row throws(StorageError) in try Self.article(row) }
        }
    }

    /// True when `userID` may write the merchant's articles: its owner, or an admin.
    func mayWrite(userID: Int64, merchant: Merchant) throws -> Bool {
        if merchant.ownerID == userID { return true }
        return try RoleStore(database: database).roles(of: userID).contains(.admin)
    }

    /// True when `userID` may delete one: a writer, or a moderator taking it down.
    func mayDelete(userID: Int64, merchant: Merchant) throws -> Bool {
        if merchant.ownerID == userID { return true }
        return !(try RoleStore(database: database).roles(of: userID)).isDisjoint(with: Permission.moderate.roles)
    }

    /// Stores a new article (fields already checked); written by staff rather than the owner, it goes to the moderation
    /// audit log in the same transaction (``RoleStore/audit(_:actor:action:targetUser:target:detail:now:)``).
    /// - Throws: ``Refusal`` past the limits or for a banned author.
    func create(merchant: Merchant, author: User, title: String, body: String, validFrom: String?, validUntil: String?, now: Int64) throws -> Article {
        let merchantID = merchant.id, authorID = author.id
        return try database.write { db in
            if let ban = try RoleStore.activeBan(userID: authorID, now: now, db: db) { throw Refusal.banned(until: ban.until, reason: ban.reason) }
            let count = try db.scalar("SELECT count(*) FROM merchants_articles WHERE merchant_id = ?", merchantID, as: Int.self) ?? 0
            guard count < Self.perMerchant else { throw Refusal.full }
            let recent = try db.query("SELECT created_at FROM merchants_articles WHERE merchant_id = ? AND created_at > ? ORDER BY created_at",
                                      merchantID, now - 3_600)
            if recent.count >= Self.perHour {
                let oldest = try recent[recent.count - Self.perHour].get(0, as: Int64.self)
                throw Refusal.tooFast(retryAfter: max(1, oldest + 3_600 - now))
            }
            guard let row = try db.queryFirst(
                """
                INSERT INTO merchants_articles (merchant_id, author_id, title, body, valid_from, valid_until, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING \(Self.columns)
                """, merchantID, authorID, title, body, validFrom, validUntil, now, now) else { throw StorageError.misuse("no article id") }
            let article = try Self.article(row)
            try Self.auditStaff(db, article, merchant: merchant, actor: author, action: .curate, now: now)
            return article
        }
    }

    /// Staff acting on a merchant they do not own leave a line in the moderation audit log.
    static func auditStaff(_ db: any SQLExecutor, _ article: Article, merchant: Merchant, actor: User, action: AuditAction, now: Int64) throws {
        guard actor.id != merchant.ownerID else { return }
        try RoleStore.audit(db, actor: actor, action: action, targetUser: article.authorID, target: "merchants article \(article.id)",
                            detail: "\(merchant.name) #\(merchant.id): \(article.title)", now: now)
    }

    /// Changes an article's fields (audited as ``create(merchant:author:title:body:validFrom:validUntil:now:)``); nil when it
    /// does not exist. - Throws: ``Refusal/banned(until:reason:)``.
    func update(_ id: Int64, merchant: Merchant, editor: User, title: String, body: String, validFrom: String?, validUntil: String?,
                now: Int64) throws -> Article? {
        try database.write { db in
            if let ban = try RoleStore.activeBan(userID: editor.id, now: now, db: db) { throw Refusal.banned(until: ban.until, reason: ban.reason) }
            guard let article = try db.queryFirst(
                """
                UPDATE merchants_articles SET title = ?, body = ?, valid_from = ?, valid_until = ?, updated_at = ?
                WHERE id = ? AND merchant_id = ? RETURNING \(Self.columns)
                """, title, body, validFrom, validUntil, now, id, merchant.id).map({ row throws(StorageError) in try Self.article(row) }) else { return nil }
            try Self.auditStaff(db, article, merchant: merchant, actor: editor, action: .curate, now: now)
            return article
        }
    }

    /// Deletes an article; false when it was already gone. A moderator's or admin's deletion (a takedown) is audited.
    func delete(_ article: Article, merchant: Merchant, by actor: User, now: Int64) throws -> Bool {
        try database.write { db in
            guard try db.scalar("DELETE FROM merchants_articles WHERE id = ? AND merchant_id = ? RETURNING id", article.id, merchant.id,
                                as: Int64.self) != nil else { return false }
            try Self.auditStaff(db, article, merchant: merchant, actor: actor, action: .hide, now: now)
            return true
        }
    }
}
