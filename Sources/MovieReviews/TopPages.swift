import Foundation
import HTTPServer
import Identity
import WebUI

/// The Top list page (`/movies/top`, ``TopList``) and the genre / decade / score filter it shares with the
/// film library. A bad filter value is a 400 page naming it.
extension MoviePages {
    func topPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let filter = try FilmFilter(query: request.query)
        let offset = try TopList.offset(request.query["cursor"])
        let top = try topList.page(filter: filter, offset: offset)
        let l = viewer.language
        let keep = filter.queryString
        return self.page(viewer, title: MovieText.topList(l), back: BackLink(href: "/movies/films", label: MovieText.films(l)), tab: "films") {
            if let prior = top.prior, offset == 0 {
                p(.class("mv-formula")) { MovieText.topFormula(mean: prior.mean, votes: prior.votes, films: prior.films)(l) }
            }
            filterForm(filter, action: "/movies/top", language: l)
            if top.items.isEmpty {
                emptyState(icon: .film, title: MovieText.noFilms(l), message: filter.isEmpty ? nil : MovieText.tryAnotherFilter(l))
            } else {
                ol(.classes("list-group", "mv-films", "mv-top"), .role("list"), .attribute("data-list", "top")) {
                    for item in top.items {
                        // The place apart from the title: a title is data, shown as it is.
                        listCell(title: item.film.title,
                                 subtitle: [MovieText.place(item.place)(l), item.film.year.map(String.init), item.film.genres.map { MovieText.genres($0, l) },
                                            MovieText.topVotes(mean: item.mean, votes: item.votes)(l)].compactMap { $0 }.joined(separator: " · "),
                                 detail: String(format: "%.2f", item.weighted),
                                 href: "/movies/films/\(percentEncode(item.film.id))",
                                 image: .thumbnail(url: Self.posterURL(of: item.film), alt: ""))
                    }
                }
                if let next = top.nextOffset {
                    div(.class("mv-more")) { moreLink("/movies/top?" + (keep.isEmpty ? "" : keep + "&") + "cursor=\(next)", kind: "top", l) }
                } else {
                    p(.class("mv-end")) { MovieText.end(l) }
                }
            }
        }
    }

    /// Three selects (genre, decade, lowest Douban score) and 筛选, as a GET form to `action`; `hidden` keeps
    /// other parameters (the film search's `q`).
    func filterForm(_ filter: FilmFilter, action: String, hidden: [(String, String)] = [], language l: Language) -> Node {
        form(.class("mv-filter"), .method("get"), .action(action), .ariaLabel(MovieText.filter(l))) {
            for (name, value) in hidden { input(.type("hidden"), .name(name), .value(value)) }
            select(.class("mv-select"), .name("genre"), .ariaLabel(MovieText.genre(l))) {
                option(.value(""), Attribute.selected.when(filter.genre == nil)) { MovieText.allGenres(l) }
                for genre in MovieText.filterGenres {
                    option(.value(genre), Attribute.selected.when(filter.genre == genre)) { MovieText.genreNames[genre]?(l) ?? genre }
                }
            }
            select(.class("mv-select"), .name("decade"), .ariaLabel(MovieText.decade(l))) {
                option(.value(""), Attribute.selected.when(filter.decade == nil)) { MovieText.allYears(l) }
                for decade in FilmFilter.decades {
                    option(.value(String(decade)), Attribute.selected.when(filter.decade == decade)) { MovieText.decadeName(decade)(l) }
                }
            }
            select(.class("mv-select"), .name("min"), .ariaLabel(MovieText.minimumScore(l))) {
                option(.value(""), Attribute.selected.when(filter.minRating == nil)) { MovieText.anyScore(l) }
                for minimum in FilmFilter.minRatings {
                    option(.value(FilmFilter.number(minimum)), Attribute.selected.when(filter.minRating == minimum)) { MovieText.atLeast(minimum)(l) }
                }
            }
            WebUI.button(.classes("btn", "btn-secondary"), .type("submit")) { MovieText.filter(l) }
        }
    }

    /// The cached Douban poster, or our drawn one for a film without a poster URL (an incomplete film).
    static func posterURL(of film: Film) -> String {
        film.posterURL?.isEmpty == false ? posterURL(film.id) : "/movies/posters/\(percentEncode(film.id)).svg"
    }

    /// 猜你喜欢 on the first feed page: a row of posters, labelled with where they come from, and a link to its page.
    func forYouSection(_ forYou: ForYou, signedIn: Bool, language l: Language) -> Node {
        section(.class("mv-foryou"), .ariaLabel(MovieText.forYou(l))) {
            let title = if case .ratings = forYou.source { MovieText.forYou(l) } else { MovieText.forYouColdStart(l) }
            sectionHeader(title, actionLabel: MovieText.forYouAll(l), actionHref: "/movies/for-you")
            p(.class("mv-foryou-why")) { forYouReason(forYou.source, signedIn: signedIn, l) }
            ul(.class("mv-foryou-list"), .role("list"), .attribute("data-source", forYou.source.name)) {
                for film in forYou.films {
                    li {
                        a(.class("mv-foryou-film"), .href("/movies/films/\(percentEncode(film.id))")) {
                            img(.class("mv-foryou-poster"), .src(Self.posterURL(of: film)), .alt(""), .width(88), .height(124), .loading("lazy"))
                            span(.class("mv-foryou-title")) { film.title }
                            if let rating = film.rating { span(.class("mv-meta")) { String(format: "%.1f", rating) } }
                        }
                    }
                }
            }
        }
    }
}

extension MoviePages {
    /// Why these films: the reader's ratings, or the Top list until they have rated enough (or while the model builds).
    func forYouReason(_ source: ForYou.Source, signedIn: Bool, _ l: Language) -> String {
        switch source {
        case .ratings(let rated): MovieText.forYouFromRatings(rated)(l)
        case .pending: MovieText.forYouPending(l)
        case .topList(let rated):
            (signedIn ? MovieText.forYouNeedsRatings(rated, minimum: MovieRecommender.minimumRatings)
                : MovieText.forYouSignIn(MovieRecommender.minimumRatings))(l)
        }
    }

    /// `/movies/for-you`: 猜你喜欢 on a page of its own — up to ``MovieRecommender/pageCount`` films, each with year,
    /// genres and Douban rating, and why they were picked.
    func forYouPage(_ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let forYou = try recommender.forYou(userID: viewer.user?.id, now: writes.now(), count: MovieRecommender.pageCount)
        return page(viewer, title: MovieText.forYou(l), back: BackLink(href: "/movies", label: MovieText.home(l)), tab: "feed") {
            p(.class("mv-foryou-why")) { forYouReason(forYou.source, signedIn: viewer.user != nil, l) }
            if forYou.films.isEmpty {
                emptyState(icon: .film, title: MovieText.noFilms(l))
            } else {
                ul(.classes("list-group", "mv-films"), .role("list"), .attribute("data-list", "for-you"), .attribute("data-source", forYou.source.name)) {
                    for film in forYou.films {
                        listCell(title: film.title,
                                 subtitle: [film.year.map(String.init), film.genres.map { MovieText.genres($0, l) }].compactMap { $0 }.joined(separator: " · "),
                                 detail: film.rating.map { String(format: "%.1f", $0) },
                                 href: "/movies/films/\(percentEncode(film.id))",
                                 image: .thumbnail(url: Self.posterURL(of: film), alt: ""))
                    }
                }
            }
        }
    }
}

extension ForYou.Source {
    /// `ratings`, `top` or `pending`, for the page's `data-source` and the API.
    var name: String {
        switch self {
        case .ratings: "ratings"
        case .topList: "top"
        case .pending: "pending"
        }
    }
}
