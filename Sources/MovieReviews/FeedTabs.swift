import HTTPServer
import Identity
import WebUI

/// The 首页's tabs: 推荐 (the mixed feed, ``MovieFeed``), 最新 (`/movies?tab=new`: reviews and 短评 of every
/// film, newest first, ``MovieStore/latestCards(cursor:limit:followedBy:)``) and 关注的人
/// (`/movies?tab=following`: the same, written by the users the viewer follows).
extension MoviePages {
    func feedTabs(selected: String, _ l: Language) -> Node {
        segmentedControl([Segment(id: "feed", href: "/movies", label: MovieText.recommendedTab(l)),
                          Segment(id: "new", href: "/movies?tab=new", label: MovieText.latestTab(l)),
                          Segment(id: "following", href: "/movies?tab=following", label: MovieText.followingTab(l))],
                         selected: selected, label: MovieText.feedTabs(l))
    }

    func latestPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let page = try store.latestCards(cursor: request.query["cursor"], limit: MovieFeed.pageSize)
        let reviews = page.cards.compactMap { card -> Review? in if case .review(let review) = card { review } else { nil } }
        let counts = try commentCounts(reviews)
        let l = viewer.language
        return self.page(viewer, title: MovieText.appTitle(l), back: Self.launcher, tab: "feed") {
            feedTabs(selected: "new", l)
            if page.cards.isEmpty {
                emptyState(icon: .film, title: MovieText.noReviews(l), message: MovieText.noReviewsMessage(l))
            } else {
                cardList(page, counts: counts, tab: "new", list: "latest", l)
            }
        }
    }

    /// 关注的人: signed out, a way to sign in; following nobody, how to start; else the cards of those followed.
    /// A cursor this tab did not give is a 400 whoever asks (checked before anything may skip the list).
    func followingPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        _ = try MovieStore.latestCursor(request.query["cursor"])
        let l = viewer.language
        let follows = try viewer.user.map { try self.follows.counts(userID: $0.id, viewer: nil).following }
        let page = try viewer.user.flatMap { user in
            follows ?? 0 > 0 ? try store.latestCards(cursor: request.query["cursor"], limit: MovieFeed.pageSize, followedBy: user.id) : nil
        }
        let reviews = page?.cards.compactMap { card -> Review? in if case .review(let review) = card { review } else { nil } } ?? []
        let counts = try commentCounts(reviews)
        return self.page(viewer, title: MovieText.appTitle(l), back: Self.launcher, tab: "feed") {
            feedTabs(selected: "following", l)
            if let page, !page.cards.isEmpty {
                cardList(page, counts: counts, tab: "following", list: "following", l)
            } else if follows == nil {
                emptyState(icon: .person, title: MovieText.followingTab(l), message: MovieText.followingSignIn(l),
                           action: LinkAction(label: MovieText.signIn(l), href: "/login?next=" + percentEncode("/movies?tab=following")))
            } else if follows == 0 {
                emptyState(icon: .person, title: MovieText.followingEmpty(l), message: MovieText.followingEmptyMessage(l))
            } else {
                emptyState(icon: .film, title: MovieText.followingQuiet(l))
            }
        }
    }

    /// A page of newest-first cards with its 加载更多 link (``MovieStore/latestCards(cursor:limit:followedBy:)``).
    @HTMLBuilder
    func cardList(_ page: (cards: [FeedCard], nextCursor: String?), counts: [Int64: Int], tab: String, list: String, _ l: Language) -> [Node] {
        ul(.class("mv-list"), .role("list"), .attribute("data-list", list), .attribute("data-refresh", "/movies?tab=\(tab)")) {
            for card in page.cards {
                switch card {
                case .review(let review): reviewCell(review, commentCount: counts[review.id] ?? 0, language: l)
                case .short(let comment, let filmID, let filmTitle): shortCell(comment, filmID: filmID, filmTitle: filmTitle, language: l)
                case .film(let film, let marks): filmCell(film, marks: marks, language: l)
                }
            }
        }
        if let next = page.nextCursor {
            div(.class("mv-more")) { moreLink("/movies?tab=\(tab)&cursor=\(next)", kind: list, l) }
        } else {
            p(.class("mv-end")) { MovieText.end(l) }
        }
    }
}
