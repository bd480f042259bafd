import AppHost
import Community
import Foundation
import HTTPServer
import Identity
import Storage
import WebUI

/// The pages under `/movies`: 首页 (feed), 影评, 电影, 更多, a review, its comments, compose, a film.
/// Everything works with links and forms; movies.js adds load-more in place, font size, swipes, the poster
/// overlay, full-screen reading and Web Share.
struct MoviePages: Sendable {
    let store: MovieStore
    let comments: CommentStore
    let favorites: FavoriteStore
    let authenticator: Authenticator
    let assets: AppAssets

    static let tabs = [
        TabItem(id: "feed", href: "/movies", icon: .home, label: LocalizedText(zh: "首页", en: "Home")),
        TabItem(id: "reviews", href: "/movies/reviews", icon: .star, label: LocalizedText(zh: "影评", en: "Reviews")),
        TabItem(id: "films", href: "/movies/films", icon: .film, label: LocalizedText(zh: "电影", en: "Films")),
        TabItem(id: "more", href: "/movies/more", icon: .grid, label: LocalizedText(zh: "更多", en: "More")),
    ]

    func register(into router: inout Router) {
        let pages = self
        router.get("/movies") { request in try pages.feedPage(request) }
        router.get("/movies/reviews") { request in try pages.reviewsPage(request) }
        router.get("/movies/reviews/{id}") { request in try pages.reviewPage(request) }
        router.get("/movies/reviews/{id}/comments") { request in try pages.commentsPage(request) }
        router.get("/movies/reviews/{id}/comments/{commentId}") { request in try pages.threadPage(request) }
        router.get("/movies/reviews/{id}/compose") { request in try pages.composePage(request) }
        router.post("/movies/reviews/{id}/comments") { request in try pages.submitComment(request) }
        router.post("/movies/reviews/{id}/favorite") { request in try pages.toggleFavorite(request) }
        router.post("/movies/comments/{id}/delete") { request in try pages.deleteComment(request) }
        router.get("/movies/comments/{id}/edit") { request in try pages.editPage(request) }
        router.post("/movies/comments/{id}/edit") { request in try pages.submitEdit(request) }
        router.get("/movies/films") { request in try pages.filmsPage(request) }
        router.get("/movies/films/{id}") { request in try pages.filmPage(request) }
        router.get("/movies/more") { request in try pages.morePage(request) }
        router.get("/movies/avatars/{file}") { request in
            let file = try request.parameter("file")
            guard file.hasSuffix(".svg") else { throw HTTPError.notFound() }
            return Self.svg(Graphics.avatarSVG(for: String(file.dropLast(4))))
        }
        router.get("/movies/posters/{file}") { request in
            let file = try request.parameter("file")
            guard file.hasSuffix(".svg"), let film = try pages.store.film(String(file.dropLast(4))) else { throw HTTPError.notFound() }
            return Self.svg(Graphics.posterSVG(id: film.id, title: film.title, year: film.year))
        }
    }

    static func svg(_ text: String) -> Response {
        var response = Response(status: .ok, body: .bytes(Array(text.utf8)))
        response.headers.set("Content-Type", "image/svg+xml; charset=utf-8")
        response.headers.set("Cache-Control", "public, max-age=86400")
        return response
    }

    func page(_ viewer: Viewer, title: String, back: BackLink? = nil, tab: String?, tabs: [TabItem] = MoviePages.tabs,
              status: HTTPStatus = .ok, bodyClass: String? = nil, trailing: [Node] = [],
              @HTMLBuilder content: () -> [Node]) -> Response {
        viewer.page(title: title, back: back, tabs: tabs, activeTab: tab, status: status, trailing: trailing,
                    bodyClass: ["mv", bodyClass].compactMap { $0 }.joined(separator: " "),
                    stylesheets: [assets.url("movies.css")], scripts: [assets.url("movies.js")], content: content)
    }

    static let launcher = BackLink(href: "/", label: "AppSuite")

    // MARK: feed and lists

    func feedPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let cursor = request.query["cursor"]
        let page = try store.feed(cursor: cursor, limit: 20)
        let banner = cursor == nil ? page.items.first(where: \.featured) : nil
        let counts = try commentCounts(page.items)
        return self.page(viewer, title: "影评", back: Self.launcher, tab: "feed") {
            if let banner {
                a(.class("mv-banner"), .href("/movies/reviews/\(banner.id)")) {
                    img(.class("mv-banner-img"), .src(Self.posterURL(banner.filmID)), .alt(""), .width(200), .height(280))
                    span(.class("mv-banner-text")) {
                        span(.class("mv-banner-tag")) { "精选影评" }
                        span(.class("mv-banner-title")) { banner.title }
                        span(.class("mv-banner-film")) { "《\(banner.filmTitle)》 · \(banner.author)" }
                    }
                }
            }
            reviewList(page.items, counts: counts, more: page.nextCursor.map { "/movies?cursor=\($0)" }, refresh: "/movies")
        }
    }

    func reviewsPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let page = try store.newestReviews(cursor: request.query["cursor"], limit: 20)
        let counts = try commentCounts(page.items)
        return self.page(viewer, title: "影评", back: Self.launcher, tab: "reviews") {
            sectionHeader("最新影评")
            reviewList(page.items, counts: counts, more: page.nextCursor.map { "/movies/reviews?cursor=\($0)" }, refresh: "/movies/reviews")
        }
    }

    /// The comment badge of each review, in one query (`CommentStore.counts`).
    func commentCounts(_ reviews: [Review]) throws -> [Int64: Int] {
        let totals = try comments.counts(reviews.map { MovieReviewsApp.subject($0.id) })
        var counts: [Int64: Int] = [:]
        for review in reviews { counts[review.id] = totals[MovieReviewsApp.subject(review.id)] ?? 0 }
        return counts
    }

    @HTMLBuilder
    func reviewList(_ reviews: [Review], counts: [Int64: Int], more: String?, refresh: String) -> [Node] {
        if reviews.isEmpty {
            emptyState(icon: .film, title: "还没有影评", message: "导入数据后这里会显示影评。")
        } else {
            ul(.class("mv-list"), .role("list"), .attribute("data-list", "reviews"), .attribute("data-refresh", refresh)) {
                for review in reviews { reviewCell(review, commentCount: counts[review.id] ?? 0) }
            }
            if let more {
                div(.class("mv-more")) { a(.classes("btn", "btn-secondary", "mv-more-link"), .href(more), .attribute("data-more", "reviews")) { "加载更多" } }
            } else {
                p(.class("mv-end")) { "没有更多了" }
            }
        }
    }

    func reviewCell(_ review: Review, commentCount: Int) -> Node {
        li(.class("mv-cell")) {
            a(.class("mv-cell-link"), .href("/movies/reviews/\(review.id)")) {
                div(.class("mv-cell-main")) {
                    div(.class("mv-byline")) {
                        img(.class("mv-avatar"), .src(Self.avatarURL(review.author)), .alt(""), .width(28), .height(28))
                        span(.class("mv-user")) { review.author }
                        span(.class("mv-film")) { "评《\(review.filmTitle)》" }
                    }
                    stars(review.rating)
                    h3(.class("mv-title")) { review.title }
                    p(.class("mv-summary")) { review.summary }
                    span(.class("mv-meta")) {
                        if review.featured { span(.class("mv-featured")) { "精选" } }
                        span { BeijingTime.format(review.publishedAt, withTime: false) }
                        span { "评论 \(commentCount)" }
                    }
                }
                img(.class("mv-poster"), .src(Self.posterURL(review.filmID)), .alt("《\(review.filmTitle)》海报"), .width(72), .height(100),
                    .loading("lazy"), .attribute("data-fallback", "poster"))
            }
        }
    }

    static let ratingLabels = MovieAPI.ratingLabels

    /// Five stars, filled to `rating` (1–5); "未评分" when there is none.
    func stars(_ rating: Int?, small: Bool = false) -> Node {
        guard let rating, rating > 0 else { return span(.classes("mv-stars", "is-unrated")) { "未评分" } }
        let label = "\(rating) 星" + (Self.ratingLabels[rating].map { " \($0)" } ?? "")
        return span(.classes("mv-stars", small ? "is-small" : nil), .role("img"), .ariaLabel(label), .title(label)) {
            span(.class("mv-stars-on")) { String(repeating: "★", count: min(rating, 5)) }
            span(.class("mv-stars-off")) { String(repeating: "★", count: max(0, 5 - rating)) }
            if let word = Self.ratingLabels[rating], !small { span(.class("mv-stars-word")) { word } }
        }
    }

    static func avatarURL(_ name: String) -> String { "/movies/avatars/\(percentEncode(name)).svg" }
    static func posterURL(_ film: String) -> String { "/movies/posters/\(percentEncode(film)).svg" }

    // MARK: review

    func reviewPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let neighbours = try store.neighbours(of: review)
        let subject = MovieReviewsApp.subject(review.id)
        let count = try comments.count(subject)
        let isFavorite = try viewer.user.map { try favorites.contains(subject, userID: $0.id) } ?? false
        let fontControls: [Node] = [
            WebUI.button(.classes("nav-action", "nav-action-text", "mv-font"), .type("button"), .attribute("data-font-step", "-1"),
                         .ariaLabel("缩小字号"), .title("缩小字号")) { "A−" },
            WebUI.button(.classes("nav-action", "nav-action-text", "mv-font"), .type("button"), .attribute("data-font-step", "1"),
                         .ariaLabel("放大字号"), .title("放大字号")) { "A+" },
        ]
        return self.page(viewer, title: "影评", back: BackLink(href: "/movies", label: "首页"), tab: nil, tabs: [],
                         bodyClass: "mv-has-bottombar", trailing: fontControls) {
            article(.class("mv-review"), .attribute("data-review", String(review.id)),
                    .attribute("data-prev", neighbours.previous.map { "/movies/reviews/\($0)" } ?? ""),
                    .attribute("data-next", neighbours.next.map { "/movies/reviews/\($0)" } ?? "")) {
                h1(.class("mv-review-title")) { review.title }
                div(.class("mv-review-head")) {
                    img(.class("mv-avatar"), .src(Self.avatarURL(review.author)), .alt(""), .width(40), .height(40))
                    div(.class("mv-review-who")) {
                        span(.class("mv-user")) { review.author }
                        span(.class("mv-review-time")) {
                            span(.attribute("datetime", iso8601(review.publishedAt))) { BeijingTime.format(review.publishedAt) }
                            " 北京时间"
                        }
                    }
                }
                div(.class("mv-review-film")) {
                    a(.class("mv-review-poster"), .href(Self.posterURL(review.filmID)), .attribute("data-overlay", "poster"),
                      .ariaLabel("查看大图")) {
                        img(.class("mv-poster"), .src(Self.posterURL(review.filmID)), .alt("《\(review.filmTitle)》海报"), .width(72), .height(100))
                    }
                    div {
                        a(.class("mv-film-link"), .href("/movies/films/\(percentEncode(review.filmID))")) { "《\(review.filmTitle)》" }
                        div { stars(review.rating) }
                        if let useful = review.useful { span(.class("mv-meta")) { "\(useful) 人觉得有用" } }
                    }
                }
                div(.classes("mv-body", "mv-font-3"), .attribute("data-body", "")) { paragraphs(review.body ?? "") }
                nav(.class("mv-pager"), .ariaLabel("切换影评")) {
                    if let previous = neighbours.previous {
                        a(.class("mv-prev"), .href("/movies/reviews/\(previous)"), .rel("prev")) { "‹ 上一篇" }
                    } else { span {} }
                    if let next = neighbours.next {
                        a(.class("mv-next"), .href("/movies/reviews/\(next)"), .rel("next")) { "下一篇 ›" }
                    } else { span {} }
                }
            }
            bottomBar(review: review, viewer: viewer, count: count, isFavorite: isFavorite)
        }
    }

    func bottomBar(review: Review, viewer: Viewer, count: Int, isFavorite: Bool) -> Node {
        let path = "/movies/reviews/\(review.id)"
        return div(.class("mv-bottombar")) {
            a(.classes("mv-bar-item", "mv-bar-compose"), .href(path + "/compose")) { "写评论…" }
            a(.classes("mv-bar-item", "mv-bar-comments"), .href(path + "/comments"), .ariaLabel("评论 \(count) 条")) {
                Node.unsafeRaw(Self.commentIcon)
                span(.classes("badge", "tint-red", "mv-badge"), .attribute("data-count", String(count))) { String(count) }
            }
            if viewer.isSignedIn {
                postForm(action: path + "/favorite", csrfToken: viewer.csrfToken, attributes: [.class("mv-bar-form")]) {
                    WebUI.button(.classes("mv-bar-item", "mv-fav", isFavorite ? "is-on" : nil), .type("submit"),
                                 .attribute("aria-pressed", isFavorite ? "true" : "false"),
                                 .ariaLabel(isFavorite ? "取消收藏" : "收藏")) { icon(.heart) }
                }
            } else {
                a(.classes("mv-bar-item", "mv-fav"), .href("/login?next=" + percentEncode(path)), .ariaLabel("收藏（需登录）")) { icon(.heart) }
            }
            a(.classes("mv-bar-item", "mv-share"), .href("/share/movies/\(review.id)"), .ariaLabel("分享"),
              .attribute("data-share", "/api/v1/shares/movies/\(review.id)"), .attribute("data-title", review.title),
              .attribute("data-login", viewer.isSignedIn ? "" : "/login?next=" + percentEncode(path))) { icon(.share) }
        }
    }

    /// A speech bubble, drawn for this app (the shell has no comment icon); a constant, so `unsafeRaw` is safe.
    static let commentIcon = #"<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M4 5.5h16a1 1 0 0 1 1 1V16a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1z"/></svg>"#

    // MARK: comments

    func commentsPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let page = try comments.page(MovieReviewsApp.subject(review.id), cursor: request.query["cursor"], limit: 20)
        return self.page(viewer, title: "评论", back: BackLink(href: path, label: "影评"), tab: nil, tabs: [], bodyClass: "mv-has-bottombar") {
            a(.class("mv-comments-head"), .href(path)) {
                span(.class("mv-comments-title")) { review.title }
                span(.class("mv-meta")) { "共 \(page.total) 条评论" }
            }
            if page.items.isEmpty && request.query["cursor"] == nil {
                emptyState(icon: .info, title: "还没有评论", message: "来写第一条评论吧。")
            } else {
                ul(.class("mv-comments"), .role("list"), .attribute("data-list", "comments"), .attribute("data-refresh", path + "/comments")) {
                    for comment in page.items { commentItem(comment, reviewPath: path, viewer: viewer) }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) {
                        a(.classes("btn", "btn-secondary", "mv-more-link"), .href(path + "/comments?cursor=" + next),
                          .attribute("data-more", "comments")) { "加载更多" }
                    }
                } else {
                    p(.class("mv-end")) { "没有更多了" }
                }
            }
            div(.class("mv-bottombar")) {
                a(.classes("mv-bar-item", "mv-bar-compose", "is-wide"), .href(path + "/compose")) { "写评论" }
            }
        }
    }

    func threadPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let review = try store.review(try request.parameter("id", as: Int64.self)),
              var root = try comments.comment(try request.parameter("commentId", as: Int64.self)),
              root.subject == MovieReviewsApp.subject(review.id), root.rootID == nil else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let replies = try comments.replies(root: root.id, cursor: request.query["cursor"], limit: 50)
        root.replies = replies.items
        root.replyCount = 0
        return self.page(viewer, title: "回复", back: BackLink(href: path + "/comments", label: "评论"), tab: nil, tabs: []) {
            ul(.class("mv-comments"), .role("list")) { commentItem(root, reviewPath: path, viewer: viewer) }
            if let next = replies.nextCursor {
                div(.class("mv-more")) {
                    a(.classes("btn", "btn-secondary"), .href(path + "/comments/\(root.id)?cursor=" + next)) { "更多回复" }
                }
            }
        }
    }

    func commentItem(_ comment: Comment, reviewPath: String, viewer: Viewer) -> Node {
        li(.class("mv-comment"), .id("comment-\(comment.id)")) {
            commentBody(comment, reviewPath: reviewPath, viewer: viewer)
            if !comment.replies.isEmpty {
                ul(.class("mv-replies"), .role("list")) {
                    for reply in comment.replies {
                        li(.class("mv-reply"), .id("comment-\(reply.id)")) { commentBody(reply, reviewPath: reviewPath, viewer: viewer) }
                    }
                }
            }
            if comment.replyCount > comment.replies.count {
                a(.class("mv-all-replies"), .href(reviewPath + "/comments/\(comment.id)")) { "查看全部 \(comment.replyCount) 条回复" }
            }
        }
    }

    @HTMLBuilder
    func commentBody(_ comment: Comment, reviewPath: String, viewer: Viewer) -> [Node] {
        if comment.isDeleted {
            p(.class("mv-deleted")) { "该评论已删除" }
        } else {
            div(.class("mv-comment-head")) {
                if comment.userID == nil {
                    span(.classes("mv-avatar", "mv-avatar-anon"), .ariaHidden) { "匿" }
                } else {
                    img(.class("mv-avatar"), .src(Self.avatarURL("u\(comment.userID ?? 0)")), .alt(""), .width(28), .height(28))
                }
                span(.class("mv-user")) { comment.authorName }
                if let name = comment.replyToName { span(.class("mv-reply-to")) { "回复 @\(name)" } }
                span(.class("mv-comment-time")) { BeijingTime.format(comment.createdAt) + (comment.editedAt != nil ? " · 已编辑" : "") }
            }
            a(.class("mv-comment-tap"), .href(reviewPath + "/compose?parent=\(comment.id)"), .ariaLabel("回复 \(comment.authorName)")) {
                p(.class("mv-comment-text")) { comment.text }
            }
            div(.class("mv-comment-actions")) {
                a(.class("mv-reply-link"), .href(reviewPath + "/compose?parent=\(comment.id)")) { "回复" }
                if let user = viewer.user, user.id == comment.userID {
                    a(.class("mv-reply-link"), .href("/movies/comments/\(comment.id)/edit")) { "编辑" }
                    postForm(action: "/movies/comments/\(comment.id)/delete", csrfToken: viewer.csrfToken, confirm: "删除这条评论？",
                             attributes: [.class("mv-inline-form")]) {
                        input(.type("hidden"), .name("back"), .value(reviewPath + "/comments"))
                        WebUI.button(.class("mv-delete"), .type("submit")) { "删除" }
                    }
                }
            }
        }
    }

    func composePage(_ request: Request, text: String = "", error: String? = nil) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let parentID = (request.query["parent"] ?? request.form()["parent"]).flatMap { Int64($0) }
        var parent: Comment?
        if let parentID {
            guard viewer.isSignedIn else { return viewer.redirect(to: "/login?next=" + percentEncode(path + "/compose?parent=\(parentID)")) }
            parent = try comments.comment(parentID)
            guard let found = parent, found.subject == MovieReviewsApp.subject(review.id), !found.isDeleted else { throw HTTPError.notFound() }
        }
        return self.page(viewer, title: parent == nil ? "写评论" : "回复", back: BackLink(href: path + "/comments", label: "取消"), tab: nil,
                         tabs: [], status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: path + "/comments", csrfToken: viewer.csrfToken, attributes: [.class("mv-compose"), .id("compose")]) {
                if let parent {
                    input(.type("hidden"), .name("parent"), .value(String(parent.id)))
                    p(.class("mv-compose-parent")) { "回复 @\(parent.authorName)：" + String(parent.text.prefix(60)) }
                } else {
                    p(.class("mv-compose-parent")) { "评论《\(review.title)》" }
                }
                formGroup(footer: viewer.isSignedIn ? nil : "未登录时将以“匿名用户”发表；回复、收藏和分享需要登录。") {
                    formField(label: "评论", name: "text", type: .textarea, value: text, error: error,
                              placeholder: parent == nil ? "写下你对这篇影评的看法…" : "回复 @\(parent?.authorName ?? "")…",
                              required: true, maxLength: 2000, autofocus: true)
                }
                div(.class("mv-compose-actions")) {
                    a(.classes("btn", "btn-secondary", "mv-cancel"), .href(path + "/comments")) { "取消" }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { "发表" }
                }
            }
        }
    }

    func submitComment(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        try authenticator.verifyCSRF(request, viewer: viewer)
        let id = try request.parameter("id", as: Int64.self)
        guard try store.review(id) != nil else { throw HTTPError.notFound() }
        let form = request.form()
        let text = form["text"] ?? ""
        let parentID = form["parent"].flatMap { Int64($0) }
        let path = "/movies/reviews/\(id)"
        if parentID != nil, !viewer.isSignedIn {
            return viewer.redirect(to: "/login?next=" + percentEncode(path + "/compose?parent=\(parentID ?? 0)"))
        }
        let device = CommunityDevice.id(for: request, isSecure: authenticator.usesSecureCookies)
        let author: CommentAuthor = viewer.user.map { .user(id: $0.id, name: $0.nickname) } ?? .anonymous(device: device.id)
        do {
            let comment = try comments.post(MovieReviewsApp.subject(id), author: author, text: text, parentID: parentID,
                                            address: request.clientAddress)
            var response = viewer.redirect(to: path + "/comments#comment-\(comment.id)", flash: Toast("评论已发表", kind: .success))
            if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
            return response
        } catch let error as CommentError {
            var response = try composePage(request, text: text, error: error.message)
            if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
            return response
        }
    }

    func deleteComment(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        try authenticator.verifyCSRF(request, viewer: viewer)
        let back = request.form()["back"].flatMap { $0.hasPrefix("/movies/") && !$0.hasPrefix("//") ? $0 : nil } ?? "/movies"
        guard let user = viewer.user else { return viewer.redirect(to: "/login?next=" + percentEncode(back)) }
        try comments.delete(try request.parameter("id", as: Int64.self), userID: user.id)
        return viewer.redirect(to: back, flash: Toast("评论已删除", kind: .success))
    }

    /// Editing one's own comment: the compose form prefilled; the comment is marked 已编辑.
    func editPage(_ request: Request, text: String? = nil, error: String? = nil) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let comment = try comments.comment(try request.parameter("id", as: Int64.self)), !comment.isDeleted,
              comment.subject.app == MovieReviewsApp.id else { throw HTTPError.notFound() }
        let back = "/movies/reviews/\(comment.subject.item)/comments"
        guard let user = viewer.user else { return viewer.redirect(to: viewer.loginURL) }
        guard user.id == comment.userID else { throw CommentError.notYours }
        return self.page(viewer, title: "编辑评论", back: BackLink(href: back, label: "取消"), tab: nil, tabs: [],
                         status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: "/movies/comments/\(comment.id)/edit", csrfToken: viewer.csrfToken, attributes: [.class("mv-compose")]) {
                formGroup {
                    formField(label: "评论", name: "text", type: .textarea, value: text ?? comment.text, error: error,
                              required: true, maxLength: 2000, autofocus: true)
                }
                div(.class("mv-compose-actions")) {
                    a(.classes("btn", "btn-secondary", "mv-cancel"), .href(back)) { "取消" }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { "保存" }
                }
            }
        }
    }

    func submitEdit(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        try authenticator.verifyCSRF(request, viewer: viewer)
        guard let user = viewer.user else { return viewer.redirect(to: "/movies") }
        let id = try request.parameter("id", as: Int64.self)
        let text = request.form()["text"] ?? ""
        do {
            let comment = try comments.edit(id, userID: user.id, text: text)
            return viewer.redirect(to: "/movies/reviews/\(comment.subject.item)/comments#comment-\(id)", flash: Toast("已保存", kind: .success))
        } catch let error as CommentError where error != .notYours && error != .notFound {
            return try editPage(request, text: text, error: error.message)
        }
    }

    func toggleFavorite(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let id = try request.parameter("id", as: Int64.self)
        let path = "/movies/reviews/\(id)"
        guard let user = viewer.user else { return viewer.redirect(to: "/login?next=" + percentEncode(path)) }
        try authenticator.verifyCSRF(request, viewer: viewer)
        let subject = MovieReviewsApp.subject(id)
        if try favorites.contains(subject, userID: user.id) {
            try favorites.remove(subject, userID: user.id)
            return viewer.redirect(to: path, flash: Toast("已取消收藏"))
        }
        try favorites.add(subject, userID: user.id)
        return viewer.redirect(to: path, flash: Toast("已收藏", kind: .success))
    }

    // MARK: films

    func filmsPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let query = request.query["q"] ?? ""
        let page = try store.films(query: query, cursor: request.query["cursor"], limit: 20)
        return self.page(viewer, title: "电影", back: Self.launcher, tab: "films") {
            form(.class("mv-search"), .method("get"), .action("/movies/films"), .role("search")) {
                input(.class("field-input"), .type("search"), .name("q"), .value(query), .placeholder("搜索片名或导演"),
                      .ariaLabel("搜索电影"), .attribute("enterkeyhint", "search"))
                WebUI.button(.classes("btn", "btn-primary"), .type("submit")) { "搜索" }
            }
            if page.items.isEmpty {
                emptyState(icon: .search, title: "没有找到电影", message: query.isEmpty ? nil : "换个关键词试试。")
            } else {
                ul(.classes("list-group", "mv-films"), .role("list"), .attribute("data-list", "films")) {
                    for film in page.items {
                        listCell(title: film.title,
                                 subtitle: [film.year.map(String.init), film.genres?.replacingOccurrences(of: "|", with: " / ")]
                                    .compactMap { $0 }.joined(separator: " · "),
                                 detail: film.rating.map { String(format: "%.1f", $0) },
                                 href: "/movies/films/\(percentEncode(film.id))",
                                 image: .thumbnail(url: Self.posterURL(film.id), alt: ""))
                    }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) {
                        a(.classes("btn", "btn-secondary", "mv-more-link"),
                          .href("/movies/films?q=\(percentEncode(query))&cursor=\(next)"), .attribute("data-more", "films")) { "加载更多" }
                    }
                }
            }
        }
    }

    func filmPage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        guard let film = try store.film(try request.parameter("id")) else { throw HTTPError.notFound() }
        let sort = CommentSort(rawValue: request.query["sort"] ?? "hot") ?? .hot
        let page = try store.shortComments(film: film.id, sort: sort, cursor: request.query["cursor"], limit: 20)
        let total = try store.shortCommentCount(film: film.id)
        let reviews = try store.reviews(ofFilm: film.id, limit: 5)
        let reviewCounts = (try? commentCounts(reviews)) ?? [:]
        let reviewCount = try store.reviewCount(ofFilm: film.id)
        let average = try store.averageStars(film: film.id)
        let base = "/movies/films/\(percentEncode(film.id))"
        return self.page(viewer, title: film.title, back: BackLink(href: "/movies/films", label: "电影"), tab: "films") {
            div(.class("mv-film-head")) {
                a(.class("mv-review-poster"), .href(Self.posterURL(film.id)), .attribute("data-overlay", "poster"), .ariaLabel("查看大图")) {
                    img(.classes("mv-poster", "is-large"), .src(Self.posterURL(film.id)), .alt("《\(film.title)》海报"), .width(110), .height(154))
                }
                div(.class("mv-film-info")) {
                    h1(.class("mv-film-title")) { film.title }
                    if let original = film.originalTitle { p(.class("mv-meta")) { original } }
                    p(.class("mv-meta")) {
                        [film.year.map(String.init), film.genres?.replacingOccurrences(of: "|", with: " / "),
                         film.runtime.map { "\($0) 分钟" }].compactMap { $0 }.joined(separator: " · ")
                    }
                    if let rating = film.rating {
                        div(.class("mv-film-rating")) {
                            span(.class("mv-score")) { String(format: "%.1f", rating) }
                            stars(Int((rating / 2).rounded()), small: true)
                            if let count = film.ratingCount { span(.class("mv-meta")) { "\(count) 人评分" } }
                        }
                    } else {
                        p(.class("mv-meta")) { "暂无评分" }
                    }
                }
            }
            dl(.class("mv-film-facts")) {
                if let directors = film.directors { dt { "导演" }; dd { directors.replacingOccurrences(of: "|", with: " / ") } }
                if let actors = film.actors { dt { "主演" }; dd { actors.replacingOccurrences(of: "|", with: " / ") } }
                if let date = film.releaseDate { dt { "上映" }; dd { date } }
                if let regions = film.regions { dt { "地区" }; dd { regions.replacingOccurrences(of: "|", with: " / ") } }
                if let languages = film.languages { dt { "语言" }; dd { languages.replacingOccurrences(of: "|", with: " / ") } }
                if let average { dt { "短评均分" }; dd { String(format: "%.2f 星（%d 条有星评价）", average.average, average.count) } }
            }
            if let summary = film.summary {
                div(.class("mv-film-summary")) { paragraphs(summary) }
            }
            if !reviews.isEmpty {
                sectionHeader("影评 \(reviewCount)", actionLabel: reviewCount > reviews.count ? "全部" : nil,
                              actionHref: reviewCount > reviews.count ? "/movies/reviews" : nil)
                ul(.class("mv-list"), .role("list")) {
                    for review in reviews { reviewCell(review, commentCount: reviewCounts[review.id] ?? 0) }
                }
            }
            sectionHeader("短评 \(total)")
            segmentedControl([Segment(id: "hot", href: base + "?sort=hot#short", label: "热门"),
                              Segment(id: "new", href: base + "?sort=new#short", label: "最新")], selected: sort.rawValue, label: "排序")
            if page.items.isEmpty {
                p(.class("mv-end"), .id("short")) { "还没有短评" }
            } else {
                ul(.class("mv-comments"), .role("list"), .id("short"), .attribute("data-list", "short")) {
                    for comment in page.items {
                        li(.class("mv-comment")) {
                            div(.class("mv-comment-head")) {
                                img(.class("mv-avatar"), .src(Self.avatarURL(comment.author)), .alt(""), .width(28), .height(28))
                                span(.class("mv-user")) { comment.author }
                                stars(comment.rating, small: true)
                            }
                            p(.class("mv-comment-text")) { comment.content }
                            div(.class("mv-comment-actions")) {
                                span(.class("mv-comment-time")) { BeijingTime.format(comment.createdAt) }
                                span(.class("mv-votes")) { "有用 \(comment.votes ?? 0)" }
                            }
                        }
                    }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) {
                        a(.classes("btn", "btn-secondary", "mv-more-link"), .href(base + "?sort=\(sort.rawValue)&cursor=\(next)#short"),
                          .attribute("data-more", "short")) { "加载更多" }
                    }
                }
            }
        }
    }

    // MARK: more

    func morePage(_ request: Request) throws -> Response {
        let viewer = authenticator.viewer(for: request)
        let mine = try viewer.user.map { try favorites.list(userID: $0.id, cursor: nil, limit: 20) }
        let myComments = try viewer.user.map { try comments.comments(byUser: $0.id, cursor: nil, limit: 20) }
        let titles: [Subject: SubjectInfo] = try store.database.read { db in
            var titles: [Subject: SubjectInfo] = [:]
            for comment in myComments?.items ?? [] where titles[comment.subject] == nil {
                titles[comment.subject] = try SubjectDirectory.shared.info(comment.subject, db: db)
            }
            return titles
        }
        return self.page(viewer, title: "更多", back: Self.launcher, tab: "more") {
            if let user = viewer.user {
                listGroup(header: "账号") {
                    listCell(title: user.nickname, subtitle: "@" + user.username, href: "/me")
                    listFormCell(title: Strings.logOut(viewer.language), action: "/logout", csrfToken: viewer.csrfToken, destructive: true)
                }
                listGroup(header: "我的收藏") {
                    if let mine, !mine.items.isEmpty {
                        for favorite in mine.items {
                            listCell(title: favorite.info.title, subtitle: favorite.subject.app == MovieReviewsApp.id ? "影评" : favorite.subject.app,
                                     href: favorite.info.path)
                        }
                    } else {
                        listRow { p(.class("mv-meta")) { "还没有收藏。在影评页点 ♡ 收藏。" } }
                    }
                }
                listGroup(header: "我的评论") {
                    if let myComments, !myComments.items.isEmpty {
                        for comment in myComments.items {
                            let info = titles[comment.subject]
                            listCell(title: comment.text, subtitle: (info?.title ?? comment.subject.description) + " · " + BeijingTime.format(comment.createdAt),
                                     href: comment.subject.app == MovieReviewsApp.id
                                        ? "/movies/reviews/\(comment.subject.item)/comments#comment-\(comment.id)" : info?.path)
                        }
                    } else {
                        listRow { p(.class("mv-meta")) { "还没有评论。" } }
                    }
                }
            } else {
                listGroup(header: "账号", footer: "登录后可以回复评论、收藏和分享影评。") {
                    listCell(title: Strings.logIn(viewer.language), href: "/login?next=" + percentEncode("/movies/more"), image: .icon(.person, .blue))
                    listCell(title: Strings.register(viewer.language), href: "/register?next=" + percentEncode("/movies/more"), image: .icon(.plus, .green))
                }
            }
            listGroup(header: "关于") {
                listRow { p(.class("mv-meta")) { "影评与短评来自豆瓣公开数据集（作者已匿名化），版权归原作者所有，仅作演示。" } }
            }
        }
    }
}
