import AppSuiteAPI
public import HTTPServer
public import Identity
public import Storage
import Foundation
public import WebUI

/// The community target's own routes, composed by the server next to the apps': favourites
/// (`/api/v1/favorites…`), edit/delete of one's comments (`/api/v1/comments/{id}`), share codes
/// (`/api/v1/shares/{app}/{itemId}`), the share page `/share/{app}/{itemId}` and short links `/s/{code}`.
/// Absolute links (the link to copy, `og:url`, `og:image`) start with the configured public URL, never with
/// the request's `Host` header.
public struct CommunityRoutes: Sendable {
    public let database: any Database
    public let directory: SubjectDirectory
    /// The server's public base URL, read when a link is written (the default names the bound port).
    public let publicURL: @Sendable () -> PublicURL
    /// The current time in UTC seconds since 1970 (the server's clock, so a test's fixed clock reaches bans and edits).
    public let now: @Sendable () -> Int64

    public init(database: any Database, directory: SubjectDirectory, publicURL: @escaping @Sendable () -> PublicURL,
                now: @escaping @Sendable () -> Int64 = CommentStore.systemNow) {
        self.database = database
        self.now = now
        self.directory = directory
        self.publicURL = publicURL
    }

    /// Mounts the routes; all but the short links `/s/{code}` (public pages for link previews, no session)
    /// run through `sessionGuard` and need a signed-in user, except reading a comment's replies.
    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var api = RouteGroup(prefix: "/api/v1", kind: .api, guard: sessionGuard)
        var pages = RouteGroup(prefix: "", kind: .pages, guard: sessionGuard)
        defer {
            router.mount(api)
            router.mount(pages)
        }
        let favorites = FavoriteStore(database: database, directory: directory)
        let comments = CommentStore(database: database, now: now)
        let directory = self.directory
        let database = self.database
        let publicURL = self.publicURL

        api.get("/favorites") { request, member in
            let page = try favorites.list(userID: member.user.id, app: request.query["app"], cursor: request.query["cursor"],
                                          limit: Int(request.query["limit"] ?? "") ?? 20)
            return .json { json in
                json.object { json in
                    json.array("items") { list in
                        for item in page.items {
                            list.object { json in
                                json.field("app", item.subject.app)
                                json.field("itemId", item.subject.item)
                                json.field("title", item.info.title)
                                json.field("url", item.info.path)
                                json.field("imageUrl", item.info.imageURL)
                                json.field("createdAt", iso8601(item.createdAt))
                            }
                        }
                    }
                    json.field("nextCursor", page.nextCursor)
                }
            }
        }
        api.put("/favorites/{app}/{itemId}", limit: .reaction) { request, member in
            try favorites.add(Subject(app: try request.parameter("app"), item: try request.parameter("itemId")), userID: member.user.id)
            return .json { $0.object { $0.field("favorite", true) } }
        }
        api.delete("/favorites/{app}/{itemId}", limit: .reaction) { request, member in
            try favorites.remove(Subject(app: try request.parameter("app"), item: try request.parameter("itemId")), userID: member.user.id)
            return .noContent
        }
        api.patch("/comments/{id}", limit: .content) { request, member in
            let body = try request.decodeJSON(CommentEdit.self)
            let comment: Comment
            do {
                comment = try comments.edit(try request.parameter("id", as: Int64.self), userID: member.user.id, text: body.text)
            } catch let error as CommentError {
                throw error.httpError(member.viewer.language)
            }
            return .json { CommunityJSON.write(comment, to: &$0, withReplies: false) }
        }
        api.delete("/comments/{id}") { request, member in
            try comments.delete(try request.parameter("id", as: Int64.self), userID: member.user.id)
            return .noContent
        }
        api.anyone.get("/comments/{id}/replies") { request, _ in
            let root = try request.parameter("id", as: Int64.self)
            guard let comment = try comments.comment(root), comment.rootID == nil else { throw HTTPError.notFound() }
            let page = try comments.replies(root: root, cursor: request.query["cursor"], limit: Int(request.query["limit"] ?? "") ?? 20)
            return .json(capacity: 8 * 1024) { json in
                json.object { json in
                    json.array("items") { list in for reply in page.items { CommunityJSON.write(reply, to: &list) } }
                    json.field("nextCursor", page.nextCursor)
                    json.field("total", comment.replyCount)
                }
            }
        }
        api.put("/shares/{app}/{itemId}") { request, _ in
            let code = try favorites.shareCode(Subject(app: try request.parameter("app"), item: try request.parameter("itemId")))
            return .json { json in json.object { $0.field("code", code); $0.field("url", "/s/" + code) } }
        }
        // Without JavaScript the share button is a link here: sign in, then see the link to copy.
        pages.get("/share/{app}/{itemId}") { request, member in
            let viewer = member.viewer
            let subject = Subject(app: try request.parameter("app"), item: try request.parameter("itemId"))
            let code = try favorites.shareCode(subject)
            let info = try database.read { try directory.info(subject, db: $0) }
            let link = publicURL().absolute("/s/" + code)
            return viewer.page(title: CommunityText.share(viewer.language), back: BackLink(href: info?.path ?? "/", label: Strings.back(viewer.language)), tabs: []) {
                listGroup(header: info?.title) {
                    listRow { p(.class("share-link"), .id("share-link")) { link } }
                }
                p(.class("list-footer")) { CommunityText.copyLinkHint(viewer.language) }
            }
        }
        // Where a notification about a comment leads: the comment on its item's comments page.
        pages.anyone.get("/comments/{id}") { request, viewer in
            guard let comment = try comments.comment(try request.parameter("id", as: Int64.self)), !comment.isDeleted,
                  let info = try database.read({ try directory.info(comment.subject, db: $0) }) else { throw HTTPError.notFound() }
            return viewer.redirect(to: (info.commentsPath ?? info.path) + "#comment-\(comment.id)")
        }
        router.get("/s/{code}") { request in
            guard let subject = try favorites.subject(forShareCode: try request.parameter("code")),
                  let info = try database.read({ try directory.info(subject, db: $0) }) else { throw HTTPError.notFound() }
            return Self.openGraphPage(info, publicURL: publicURL())
        }
    }

    /// A tiny document with Open Graph tags for link previews that sends browsers on to the item's page.
    /// Open Graph wants absolute URLs: the page and a path-only image are made absolute with `publicURL`.
    static func openGraphPage(_ info: SubjectInfo, publicURL: PublicURL) -> Response {
        let url = publicURL.absolute(info.path)
        let image = info.imageURL.map { $0.hasPrefix("/") ? publicURL.absolute($0) : $0 }
        let document = Node.element("html", [.lang("zh-CN")], [
            Node.element("head", [], fragment {
                Node.element("meta", [.attribute("charset", "utf-8")])
                Node.element("title", [], [.text(info.title)])
                Node.element("meta", [.attribute("property", "og:title"), .content(info.title)])
                Node.element("meta", [.attribute("property", "og:type"), .content("article")])
                Node.element("meta", [.attribute("property", "og:url"), .content(url)])
                if let summary = info.summary {
                    Node.element("meta", [.attribute("property", "og:description"), .content(summary)])
                    Node.element("meta", [.name("description"), .content(summary)])
                }
                if let image { Node.element("meta", [.attribute("property", "og:image"), .content(image)]) }
                Node.element("meta", [.attribute("http-equiv", "refresh"), .content("0; url=" + info.path)])
            }),
            Node.element("body", [], [a(.href(info.path)) { info.title }]),
        ])
        return .html("<!DOCTYPE html>\n" + render(document))
    }

    /// The community models (`AppSuiteAPI`), as components of the document.
    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(CommunityComment.self, overriding: ["text": .string(description: "verbatim; null when deleted")]),
        JSONSchema.component(CommunityComment.Author.self),
        JSONSchema.component(CommunityCommentPage.self),
        JSONSchema.component(NewComment.self, overriding: ["text": CommunityJSON.textSchema]),
        JSONSchema.component(CommentEdit.self, overriding: ["text": CommunityJSON.textSchema]),
        JSONSchema.component(CommunityFavorite.self),
        JSONSchema.component(CommunityFavoritePage.self),
        JSONSchema.component(FavoriteStatus.self),
        JSONSchema.component(ShareLink.self),
    ]

    public static let apiOperations: [APIOperation] = [
        APIOperation(.get, "/api/v1/favorites", summary: "My favourites across apps, newest first", tag: "Community",
                     parameters: [.init("app", in: .query), .init("limit", in: .query, schema: .integer()), .init("cursor", in: .query)],
                     responses: [.init(200, "A page of favourites", schema: .ref(CommunityFavoritePage.self)), .init(401, "Login required", schema: .reference("Problem"))],
                     requiresAuthentication: true),
        APIOperation(.put, "/api/v1/favorites/{app}/{itemId}", summary: "Add a favourite (idempotent)", tag: "Community",
                     parameters: [.init("app", in: .path), .init("itemId", in: .path)],
                     responses: [.init(200, "Saved", schema: .ref(FavoriteStatus.self)), .init(401, "Login required", schema: .reference("Problem")),
                                 .init(404, "No such item", schema: .reference("Problem"))],
                     requiresAuthentication: true),
        APIOperation(.delete, "/api/v1/favorites/{app}/{itemId}", summary: "Remove a favourite", tag: "Community",
                     parameters: [.init("app", in: .path), .init("itemId", in: .path)],
                     responses: [.init(204, "Removed"), .init(401, "Login required", schema: .reference("Problem"))],
                     requiresAuthentication: true),
        APIOperation(.patch, "/api/v1/comments/{id}", summary: "Edit my comment", tag: "Community",
                     parameters: [.init("id", in: .path, schema: .integer())], requestBody: .ref(CommentEdit.self),
                     responses: [.init(200, "Edited", schema: .ref(CommunityComment.self)), .init(403, "Not yours", schema: .reference("Problem")),
                                 .init(422, "Empty, too long, refused characters or too many links", schema: .reference("Problem"))],
                     requiresAuthentication: true),
        APIOperation(.delete, "/api/v1/comments/{id}", summary: "Delete my comment (a placeholder stays while it has replies)",
                     tag: "Community", parameters: [.init("id", in: .path, schema: .integer())],
                     responses: [.init(204, "Deleted"), .init(403, "Not yours", schema: .reference("Problem"))],
                     requiresAuthentication: true),
        APIOperation(.get, "/api/v1/comments/{id}/replies", summary: "All replies under a top-level comment, oldest first",
                     tag: "Community",
                     parameters: [.init("id", in: .path, schema: .integer()), .init("limit", in: .query, schema: .integer()),
                                  .init("cursor", in: .query)],
                     responses: [.init(200, "The replies", schema: .ref(CommunityCommentPage.self)), .init(404, "No such top-level comment", schema: .reference("Problem"))]),
        APIOperation(.put, "/api/v1/shares/{app}/{itemId}", summary: "The stable short link of an item", tag: "Community",
                     parameters: [.init("app", in: .path), .init("itemId", in: .path)],
                     responses: [.init(200, "The link", schema: .ref(ShareLink.self)), .init(401, "Login required", schema: .reference("Problem"))],
                     requiresAuthentication: true),
    ]
}
