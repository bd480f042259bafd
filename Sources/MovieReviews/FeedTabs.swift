import HTTPServer
import Identity
import WebUI

/// The 首页's two tabs: 推荐 (the mixed feed, ``MovieFeed``) and 最新 (`/movies?tab=new`: reviews and 短评 of
/// every film, newest first, ``MovieStore/latestCards(cursor:limit:)``).
extension MoviePages {
    func feedTabs(selected: String, _ l: Language) -> Node {
        segmentedControl([Segment(id: "feed", href: "/movies", label: MovieText.recommendedTab(l)),
                          Segment(id: "new", href: "/movies?tab=new", label: MovieText.latestTab(l))],
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
                ul(.class("mv-list"), .role("list"), .attribute("data-list", "latest"), .attribute("data-refresh", "/movies?tab=new")) {
                    for card in page.cards {
                        switch card {
                        case .review(let review): reviewCell(review, commentCount: counts[review.id] ?? 0, language: l)
                        case .short(let comment, let filmID, let filmTitle): shortCell(comment, filmID: filmID, filmTitle: filmTitle, language: l)
                        case .film(let film, let marks): filmCell(film, marks: marks, language: l)
                        }
                    }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) { moreLink("/movies?tab=new&cursor=\(next)", kind: "latest", l) }
                } else {
                    p(.class("mv-end")) { MovieText.end(l) }
                }
            }
        }
    }
}
