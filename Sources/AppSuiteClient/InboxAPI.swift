public import AppSuiteAPI

extension AppSuiteClient {
    /// My notifications: replies to my comments, the outcome of my reports and submissions, apps' alerts.
    public var inbox: Inbox { Inbox(client: self) }

    /// The methods of ``AppSuiteClient/inbox``.
    public struct Inbox: Sendable {
        let client: AppSuiteClient

        /// `GET /api/v1/inbox` (``NotificationEndpoints/inbox``): one page of my notifications, newest first, with the
        /// unread count. - Parameters: `limit` 1–100 (default 20; else a `422` naming it), `cursor` the previous page's
        /// `nextCursor` (another is a `400`).
        public func notifications(limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> InboxPage {
            try await client.call(NotificationEndpoints.inbox, query: InboxPageQuery(limit: limit ?? 20, cursor: cursor))
        }

        /// Every notification, newest first, page after page (``NotificationEndpoints/inbox``).
        public func allNotifications(pageSize: Int = 100) -> PagedSequence<InboxNotification> {
            client.all(NotificationEndpoints.inbox, query: InboxPageQuery(limit: pageSize), cursor: \.cursor, items: \.items,
                       nextCursor: \.nextCursor)
        }

        /// `POST /api/v1/inbox/{id}/read`. - Throws: a `404` problem for a notification that is not mine.
        public func markRead(id: Int64) async throws(AppSuiteError) {
            _ = try await client.call(NotificationEndpoints.markRead, path: ["id": id])
        }

        /// `POST /api/v1/inbox/read-all`: the unread count afterwards (0).
        @discardableResult
        public func markAllRead() async throws(AppSuiteError) -> InboxUnread {
            try await client.call(NotificationEndpoints.markAllRead)
        }

        /// `GET /api/v1/inbox/preferences`: every kind with my choice.
        public func preferences() async throws(AppSuiteError) -> InboxPreferences {
            try await client.call(NotificationEndpoints.preferences)
        }

        /// `PUT /api/v1/inbox/preferences`: my choice for one kind. - Throws: a `422` problem for an unknown kind.
        @discardableResult
        public func setPreference(kind: String, inbox: Bool, push: Bool) async throws(AppSuiteError) -> InboxPreferences {
            try await client.call(NotificationEndpoints.setPreference, body: InboxPreferenceChange(kind: kind, inbox: inbox, push: push))
        }
    }

    /// Reports, and for moderators the queue, decisions, bans and the audit log (`403` for everyone else).
    public var moderation: Moderation { Moderation(client: self) }

    /// The methods of ``AppSuiteClient/moderation``.
    public struct Moderation: Sendable {
        let client: AppSuiteClient

        static let report = Route("POST", APIPath.Moderation.reports)
        static let queue = Route("GET", APIPath.Moderation.queue)
        static let decide = Route("POST", APIPath.Moderation.decision)
        static let ban = Route("POST", APIPath.Moderation.bans)
        static let audit = Route("GET", APIPath.Moderation.audit)
        static let endpoints = [report, queue, decide, ban, audit]

        /// `POST /api/v1/moderation/reports`: reports a comment (a reason of 1–200 characters).
        @discardableResult
        public func report(commentID: Int64, reason: String) async throws(AppSuiteError) -> ReportReceipt {
            try await client.value(try AppSuiteClient.Call(Self.report).json(CommentReport(commentId: commentID, reason: reason)),
                                   as: ReportReceipt.self)
        }

        /// `GET /api/v1/moderation/queue`: items in `state` (`open`, `approved`, `rejected`, `hidden`).
        public func queue(state: String? = nil, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> ModerationQueuePage {
            try await client.value(.init(Self.queue, query: [("state", state), ("limit", limit.map(String.init)), ("cursor", cursor)]),
                                   as: ModerationQueuePage.self)
        }

        /// `POST /api/v1/moderation/items/{id}/decision`: `approve`, `reject` (with the reason the author is told) or `hide`.
        /// - Throws: `403` when the author outranks me, `409` when it was decided already, `422` for a rejection without reason.
        @discardableResult
        public func decide(itemID: Int64, action: String, reason: String? = nil) async throws(AppSuiteError) -> ModerationQueueItem {
            try await client.value(try AppSuiteClient.Call(Self.decide, path: ["id": itemID]).json(ModerationDecisionInput(action: action, reason: reason)),
                                   as: ModerationQueueItem.self)
        }

        /// `POST /api/v1/moderation/bans`: bans a user from posting for `hours`.
        @discardableResult
        public func ban(userID: Int64, hours: Int, reason: String) async throws(AppSuiteError) -> BanInfo {
            try await client.value(try AppSuiteClient.Call(Self.ban).json(NewBan(userId: userID, hours: hours, reason: reason)), as: BanInfo.self)
        }

        /// `GET /api/v1/moderation/audit`: the moderation actions, newest first.
        public func audit(limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> ModerationAuditPage {
            try await client.value(.init(Self.audit, query: [("limit", limit.map(String.init)), ("cursor", cursor)]), as: ModerationAuditPage.self)
        }
    }
}

extension AppSuiteClient {
    /// Web Push: the server's VAPID key and this device's subscriptions.
    public var push: Push { Push(client: self) }

    /// The methods of ``AppSuiteClient/push``.
    public struct Push: Sendable {
        let client: AppSuiteClient

        /// `GET /api/v1/push/key`: the VAPID public key to subscribe with.
        public func key() async throws(AppSuiteError) -> PushKey {
            try await client.call(NotificationEndpoints.pushKey)
        }

        /// `POST /api/v1/push/subscriptions`: registers a subscription (a public https endpoint and its keys).
        /// - Throws: a `422` problem for another endpoint or bad keys, `409` when another account holds the endpoint.
        public func subscribe(_ subscription: NewPushSubscription) async throws(AppSuiteError) -> PushSubscriptionInfo {
            try await client.call(NotificationEndpoints.subscribe, body: subscription)
        }

        /// `DELETE /api/v1/push/subscriptions/{id}`. - Throws: a `404` problem for a subscription that is not mine.
        public func unsubscribe(id: Int64) async throws(AppSuiteError) {
            _ = try await client.call(NotificationEndpoints.unsubscribe, path: ["id": id])
        }
    }
}
