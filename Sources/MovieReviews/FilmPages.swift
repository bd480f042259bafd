import AppHost
import Community
import Foundation
import HTTPServer
import Identity
import Storage
import WebUI

/// The film library and a film's page (its marks, 短评 and reviews).
extension MoviePages {
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
                        [film.year.map(String.init) ?? (film.chinaReleaseDate != nil ? MovieText.yearUnknown(l) : nil),
                         film.genres.map { MovieText.genres($0, l) }, film.runtime.map { MovieText.minutes($0)(l) }].compactMap { $0 }.joined(separator: " · ")
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
                if let date = film.chinaReleaseDate {
                    dt { MovieText.releasedInChina(l) }; dd { date }
                } else if let date = film.releaseDate {
                    dt { MovieText.released(l) }; dd { date }
                }
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
                                    a(.classes("mv-user", "mv-user-link"), .href("/movies/users/\(author)")) { MovieText.author(comment.author, userID: comment.userID)(l) }
                                } else {
                                    span(.class("mv-user")) { MovieText.author(comment.author, userID: comment.userID)(l) }
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
}
