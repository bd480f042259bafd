import AppSuiteAPI
import Foundation
public import HTTPServer
public import Identity
public import Storage
import WebUI

/// The inbox's pages (`/inbox`, `/inbox/{id}`, `/inbox/read-all`, `/inbox/settings`) and API
/// (``NotificationEndpoints``: `/api/v1/inbox…`). Every route needs a signed-in user; every form carries CSRF.
public struct InboxRoutes: Sendable {
    public let inbox: Inbox
    public let kinds: NotificationKinds
    /// The time to use instead of `Date()` (UTC seconds).
    public let now: @Sendable () -> Int64

    public init(database: any Database, kinds: NotificationKinds, now: @escaping @Sendable () -> Int64) {
        inbox = Inbox(database: database)
        self.kinds = kinds
        self.now = now
    }

    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var api = RouteGroup(prefix: "/api/v1", kind: .api, guard: sessionGuard)
        var pages = RouteGroup(prefix: "", kind: .pages, guard: sessionGuard)
        registerAPI(&api)
        registerPages(&pages)
        router.mount(api)
        router.mount(pages)
    }

    // MARK: API

    func registerAPI(_ api: inout RouteGroup<SessionGuard>) {
        let (inbox, kinds, now) = (self.inbox, self.kinds, self.now)
        api.handle(NotificationEndpoints.inbox) { call in
            let (user, language) = (call.context.user, call.context.viewer.language)
            let page: (items: [InboxItem], nextCursor: String?)
            do {
                page = try inbox.page(userID: user.id, cursor: call.query.cursor, limit: call.query.limit)
            } catch let error as InboxError {
                throw HTTPError.badRequest(error.message(language))
            }
            let items = page.items.map { item in
                InboxNotification(id: item.id, kind: item.kind, title: kinds.headline(kind: item.kind, actor: item.actor, language),
                                  body: kinds.detail(kind: item.kind, body: item.body, language), url: item.link,
                                  createdAt: Date(timeIntervalSince1970: TimeInterval(item.createdAt)), read: item.isRead)
            }
            return InboxPage(items: items, nextCursor: page.nextCursor, unread: try inbox.unreadCount(userID: user.id))
        }
        api.handle(NotificationEndpoints.markRead) { call in
            guard try inbox.markRead(try call.id(), userID: call.context.user.id, now: now()) else { throw HTTPError.notFound() }
            return NoContent()
        }
        api.handle(NotificationEndpoints.markAllRead) { call in
            try inbox.markAllRead(userID: call.context.user.id, now: now())
            return InboxUnread(unread: 0)
        }
        api.handle(NotificationEndpoints.preferences) { call in try Self.preferences(inbox, kinds, call.context) }
        api.handle(NotificationEndpoints.setPreference) { call in
            let (change, member) = (call.body, call.context)
            guard let kind = kinds[change.kind] else {
                throw HTTPError.validation([.init(field: "kind", message: InboxError.unknownKind(change.kind).message(member.viewer.language))])
            }
            try inbox.setPreference(KindPreference(inbox: change.inbox, push: change.push), kind: kind, userID: member.user.id)
            return try Self.preferences(inbox, kinds, member)
        }
    }

    static func preferences(_ inbox: Inbox, _ kinds: NotificationKinds, _ member: SignedIn) throws -> InboxPreferences {
        let language = member.viewer.language
        return InboxPreferences(items: try inbox.preferences(userID: member.user.id, kinds: kinds).map { kind, preference in
            InboxPreference(kind: kind.id, name: kind.name(language), inbox: preference.inbox, push: preference.push)
        })
    }

    // MARK: pages

    func registerPages(_ pages: inout RouteGroup<SessionGuard>) {
        let (inbox, kinds, now) = (self.inbox, self.kinds, self.now)
        pages.get("/inbox") { request, member in
            let viewer = member.viewer
            let l = viewer.language
            let page: (items: [InboxItem], nextCursor: String?)
            do {
                page = try inbox.page(userID: member.user.id, cursor: request.query["cursor"], limit: 30)
            } catch let error as InboxError {
                throw HTTPError.badRequest(error.message(l))
            }
            let unread = try inbox.unreadCount(userID: member.user.id)
            return viewer.page(title: NotificationText.inbox(l), back: BackLink(href: "/me", label: Strings.me(l)), activeTab: "me",
                               trailing: [navAction(href: "/inbox/settings", icon: .gear, label: NotificationText.settings(l))]) {
                if page.items.isEmpty {
                    emptyState(icon: .info, title: NotificationText.empty(l), message: NotificationText.emptyHint(l))
                } else {
                    if unread > 0 {
                        postForm(action: "/inbox/read-all", csrfToken: viewer.csrfToken, attributes: [.class("inbox-actions")]) {
                            button(NotificationText.markAllRead(l), style: .secondary, icon: .check, fullWidth: false)
                        }
                    }
                    listGroup {
                        for item in page.items {
                            // The date leads the subtitle, not a right-hand column that squeezed the title (tester 30 #20).
                            listCell(title: kinds.headline(kind: item.kind, actor: item.actor, l),
                                     subtitle: ([BeijingTime.dateTime(item.createdAt)] + (item.body.isEmpty ? [] : [kinds.detail(kind: item.kind, body: item.body, l)]))
                                        .joined(separator: " · "),
                                     href: "/inbox/\(item.id)",
                                     accessory: item.isRead ? .automatic : .badge(NotificationText.unread(l)))
                        }
                    }
                    if let next = page.nextCursor {
                        button(NotificationText.more(l), style: .secondary, href: "/inbox?cursor=" + next)
                    }
                }
            }
        }
        // Opening an item marks it read and follows its link (idempotent, so a GET).
        pages.get("/inbox/{id}") { request, member in
            let id = try request.parameter("id", as: Int64.self)
            guard let item = try inbox.item(id, userID: member.user.id) else { throw HTTPError.notFound() }
            try inbox.markRead(id, userID: member.user.id, now: now())
            return member.viewer.redirect(to: item.link)
        }
        pages.post("/inbox/read-all") { _, member in
            try inbox.markAllRead(userID: member.user.id, now: now())
            return member.viewer.redirect(to: "/inbox", flash: Toast(NotificationText.allRead(member.viewer.language), kind: .success))
        }
        pages.get("/inbox/settings") { _, member in try Self.settingsPage(inbox, kinds, member) }
        pages.post("/inbox/settings") { request, member in
            let form = request.form()
            for kind in kinds.all {
                let keep = form["inbox." + kind.id] == "on"
                try inbox.setPreference(KindPreference(inbox: keep, push: keep && form["push." + kind.id] == "on"), kind: kind, userID: member.user.id)
            }
            return member.viewer.redirect(to: "/inbox/settings", flash: Toast(NotificationText.saved(member.viewer.language), kind: .success))
        }
    }

    static func settingsPage(_ inbox: Inbox, _ kinds: NotificationKinds, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let l = viewer.language
        let preferences = try inbox.preferences(userID: member.user.id, kinds: kinds)
        return viewer.page(title: NotificationText.settings(l), back: BackLink(href: "/inbox", label: NotificationText.inbox(l)), activeTab: "me",
                           scripts: [WebAssets.url("push.js")]) {
            postForm(action: "/inbox/settings", csrfToken: viewer.csrfToken) {
                for (kind, preference) in preferences {
                    formGroup(header: kind.name(l)) {
                        toggle(name: "inbox." + kind.id, label: NotificationText.keepInInbox(l), isOn: preference.inbox)
                        toggle(name: "push." + kind.id, label: NotificationText.push(l), isOn: preference.push)
                    }
                }
                p(.class("list-footer")) { NotificationText.kindsFooter(l) }
                button(Strings.save(l))
            }
            section(.classes("list-section", "push-section"), .id("push"), .attribute("data-push-key", NotificationEndpoints.pushKey.path),
                    .attribute("data-push-subscriptions", NotificationEndpoints.subscribe.path), .attribute("data-csrf", viewer.csrfToken)) {
                h2(.class("list-header")) { NotificationText.pushHeader(l) }
                button(NotificationText.pushEnable(l), style: .secondary, type: "button", name: "push-enable", disabled: true)
                button(NotificationText.pushDisable(l), style: .plain, type: "button", name: "push-disable", disabled: true)
                p(.classes("list-footer", "push-unsupported")) { NotificationText.pushUnsupported(l) }
                p(.class("list-footer")) { NotificationText.pushFooter(l) }
            }
        }
    }

    /// A labelled checkbox row, 44 px tall.
    static func toggle(name: String, label text: String, isOn: Bool) -> Node {
        label(.class("toggle-row")) {
            span(.class("toggle-label")) { text }
            input(.type("checkbox"), .name(name), .class("toggle-input"), Attribute.checked.when(isOn))
        }
    }

    /// The inbox models (`AppSuiteAPI`), as components of the document.
    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(InboxNotification.self),
        JSONSchema.component(InboxPage.self),
        JSONSchema.component(InboxUnread.self),
        JSONSchema.component(InboxPreference.self),
        JSONSchema.component(InboxPreferences.self),
        JSONSchema.component(InboxPreferenceChange.self),
    ]
}
