/// The inbox (`/api/v1/inbox…`) and Web Push (`/api/v1/push…`), declared once: every inbox endpoint needs a
/// signed-in user and answers only that user's notifications (another account's id is a `404`); the VAPID key is
/// open to everyone.
public enum NotificationEndpoints {
    static let inboxTag = "Inbox"
    static let pushTag = "Push"
    static let notMine = DocumentedError(404, "Not one of mine")

    public static let inbox = Endpoint<InboxPageQuery, NoBody, InboxPage>(
        .get, "/api/v1/inbox", summary: "My notifications, newest first (keyset-paged by id), with the unread count",
        errors: [.init(400, "A cursor this server did not give")])
    public static let markRead = Endpoint<NoQuery, NoBody, NoContent>(
        .post, "/api/v1/inbox/{id}/read", summary: "Mark one notification read", errors: [notMine])
    public static let markAllRead = Endpoint<NoQuery, NoBody, InboxUnread>(
        .post, "/api/v1/inbox/read-all", summary: "Mark every notification read; answers the unread count (0)")
    public static let preferences = Endpoint<NoQuery, NoBody, InboxPreferences>(
        .get, "/api/v1/inbox/preferences", summary: "My choice for each kind of notification, in the server's order of kinds")
    public static let setPreference = Endpoint<NoQuery, InboxPreferenceChange, InboxPreferences>(
        .put, "/api/v1/inbox/preferences", summary: "Set my choice for one kind (push is off whenever inbox is off); answers every kind",
        errors: [.init(422, "Unknown kind (errors name kind)")])

    /// The key changes only when the operator replaces the VAPID key pair, which needs a restart.
    public static let pushKey = Endpoint<NoQuery, NoBody, PushKey>(
        .get, "/api/v1/push/key", summary: "The VAPID public key to subscribe with (RFC 8292)", access: .anyone,
        cache: .publicFor(seconds: 3_600))
    public static let subscribe = Endpoint<NoQuery, NewPushSubscription, PushSubscriptionInfo>(
        .post, "/api/v1/push/subscriptions", summary: "Subscribe this browser to Web Push (the W3C PushSubscription.toJSON() shape)",
        status: 201,
        errors: [.init(409, "The endpoint is another account's and the auth secret differs (urn:appsuite:problem:push-endpoint-taken)"),
                 .init(422, "Not a public https endpoint of at most 1,024 characters, or bad keys (errors name endpoint or keys)")])
    public static let unsubscribe = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/push/subscriptions/{id}", summary: "Unsubscribe", errors: [notMine])

    public static let inboxGroup = EndpointGroup(tag: inboxTag, [inbox, markRead, markAllRead, preferences, setPreference])
    public static let pushGroup = EndpointGroup(tag: pushTag, [pushKey, subscribe, unsubscribe])
}

/// `GET /api/v1/inbox`.
public struct InboxPageQuery: QueryDecodable, Equatable {
    /// 1–100 notifications a page (default 20).
    public var limit: Int
    /// The previous page's `nextCursor`; nil for the newest.
    public var cursor: String?

    public init(limit: Int = 20, cursor: String? = nil) {
        (self.limit, self.cursor) = (limit, cursor)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        limit = try query.value("limit", in: 1...100, default: 20, "notifications a page")
        cursor = try query.text("cursor", maxLength: 64, "the previous page's nextCursor")
    }
}
