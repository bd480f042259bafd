public import AppSuiteAPI

extension AppSuiteClient {
    /// My notifications: replies to my comments, the outcome of my reports and submissions, apps' alerts.
    public var inbox: Inbox { Inbox(client: self) }

    /// The methods of ``AppSuiteClient/inbox``.
    public struct Inbox: Sendable {
        let client: AppSuiteClient

        static let list = Route("GET", APIPath.Inbox.inbox)
        static let read = Route("POST", APIPath.Inbox.read)
        static let readAll = Route("POST", APIPath.Inbox.readAll)
        static let preferences = Route("GET", APIPath.Inbox.preferences)
        static let setPreference = Route("PUT", APIPath.Inbox.preferences)
        static let endpoints = [list, read, readAll, preferences, setPreference]

        /// `GET /api/v1/inbox`: one page of my notifications, newest first, with the unread count.
        public func notifications(limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> InboxPage {
            try await client.value(.init(Self.list, query: [("limit", limit.map(String.init)), ("cursor", cursor)]), as: InboxPage.self)
        }

        /// `POST /api/v1/inbox/{id}/read`. - Throws: a `404` problem for a notification that is not mine.
        public func markRead(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.read, path: ["id": id]))
        }

        /// `POST /api/v1/inbox/read-all`: the unread count afterwards (0).
        @discardableResult
        public func markAllRead() async throws(AppSuiteError) -> InboxUnread {
            try await client.value(.init(Self.readAll), as: InboxUnread.self)
        }

        /// `GET /api/v1/inbox/preferences`: every kind with my choice.
        public func preferences() async throws(AppSuiteError) -> InboxPreferences {
            try await client.value(.init(Self.preferences), as: InboxPreferences.self)
        }

        /// `PUT /api/v1/inbox/preferences`: my choice for one kind. - Throws: a `422` problem for an unknown kind.
        @discardableResult
        public func setPreference(kind: String, inbox: Bool, push: Bool) async throws(AppSuiteError) -> InboxPreferences {
            try await client.value(try AppSuiteClient.Call(Self.setPreference).json(InboxPreferenceChange(kind: kind, inbox: inbox, push: push)),
                                   as: InboxPreferences.self)
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

        static let key = Route("GET", APIPath.Push.key)
        static let subscribe = Route("POST", APIPath.Push.subscriptions)
        static let unsubscribe = Route("DELETE", APIPath.Push.subscription)
        static let endpoints = [key, subscribe, unsubscribe]

        /// `GET /api/v1/push/key`: the VAPID public key to subscribe with.
        public func key() async throws(AppSuiteError) -> PushKey {
            try await client.value(.init(Self.key), as: PushKey.self)
        }

        /// `POST /api/v1/push/subscriptions`: registers a subscription (a public https endpoint and its keys).
        /// - Throws: a `422` problem for another endpoint or bad keys.
        public func subscribe(_ subscription: NewPushSubscription) async throws(AppSuiteError) -> PushSubscriptionInfo {
            try await client.value(try AppSuiteClient.Call(Self.subscribe).json(subscription), as: PushSubscriptionInfo.self)
        }

        /// `DELETE /api/v1/push/subscriptions/{id}`. - Throws: a `404` problem for a subscription that is not mine.
        public func unsubscribe(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.unsubscribe, path: ["id": id]))
        }
    }
}
