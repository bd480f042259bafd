import AppSuiteAPI
import Foundation
public import HTTPServer
public import Identity
import Storage
public import WebUI

extension ModerationError: HTTPErrorConvertible {
    public var httpError: HTTPError { httpError(.zh) }

    /// Every case in one place: a missing item → 404, a missing reason or one's own comment → 422, an item decided
    /// meanwhile → 409, too many reports → 429 with `Retry-After`.
    public func httpError(_ language: Language) -> HTTPError {
        switch self {
        case .notFound: return .notFound(ModerationText.notFound(language))
        case .reasonRequired(let maximum): return .validation([.init(field: "reason", message: ModerationText.reasonRequired(maximum)(language))])
        case .ownComment: return .validation([.init(field: "id", message: ModerationText.ownComment(language))])
        case .alreadyDecided: return HTTPError(.conflict, detail: ModerationText.alreadyDecided(language))
        case .tooManyReports(let retryAfter):
            return HTTPError(.tooManyRequests, detail: ModerationText.tooManyReports(language), headers: ["Retry-After": String(retryAfter)])
        }
    }
}

/// Reports and the moderation queue: `POST /api/v1/moderation/reports` and the report form
/// `/comments/{id}/report` for every signed-in user; the queue, decisions, bans and the audit log
/// (`/api/v1/moderation/…`, `/admin/moderation…`) for moderators and admins only (``Authenticator/require(_:_:)``).
public struct ModerationRoutes: Sendable {
    public let queue: ModerationQueue
    public let authenticator: Authenticator
    /// Where a reported comment was posted (its item's title and page), for the queue's link.
    public let directory: SubjectDirectory
    /// The installed apps' names by app id (`movies` → 影评 / Movie Reviews), for the queue's labels.
    public let appTitles: [String: LocalizedText]

    public init(queue: ModerationQueue, authenticator: Authenticator, directory: SubjectDirectory = SubjectDirectory(),
                appTitles: [String: LocalizedText] = [:]) {
        self.queue = queue
        self.authenticator = authenticator
        self.directory = directory
        self.appTitles = appTitles
    }

    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var api = RouteGroup(prefix: "/api/v1", kind: .api, guard: sessionGuard)
        var pages = RouteGroup(prefix: "", kind: .pages, guard: sessionGuard)
        registerAPI(&api)
        registerPages(&pages)
        router.mount(api)
        router.mount(pages)
    }

    /// Runs `body`, turning the domain errors into HTTP errors in the viewer's language.
    static func localized<T>(_ viewer: Viewer, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ModerationError {
            throw error.httpError(viewer.language)
        } catch let error as RoleError {
            throw error.httpError(viewer.language)
        } catch let error as CommentError {
            throw error.httpError(viewer.language)
        }
    }

    static func decision(action: String, reason: String?, _ language: Language) throws -> ModerationDecision {
        switch action {
        case "approve": return .approve
        case "hide": return .hide(reason: reason.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 })
        case "reject": return .reject(reason: reason ?? "")
        default: throw HTTPError.validation([.init(field: "action", message: ModerationText.unknownAction(language))])
        }
    }

    // MARK: API

    func registerAPI(_ api: inout RouteGroup<SessionGuard>) {
        let (queue, authenticator) = (self.queue, self.authenticator)
        api.post("/moderation/reports") { request, member in
            let body = try request.decodeJSON(CommentReport.self)
            _ = try Self.localized(member.viewer) { try queue.report(commentID: body.commentId, reporter: member.user, reason: body.reason) }
            return .json(status: .created) { $0.object { $0.field("reported", true) } }
        }
        api.get("/moderation/queue") { request, member in
            try authenticator.require(.moderate, member)
            let state = try Self.state(request.query["state"], member.viewer.language)
            let before = request.query["cursor"].flatMap { Int64($0.dropFirst()) }
            if let cursor = request.query["cursor"], before == nil || !cursor.hasPrefix("m") {
                throw HTTPError.badRequest(member.viewer.language == .zh ? "cursor 无效。" : "The cursor is not valid.")
            }
            let items = try queue.page(state: state, before: before, limit: Int(request.query["limit"] ?? "") ?? 20)
            let limit = max(1, min(Int(request.query["limit"] ?? "") ?? 20, 100))
            return .json(capacity: 8 * 1024) { json in
                json.object { json in
                    json.array("items") { list in for item in items { Self.write(item, to: &list) } }
                    json.field("nextCursor", items.count == limit ? items.last.map { "m\($0.id)" } : nil)
                }
            }
        }
        api.post("/moderation/items/{id}/decision") { request, member in
            try authenticator.require(.moderate, member)
            let body = try request.decodeJSON(ModerationDecisionInput.self)
            let decision = try Self.decision(action: body.action, reason: body.reason, member.viewer.language)
            let id = try request.parameter("id", as: Int64.self)
            let item = try Self.localized(member.viewer) { try queue.decide(id, decision, actor: member.user) }
            return .json { Self.write(item, to: &$0) }
        }
        api.post("/moderation/bans") { request, member in
            try authenticator.require(.moderate, member)
            let body = try request.decodeJSON(NewBan.self)
            guard let target = try authenticator.identity.users.user(id: body.userId) else {
                throw HTTPError.validation([.init(field: "userId", message: ModerationText.noUser(member.viewer.language))])
            }
            let ban = try Self.localized(member.viewer) {
                try authenticator.roles.ban(target, for: RoleStore.banSeconds(hours: Int64(clamping: body.hours)), reason: body.reason, actor: member.user,
                                            now: queue.now())
            }
            return .json(status: .created) { json in
                json.object { json in
                    json.field("userId", ban.userID)
                    json.field("until", iso8601(ban.until))
                    json.field("reason", ban.reason)
                }
            }
        }
        api.get("/moderation/audit") { request, member in
            try authenticator.require(.moderate, member)
            let before = request.query["cursor"].flatMap { Int64($0.dropFirst()) }
            if let cursor = request.query["cursor"], before == nil || !cursor.hasPrefix("a") {
                throw HTTPError.badRequest(member.viewer.language == .zh ? "cursor 无效。" : "The cursor is not valid.")
            }
            let limit = max(1, min(Int(request.query["limit"] ?? "") ?? 50, 100))
            let entries = try authenticator.roles.auditLog(before: before, limit: limit)
            return .json(capacity: 8 * 1024) { json in
                json.object { json in
                    json.array("items") { list in
                        for entry in entries {
                            list.object { json in
                                json.field("id", entry.id)
                                json.field("actor", entry.actorName)
                                json.field("action", entry.action)
                                json.field("target", entry.target)
                                json.field("detail", entry.detail)
                                json.field("createdAt", iso8601(entry.createdAt))
                            }
                        }
                    }
                    json.field("nextCursor", entries.count == limit ? entries.last.map { "a\($0.id)" } : nil)
                }
            }
        }
    }

    static func state(_ value: String?, _ language: Language) throws -> ModerationState {
        guard let value else { return .open }
        guard let state = ModerationState(rawValue: value) else {
            throw HTTPError.validation([.init(field: "state", message: language == .zh ? "state 须为 open、approved、rejected 或 hidden。"
                                                : "state must be open, approved, rejected or hidden.")])
        }
        return state
    }

    static func write(_ item: ModerationItem, to json: inout JSONWriter) {
        json.object { json in
            json.field("id", item.id)
            json.field("kind", item.kind)
            json.field("app", item.app)
            json.field("item", item.item)
            json.field("authorId", item.authorID)
            json.field("title", item.title)
            json.field("excerpt", item.excerpt)
            json.field("state", item.state.rawValue)
            json.field("reportCount", item.reportCount)
            json.array("reports") { list in for reason in item.reportReasons { list.value(reason) } }
            json.field("createdAt", iso8601(item.createdAt))
            json.field("decidedAt", item.decidedAt.map(iso8601))
            json.field("decisionReason", item.decisionReason)
            json.array("previews") { list in for preview in item.previews { list.value(preview) } }
        }
    }

    // MARK: pages

    func registerPages(_ pages: inout RouteGroup<SessionGuard>) {
        let (queue, authenticator) = (self.queue, self.authenticator)
        pages.get("/comments/{id}/report") { request, member in
            try Self.reportPage(request, member, error: nil)
        }
        pages.post("/comments/{id}/report") { request, member in
            let id = try request.parameter("id", as: Int64.self)
            let form = request.form()
            do {
                try queue.report(commentID: id, reporter: member.user, reason: form["reason"] ?? "")
            } catch let error as ModerationError where error != .notFound {
                let problem = error.httpError(member.viewer.language)
                return try Self.reportPage(request, member, error: problem.errors.first?.message ?? problem.detail)
            } catch let error as CommentError {
                return try Self.reportPage(request, member, error: error.message(member.viewer.language))
            }
            let back = form["back"].flatMap { $0.hasPrefix("/") && !$0.hasPrefix("//") && !$0.contains("\\") ? $0 : nil } ?? "/comments/\(id)"
            return member.viewer.redirect(to: back, flash: Toast(ModerationText.reported(member.viewer.language), kind: .success))
        }
        pages.get("/admin/moderation") { request, member in
            try authenticator.require(.moderate, member)
            let state = try Self.state(request.query["state"], member.viewer.language)
            let items = try queue.page(state: state, before: nil, limit: 50)
            let authors = try authenticator.identity.users.users(ids: Array(Set(items.compactMap(\.authorID))))
            return ModerationQueueScreen(member: member, state: state, items: items, postedOn: try queue.postedOn(items, directory: directory),
                                       actable: try queue.authorsActable(by: member.user.id, in: items), appTitles: appTitles,
                                       authorNames: authors.mapValues(\.nickname)).response()
        }
        pages.post("/admin/moderation/{id}") { request, member in
            try authenticator.require(.moderate, member)
            let form = request.form()
            let l = member.viewer.language
            let decision = try Self.decision(action: form["action"] ?? "", reason: form["reason"], l)
            do {
                try queue.decide(try request.parameter("id", as: Int64.self), decision, actor: member.user)
            } catch let error as ModerationError {
                return member.viewer.redirect(to: "/admin/moderation", flash: Toast(error.httpError(l).errors.first?.message ?? error.httpError(l).detail ?? "", kind: .error))
            } catch let error as RoleError {
                return member.viewer.redirect(to: "/admin/moderation", flash: Toast(error.message(l == .zh), kind: .error))
            }
            return member.viewer.redirect(to: "/admin/moderation", flash: Toast(ModerationText.done(l), kind: .success))
        }
        pages.post("/admin/moderation/ban") { request, member in
            try authenticator.require(.moderate, member)
            let form = request.form()
            let l = member.viewer.language
            guard let userID = form["user"].flatMap({ Int64($0) }), let target = try authenticator.identity.users.user(id: userID) else {
                return member.viewer.redirect(to: "/admin/moderation", flash: Toast(ModerationText.noUser(l), kind: .error))
            }
            let hours = Int64(form["hours"] ?? "") ?? 0
            do {
                try authenticator.roles.ban(target, for: RoleStore.banSeconds(hours: hours), reason: form["reason"] ?? "", actor: member.user, now: queue.now())
            } catch let error as RoleError {
                return member.viewer.redirect(to: "/admin/moderation", flash: Toast(error.message(l == .zh), kind: .error))
            }
            return member.viewer.redirect(to: "/admin/moderation", flash: Toast(ModerationText.banned(l) + "：" + target.nickname, kind: .success))
        }
        pages.get("/admin/moderation/audit") { _, member in
            try authenticator.require(.moderate, member)
            let entries = try authenticator.roles.auditLog(before: nil, limit: 100)
            return ModerationAuditScreen(member: member, entries: entries, items: try queue.items(named: entries.map(\.target)),
                                         appTitles: appTitles).response()
        }
    }

    static func reportPage(_ request: Request, _ member: SignedIn, error: String?) throws -> Response {
        let viewer = member.viewer
        let l = viewer.language
        let id = try request.parameter("id", as: Int64.self)
        let back = request.headers["Referer"].flatMap { URLComponents(string: $0) }.map { $0.path + ($0.query.map { "?" + $0 } ?? "") }
            ?? request.form()["back"] ?? "/comments/\(id)"
        return viewer.page(title: ModerationText.reportTitle(l), back: BackLink(href: back, label: Strings.cancel(l)), tabs: [],
                           status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: "/comments/\(id)/report", csrfToken: viewer.csrfToken) {
                input(.type("hidden"), .name("back"), .value(back))
                formGroup(footer: ModerationText.reportHint(l)) {
                    formField(label: ModerationText.reportReason(l), name: "reason", type: .textarea, error: error, required: true,
                              maxLength: ModerationQueue.maxReportReason)
                }
                button(ModerationText.reportSend(l), style: .destructive)
            }
        }
    }

    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(CommentReport.self, overriding: ["reason": .string(minLength: 1, maxLength: ModerationQueue.maxReportReason)]),
        JSONSchema.component(ReportReceipt.self),
        JSONSchema.component(ModerationQueueItem.self),
        JSONSchema.component(AppSuiteAPI.ModerationQueuePage.self),
        JSONSchema.component(ModerationDecisionInput.self),
        JSONSchema.component(NewBan.self),
        JSONSchema.component(BanInfo.self),
        JSONSchema.component(ModerationAuditEntry.self),
        JSONSchema.component(ModerationAuditPage.self),
    ]

    static let problem = JSONSchema.reference("Problem")

    public static let apiOperations: [APIOperation] = [
        APIOperation(.post, APIPath.Moderation.reports, summary: "Report a comment (one report per user counts)", tag: "Moderation",
                     requestBody: .ref(CommentReport.self),
                     responses: [.init(201, "Queued", schema: .ref(ReportReceipt.self)), .init(401, "Login required", schema: problem),
                                 .init(403, "Banned", schema: problem), .init(404, "No such comment", schema: problem),
                                 .init(422, "No reason, or one's own comment", schema: problem),
                                 .init(429, "More than 30 reports in an hour; see Retry-After", schema: problem)],
                     requiresAuthentication: true),
        APIOperation(.get, APIPath.Moderation.queue, summary: "The moderation queue (moderators)", tag: "Moderation",
                     parameters: [.init("state", in: .query), .init("limit", in: .query, schema: .integer()), .init("cursor", in: .query)],
                     responses: [.init(200, "A page", schema: .ref(AppSuiteAPI.ModerationQueuePage.self)), .init(400, "Bad cursor", schema: problem),
                                 .init(401, "Login required", schema: problem), .init(403, "Not a moderator", schema: problem),
                                 .init(422, "Unknown state", schema: problem)],
                     requiresAuthentication: true),
        APIOperation(.post, APIPath.Moderation.decision, summary: "Approve, reject (the author is told why) or hide an item", tag: "Moderation",
                     parameters: [.init("id", in: .path, schema: .integer())], requestBody: .ref(ModerationDecisionInput.self),
                     responses: [.init(200, "Decided", schema: .ref(ModerationQueueItem.self)), .init(401, "Login required", schema: problem),
                                 .init(403, "Not a moderator, or the author outranks you", schema: problem),
                                 .init(404, "No such item", schema: problem), .init(409, "Already decided", schema: problem),
                                 .init(422, "Unknown action or no reason", schema: problem)],
                     requiresAuthentication: true),
        APIOperation(.post, APIPath.Moderation.bans, summary: "Ban a user from posting for a time", tag: "Moderation",
                     requestBody: .ref(NewBan.self),
                     responses: [.init(201, "Banned", schema: .ref(BanInfo.self)), .init(401, "Login required", schema: problem),
                                 .init(403, "Not a moderator, or the user outranks you", schema: problem),
                                 .init(422, "No such user, duration or reason out of range", schema: problem)],
                     requiresAuthentication: true),
        APIOperation(.get, APIPath.Moderation.audit, summary: "Every moderation action, newest first", tag: "Moderation",
                     parameters: [.init("limit", in: .query, schema: .integer()), .init("cursor", in: .query)],
                     responses: [.init(200, "A page", schema: .ref(ModerationAuditPage.self)), .init(400, "Bad cursor", schema: problem),
                                 .init(401, "Login required", schema: problem), .init(403, "Not a moderator", schema: problem)],
                     requiresAuthentication: true),
    ]
}
