import AppHost
import Community
import Foundation
import HTTPServer
import Identity
import Storage
import WebUI

/// A review's page: the text, its poster, the bottom bar (comments, favourite, share).
extension MoviePages {
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
                            a(.classes("mv-user", "mv-user-link"), .href("/movies/users/\(author)")) { MovieText.author(review.author, userID: review.userID)(l) }
                        } else {
                            span(.class("mv-user")) { MovieText.author(review.author, userID: review.userID)(l) }
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
                if let user = viewer.user, user.id == review.userID {
                    // One's own review is not voted on (the store refuses it): its counts, no buttons.
                    p(.classes("mv-votes-bar", "mv-meta")) { "\(MovieText.useful(l)) \(review.useful ?? 0) · \(MovieText.useless(l)) \(review.useless ?? 0)" }
                } else {
                    voteButtons(action: "/movies/reviews/\(review.id)/vote", useful: review.useful ?? 0, useless: review.useless ?? 0, mine: myVote,
                                back: "/movies/reviews/\(review.id)", viewer: viewer)
                }
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
}
