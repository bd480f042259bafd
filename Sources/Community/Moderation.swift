import Foundation
public import Identity
import Notifications
public import Storage
public import WebUI

/// The tables of module `moderation`: the queue (reported comments and apps' submissions) and one report per
/// reporter and item. Decisions go into Identity's `moderation_audit` in the same transaction.
public enum ModerationSchema {
    public static let module = "moderation"

    public static func migrations() -> [Migration] {
        [
            Migration(module: module, version: 1, name: "create_moderation_queue", sql: """
                CREATE TABLE moderation_items (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,               -- 'comment' | 'submission'
                    app TEXT NOT NULL,                -- the comment's or submission's app
                    item TEXT NOT NULL,               -- the comment id, or the app's item id
                    author_id INTEGER,                -- NULL: an anonymous comment
                    title TEXT NOT NULL,
                    excerpt TEXT NOT NULL,            -- the text as it was when queued (at most 500 characters)
                    state TEXT NOT NULL,              -- ModerationState.rawValue
                    report_count INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    decided_by INTEGER,
                    decided_at INTEGER,
                    decision_reason TEXT,
                    UNIQUE (kind, app, item)
                );
                CREATE INDEX moderation_items_by_state ON moderation_items(state, id);
                CREATE TABLE moderation_reports (
                    item_id INTEGER NOT NULL REFERENCES moderation_items(id) ON DELETE CASCADE,
                    reporter_id INTEGER NOT NULL,
                    reason TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (item_id, reporter_id)
                );
                """),
        ]
    }
}

/// Where an item of the queue stands.
public enum ModerationState: String, Sendable, CaseIterable {
    /// Waiting for a moderator.
    case open
    /// Kept (a reported comment) or published (a submission).
    case approved
    /// Removed with a reason the author is told.
    case rejected
    /// Removed without telling the author.
    case hidden
}

/// What a moderator decides about one queued item.
public enum ModerationDecision: Sendable, Hashable {
    /// Keep the comment or publish the submission (its author is told for a submission).
    case approve
    /// Remove it and tell the author why (1–500 characters).
    case reject(reason: String)
    /// Remove it: a comment's author is told it was hidden (``NotificationKind/commentHidden``), with the reason when
    /// one is given (0–500 characters; stored and in the audit log, tester 30 #3: it was dropped); a submission's
    /// author is not told (a hidden merchant photo is spam, not a rejected effort).
    case hide(reason: String? = nil)

    var state: ModerationState {
        switch self {
        case .approve: .approved
        case .reject: .rejected
        case .hide: .hidden
        }
    }

    var action: AuditAction {
        switch self {
        case .approve: .approve
        case .reject: .reject
        case .hide: .hide
        }
    }
}

/// Why a report or a decision was refused.
public enum ModerationError: Error, Sendable, Hashable {
    case notFound
    /// A reason of 1–`maximum` characters is required (a report's, a rejection's).
    case reasonRequired(maximum: Int)
    /// One cannot report one's own comment.
    case ownComment
    /// The item was decided already (by another moderator meanwhile).
    case alreadyDecided
    /// The reporter sent ``ModerationQueue/reportsPerHour`` reports in the last hour; try again after `retryAfter` seconds.
    case tooManyReports(retryAfter: Int64)
}

/// One item of the queue.
public struct ModerationItem: Sendable, Hashable {
    public let id: Int64
    /// `comment` or `submission`.
    public let kind: String
    public let app: String
    public let item: String
    public let authorID: Int64?
    public let title: String
    public let excerpt: String
    public let state: ModerationState
    public let reportCount: Int
    public let createdAt: Int64
    public let decidedBy: Int64?
    public let decidedAt: Int64?
    public let decisionReason: String?
    /// The reasons reporters gave (at most 10, newest first); filled by ``ModerationQueue/page(state:before:limit:)``.
    public var reportReasons: [String] = []
    /// A submission's pictures (``SubmissionReviewer/previews``); filled by ``ModerationQueue/page(state:before:limit:)``.
    public var previews: [String] = []
    /// What a submission is in the reader's words (``SubmissionReviewer/label``: 新商户, 商户照片); nil for comments
    /// and apps without a label. Filled by ``ModerationQueue/page(state:before:limit:)``.
    public var label: LocalizedText?
    /// The excerpt in the reader's words where the app writes it (``SubmissionReviewer/summary``); the stored
    /// ``excerpt`` otherwise. Filled by ``ModerationQueue/page(state:before:limit:)``.
    public var summary: LocalizedText?
    /// The page of an approved submission (``SubmissionReviewer/published``); filled by the audit log's lookup.
    public var publishedPath: String?

    static let columns = "id, kind, app, item, author_id, title, excerpt, state, report_count, created_at, decided_by, decided_at, decision_reason"

    init(row: Row) throws(StorageError) {
        id = try row.get("id")
        kind = try row.get("kind")
        app = try row.get("app")
        item = try row.get("item")
        authorID = try row.get("author_id")
        title = try row.get("title")
        excerpt = try row.get("excerpt")
        state = ModerationState(rawValue: try row.get("state")) ?? .open
        reportCount = try row.get("report_count")
        createdAt = try row.get("created_at")
        decidedBy = try row.get("decided_by")
        decidedAt = try row.get("decided_at")
        decisionReason = try row.get("decision_reason")
    }
}

/// What an app does when a moderator decides about one of its submissions (the Merchants app's "add a
/// merchant"): publish or drop it, inside the decision's transaction. Declared by the app, collected by the server.
public struct SubmissionReviewer: Sendable {
    public let decided: @Sendable (_ db: any SQLExecutor, _ item: String, _ approved: Bool) throws -> Void
    /// Runs after the decision's transaction has committed (removing a rejected picture's files); nil when nothing.
    public let afterDecision: (@Sendable (_ item: String, _ approved: Bool) -> Void)?
    /// The pictures a moderator sees with the item (paths on this server, e.g. a queued photo), read with the queue.
    public let previews: (@Sendable (_ db: any SQLExecutor, _ item: String) throws(StorageError) -> [String])?
    /// What the item is, in the reader's words (`新商户` / `New merchant`), shown before its title in the queue.
    public let label: (@Sendable (_ item: String) -> LocalizedText)?
    /// The page an item belongs to (`/merchants/12`: a new merchant once approved, the merchant of a photo approved or
    /// not), read inside the decision's transaction after ``decided``; the submitter's notice links there. Nil when
    /// there is none (a rejected new merchant).
    public let published: (@Sendable (_ db: any SQLExecutor, _ item: String) throws(StorageError) -> String?)?
    /// The item's excerpt in both languages (flags such as 可能重复 included), read with the queue; nil to show the stored one.
    public let summary: (@Sendable (_ db: any SQLExecutor, _ item: String) throws(StorageError) -> LocalizedText?)?

    public init(_ decided: @escaping @Sendable (_ db: any SQLExecutor, _ item: String, _ approved: Bool) throws -> Void,
                afterDecision: (@Sendable (_ item: String, _ approved: Bool) -> Void)? = nil,
                previews: (@Sendable (_ db: any SQLExecutor, _ item: String) throws(StorageError) -> [String])? = nil,
                label: (@Sendable (_ item: String) -> LocalizedText)? = nil,
                summary: (@Sendable (_ db: any SQLExecutor, _ item: String) throws(StorageError) -> LocalizedText?)? = nil,
                published: (@Sendable (_ db: any SQLExecutor, _ item: String) throws(StorageError) -> String?)? = nil) {
        self.decided = decided
        self.afterDecision = afterDecision
        self.previews = previews
        self.label = label
        self.summary = summary
        self.published = published
    }
}

/// The moderation queue (issue 11 item 4): reports on comments, apps' submissions, decisions with the author and
/// reporters notified and every decision in the audit log. All SQL of module `moderation` is here. Stateless.
public struct ModerationQueue: Sendable {
    public static let maxReportReason = 200
    /// Reports one user may send per hour (report spam would flood the queue and, later, the reporter's inbox).
    public static let reportsPerHour = 30
    public static let maxDecisionReason = 500

    public let database: any Database
    /// The submission reviewers of the installed apps, by app id.
    public let reviewers: [String: SubmissionReviewer]
    public let now: @Sendable () -> Int64

    /// Describes the items comments are posted on, for the notices (where a hidden comment was).
    public let directory: SubjectDirectory

    public init(database: any Database, reviewers: [String: SubmissionReviewer] = [:], directory: SubjectDirectory = SubjectDirectory(),
                now: @escaping @Sendable () -> Int64) {
        self.database = database
        self.reviewers = reviewers
        self.directory = directory
        self.now = now
    }

    // MARK: reports and submissions

    /// `reporter` reports a comment with a reason (1–200 characters). One report per reporter counts; reporting
    /// again changes nothing. A comment a moderator already kept is queued again by a new report.
    /// - Returns: the queue item.
    /// - Throws: ``ModerationError`` (`notFound` for a missing or deleted comment, `ownComment`, `reasonRequired`,
    ///   `tooManyReports` past ``reportsPerHour``), ``CommentError/banned(until:reason:)`` for a banned reporter.
    @discardableResult
    public func report(commentID: Int64, reporter: User, reason: String) throws -> ModerationItem {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...Self.maxReportReason).contains(reason.count) else { throw ModerationError.reasonRequired(maximum: Self.maxReportReason) }
        let now = now()
        return try database.write { db in
            if let ban = try RoleStore.activeBan(userID: reporter.id, now: now, db: db) {
                throw CommentError.banned(until: ban.until, reason: ban.reason)
            }
            let lastHour = try db.scalar("SELECT count(*) FROM moderation_reports WHERE reporter_id = ? AND created_at > ?",
                                         reporter.id, now - 3_600, as: Int.self) ?? 0
            guard lastHour < Self.reportsPerHour else { throw ModerationError.tooManyReports(retryAfter: 3_600) }
            guard let row = try db.queryFirst("SELECT app, item, user_id, author_name, body, deleted FROM community_comments WHERE id = ?", commentID),
                  try row.get("deleted", as: Int.self) == 0 else { throw ModerationError.notFound }
            let author: Int64? = try row.get("user_id")
            guard author != reporter.id else { throw ModerationError.ownComment }
            let body: String = try row.get("body")
            let name: String = try row.get("author_name")
            let itemID = try Self.upsert(db, kind: "comment", app: try row.get("app"), item: String(commentID), author: author,
                                         title: name, excerpt: body, now: now)
            let added = try db.execute(
                "INSERT INTO moderation_reports (item_id, reporter_id, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (item_id, reporter_id) DO NOTHING",
                itemID, reporter.id, reason, now)
            if added == 1 {
                try db.execute(
                    "UPDATE moderation_items SET report_count = report_count + 1, "
                        + "state = CASE WHEN state = 'approved' THEN 'open' ELSE state END WHERE id = ?", itemID)
            }
            return try Self.item(itemID, db: db)!
        }
    }

    /// Puts an app's user submission into the queue, inside the app's own transaction (`db`); the app publishes it
    /// when its ``SubmissionReviewer`` hears "approved". Submitting the same item again re-opens it.
    /// - Throws: ``CommentError/banned(until:reason:)`` when the author is banned.
    @discardableResult
    public static func submit(app: String, item: String, author: Int64, title: String, excerpt: String, db: any SQLExecutor,
                              now: Int64) throws -> Int64 {
        if let ban = try RoleStore.activeBan(userID: author, now: now, db: db) { throw CommentError.banned(until: ban.until, reason: ban.reason) }
        let id = try upsert(db, kind: "submission", app: app, item: item, author: author, title: title, excerpt: excerpt, now: now)
        try db.execute("UPDATE moderation_items SET state = 'open', decided_by = NULL, decided_at = NULL, decision_reason = NULL WHERE id = ?", id)
        return id
    }

    static func upsert(_ db: any SQLExecutor, kind: String, app: String, item: String, author: Int64?, title: String, excerpt: String,
                       now: Int64) throws(StorageError) -> Int64 {
        try db.execute(
            "INSERT INTO moderation_items (kind, app, item, author_id, title, excerpt, state, report_count, created_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, 'open', 0, ?) ON CONFLICT (kind, app, item) DO NOTHING",
            kind, app, item, author, String(title.prefix(100)), String(excerpt.prefix(500)), now)
        guard let id = try db.scalar("SELECT id FROM moderation_items WHERE kind = ? AND app = ? AND item = ?", kind, app, item, as: Int64.self)
        else { throw StorageError.misuse("moderation item vanished") }
        return id
    }

    // MARK: reading

    /// Items in `state`, oldest first for the open queue (first come, first served), newest first otherwise.
    public func page(state: ModerationState, before: Int64?, limit: Int) throws -> [ModerationItem] {
        let limit = max(1, min(limit, 100))
        return try database.read { db in
            let rows = state == .open
                ? try db.query("SELECT \(ModerationItem.columns) FROM moderation_items WHERE state = ? AND id > ? ORDER BY id LIMIT ?",
                               state.rawValue, before ?? 0, limit)
                : try db.query("SELECT \(ModerationItem.columns) FROM moderation_items WHERE state = ? AND id < ? ORDER BY id DESC LIMIT ?",
                               state.rawValue, before ?? Int64.max, limit)
            return try rows.map { row throws(StorageError) in
                var item = try ModerationItem(row: row)
                item.reportReasons = try db.query(
                    "SELECT reason FROM moderation_reports WHERE item_id = ? ORDER BY created_at DESC LIMIT 10", item.id
                ).map { row throws(StorageError) in try row.get(0, as: String.self) }
                if item.kind == "submission", let previews = reviewers[item.app]?.previews { item.previews = try previews(db, item.item) }
                if item.kind == "submission" { item.label = reviewers[item.app]?.label?(item.item) }
                if item.kind == "submission", let summary = reviewers[item.app]?.summary { item.summary = try summary(db, item.item) }
                return item
            }
        }
    }

    /// For each comment among `items`, the item it was posted on as `directory` describes it (its title and the
    /// page where it is shown), by moderation item id; a comment whose subject is gone is left out.
    public func postedOn(_ items: [ModerationItem], directory: SubjectDirectory) throws -> [Int64: SubjectInfo] {
        try database.read { db in
            var found: [Int64: SubjectInfo] = [:]
            for item in items where item.kind == "comment" {
                guard let commentID = Int64(item.item),
                      let row = try db.queryFirst("SELECT app, item FROM community_comments WHERE id = ?", commentID),
                      let info = try directory.info(Subject(app: try row.get("app"), item: try row.get("item")), db: db) else { continue }
                found[item.id] = info
            }
            return found
        }
    }

    /// The authors among `items` that `actor` may act on (approve, reject, hide their item or ban them): those it
    /// outranks (``RoleStore/requireCanAct(actor:on:db:)``), so the queue offers only actions that can succeed.
    public func authorsActable(by actor: Int64, in items: [ModerationItem]) throws -> Set<Int64> {
        try database.read { db in
            var actable = Set<Int64>()
            for author in Set(items.compactMap(\.authorID)) where (try? RoleStore.requireCanAct(actor: actor, on: author, db: db)) != nil {
                actable.insert(author)
            }
            return actable
        }
    }

    /// Which of `commentIDs` `reporter` has reported (a page then says 已举报 instead of offering 举报 again).
    public func reported(by reporter: Int64, among commentIDs: [Int64]) throws -> Set<Int64> {
        let ids = Array(Set(commentIDs).prefix(500))
        guard !ids.isEmpty else { return [] }
        return try database.read { db in
            let marks = ids.map { _ in "?" }.joined(separator: ", ")
            let rows = try db.query(
                "SELECT i.item FROM moderation_items i JOIN moderation_reports r ON r.item_id = i.id "
                    + "WHERE i.kind = 'comment' AND r.reporter_id = ? AND i.item IN (\(marks))",
                [reporter.sqlValue] + ids.map { String($0).sqlValue })
            return Set(try rows.compactMap { row throws(StorageError) in Int64(try row.get(0, as: String.self)) })
        }
    }

    public func item(_ id: Int64) throws -> ModerationItem? {
        try database.read { db in try Self.item(id, db: db) }
    }

    static func item(_ id: Int64, db: any SQLExecutor) throws(StorageError) -> ModerationItem? {
        try db.queryFirst("SELECT \(ModerationItem.columns) FROM moderation_items WHERE id = ?", id).map { row throws(StorageError) in
            try ModerationItem(row: row)
        }
    }

    // MARK: deciding

    /// A moderator's decision on an open item, in one transaction: the comment removed (reject, hide) or the
    /// app's reviewer told (submissions), the author told (reject; approve of a submission), every reporter told
    /// the outcome, and the decision in the audit log; after commit, the reviewer's ``SubmissionReviewer/afterDecision``.
    /// - Throws: ``RoleError/forbidden(_:)`` unless `actor` moderates, ``RoleError/outranked`` when the author is an
    ///   admin, a peer or the actor, ``ModerationError`` (`notFound`, `alreadyDecided`, `reasonRequired`).
    @discardableResult
    public func decide(_ id: Int64, _ decision: ModerationDecision, actor: User) throws -> ModerationItem {
        var reason = ""
        switch decision {
        case .reject(let given):
            reason = given.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...Self.maxDecisionReason).contains(reason.count) else { throw ModerationError.reasonRequired(maximum: Self.maxDecisionReason) }
        case .hide(let given?):
            reason = given.trimmingCharacters(in: .whitespacesAndNewlines)
            guard reason.count <= Self.maxDecisionReason else { throw ModerationError.reasonRequired(maximum: Self.maxDecisionReason) }
        default: break
        }
        let now = now()
        let (reviewers, directory) = (self.reviewers, self.directory)
        let decided = try database.write { db in
            guard let item = try Self.item(id, db: db) else { throw ModerationError.notFound }
            if let author = item.authorID {
                try RoleStore.requireCanAct(actor: actor.id, on: author, db: db)
            } else {
                try RoleStore.require(.moderate, userID: actor.id, db: db)
            }
            guard item.state == .open else { throw ModerationError.alreadyDecided }
            try db.execute("UPDATE moderation_items SET state = ?, decided_by = ?, decided_at = ?, decision_reason = ? WHERE id = ?",
                           decision.state.rawValue, actor.id, now, reason.isEmpty ? nil : reason, id)
            // What the notices name: the comment (quoted in the body), or the submission as what it is and its title
            // (商户照片（Korean Food）: tester 30 #3, it was 投稿).
            let label = if item.kind == "comment" {
                NotificationKind.commentSubject(item.item)
            } else if let what = reviewers[item.app]?.label?(item.item) {
                NotificationKind.itemSubject(what, title: item.title)
            } else {
                item.title
            }
            // Where the author's notice leads and what it quotes: the comment's place, or the item's page (the merchant of a
            // photo, approved or not); the inbox itself only when there is none.
            var link = "/inbox"
            var note = NotificationKind.ModerationNote(reason: reason.isEmpty ? nil : reason)
            if item.kind == "comment", let commentID = Int64(item.item),
               let row = try db.queryFirst("SELECT app, item FROM community_comments WHERE id = ?", commentID),
               let info = try directory.info(Subject(app: try row.get("app"), item: try row.get("item")), db: db) {
                link = info.commentsPath ?? info.path
                note = NotificationKind.ModerationNote(excerpt: item.excerpt, place: info.title, reason: note.reason)
            } else if item.kind == "comment" {
                note = NotificationKind.ModerationNote(excerpt: item.excerpt, reason: note.reason)
            }
            if item.kind == "comment" {
                if let commentID = Int64(item.item) {
                    if decision == .approve { try CommentStore.release(commentID, db: db, now: now) } else { try CommentStore.remove(commentID, db: db) }
                }
            } else if let reviewer = reviewers[item.app] {
                try reviewer.decided(db, item.item, decision == .approve)
                if let path = try reviewer.published?(db, item.item) { link = path }
            }
            if let author = item.authorID {
                switch decision {
                case .reject:
                    try Inbox.deliver(NewNotification(userID: author, kind: .submissionRejected, actor: label, body: note.body,
                                                      link: link), db: db, now: now)
                case .approve where item.kind == "submission":
                    try Inbox.deliver(NewNotification(userID: author, kind: .submissionApproved, actor: label, body: "",
                                                      link: link), db: db, now: now)
                case .hide where item.kind == "comment":
                    try Inbox.deliver(NewNotification(userID: author, kind: .commentHidden, actor: label, body: note.body, link: link), db: db, now: now)
                default: break
                }
            }
            // Reporters are told the outcome with the comment quoted, and led to where it was posted.
            let outcome = NotificationKind.ModerationNote(excerpt: note.excerpt, place: note.place,
                                                          outcome: decision == .approve ? .kept : .removed)
            for row in try db.query("SELECT reporter_id FROM moderation_reports WHERE item_id = ?", id) {
                try Inbox.deliver(NewNotification(userID: try row.get(0), kind: .reportHandled, actor: label, body: outcome.body, link: link),
                                  db: db, now: now)
            }
            try RoleStore.audit(db, actor: actor, action: decision.action, targetUser: item.authorID, target: "\(item.kind) \(item.app)/\(item.item)",
                                detail: reason, now: now)
            return try Self.item(id, db: db)!
        }
        if decided.kind == "submission" { reviewers[decided.app]?.afterDecision?(decided.item, decision == .approve) }
        return decided
    }
}
