public import Foundation

/// `POST /api/v1/moderation/reports`: a comment that a moderator should look at, and why.
public struct CommentReport: Codable, Sendable, Equatable {
    public var commentId: Int64
    /// 1–200 characters.
    public var reason: String
    public init(commentId: Int64, reason: String) {
        self.commentId = commentId
        self.reason = reason
    }
}

/// The answer to a report: it is in the queue.
public struct ReportReceipt: Codable, Sendable, Equatable {
    public var reported: Bool
    public init(reported: Bool) { self.reported = reported }
}

/// One item of the moderation queue (a reported comment or an app's submission).
public struct ModerationQueueItem: Codable, Sendable, Equatable {
    public var id: Int64
    /// `comment` or `submission`.
    public var kind: String
    public var app: String
    /// The comment's id, or the app's id of the submitted item.
    public var item: String
    /// The author; nil for an anonymous comment.
    public var authorId: Int64?
    /// The author's name (comments) or the submission's title.
    public var title: String
    /// The text as it was when queued (at most 500 characters).
    public var excerpt: String
    /// `open`, `approved`, `rejected` or `hidden`.
    public var state: String
    public var reportCount: Int
    /// The reporters' reasons, newest first (at most 10).
    public var reports: [String]
    public var createdAt: Date
    public var decidedAt: Date?
    public var decisionReason: String?
    /// A submission's pictures to look at before deciding (paths on this server: a merchant photo, a new merchant's
    /// photos); empty for comments.
    public var previews: [String]

    public init(id: Int64, kind: String, app: String, item: String, authorId: Int64?, title: String, excerpt: String, state: String,
                reportCount: Int, reports: [String], createdAt: Date, decidedAt: Date?, decisionReason: String?, previews: [String] = []) {
        self.id = id
        self.kind = kind
        self.app = app
        self.item = item
        self.authorId = authorId
        self.title = title
        self.excerpt = excerpt
        self.state = state
        self.reportCount = reportCount
        self.reports = reports
        self.createdAt = createdAt
        self.decidedAt = decidedAt
        self.decisionReason = decisionReason
        self.previews = previews
    }
}

/// A page of the queue: the open items oldest first, decided ones newest first.
public struct ModerationQueuePage: Codable, Sendable, Equatable {
    public var items: [ModerationQueueItem]
    public var nextCursor: String?
    public init(items: [ModerationQueueItem], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// `POST /api/v1/moderation/items/{id}/decision`.
public struct ModerationDecisionInput: Codable, Sendable, Equatable {
    /// `approve` (keep or publish), `reject` (remove, the author is told `reason`) or `hide` (remove quietly).
    public var action: String
    /// Required for `reject`: 1–500 characters.
    public var reason: String?
    public init(action: String, reason: String? = nil) {
        self.action = action
        self.reason = reason
    }
}

/// `POST /api/v1/moderation/bans`: ban a user from posting for a time.
public struct NewBan: Codable, Sendable, Equatable {
    public var userId: Int64
    /// 1–87,600 hours (10 years).
    public var hours: Int
    /// 1–500 characters, shown to the user.
    public var reason: String
    public init(userId: Int64, hours: Int, reason: String) {
        self.userId = userId
        self.hours = hours
        self.reason = reason
    }
}

/// A ban in force.
public struct BanInfo: Codable, Sendable, Equatable {
    public var userId: Int64
    public var until: Date
    public var reason: String
    public init(userId: Int64, until: Date, reason: String) {
        self.userId = userId
        self.until = until
        self.reason = reason
    }
}

/// One moderation action in the audit log.
public struct ModerationAuditEntry: Codable, Sendable, Equatable {
    public var id: Int64
    /// The moderator's username, or `(command line)`.
    public var actor: String
    /// `grant-role`, `revoke-role`, `ban`, `unban`, `approve`, `reject`, `hide`.
    public var action: String
    public var target: String
    public var detail: String
    public var createdAt: Date
    public init(id: Int64, actor: String, action: String, target: String, detail: String, createdAt: Date) {
        self.id = id
        self.actor = actor
        self.action = action
        self.target = target
        self.detail = detail
        self.createdAt = createdAt
    }
}

/// The audit log, newest first.
public struct ModerationAuditPage: Codable, Sendable, Equatable {
    public var items: [ModerationAuditEntry]
    public var nextCursor: String?
    public init(items: [ModerationAuditEntry], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
