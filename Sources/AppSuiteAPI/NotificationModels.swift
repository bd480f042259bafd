public import Foundation

/// One notification in the inbox (`GET /api/v1/inbox`).
public struct InboxNotification: Codable, Sendable, Equatable {
    public var id: Int64
    /// The kind's id, e.g. `community.reply`, `moderation.report-handled`.
    public var kind: String
    /// The headline in the request's language (`bob 回复了你的评论`).
    public var title: String
    /// The excerpt or reason, verbatim (at most 200 characters).
    public var body: String
    /// Where it leads: a same-site path.
    public var url: String
    public var createdAt: Date
    public var read: Bool

    public init(id: Int64, kind: String, title: String, body: String, url: String, createdAt: Date, read: Bool) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.url = url
        self.createdAt = createdAt
        self.read = read
    }
}

/// A page of the inbox, newest first, with the unread total.
public struct InboxPage: Codable, Sendable, Equatable {
    public var items: [InboxNotification]
    public var nextCursor: String?
    public var unread: Int

    public init(items: [InboxNotification], nextCursor: String?, unread: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.unread = unread
    }
}

/// The unread count after marking read.
public struct InboxUnread: Codable, Sendable, Equatable {
    public var unread: Int
    public init(unread: Int) { self.unread = unread }
}

/// The user's choice for one kind of notification.
public struct InboxPreference: Codable, Sendable, Equatable {
    public var kind: String
    /// The kind's name in the request's language.
    public var name: String
    /// Keep notifications of this kind in the inbox.
    public var inbox: Bool
    /// Also push them to subscribed devices (off whenever `inbox` is off).
    public var push: Bool

    public init(kind: String, name: String, inbox: Bool, push: Bool) {
        self.kind = kind
        self.name = name
        self.inbox = inbox
        self.push = push
    }
}

/// Every kind the server knows, with the user's choice.
public struct InboxPreferences: Codable, Sendable, Equatable {
    public var items: [InboxPreference]
    public init(items: [InboxPreference]) { self.items = items }
}

/// `PUT /api/v1/inbox/preferences`: the choice for one kind.
public struct InboxPreferenceChange: Codable, Sendable, Equatable {
    public var kind: String
    public var inbox: Bool
    public var push: Bool

    public init(kind: String, inbox: Bool, push: Bool) {
        self.kind = kind
        self.inbox = inbox
        self.push = push
    }
}

/// The server's VAPID public key (RFC 8292 §3.2), for `PushManager.subscribe({applicationServerKey})`.
public struct PushKey: Codable, Sendable, Equatable {
    /// The uncompressed P-256 point (65 bytes), base64url without padding.
    public var publicKey: String
    public init(publicKey: String) { self.publicKey = publicKey }
}

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it (W3C Push API).
public struct NewPushSubscription: Codable, Sendable, Equatable {
    public struct Keys: Codable, Sendable, Equatable {
        /// The user agent's P-256 public key, 65 bytes uncompressed, base64url.
        public var p256dh: String
        /// The 16-byte authentication secret, base64url.
        public var auth: String
        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    /// The push service's URL: https, on a public address, at most 1,024 characters.
    public var endpoint: String
    public var keys: Keys

    public init(endpoint: String, keys: Keys) {
        self.endpoint = endpoint
        self.keys = keys
    }
}

/// A stored push subscription.
public struct PushSubscriptionInfo: Codable, Sendable, Equatable {
    public var id: Int64
    public var endpoint: String
    public var createdAt: Date

    public init(id: Int64, endpoint: String, createdAt: Date) {
        self.id = id
        self.endpoint = endpoint
        self.createdAt = createdAt
    }
}
