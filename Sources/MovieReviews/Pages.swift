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
    let writes: MovieWrites
    let recommender: MovieRecommender
    let feedCache: MovieFeedCache
    let authenticator: Authenticator
    let assets: AppAssets

    static let tabs = [
        TabItem(id: "feed", href: "/movies", icon: .home, label: MovieText.home),
        TabItem(id: "reviews", href: "/movies/reviews", icon: .star, label: MovieText.reviews),
        TabItem(id: "films", href: "/movies/films", icon: .film, label: MovieText.films),
        TabItem(id: "more", href: "/movies/more", icon: .grid, label: MovieText.more),
    ]

    /// Reading is open to everyone, and so is a top-level comment (posted as 匿名用户 when signed out);
    /// favourites, replies' sign-in redirect aside, editing and deleting need an account.
    func register(into routes: inout RouteGroup<SessionGuard>, files: inout SessionlessRoutes) {
        let pages = self
        routes.anyone.get("") { request, viewer in try pages.feedPage(request, viewer) }
        routes.anyone.get("/reviews") { request, viewer in try pages.reviewsPage(request, viewer) }
        routes.anyone.get("/reviews/{id}") { request, viewer in try pages.reviewPage(request, viewer) }
        routes.anyone.get("/reviews/{id}/comments") { request, viewer in try pages.commentsPage(request, viewer) }
        routes.anyone.get("/reviews/{id}/comments/{commentId}") { request, viewer in try pages.threadPage(request, viewer) }
        routes.anyone.get("/reviews/{id}/compose") { request, viewer in try pages.composePage(request, viewer) }
        routes.anyone.post("/reviews/{id}/comments", limit: .content) { request, viewer in try pages.submitComment(request, viewer) }
        routes.post("/reviews/{id}/favorite", limit: .reaction) { request, member in try pages.toggleFavorite(request, member) }
        routes.post("/comments/{id}/delete") { request, member in try pages.deleteComment(request, member) }
        routes.get("/comments/{id}/edit") { request, member in try pages.editPage(request, member) }
        routes.post("/comments/{id}/edit", limit: .content) { request, member in try pages.submitEdit(request, member) }
        routes.anyone.get("/films") { request, viewer in try pages.filmsPage(request, viewer) }
        routes.anyone.get("/top") { request, viewer in try pages.topPage(request, viewer) }
        routes.anyone.get("/films/{id}") { request, viewer in try pages.filmPage(request, viewer) }
        routes.anyone.get("/more") { request, viewer in try pages.morePage(request, viewer) }
        registerWriting(into: &routes)
        registerFollowing(into: &routes)
        files.get("/avatars/{file}") { request in
            let file = try request.parameter("file")
            guard file.hasSuffix(".svg") else { throw HTTPError.notFound() }
            return Self.svg(Graphics.avatarSVG(for: String(file.dropLast(4))))
        }
        files.get("/posters/{file}") { request in
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

    /// A page of the app; `trailing` nil puts the 中文/English switch in the nav bar.
    func page(_ viewer: Viewer, title: String, back: BackLink? = nil, tab: String?, tabs: [TabItem] = MoviePages.tabs,
              status: HTTPStatus = .ok, bodyClass: String? = nil, trailing: [Node]? = nil,
              @HTMLBuilder content: () -> [Node]) -> Response {
        viewer.page(title: title, back: back, tabs: tabs, activeTab: tab, status: status,
                    trailing: trailing ?? [languageSwitch(viewer.language, currentURL: viewer.currentURL)],
                    bodyClass: ["mv", bodyClass].compactMap { $0 }.joined(separator: " "),
                    stylesheets: [assets.url("movies.css")], scripts: [assets.url("movies.js")], content: content)
    }

    static let launcher = BackLink(href: "/", label: "AppSuite")

    // MARK: feed and lists

    /// 首页: the mixed feed (``MovieFeed``), 20 cards a page; the cursor keeps the time the feed was ranked at.
    /// The first page ranks at the current 30 s snapshot (``MovieFeedCache``); the ranked feed is shared by
    /// every request of that snapshot, the comment badges and 猜你喜欢 are read per request, except on the
    /// signed-out first page, which is kept rendered for the snapshot.
    func feedPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        if request.query["tab"] == "new" { return try latestPage(request, viewer) }
        if request.query["tab"] == "following" { return try followingPage(request, viewer) }
        let latest = MovieFeedCache.snapshot(writes.now())
        if viewer.user == nil, viewer.flash == nil, request.query.isEmpty {
            var page = try feedCache.signedOutPage(now: latest, variant: "\(viewer.language.rawValue) \(viewer.theme?.rawValue ?? "auto")") {
                var page = try feedPage(now: latest, offset: 0, viewer)
                page.headers.remove("Set-Cookie")
                return page
            }
            viewer.apply(to: &page)
            return page
        }
        let (now, offset) = try Self.feedCursor(request.query["cursor"], latest: latest) ?? (latest, 0)
        return try feedPage(now: now, offset: offset, viewer)
    }

    /// The feed ranked at snapshot `now`, from card `offset`.
    private func feedPage(now: Int64, offset: Int, _ viewer: Viewer) throws -> Response {
        let feed = try feedCache.feed(now: now) {
            let candidates = try store.feedCandidates(now: now)
            return MovieFeed.mix(reviews: candidates.reviews, shorts: candidates.shorts, rising: candidates.rising, now: now)
        }
        let cards = Array(feed.dropFirst(offset).prefix(MovieFeed.pageSize))
        let reviews = cards.compactMap { card -> Review? in if case .review(let review) = card { review } else { nil } }
        let counts = try commentCounts(reviews)
        let next = offset + MovieFeed.pageSize < feed.count ? MovieFeed.cursor(now: now, offset: offset + MovieFeed.pageSize) : nil
        let forYou = offset == 0 ? try recommender.forYou(userID: viewer.user?.id, now: writes.now()) : nil
        let l = viewer.language
        return self.page(viewer, title: MovieText.appTitle(l), back: Self.launcher, tab: "feed") {
            feedTabs(selected: "feed", l)
            if let forYou, !forYou.films.isEmpty { forYouSection(forYou, signedIn: viewer.user != nil, language: l) }
            if offset == 0, let banner = reviews.first {
                a(.class("mv-banner"), .href("/movies/reviews/\(banner.id)")) {
                    img(.class("mv-banner-img"), .src(Self.posterURL(banner.filmID)), .alt(""), .width(200), .height(280))
                    span(.class("mv-banner-text")) {
                        span(.class("mv-banner-tag")) { MovieText.featuredReview(l) }
                        span(.class("mv-banner-title")) { banner.title }
                        span(.class("mv-banner-film")) { MovieText.filmTitle(banner.filmTitle)(l) + " · " + banner.author }
                    }
                }
            }
            if cards.isEmpty {
                emptyState(icon: .film, title: MovieText.noReviews(l), message: MovieText.noReviewsMessage(l))
            } else {
                ul(.class("mv-list"), .role("list"), .attribute("data-list", "feed"), .attribute("data-refresh", "/movies")) {
                    for card in cards {
                        switch card {
                        case .review(let review): reviewCell(review, commentCount: counts[review.id] ?? 0, language: l)
                        case .short(let comment, let filmID, let filmTitle): shortCell(comment, filmID: filmID, filmTitle: filmTitle, language: l)
                        case .film(let film, let marks): filmCell(film, marks: marks, language: l)
                        }
                    }
                }
                if let next {
                    div(.class("mv-more")) { moreLink("/movies?cursor=\(next)", kind: "feed", l) }
                } else {
                    p(.class("mv-end")) {
                        MovieText.end(l) + " "
                        a(.href("/movies/reviews")) { MovieText.allReviews(l) }
                    }
                }
            }
        }
    }

    /// `"<snapshot seconds>.<offset>"` → both; nil without a cursor. A snapshot after `latest` (the current one)
    /// by more than one ``MovieFeedCache/bucket`` (another server's clock may run a little ahead), or before 1970,
    /// was never handed out: 400, so it is never ranked or kept.
    static func feedCursor(_ cursor: String?, latest: Int64) throws(HTTPError) -> (Int64, Int)? {
        guard let (now, offset) = try MovieStore.pairCursor(cursor) else { return nil }
        guard offset >= 0, offset < Int64(MovieFeed.length), now >= 0, now <= latest + MovieFeedCache.bucket else {
            throw HTTPError.badRequest("invalid cursor")
        }
        return (now, Int(offset))
    }

    /// A hot 短评 in the feed: its author, stars and text, linked to its film's 短评.
    func shortCell(_ comment: ShortComment, filmID: String, filmTitle: String, language l: Language) -> Node {
        li(.classes("mv-cell", "mv-card-short"), .attribute("data-film", filmID)) {
            a(.class("mv-cell-link"), .href("/movies/films/\(percentEncode(filmID))#short")) {
                div(.class("mv-cell-main")) {
                    div(.class("mv-byline")) {
                        img(.class("mv-avatar"), .src(Self.avatarURL(comment.author, userID: comment.userID)), .alt(""), .width(28), .height(28))
                        span(.class("mv-user")) { comment.author }
                        span(.class("mv-film")) { MovieText.shortOn(filmTitle)(l) }
                    }
                    stars(comment.rating, small: true, language: l)
                    p(.class("mv-summary")) { comment.content }
                    span(.class("mv-meta")) {
                        span { BeijingTime.numericDate(comment.createdAt) }
                        span { MovieText.helpful(comment.votes ?? 0)(l) }
                    }
                }
                img(.class("mv-poster"), .src(Self.posterURL(filmID)), .alt(MovieText.poster(filmTitle)(l)), .width(72), .height(100), .loading("lazy"))
            }
        }
    }

    /// A film rising this week in the feed.
    func filmCell(_ film: Film, marks: Int, language l: Language) -> Node {
        li(.classes("mv-cell", "mv-card-film"), .attribute("data-film", film.id)) {
            a(.class("mv-cell-link"), .href("/movies/films/\(percentEncode(film.id))")) {
                div(.class("mv-cell-main")) {
                    span(.classes("mv-meta", "mv-featured")) { MovieText.risingThisWeek(marks)(l) }
                    h3(.class("mv-title")) { MovieText.filmTitle(film.title)(l) }
                    p(.class("mv-meta")) {
                        [film.year.map(String.init), film.genres.map { MovieText.genres($0, l) }].compactMap { $0 }.joined(separator: " · ")
                    }
                    if let rating = film.rating { tenPointStars(rating, language: l) }
                }
                img(.class("mv-poster"), .src(Self.posterURL(film.id)), .alt(MovieText.poster(film.title)(l)), .width(72), .height(100), .loading("lazy"))
            }
        }
    }

    func reviewsPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let page = try store.newestReviews(cursor: request.query["cursor"], limit: 20)
        let counts = try commentCounts(page.items)
        let l = viewer.language
        return self.page(viewer, title: MovieText.reviews(l), back: Self.launcher, tab: "reviews") {
            sectionHeader(MovieText.latestReviews(l))
            reviewList(page.items, counts: counts, more: page.nextCursor.map { "/movies/reviews?cursor=\($0)" }, refresh: "/movies/reviews",
                       language: l)
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
    func reviewList(_ reviews: [Review], counts: [Int64: Int], more: String?, refresh: String, language l: Language) -> [Node] {
        if reviews.isEmpty {
            emptyState(icon: .film, title: MovieText.noReviews(l), message: MovieText.noReviewsMessage(l))
        } else {
            ul(.class("mv-list"), .role("list"), .attribute("data-list", "reviews"), .attribute("data-refresh", refresh)) {
                for review in reviews { reviewCell(review, commentCount: counts[review.id] ?? 0, language: l) }
            }
            if let more {
                div(.class("mv-more")) { moreLink(more, kind: "reviews", l) }
            } else {
                p(.class("mv-end")) { MovieText.end(l) }
            }
        }
    }

    /// "加载更多": a plain link to the next page; movies.js loads it in place and then shows `data-end`.
    func moreLink(_ href: String, kind: String, _ l: Language) -> Node {
        a(.classes("btn", "btn-secondary", "mv-more-link"), .href(href), .attribute("data-more", kind), .attribute("data-end", MovieText.end(l))) {
            MovieText.loadMore(l)
        }
    }

    func reviewCell(_ review: Review, commentCount: Int, language l: Language) -> Node {
        li(.class("mv-cell"), .attribute("data-film", review.filmID)) {
            a(.class("mv-cell-link"), .href("/movies/reviews/\(review.id)")) {
                div(.class("mv-cell-main")) {
                    div(.class("mv-byline")) {
                        img(.class("mv-avatar"), .src(Self.avatarURL(review.author, userID: review.userID)), .alt(""), .width(28), .height(28))
                        span(.class("mv-user")) { review.author }
                        span(.class("mv-film")) { MovieText.reviewOf(review.filmTitle)(l) }
                    }
                    stars(review.rating, language: l)
                    h3(.class("mv-title")) { review.title }
                    p(.class("mv-summary")) { review.summary }
                    span(.class("mv-meta")) {
                        if review.featured { span(.class("mv-featured")) { MovieText.featured(l) } }
                        span { BeijingTime.numericDate(review.publishedAt) }
                        span { MovieText.commentCount(commentCount)(l) }
                    }
                }
                img(.class("mv-poster"), .src(Self.posterURL(review.filmID)), .alt(MovieText.poster(review.filmTitle)(l)), .width(72), .height(100),
                    .loading("lazy"), .attribute("data-fallback", "poster"))
            }
        }
    }

    /// Five stars, filled to `rating` (1–5); "未评分" when there is none.
    func stars(_ rating: Int?, small: Bool = false, language l: Language) -> Node {
        guard let rating, rating > 0 else { return span(.classes("mv-stars", "is-unrated")) { MovieText.unrated(l) } }
        let label = MovieText.stars(rating)(l)
        return span(.classes("mv-stars", small ? "is-small" : nil), .role("img"), .ariaLabel(label), .title(label)) {
            span(.class("mv-stars-on")) { String(repeating: "★", count: min(rating, 5)) }
            span(.class("mv-stars-off")) { String(repeating: "★", count: max(0, 5 - rating)) }
            if let word = MovieText.ratingWords[rating], !small { span(.class("mv-stars-word")) { word(l) } }
        }
    }

    /// Douban's stars for a 0–10 average: the score rounded to whole half stars (8.9 → 9 halves → ★★★★½,
    /// 8.4 → 8 → ★★★★), as Douban's `allstar45` classes draw it; full, half and empty stars.
    func tenPointStars(_ rating: Double, language l: Language) -> Node {
        let halves = Self.halfStars(rating)
        let label = MovieText.starsOfTen(rating, halves: halves)(l)
        return span(.classes("mv-stars", "is-small"), .role("img"), .ariaLabel(label), .title(label), .attribute("data-halves", String(halves))) {
            span(.class("mv-stars-on")) { String(repeating: "★", count: halves / 2) }
            if halves % 2 == 1 { span(.class("mv-stars-half")) { "★" } }
            span(.class("mv-stars-off")) { String(repeating: "★", count: (10 - halves) / 2) }
        }
    }

    /// Half stars (0–10) for a 0–10 score: the score rounded half up and clamped.
    static func halfStars(_ rating: Double) -> Int { max(0, min(10, Int((rating + 0.5).rounded(.down)))) }

    /// A drawn avatar: an account's from its id, so it is the same on its profile and beside everything it wrote
    /// (whatever name that carries); an imported author's from their name.
    static func avatarURL(_ name: String, userID: Int64?) -> String { "/movies/avatars/\(percentEncode(userID.map { "u\($0)" } ?? name)).svg" }
    /// The film's Douban poster through the platform's image cache (our drawn one until it is cached).
    static func posterURL(_ film: String) -> String { "/images/movies/poster-\(percentEncode(film))" }

    // MARK: review

    func reviewPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let neighbours = try store.neighbours(of: review)
        let subject = MovieReviewsApp.subject(review.id)
        let count = try comments.count(subject)
        let isFavorite = try viewer.user.map { try favorites.contains(subject, userID: $0.id) } ?? false
        let myVote = try viewer.user.flatMap { try writes.myVotes(userID: $0.id, target: .review, items: [String(review.id)])[String(review.id)] }
        let authorAvatar = try review.userID.flatMap { try authenticator.identity.users.users(ids: [$0])[$0]?.avatarPath }.map { "/media/" + $0 }
        let l = viewer.language
        let fontControls: [Node] = [
            WebUI.button(.classes("nav-action", "nav-action-text", "mv-font"), .type("button"), .attribute("data-font-step", "-1"),
                         .ariaLabel(MovieText.smallerText(l)), .title(MovieText.smallerText(l))) { "A−" },
            WebUI.button(.classes("nav-action", "nav-action-text", "mv-font"), .type("button"), .attribute("data-font-step", "1"),
                         .ariaLabel(MovieText.largerText(l)), .title(MovieText.largerText(l))) { "A+" },
        ]
        return self.page(viewer, title: MovieText.review(l), back: BackLink(href: "/movies", label: MovieText.home(l)), tab: nil, tabs: [],
                         bodyClass: "mv-has-bottombar", trailing: fontControls) {
            article(.class("mv-review"), .attribute("data-review", String(review.id)),
                    .attribute("data-prev", neighbours.previous.map { "/movies/reviews/\($0)" } ?? ""),
                    .attribute("data-next", neighbours.next.map { "/movies/reviews/\($0)" } ?? "")) {
                h1(.class("mv-review-title")) { review.title }
                if review.spoiler { p(.class("mv-spoiler")) { MovieText.spoilerWarning(l) } }
                div(.class("mv-review-head")) {
                    img(.class("mv-avatar"), .src(authorAvatar ?? Self.avatarURL(review.author, userID: review.userID)), .alt(""), .width(40), .height(40))
                    div(.class("mv-review-who")) {
                        if let author = review.userID {
                            a(.classes("mv-user", "mv-user-link"), .href("/movies/users/\(author)")) { review.author }
                        } else {
                            span(.class("mv-user")) { review.author }
                        }
                        span(.class("mv-review-time")) {
                            span(.attribute("datetime", iso8601(review.publishedAt))) { BeijingTime.dateTime(review.publishedAt) }
                            " " + MovieText.beijingTime(l)
                        }
                    }
                }
                div(.class("mv-review-film")) {
                    posterLink(review.filmID, title: review.filmTitle, large: false, l)
                    div {
                        a(.class("mv-film-link"), .href("/movies/films/\(percentEncode(review.filmID))")) { MovieText.filmTitle(review.filmTitle)(l) }
                        div { stars(review.rating, language: l) }
                        if let useful = review.useful { span(.class("mv-meta")) { MovieText.foundHelpful(useful)(l) } }
                    }
                }
                div(.classes("mv-body", "mv-font-3"), .attribute("data-body", "")) { paragraphs(review.body ?? "") }
                if review.editedAt != nil { p(.class("mv-meta")) { MovieText.edited(l) } }
                voteButtons(action: "/movies/reviews/\(review.id)/vote", useful: review.useful ?? 0, useless: review.useless ?? 0, mine: myVote,
                            back: "/movies/reviews/\(review.id)", viewer: viewer)
                if let user = viewer.user, user.id == review.userID {
                    div(.class("mv-own-actions")) {
                        a(.classes("btn", "btn-secondary"), .href("/movies/reviews/\(review.id)/edit")) { Strings.edit(l) }
                        postForm(action: "/movies/reviews/\(review.id)/delete", csrfToken: viewer.csrfToken, confirm: MovieText.deleteReviewConfirm(l),
                                 attributes: [.class("mv-inline-form")]) {
                            WebUI.button(.classes("btn", "btn-secondary", "mv-delete-review"), .type("submit")) { Strings.delete(l) }
                        }
                    }
                }
                nav(.class("mv-pager"), .ariaLabel(MovieText.otherReviews(l))) {
                    if let previous = neighbours.previous {
                        a(.class("mv-prev"), .href("/movies/reviews/\(previous)"), .rel("prev")) { MovieText.previous(l) }
                    } else { span {} }
                    if let next = neighbours.next {
                        a(.class("mv-next"), .href("/movies/reviews/\(next)"), .rel("next")) { MovieText.next(l) }
                    } else { span {} }
                }
            }
            bottomBar(review: review, viewer: viewer, count: count, isFavorite: isFavorite)
        }
    }

    /// The poster thumbnail that opens the full poster (movies.js shows it in an overlay named `data-label`).
    func posterLink(_ filmID: String, title: String, large: Bool, _ l: Language) -> Node {
        a(.class("mv-review-poster"), .href(Self.posterURL(filmID)), .attribute("data-overlay", "poster"),
          .attribute("data-label", MovieText.posterLabel(l)), .ariaLabel(MovieText.viewPoster(l))) {
            if large {
                img(.classes("mv-poster", "is-large"), .src(Self.posterURL(filmID)), .alt(MovieText.poster(title)(l)), .width(110), .height(154))
            } else {
                img(.class("mv-poster"), .src(Self.posterURL(filmID)), .alt(MovieText.poster(title)(l)), .width(72), .height(100))
            }
        }
    }

    func bottomBar(review: Review, viewer: Viewer, count: Int, isFavorite: Bool) -> Node {
        let path = "/movies/reviews/\(review.id)"
        let l = viewer.language
        return div(.class("mv-bottombar")) {
            a(.classes("mv-bar-item", "mv-bar-compose"), .href(path + "/compose")) { MovieText.writeCommentEllipsis(l) }
            a(.classes("mv-bar-item", "mv-bar-comments"), .href(path + "/comments"), .ariaLabel(MovieText.commentsLabel(count)(l))) {
                Graphics.commentIcon
                if count > 0 { span(.classes("badge", "tint-red", "mv-badge"), .attribute("data-count", String(count))) { String(count) } }
            }
            if viewer.isSignedIn {
                postForm(action: path + "/favorite", csrfToken: viewer.csrfToken, attributes: [.class("mv-bar-form")]) {
                    WebUI.button(.classes("mv-bar-item", "mv-fav", isFavorite ? "is-on" : nil), .type("submit"),
                                 .attribute("aria-pressed", isFavorite ? "true" : "false"),
                                 .ariaLabel((isFavorite ? MovieText.unfavorite : MovieText.favorite)(l))) { icon(.heart) }
                }
            } else {
                a(.classes("mv-bar-item", "mv-fav"), .href("/login?next=" + percentEncode(path)), .ariaLabel(MovieText.favoriteNeedsLogin(l))) { icon(.heart) }
            }
            a(.classes("mv-bar-item", "mv-share"), .href("/share/movies/\(review.id)"), .ariaLabel(Strings.share(l)),
              .attribute("data-share", "/api/v1/shares/movies/\(review.id)"), .attribute("data-title", review.title),
              .attribute("data-copied", MovieText.linkCopied(l)),
              .attribute("data-login", viewer.isSignedIn ? "" : "/login?next=" + percentEncode(path))) { icon(.share) }
        }
    }

    // MARK: comments

    func commentsPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let page = try comments.page(MovieReviewsApp.subject(review.id), cursor: request.query["cursor"], limit: 20)
        let avatars = try commentExtras(page.items + page.items.flatMap(\.replies), viewer: viewer)
        let held = try awaitingReview(request, viewer, subject: MovieReviewsApp.subject(review.id))
        let l = viewer.language
        return self.page(viewer, title: MovieText.comments(l), back: BackLink(href: path, label: MovieText.review(l)), tab: nil, tabs: [],
                         bodyClass: "mv-has-bottombar") {
            a(.class("mv-comments-head"), .href(path)) {
                span(.class("mv-comments-title")) { review.title }
                span(.class("mv-meta")) { MovieText.totalComments(page.total)(l) }
            }
            if !held.isEmpty { div(.id("awaiting-review")) { AwaitingReview.notice(held, l) } }
            if page.items.isEmpty && request.query["cursor"] == nil {
                emptyState(icon: .info, title: MovieText.noComments(l), message: MovieText.firstComment(l))
            } else {
                ul(.class("mv-comments"), .role("list"), .attribute("data-list", "comments"), .attribute("data-refresh", path + "/comments")) {
                    for comment in page.items { commentItem(comment, reviewPath: path, viewer: viewer, avatars: avatars) }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) { moreLink(path + "/comments?cursor=" + next, kind: "comments", l) }
                } else {
                    p(.class("mv-end")) { MovieText.end(l) }
                }
            }
            div(.class("mv-bottombar")) {
                a(.classes("mv-bar-item", "mv-bar-compose", "is-wide"), .href(path + "/compose")) { MovieText.writeComment(l) }
            }
        }
    }

    /// The viewer's own held comments on `subject` (a signed-in user's, or this device's anonymous ones).
    func awaitingReview(_ request: Request, _ viewer: Viewer, subject: Subject) throws -> [Comment] {
        if let user = viewer.user { return try comments.awaitingReview(subject, author: .user(id: user.id, name: user.nickname)) }
        guard let device = CommunityDevice.existingID(for: request) else { return [] }
        return try comments.awaitingReview(subject, author: .anonymous(device: device))
    }

    func threadPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)),
              var root = try comments.comment(try request.parameter("commentId", as: Int64.self)),
              root.subject == MovieReviewsApp.subject(review.id), root.rootID == nil else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let replies = try comments.replies(root: root.id, cursor: request.query["cursor"], limit: 50)
        root.replies = replies.items
        root.replyCount = 0
        let avatars = try commentExtras([root] + root.replies, viewer: viewer)
        let l = viewer.language
        return self.page(viewer, title: MovieText.replies(l), back: BackLink(href: path + "/comments", label: MovieText.comments(l)), tab: nil, tabs: []) {
            ul(.class("mv-comments"), .role("list")) { commentItem(root, reviewPath: path, viewer: viewer, avatars: avatars) }
            if let next = replies.nextCursor {
                div(.class("mv-more")) {
                    a(.classes("btn", "btn-secondary"), .href(path + "/comments/\(root.id)?cursor=" + next)) { MovieText.moreReplies(l) }
                }
            }
        }
    }

    /// What a list of comments shows beside each: the avatars uploaded in the profile (`/media/…`) of their
    /// authors, the likes, and the viewer's own likes; three queries however many comments.
    struct CommentExtras {
        var avatars: [Int64: String]
        var likes: [Int64: Int]
        var mine: [String: Int]
    }

    func commentExtras(_ comments: [Comment], viewer: Viewer) throws -> CommentExtras {
        let users = try authenticator.identity.users.users(ids: comments.compactMap(\.userID))
        let mine = try viewer.user.map { try writes.myVotes(userID: $0.id, target: .comment, items: comments.map { String($0.id) }) } ?? [:]
        return CommentExtras(avatars: users.compactMapValues { $0.avatarPath.map { "/media/" + $0 } }, likes: try writes.likes(comments.map(\.id)),
                             mine: mine)
    }

    func commentItem(_ comment: Comment, reviewPath: String, viewer: Viewer, avatars: CommentExtras) -> Node {
        li(.class("mv-comment"), .id("comment-\(comment.id)")) {
            commentBody(comment, reviewPath: reviewPath, viewer: viewer, avatars: avatars)
            if !comment.replies.isEmpty {
                ul(.class("mv-replies"), .role("list")) {
                    for reply in comment.replies {
                        li(.class("mv-reply"), .id("comment-\(reply.id)")) { commentBody(reply, reviewPath: reviewPath, viewer: viewer, avatars: avatars) }
                    }
                }
            }
            if comment.replyCount > comment.replies.count {
                a(.class("mv-all-replies"), .href(reviewPath + "/comments/\(comment.id)")) { MovieText.allReplies(comment.replyCount)(viewer.language) }
            }
        }
    }

    @HTMLBuilder
    func commentBody(_ comment: Comment, reviewPath: String, viewer: Viewer, avatars: CommentExtras) -> [Node] {
        let l = viewer.language
        if comment.isDeleted {
            p(.class("mv-deleted")) { MovieText.deletedComment(l) }
        } else {
            let author = CommunityText.authorName(comment, l)
            div(.class("mv-comment-head")) {
                if comment.userID == nil {
                    span(.classes("mv-avatar", "mv-avatar-anon"), .ariaHidden) { MovieText.anonymousInitial(l) }
                } else if let userID = comment.userID {
                    img(.class("mv-avatar"), .src(avatars.avatars[userID] ?? Self.avatarURL(author, userID: userID)), .alt(""), .width(28), .height(28))
                }
                span(.class("mv-user")) { author }
                if let name = CommunityText.replyToName(comment, l) { span(.class("mv-reply-to")) { MovieText.replyingTo(name)(l) } }
                span(.class("mv-comment-time")) { BeijingTime.dateTime(comment.createdAt) + (comment.editedAt != nil ? " · " + MovieText.edited(l) : "") }
            }
            a(.class("mv-comment-tap"), .href(reviewPath + "/compose?parent=\(comment.id)"), .ariaLabel(MovieText.replyTo(author)(l))) {
                p(.class("mv-comment-text")) { comment.text }
            }
            div(.class("mv-comment-actions")) {
                a(.class("mv-reply-link"), .href(reviewPath + "/compose?parent=\(comment.id)")) { MovieText.reply(l) }
                likeButton(comment, likes: avatars.likes[comment.id] ?? 0, liked: avatars.mine[String(comment.id)] == 1,
                           back: reviewPath + "/comments#comment-\(comment.id)", viewer: viewer)
                if let user = viewer.user, user.id == comment.userID {
                    a(.class("mv-reply-link"), .href("/movies/comments/\(comment.id)/edit")) { Strings.edit(l) }
                    postForm(action: "/movies/comments/\(comment.id)/delete", csrfToken: viewer.csrfToken, confirm: MovieText.deleteConfirm(l),
                             attributes: [.class("mv-inline-form")]) {
                        input(.type("hidden"), .name("back"), .value(reviewPath + "/comments"))
                        WebUI.button(.class("mv-delete"), .type("submit")) { Strings.delete(l) }
                    }
                } else {
                    a(.classes("mv-reply-link", "mv-report-link"), .href(CommunityText.reportPath(comment))) { CommunityText.report(l) }
                }
            }
        }
    }

    /// 赞 with the count: a form for others' comments, the count alone on one's own, a login link signed out.
    func likeButton(_ comment: Comment, likes: Int, liked: Bool, back: String, viewer: Viewer) -> Node {
        let label = MovieText.likes(likes)(viewer.language)
        if viewer.user == nil {
            return a(.classes("mv-reply-link", "mv-like"), .href("/login?next=" + percentEncode(back))) { label }
        }
        if viewer.user?.id == comment.userID { return span(.classes("mv-votes", "mv-like-count")) { label } }
        return postForm(action: "/movies/comments/\(comment.id)/like", csrfToken: viewer.csrfToken, attributes: [.class("mv-inline-form")]) {
            input(.type("hidden"), .name("value"), .value("like"))
            input(.type("hidden"), .name("back"), .value(back))
            WebUI.button(.classes("mv-like", liked ? "is-on" : nil), .type("submit"), .attribute("aria-pressed", liked ? "true" : "false")) { label }
        }
    }

    func composePage(_ request: Request, _ viewer: Viewer, text: String = "", error: String? = nil) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let parentID = (request.query["parent"] ?? request.form()["parent"]).flatMap { Int64($0) }
        var parent: Comment?
        if let parentID {
            guard viewer.isSignedIn else { return viewer.redirect(to: "/login?next=" + percentEncode(path + "/compose?parent=\(parentID)")) }
            parent = try comments.comment(parentID)
            guard let found = parent, found.subject == MovieReviewsApp.subject(review.id), !found.isDeleted else { throw HTTPError.notFound() }
        }
        let l = viewer.language
        let parentName = parent.map { CommunityText.authorName($0, l) }
        return self.page(viewer, title: (parent == nil ? MovieText.writeComment : MovieText.reply)(l),
                         back: BackLink(href: path + "/comments", label: Strings.cancel(l)), tab: nil,
                         tabs: [], status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: path + "/comments", csrfToken: viewer.csrfToken, attributes: [.class("mv-compose"), .id("compose")]) {
                if let parent, let parentName {
                    input(.type("hidden"), .name("parent"), .value(String(parent.id)))
                    p(.class("mv-compose-parent")) { MovieText.quotedReply(parentName, String(parent.text.prefix(60)))(l) }
                } else {
                    p(.class("mv-compose-parent")) { MovieText.commentOn(review.title)(l) }
                }
                formGroup(footer: viewer.isSignedIn ? nil : MovieText.anonymousNotice(l)) {
                    formField(label: MovieText.comment(l), name: "text", type: .textarea, value: text, error: error,
                              placeholder: parentName.map { MovieText.replyPlaceholder($0)(l) } ?? MovieText.commentPlaceholder(l),
                              required: true, maxLength: 2000, autofocus: true)
                }
                div(.class("mv-compose-actions")) {
                    a(.classes("btn", "btn-secondary", "mv-cancel"), .href(path + "/comments")) { Strings.cancel(l) }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { MovieText.post(l) }
                }
            }
        }
    }

    func submitComment(_ request: Request, _ viewer: Viewer) throws -> Response {
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
            // A held comment is on no list yet: the comments page shows it to its author as awaiting review.
            var response = viewer.redirect(to: path + "/comments" + (comment.isHeld ? "#awaiting-review" : "#comment-\(comment.id)"),
                                           flash: AwaitingReview.toast(comment, posted: MovieText.posted(viewer.language), viewer.language))
            if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
            return response
        } catch let error as CommentError {
            var response = try composePage(request, viewer, text: text, error: error.message(viewer.language))
            if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
            return response
        }
    }

    func deleteComment(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let back = request.form()["back"].flatMap { $0.hasPrefix("/movies/") && !$0.hasPrefix("//") ? $0 : nil } ?? "/movies"
        try comments.delete(try request.parameter("id", as: Int64.self), userID: member.user.id)
        return viewer.redirect(to: back, flash: Toast(MovieText.deleted(viewer.language), kind: .success))
    }

    /// Editing one's own comment: the compose form prefilled; the comment is marked 已编辑.
    func editPage(_ request: Request, _ member: SignedIn, text: String? = nil, error: String? = nil) throws -> Response {
        let viewer = member.viewer
        guard let comment = try comments.comment(try request.parameter("id", as: Int64.self)), !comment.isDeleted,
              comment.subject.app == MovieReviewsApp.id else { throw HTTPError.notFound() }
        let back = "/movies/reviews/\(comment.subject.item)/comments"
        guard member.user.id == comment.userID else { throw CommentError.notYours }
        let l = viewer.language
        return self.page(viewer, title: MovieText.editComment(l), back: BackLink(href: back, label: Strings.cancel(l)), tab: nil, tabs: [],
                         status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: "/movies/comments/\(comment.id)/edit", csrfToken: viewer.csrfToken, attributes: [.class("mv-compose")]) {
                formGroup {
                    formField(label: MovieText.comment(l), name: "text", type: .textarea, value: text ?? comment.text, error: error,
                              required: true, maxLength: 2000, autofocus: true)
                }
                div(.class("mv-compose-actions")) {
                    a(.classes("btn", "btn-secondary", "mv-cancel"), .href(back)) { Strings.cancel(l) }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { Strings.save(l) }
                }
            }
        }
    }

    func submitEdit(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let id = try request.parameter("id", as: Int64.self)
        let text = request.form()["text"] ?? ""
        do {
            let comment = try comments.edit(id, userID: member.user.id, text: text)
            return viewer.redirect(to: "/movies/reviews/\(comment.subject.item)/comments#comment-\(id)",
                                   flash: Toast(MovieText.saved(viewer.language), kind: .success))
        } catch let error as CommentError where error != .notYours && error != .notFound {
            return try editPage(request, member, text: text, error: error.message(viewer.language))
        }
    }

    func toggleFavorite(_ request: Request, _ member: SignedIn) throws -> Response {
        let (viewer, user) = (member.viewer, member.user)
        let id = try request.parameter("id", as: Int64.self)
        let path = "/movies/reviews/\(id)"
        let subject = MovieReviewsApp.subject(id)
        if try favorites.contains(subject, userID: user.id) {
            try favorites.remove(subject, userID: user.id)
            return viewer.redirect(to: path, flash: Toast(MovieText.unfavorited(viewer.language)))
        }
        try favorites.add(subject, userID: user.id)
        return viewer.redirect(to: path, flash: Toast(MovieText.favorited(viewer.language), kind: .success))
    }

    // MARK: films

    func filmsPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let query = request.query["q"] ?? ""
        let filter = try FilmFilter(query: request.query)
        let page = try store.films(query: query, filter: filter, cursor: request.query["cursor"], limit: 20)
        let l = viewer.language
        return self.page(viewer, title: MovieText.films(l), back: Self.launcher, tab: "films") {
            form(.class("mv-search"), .method("get"), .action("/movies/films"), .role("search")) {
                input(.class("field-input"), .type("search"), .name("q"), .value(query), .placeholder(MovieText.searchPlaceholder(l)),
                      .ariaLabel(MovieText.searchFilms(l)), .attribute("enterkeyhint", "search"))
                for (name, value) in filter.parameters { input(.type("hidden"), .name(name), .value(value)) }
                WebUI.button(.classes("btn", "btn-primary"), .type("submit")) { Strings.search(l) }
            }
            filterForm(filter, action: "/movies/films", hidden: query.isEmpty ? [] : [("q", query)], language: l)
            p(.class("mv-top-link")) {
                a(.classes("btn", "btn-secondary"), .href("/movies/top" + (filter.isEmpty ? "" : "?" + filter.queryString))) { MovieText.topListLink(l) }
            }
            if page.items.isEmpty {
                emptyState(icon: .search, title: MovieText.noFilms(l),
                           message: !filter.isEmpty ? MovieText.tryAnotherFilter(l) : query.isEmpty ? nil : MovieText.tryAnotherSearch(l))
            } else {
                ul(.classes("list-group", "mv-films"), .role("list"), .attribute("data-list", "films")) {
                    for film in page.items {
                        listCell(title: film.title,
                                 subtitle: [film.year.map(String.init), film.genres.map { MovieText.genres($0, l) }]
                                    .compactMap { $0 }.joined(separator: " · "),
                                 detail: film.rating.map { String(format: "%.1f", $0) },
                                 href: "/movies/films/\(percentEncode(film.id))",
                                 image: .thumbnail(url: Self.posterURL(film.id), alt: ""))
                    }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) {
                        moreLink("/movies/films?q=\(percentEncode(query))" + (filter.isEmpty ? "" : "&" + filter.queryString) + "&cursor=\(next)",
                                 kind: "films", l)
                    }
                }
            }
        }
    }

    func filmPage(_ request: Request, _ viewer: Viewer, markError: String? = nil, markValues: FormData? = nil) throws -> Response {
        guard let film = try store.film(try request.parameter("id")) else { throw HTTPError.notFound() }
        let sort = CommentSort(rawValue: request.query["sort"] ?? "hot") ?? .hot
        let page = try store.shortComments(film: film.id, sort: sort, cursor: request.query["cursor"], limit: 20)
        let total = try store.shortCommentCount(film: film.id)
        let reviews = try store.reviews(ofFilm: film.id, limit: 5)
        let reviewCounts = (try? commentCounts(reviews)) ?? [:]
        let reviewCount = try store.reviewCount(ofFilm: film.id)
        let average = try store.averageStars(film: film.id)
        let local = try store.localRating(film: film.id)
        let mark = try viewer.user.flatMap { try writes.mark(userID: $0.id, filmID: film.id) }
        let myVotes = try viewer.user.map { try writes.myVotes(userID: $0.id, target: .short, items: page.items.map(\.id)) } ?? [:]
        let writers = try authenticator.identity.users.users(ids: page.items.compactMap(\.userID))
        let base = "/movies/films/\(percentEncode(film.id))"
        let l = viewer.language
        return self.page(viewer, title: film.title, back: BackLink(href: "/movies/films", label: MovieText.films(l)), tab: "films",
                         status: markError == nil ? .ok : .unprocessableContent) {
            div(.class("mv-film-head")) {
                posterLink(film.id, title: film.title, large: true, l)
                div(.class("mv-film-info")) {
                    h1(.class("mv-film-title")) { film.title }
                    if let original = film.originalTitle { p(.class("mv-meta")) { original } }
                    if film.incomplete { p(.class("mv-incomplete")) { MovieText.incompleteFilm(l) } }
                    p(.class("mv-meta")) {
                        [film.year.map(String.init), film.genres.map { MovieText.genres($0, l) },
                         film.runtime.map { MovieText.minutes($0)(l) }].compactMap { $0 }.joined(separator: " · ")
                    }
                    if let rating = film.rating {
                        div(.class("mv-film-rating")) {
                            span(.class("mv-score")) { String(format: "%.1f", rating) }
                            tenPointStars(rating, language: l)
                            if let count = film.ratingCount { span(.class("mv-meta")) { MovieText.ratingCount(count)(l) } }
                        }
                    } else {
                        p(.class("mv-meta")) { MovieText.noRating(l) }
                    }
                    if let local {
                        p(.classes("mv-meta", "mv-local-rating")) { MovieText.localRating(local.average * 2, count: local.count)(l) }
                    }
                }
            }
            dl(.class("mv-film-facts")) {
                if let directors = film.directors { dt { MovieText.directors(l) }; dd { directors.replacingOccurrences(of: "|", with: " / ") } }
                if let actors = film.actors { dt { MovieText.cast(l) }; dd { actors.replacingOccurrences(of: "|", with: " / ") } }
                if let date = film.releaseDate { dt { MovieText.released(l) }; dd { date } }
                if let regions = film.regions { dt { MovieText.regions(l) }; dd { regions.replacingOccurrences(of: "|", with: " / ") } }
                if let languages = film.languages { dt { MovieText.languages(l) }; dd { languages.replacingOccurrences(of: "|", with: " / ") } }
                if let average { dt { MovieText.shortAverage(l) }; dd { MovieText.averageStars(average.average, count: average.count)(l) } }
            }
            if let summary = film.summary {
                div(.class("mv-film-summary")) { paragraphs(summary) }
            }
            markCard(film: film, mark: mark, viewer: viewer, error: markError, values: markValues)
            if !reviews.isEmpty {
                sectionHeader(MovieText.reviewsHeader(reviewCount)(l), actionLabel: reviewCount > reviews.count ? MovieText.all(l) : nil,
                              actionHref: reviewCount > reviews.count ? "/movies/reviews" : nil)
                ul(.class("mv-list"), .role("list")) {
                    for review in reviews { reviewCell(review, commentCount: reviewCounts[review.id] ?? 0, language: l) }
                }
            }
            sectionHeader(MovieText.shortReviewsHeader(total)(l))
            segmentedControl([Segment(id: "hot", href: base + "?sort=hot#short", label: MovieText.popular(l)),
                              Segment(id: "new", href: base + "?sort=new#short", label: MovieText.newest(l))],
                             selected: sort.rawValue, label: MovieText.sort(l))
            if page.items.isEmpty {
                p(.class("mv-end"), .id("short")) { MovieText.noShortReviews(l) }
            } else {
                ul(.class("mv-comments"), .role("list"), .id("short"), .attribute("data-list", "short")) {
                    for comment in page.items {
                        li(.class("mv-comment")) {
                            div(.class("mv-comment-head")) {
                                let uploaded = comment.userID.flatMap { writers[$0]?.avatarPath }.map { "/media/" + $0 }
                                img(.class("mv-avatar"), .src(uploaded ?? Self.avatarURL(comment.author, userID: comment.userID)), .alt(""), .width(28), .height(28))
                                if let author = comment.userID {
                                    a(.classes("mv-user", "mv-user-link"), .href("/movies/users/\(author)")) { comment.author }
                                } else {
                                    span(.class("mv-user")) { comment.author }
                                }
                                stars(comment.rating, small: true, language: l)
                            }
                            p(.class("mv-comment-text")) { comment.content }
                            div(.class("mv-comment-actions")) {
                                span(.class("mv-comment-time")) {
                                    BeijingTime.dateTime(comment.createdAt) + (comment.editedAt != nil ? " · " + MovieText.edited(l) : "")
                                }
                                if comment.userID != nil, comment.userID == viewer.user?.id {
                                    a(.class("mv-reply-link"), .href("#mark")) { Strings.edit(l) }
                                    span(.class("mv-votes")) { MovieText.helpful(comment.votes ?? 0)(l) }
                                } else {
                                    voteButtons(action: "/movies/short-comments/\(percentEncode(comment.id))/vote", useful: comment.votes ?? 0, useless: nil,
                                                mine: myVotes[comment.id], back: base + "?sort=\(sort.rawValue)#short", viewer: viewer)
                                }
                            }
                        }
                    }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) { moreLink(base + "?sort=\(sort.rawValue)&cursor=\(next)#short", kind: "short", l) }
                }
            }
        }
    }

    // MARK: more

    func morePage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let mine = try viewer.user.map { try favorites.list(userID: $0.id, cursor: nil, limit: 20) }
        let myComments = try viewer.user.map { try comments.comments(byUser: $0.id, cursor: nil, limit: 20) }
        let titles: [Subject: SubjectInfo] = try store.database.read { db in
            var titles: [Subject: SubjectInfo] = [:]
            for comment in myComments?.items ?? [] where titles[comment.subject] == nil {
                titles[comment.subject] = try favorites.directory.info(comment.subject, db: db)
            }
            return titles
        }
        let l = viewer.language
        return self.page(viewer, title: MovieText.more(l), back: Self.launcher, tab: "more") {
            if let user = viewer.user {
                listGroup(header: MovieText.account(l)) {
                    listCell(title: user.nickname, subtitle: "@" + user.username, href: "/me")
                    listFormCell(title: Strings.logOut(l), action: "/logout", csrfToken: viewer.csrfToken, destructive: true)
                }
                listGroup(header: MovieText.myMovies(l)) {
                    listCell(title: MovieText.myMoviesDetail(l), href: "/movies/me", image: .icon(.star, .orange))
                }
                listGroup(header: MovieText.myFavorites(l)) {
                    if let mine, !mine.items.isEmpty {
                        for favorite in mine.items {
                            listCell(title: favorite.info.title,
                                     subtitle: favorite.subject.app == MovieReviewsApp.id ? MovieText.review(l) : favorite.subject.app,
                                     href: favorite.info.path)
                        }
                    } else {
                        listRow { p(.class("mv-meta")) { MovieText.noFavorites(l) } }
                    }
                }
                listGroup(header: MovieText.myComments(l)) {
                    if let myComments, !myComments.items.isEmpty {
                        for comment in myComments.items {
                            let info = titles[comment.subject]
                            listCell(title: comment.text,
                                     subtitle: (info?.title ?? comment.subject.description) + " · " + BeijingTime.dateTime(comment.createdAt),
                                     href: comment.subject.app == MovieReviewsApp.id
                                        ? "/movies/reviews/\(comment.subject.item)/comments#comment-\(comment.id)" : info?.path)
                        }
                    } else {
                        listRow { p(.class("mv-meta")) { MovieText.noMyComments(l) } }
                    }
                }
            } else {
                listGroup(header: MovieText.account(l), footer: MovieText.loginBenefits(l)) {
                    listCell(title: Strings.logIn(l), href: "/login?next=" + percentEncode("/movies/more"), image: .icon(.person, .blue))
                    listCell(title: Strings.register(l), href: "/register?next=" + percentEncode("/movies/more"), image: .icon(.plus, .green))
                }
            }
            listGroup(header: MovieText.about(l)) {
                listRow { p(.class("mv-meta")) { MovieText.aboutData(l) } }
            }
        }
    }
}
