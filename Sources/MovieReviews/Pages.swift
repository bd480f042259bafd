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
    let topList: TopListCache
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
        // The signed-out first page is the same for every such reader of one language and theme: kept (``MovieFeedCache``).
        routes.anyone.get("", keep: .until(feedCache.pageValidity(clock: writes.now), entries: 8, megabytes: 2)) { request, viewer in
            try pages.feedPage(request, viewer)
        }
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
        // The signed-out Top list without a filter is the same for every such reader of one language and theme.
        routes.anyone.get("/top", keep: .until(topList.validity, entries: 8, megabytes: 2, maxAge: TopListCache.maxAge)) { request, viewer in
            try pages.topPage(request, viewer)
        }
        routes.anyone.get("/films/{id}") { request, viewer in try pages.filmPage(request, viewer) }
        routes.anyone.get("/more") { request, viewer in try pages.morePage(request, viewer) }
        routes.anyone.get("/for-you") { _, viewer in try pages.forYouPage(viewer) }
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
    /// signed-out first page, which the route keeps rendered for the snapshot.
    func feedPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        if request.query["tab"] == "new" { return try latestPage(request, viewer) }
        if request.query["tab"] == "following" { return try followingPage(request, viewer) }
        let latest = MovieFeedCache.snapshot(writes.now())
        let (now, offset) = try Self.feedCursor(request.query["cursor"], latest: latest) ?? (latest, 0)
        return try feedPage(now: now, offset: offset, latest: latest, viewer)
    }

    /// The feed ranked at snapshot `now`, from card `offset`.
    private func feedPage(now: Int64, offset: Int, latest: Int64, _ viewer: Viewer) throws -> Response {
        let feed = try feedCache.feed(now: now, latest: latest) {
            let candidates = try store.feedCandidates(now: now)
            return MovieFeed.mix(reviews: candidates.reviews, shorts: candidates.shorts, rising: candidates.rising, now: now)
        }
        // The first page's first review is the banner; the list below does not repeat it (tester 30 #17) and still
        // holds a page of cards, so the first page takes one card more and the next page starts after it.
        let window = feed.dropFirst(offset).prefix(MovieFeed.pageSize + (offset == 0 ? 1 : 0))
        let banner = offset == 0 ? window.lazy.compactMap { card -> Review? in if case .review(let review) = card { review } else { nil } }.first : nil
        let listed = Array(window.filter { card in
            guard case .review(let review) = card else { return true }
            return review.id != banner?.id
        }.prefix(MovieFeed.pageSize))
        let taken = listed.count + (banner == nil ? 0 : 1)
        let reviews = listed.compactMap { card -> Review? in if case .review(let review) = card { review } else { nil } }
        let counts = try commentCounts(reviews)
        let next = offset + taken < feed.count ? MovieFeed.cursor(now: now, offset: offset + taken) : nil
        let forYou = offset == 0 ? try recommender.forYou(userID: viewer.user?.id, now: writes.now()) : nil
        let l = viewer.language
        return self.page(viewer, title: MovieText.appTitle(l), back: Self.launcher, tab: "feed") {
            feedTabs(selected: "feed", l)
            if offset == 0, !feed.isEmpty { p(.classes("mv-meta", "mv-feed-sources")) { MovieFeed.sources(of: feed)(l) } }
            if let forYou, !forYou.films.isEmpty { forYouSection(forYou, signedIn: viewer.user != nil, language: l) }
            if let banner {
                a(.class("mv-banner"), .href("/movies/reviews/\(banner.id)")) {
                    img(.class("mv-banner-img"), .src(Self.posterURL(banner.filmID)), .alt(""), .width(200), .height(280))
                    span(.class("mv-banner-text")) {
                        span(.class("mv-banner-tag")) { MovieText.featuredReview(l) }
                        span(.class("mv-banner-title")) { banner.title }
                        span(.class("mv-banner-film")) { MovieText.filmTitle(banner.filmTitle)(l) + " · " + MovieText.author(banner.author, userID: banner.userID)(l) }
                    }
                }
            }
            if listed.isEmpty, banner == nil {
                emptyState(icon: .film, title: MovieText.noReviews(l), message: MovieText.noReviewsMessage(l))
            } else {
                ul(.class("mv-list"), .role("list"), .attribute("data-list", "feed"), .attribute("data-refresh", "/movies")) {
                    for card in listed {
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
            throw HTTPError(.badRequest, localized: MovieText.invalidCursor)
        }
        return (now, Int(offset))
    }

    /// A hot 短评 in the feed: its author, stars and text, linked to its film's 短评.
    func shortCell(_ comment: ShortComment, filmID: String, filmTitle: String, language l: Language) -> Node {
        li(.classes("mv-cell", "mv-card-short"), .attribute("data-film", filmID), .attribute("data-card", "short-" + comment.id)) {
            a(.class("mv-cell-link"), .href("/movies/films/\(percentEncode(filmID))#short")) {
                div(.class("mv-cell-main")) {
                    div(.class("mv-byline")) {
                        img(.class("mv-avatar"), .src(Self.avatarURL(comment.author, userID: comment.userID)), .alt(""), .width(28), .height(28))
                        span(.class("mv-user")) { MovieText.author(comment.author, userID: comment.userID)(l) }
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
        li(.classes("mv-cell", "mv-card-film"), .attribute("data-film", film.id), .attribute("data-card", "film-" + film.id)) {
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
        li(.class("mv-cell"), .attribute("data-film", review.filmID), .attribute("data-card", "review-\(review.id)")) {
            a(.class("mv-cell-link"), .href("/movies/reviews/\(review.id)")) {
                div(.class("mv-cell-main")) {
                    div(.class("mv-byline")) {
                        img(.class("mv-avatar"), .src(Self.avatarURL(review.author, userID: review.userID)), .alt(""), .width(28), .height(28))
                        span(.class("mv-user")) { MovieText.author(review.author, userID: review.userID)(l) }
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
