import AppSuiteAPI
import Community
import HTTPServer
import Identity
import Storage
import WebUI

/// `/api/v1/movies/…`: reviews feed and detail, films search and detail with paged short comments,
/// comments on reviews (via the community target).
struct MovieAPI: Sendable {
    let store: MovieStore
    let comments: CommentStore
    let writes: MovieWrites
    let recommender: MovieRecommender
    let topList: TopListCache
    let authenticator: Authenticator

    func register(into api: inout RouteGroup<SessionGuard>) {
        let store = self.store
        let comments = self.comments
        let writes = self.writes
        let endpoint = CommentsEndpoint(authenticator: authenticator, store: comments)

        api.anyone.get("/reviews") { request, _ in
            let limit = Self.limit(request)
            let page = request.query["sort"] == "new"
                ? try store.newestReviews(cursor: request.query["cursor"], limit: limit)
                : try store.feed(cursor: request.query["cursor"], limit: limit)
            let counts = try comments.counts(page.items.map { MovieReviewsApp.subject($0.id) })
            return .json(capacity: 16 * 1024) { json in
                json.object { json in
                    json.array("items") { list in
                        for review in page.items {
                            Self.write(review, commentCount: counts[MovieReviewsApp.subject(review.id)] ?? 0, to: &list)
                        }
                    }
                    json.field("nextCursor", page.nextCursor)
                }
            }
        }
        api.anyone.get("/reviews/{id}") { request, viewer in
            try Self.detail(try request.parameter("id", as: Int64.self), store: store, comments: comments, writes: writes, viewer: viewer)
        }
        api.anyone.get("/reviews/{id}/comments") { request, _ in
            let id = try request.parameter("id", as: Int64.self)
            guard try store.review(id) != nil else { throw HTTPError.notFound() }
            return try endpoint.list(request, subject: MovieReviewsApp.subject(id))
        }
        api.anyone.post("/reviews/{id}/comments", limit: .content) { request, viewer in
            let id = try request.parameter("id", as: Int64.self)
            guard try store.review(id) != nil else { throw HTTPError.notFound() }
            return try endpoint.post(request, viewer: viewer, subject: MovieReviewsApp.subject(id), allowAnonymous: true)
        }
        api.anyone.get("/films") { request, _ in
            let page = try store.films(query: request.query["query"], filter: try FilmFilter(query: request.query), cursor: request.query["cursor"],
                                       limit: Self.limit(request))
            return .json(capacity: 16 * 1024) { json in
                json.object { json in
                    json.array("items") { list in for film in page.items { Self.write(film, to: &list) } }
                    json.field("nextCursor", page.nextCursor)
                }
            }
        }
        let recommender = self.recommender
        api.anyone.get("/top") { request, _ in
            let top = try topList.page(filter: try FilmFilter(query: request.query), offset: try TopList.offset(request.query["cursor"]))
            return .json(capacity: 16 * 1024) { json in
                json.object { json in
                    json.array("items") { list in
                        for entry in top.items {
                            list.object { json in
                                json.field("place", entry.place)
                                json.field("weightedRating", entry.weighted)
                                json.field("votes", entry.votes)
                                json.field("mean", entry.mean)
                                json.key("film")
                                Self.write(entry.film, to: &json)
                            }
                        }
                    }
                    if let prior = top.prior {
                        json.object("prior") { json in
                            json.field("meanRating", prior.mean)
                            json.field("minimumVotes", prior.votes)
                            json.field("films", prior.films)
                        }
                    } else {
                        json.field("prior", nil as Int?)
                    }
                    json.field("nextCursor", top.nextOffset.map(String.init))
                }
            }
        }
        api.anyone.get("/for-you") { _, viewer in
            let forYou = try recommender.forYou(userID: viewer.user?.id, now: writes.now())
            return .json(capacity: 16 * 1024) { json in
                json.object { json in
                    json.field("source", forYou.source.name)
                    switch forYou.source {
                    case .ratings(let rated), .topList(let rated), .pending(let rated): json.field("rated", rated)
                    }
                    json.field("minimumRatings", MovieRecommender.minimumRatings)
                    json.array("items") { list in for film in forYou.films { Self.write(film, to: &list) } }
                }
            }
        }
        api.anyone.get("/films/{id}") { request, viewer in
            let id = try request.parameter("id")
            guard let film = try store.film(id) else { throw HTTPError.notFound() }
            let sort = CommentSort(rawValue: request.query["sort"] ?? "hot") ?? .hot
            let page = try store.shortComments(film: id, sort: sort, cursor: request.query["cursor"], limit: Self.limit(request))
            let total = try store.shortCommentCount(film: id)
            let reviewCount = try store.reviewCount(ofFilm: id)
            let local = try store.localRating(film: id)
            let mark = try viewer.user.flatMap { try writes.mark(userID: $0.id, filmID: id) }
            return .json(capacity: 16 * 1024) { json in
                Self.write(film, to: &json) { json in
                    json.field("reviewCount", reviewCount)
                    json.object("comments") { json in
                        json.field("sort", sort.rawValue)
                        json.field("total", total)
                        json.array("items") { list in for comment in page.items { Self.write(comment, to: &list) } }
                        json.field("nextCursor", page.nextCursor)
                    }
                    json.field("localRating", local.map { $0.average * 2 })
                    json.field("localRatingCount", local?.count ?? 0)
                    if let mark {
                        json.key("myMark")
                        MovieWriteAPI.write(mark, to: &json)
                    } else {
                        json.field("myMark", String?.none)
                    }
                }
            }
        }
    }

    /// A review with its body, neighbours, the viewer's favourite and vote (``MovieReviewDetail``).
    static func detail(_ id: Int64, store: MovieStore, comments: CommentStore, writes: MovieWrites, viewer: Viewer,
                       status: HTTPStatus = .ok, replacedRating: Int? = nil) throws -> Response {
        guard let review = try store.review(id) else { throw HTTPError.notFound() }
        let neighbours = try store.neighbours(of: review)
        let count = try comments.count(MovieReviewsApp.subject(review.id))
        let favorite = try viewer.user.map { try FavoriteStore(database: store.database, directory: SubjectDirectory([:]))
            .contains(MovieReviewsApp.subject(review.id), userID: $0.id) }
        let vote = try viewer.user.flatMap { try writes.myVotes(userID: $0.id, target: .review, items: [String(id)])[String(id)] }
        return .json(status: status, capacity: review.body.map { $0.utf8.count + 2048 } ?? 2048) { json in
            Self.write(review, commentCount: count, to: &json, extra: { json in
                json.field("favorite", favorite)
                json.field("body", review.body)
                json.field("previousId", neighbours.previous)
                json.field("nextId", neighbours.next)
                json.field("edited", review.editedAt != nil)
                json.field("myVote", vote.map { $0 == 1 ? "useful" : "useless" })
                if let replacedRating { json.field("replacedRating", replacedRating) }
            })
        }
    }

    static func limit(_ request: Request) -> Int { max(1, min(Int(request.query["limit"] ?? "") ?? 20, 100)) }

    static func write(_ review: Review, commentCount: Int, to json: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }) {
        json.object { json in
            json.field("id", review.id)
            json.field("title", review.title)
            json.field("summary", review.summary)
            json.object("author") { json in
                json.field("name", review.author)
                json.field("avatarUrl", MoviePages.avatarURL(review.author, userID: review.userID))
                json.field("userId", review.userID)
            }
            writeFilmReference(id: review.filmID, title: review.filmTitle, to: &json)
            json.field("rating", review.rating)
            json.field("ratingLabel", review.rating.flatMap { MovieText.ratingWords[$0]?.zh })
            json.field("publishedAt", iso8601(review.publishedAt))
            json.field("featured", review.featured)
            json.field("usefulCount", review.useful)
            json.field("uselessCount", review.useless)
            json.field("commentCount", commentCount)
            json.field("url", "/movies/reviews/\(review.id)")
            json.field("spoiler", review.spoiler)
            extra(&json)
        }
    }

    /// `"film": {id, title, posterUrl}` (``MovieReview/Film``).
    static func writeFilmReference(id: String, title: String, to json: inout JSONWriter) {
        json.object("film") { json in
            json.field("id", id)
            json.field("title", title)
            json.field("posterUrl", "/movies/posters/\(percentEncode(id)).svg")
        }
    }

    /// A short comment (``MovieShortComment``).
    static func write(_ comment: ShortComment, to json: inout JSONWriter) {
        json.object { json in
            json.field("id", comment.id)
            json.field("author", comment.author)
            json.field("avatarUrl", MoviePages.avatarURL(comment.author, userID: comment.userID))
            json.field("rating", comment.rating)
            json.field("text", comment.content)
            json.field("votes", comment.votes)
            json.field("createdAt", iso8601(comment.createdAt))
            json.field("userId", comment.userID)
            json.field("edited", comment.editedAt != nil)
        }
    }

    static func write(_ film: Film, to json: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }) {
        json.object { json in
            json.field("id", film.id)
            json.field("title", film.title)
            json.field("originalTitle", film.originalTitle)
            json.field("year", film.year)
            json.field("genres", film.genres.map { $0.split(separator: "|").map(String.init) } ?? [])
            json.field("directors", film.directors.map { $0.split(separator: "|").map(String.init) } ?? [])
            json.field("actors", film.actors.map { $0.split(separator: "|").map(String.init) } ?? [])
            json.field("rating", film.rating)
            json.field("ratingCount", film.ratingCount)
            json.field("runtimeMinutes", film.runtime)
            json.field("releaseDate", film.releaseDate)
            json.field("chinaReleaseDate", film.chinaReleaseDate)
            json.field("regions", film.regions.map { $0.split(separator: "|").map(String.init) } ?? [])
            json.field("languages", film.languages.map { $0.split(separator: "|").map(String.init) } ?? [])
            json.field("summary", film.summary)
            json.field("posterUrl", "/movies/posters/\(percentEncode(film.id)).svg")
            json.field("sourcePosterUrl", film.posterURL)
            json.field("doubanUrl", film.doubanURL)
            json.field("incomplete", film.incomplete)
            extra(&json)
        }
    }

    static let operations: [APIOperation] = {
        let page: [APIOperation.Parameter] = [.init("limit", in: .query, schema: .integer()), .init("cursor", in: .query)]
        let filter: [APIOperation.Parameter] = [.init("genre", in: .query), .init("decade", in: .query, schema: .integer()),
                                                .init("min", in: .query, schema: .number())]
        return [
            APIOperation(.get, "/api/v1/movies/reviews", summary: "Review feed: featured first, then newest (sort=new: newest only)",
                         tag: "Movies", parameters: page + [.init("sort", in: .query)],
                         responses: [.init(200, "A page of reviews", schema: .ref(MovieReviewPage.self))]),
            APIOperation(.get, "/api/v1/movies/reviews/{id}", summary: "A review with its body and neighbours", tag: "Movies",
                         parameters: [.init("id", in: .path, schema: .integer())],
                         responses: [.init(200, "The review", schema: .ref(MovieReviewDetail.self)), .init(404, "No such review", schema: .reference("Problem"))]),
            APIOperation(.get, "/api/v1/movies/films", summary: "Film library, searchable by title or director, filtered by genre, decade, min score",
                         tag: "Movies", parameters: page + [.init("query", in: .query)] + filter,
                         responses: [.init(200, "A page of films", schema: .ref(MovieFilmPage.self)), .init(400, "A bad filter", schema: .reference("Problem"))]),
            APIOperation(.get, "/api/v1/movies/top", summary: "Top list by weighted rating WR = v/(v+m)·R + m/(v+m)·C, 250 places, 20 a page",
                         tag: "Movies", parameters: [.init("cursor", in: .query)] + filter,
                         responses: [.init(200, "A page of the Top list", schema: .ref(MovieTopPage.self)),
                                     .init(400, "A bad filter or cursor", schema: .reference("Problem"))]),
            APIOperation(.get, "/api/v1/movies/for-you", summary: "猜你喜欢: from the caller's ratings once they rated 5 films, else the Top list",
                         tag: "Movies", responses: [.init(200, "Up to 10 films", schema: .ref(MovieRecommendations.self))]),
            APIOperation(.get, "/api/v1/movies/films/{id}", summary: "A film with its short comments (sort=hot|new, paged)", tag: "Movies",
                         parameters: page + [.init("id", in: .path), .init("sort", in: .query)],
                         responses: [.init(200, "The film", schema: .ref(MovieFilmDetail.self)), .init(404, "No such film", schema: .reference("Problem"))]),
        ] + CommentsEndpoint.operations(path: "/api/v1/movies/reviews/{id}/comments", tag: "Movies",
                                        item: .init("id", in: .path, schema: .integer()))
    }()

    /// The movie models (`AppSuiteAPI`), as components of the document.
    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(MovieReview.self, overriding: ["rating": .integer(description: "stars, 1–5")]),
        JSONSchema.component(MovieReview.Author.self),
        JSONSchema.component(MovieReview.Film.self),
        JSONSchema.component(MovieReviewDetail.self, overriding: ["rating": .integer(description: "stars, 1–5")]),
        JSONSchema.component(MovieReviewPage.self),
        JSONSchema.component(MovieFilm.self, overriding: ["rating": .number(description: "Douban average, 0–10")]),
        JSONSchema.component(MovieFilmDetail.self, overriding: ["rating": .number(description: "Douban average, 0–10")]),
        JSONSchema.component(MovieFilmPage.self),
        JSONSchema.component(MovieShortComment.self, overriding: ["rating": .integer(description: "stars, 1–5")]),
        JSONSchema.component(MovieShortCommentPage.self),
        JSONSchema.component(MovieTopEntry.self),
        JSONSchema.component(MovieTopPage.self),
        JSONSchema.component(MovieTopPage.Prior.self),
        JSONSchema.component(MovieRecommendations.self),
    ]
}
