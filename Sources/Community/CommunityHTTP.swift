import AppSuiteAPI
public import HTTPServer
public import Identity
import Storage
import Foundation
public import WebUI

extension CommentError: HTTPErrorConvertible {
    /// The HTTP form with Chinese messages; handlers that know the viewer's language use ``httpError(_:)``.
    public var httpError: HTTPError { httpError(.zh) }

    /// Maps each case to its status in one place: content rules → 422 naming the field `text`, replies without
    /// login → 401, someone else's comment → 403, rate limits → 429 with `Retry-After`.
    public func httpError(_ language: Language) -> HTTPError {
        let message = message(language)
        switch self {
        case .emptyText, .tooLong, .invalidCharacters: return .validation([.init(field: "text", message: message)])
        case .loginRequired: return HTTPError(.unauthorized, detail: message, headers: ["WWW-Authenticate": "Bearer"])
        case .notFound: return .notFound()
        case .notYours: return .forbidden(message)
        case .parentNotFound: return .validation([.init(field: "parentId", message: message)])
        case .rateLimited(let retryAfter):
            return HTTPError(.tooManyRequests, detail: message, headers: ["Retry-After": String(retryAfter)])
        case .spam(let reason):
            return HTTPError(.unprocessableContent, title: "Spam check failed", detail: message, type: "urn:appsuite:problem:spam-" + reason.rawValue)
        case .badCursor: return .badRequest(message)
        case .invalidRating: return .validation([.init(field: "stars", message: message)])
        case .banned: return HTTPError(.forbidden, title: "Banned", detail: message, type: "urn:appsuite:problem:banned")
        }
    }
}

/// The anonymous device cookie: rate limits and the repeated-text check for visitors who are not signed in
/// key on it, not on the address (carrier-grade NAT puts many phones behind one address).
public enum CommunityDevice {
    public static let cookieName = "cdev"

    /// The device id the request's cookie carries (32 hex digits), or nil.
    public static func existingID(for request: Request) -> String? {
        request.cookies[cookieName].flatMap { $0.count == 32 && $0.allSatisfy(\.isHexDigit) ? $0 : nil }
    }

    /// The request's device id, and the cookie to set when it had none.
    public static func id(for request: Request, isSecure: Bool = false) -> (id: String, cookie: Cookie?) {
        if let value = existingID(for: request) { return (value, nil) }
        var generator = SystemRandomNumberGenerator()
        let value = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
        return (value, Cookie(name: cookieName, value: value, maxAge: 365 * 86_400, isSecure: isSecure))
    }
}

/// JSON for comments, written with the byte writer.
public enum CommunityJSON {
    public static func write(_ comment: Comment, to json: inout JSONWriter, withReplies: Bool = true) {
        json.object { json in
            json.field("id", comment.id)
            json.field("rootId", comment.rootID)
            json.field("parentId", comment.parentID)
            json.field("replyTo", comment.replyToName)
            json.object("author") { json in
                json.field("name", comment.isDeleted ? nil : comment.authorName)
                json.field("anonymous", comment.userID == nil)
                json.field("userId", comment.isDeleted ? nil : comment.userID)
            }
            json.field("text", comment.isDeleted && !comment.isHeld ? nil : comment.text)
            json.field("deleted", comment.isDeleted)
            json.field("held", comment.isHeld)
            json.field("edited", comment.editedAt != nil)
            json.field("createdAt", iso8601(comment.createdAt))
            if comment.rootID == nil {
                json.field("replyCount", comment.replyCount)
                if withReplies {
                    json.array("replies") { list in for reply in comment.replies { write(reply, to: &list) } }
                }
            }
        }
    }

    /// A comment's text as a request carries it (``CommentPolicy/maxLength`` characters, ``UserText`` rules).
    public static let textSchema = JSONSchema.string(
        description: "1–2000 characters; line breaks and tabs allowed; no other control characters, bidirectional controls or invisible characters",
        minLength: 1, maxLength: CommentPolicy().maxLength)
}

/// The comment endpoints an app mounts under its own items: list and post. The app decides whether
/// anonymous comments are allowed and checks that the item exists.
public struct CommentsEndpoint: Sendable {
    public let authenticator: Authenticator
    public let store: CommentStore

    public init(authenticator: Authenticator, store: CommentStore) {
        self.authenticator = authenticator
        self.store = store
    }

    /// `GET …/comments?limit=&cursor=` → `{"items","nextCursor","total"}`.
    public func list(_ request: Request, subject: Subject) throws -> Response {
        let limit = Int(request.query["limit"] ?? "") ?? 20
        let page = try store.page(subject, cursor: request.query["cursor"], limit: limit)
        return .json(capacity: 8 * 1024) { json in
            json.object { json in
                json.array("items") { list in for item in page.items { CommunityJSON.write(item, to: &list) } }
                json.field("nextCursor", page.nextCursor)
                json.field("total", page.total)
            }
        }
    }

    /// `POST …/comments {"text","parentId"?}` → 201 with the comment, or 202 with it (`"held": true`) when it waits for a
    /// moderator (spam check, a new account's first link): stored but shown to no one until approved. Replies need a
    /// signed-in user (401).
    /// The route's ``SessionGuard`` has already checked CSRF; `viewer` is its context.
    public func post(_ request: Request, viewer: Viewer, subject: Subject, allowAnonymous: Bool) throws -> Response {
        let body = try request.decodeJSON(NewComment.self)
        if body.parentId != nil || !allowAnonymous { _ = try authenticator.requireUser(viewer) }
        let device = CommunityDevice.id(for: request, isSecure: authenticator.usesSecureCookies)
        let author: CommentAuthor = viewer.user.map { .user(id: $0.id, name: $0.nickname) } ?? .anonymous(device: device.id)
        let comment: Comment
        do {
            comment = try store.post(subject, author: author, text: body.text, parentID: body.parentId, address: request.clientAddress)
        } catch let error as CommentError {
            throw error.httpError(viewer.language)
        }
        var response = Response.json(status: comment.isHeld ? .accepted : .created) { CommunityJSON.write(comment, to: &$0) }
        if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
        viewer.apply(to: &response)
        return response
    }

    /// The two operations at `path`, whose item is named by path parameter `item` (e.g. `{id}`, an integer).
    public static func operations(path: String, tag: String, item: APIOperation.Parameter) -> [APIOperation] {
        [
            APIOperation(.get, path, summary: "Comments, newest first, each with its first replies", tag: tag,
                         parameters: [item, .init("limit", in: .query, schema: .integer()), .init("cursor", in: .query)],
                         responses: [.init(200, "A page", schema: .ref(CommunityCommentPage.self)),
                                     .init(404, "No such item", schema: .reference("Problem"))]),
            APIOperation(.post, path, summary: "Post a comment (anonymous allowed) or a reply (login required)", tag: tag,
                         parameters: [item], requestBody: .ref(NewComment.self),
                         responses: [.init(201, "Created and shown", schema: .ref(CommunityComment.self)),
                                     .init(202, "Held for a moderator (\"held\": true): stored, shown to no one until approved",
                                           schema: .ref(CommunityComment.self)),
                                     .init(401, "A reply needs login", schema: .reference("Problem")),
                                     .init(403, "The author is banned", schema: .reference("Problem")),
                                     .init(422, "Empty, too long or refused characters", schema: .reference("Problem")),
                                     .init(429, "Too many comments", schema: .reference("Problem"))]),
        ]
    }
}
