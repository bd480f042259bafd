public import AppSuiteAPI

extension AppSuiteClient {
    /// 影评 Movie Reviews: the review feed, the film library and comments on reviews. Reading needs no sign-in.
    public var movies: Movies { Movies(client: self) }

    /// The methods of ``AppSuiteClient/movies``.
    public struct Movies: Sendable {
        let client: AppSuiteClient

        static let reviews = Endpoint("GET", APIPath.Movies.reviews)
        static let review = Endpoint("GET", APIPath.Movies.review)
        static let comments = Endpoint("GET", APIPath.Movies.reviewComments)
        static let postComment = Endpoint("POST", APIPath.Movies.reviewComments)
        static let films = Endpoint("GET", APIPath.Movies.films)
        static let film = Endpoint("GET", APIPath.Movies.film)
        static let endpoints = [reviews, review, comments, postComment, films, film]

        /// The order of the review feed.
        public enum FeedOrder: Sendable {
            /// 热门 first, then newest.
            case featured
            /// Newest only.
            case newest
        }

        /// The order of a film's short comments.
        public enum ShortCommentOrder: String, Sendable {
            /// Most 有用 votes first.
            case hot
            /// Newest first.
            case new
        }

        /// `GET /api/v1/movies/reviews`: one page of the feed.
        /// - Parameters:
        ///   - limit: 1–100 reviews (the server's default when nil).
        ///   - cursor: the previous page's `nextCursor` with the same `order`; nil for the first page.
        public func reviews(order: FeedOrder = .featured, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> MovieReviewPage {
            try await client.value(.init(Self.reviews, query: [("sort", order == .newest ? "new" : nil), ("limit", limit.map(String.init)),
                                                               ("cursor", cursor)]), as: MovieReviewPage.self)
        }

        /// Every review of the feed, page by page.
        public func allReviews(order: FeedOrder = .featured, pageSize: Int? = nil) -> PagedSequence<MovieReview> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await reviews(order: order, limit: pageSize, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `GET /api/v1/movies/reviews/{id}`: one review with its body, its neighbours in the feed and, signed in,
        /// whether it is a favourite.
        /// - Throws: a `404` problem for an unknown id.
        public func review(id: Int64) async throws(AppSuiteError) -> MovieReviewDetail {
            try await client.value(.init(Self.review, path: ["id": id]), as: MovieReviewDetail.self)
        }

        /// `GET /api/v1/movies/reviews/{id}/comments`: one page of comments on a review, newest first, each with
        /// its first replies.
        public func comments(onReview id: Int64, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> CommunityCommentPage {
            try await client.value(.init(Self.comments, path: ["id": id], query: [("limit", limit.map(String.init)), ("cursor", cursor)]),
                                   as: CommunityCommentPage.self)
        }

        /// Every top-level comment on a review, page by page.
        public func allComments(onReview id: Int64, pageSize: Int? = nil) -> PagedSequence<CommunityComment> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await comments(onReview: id, limit: pageSize, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `POST /api/v1/movies/reviews/{id}/comments`: a comment (anonymous when signed out) or, with
        /// `replyingTo`, a reply (signed in only).
        /// - Parameter text: 1–2,000 characters, at most two links, no control, bidirectional or invisible characters.
        /// - Throws: a `401` problem for a reply when signed out, `422` naming `text` for text that is not allowed,
        ///   `429` when commenting too fast.
        public func postComment(onReview id: Int64, text: String, replyingTo parent: Int64? = nil) async throws(AppSuiteError) -> CommunityComment {
            try await client.value(try AppSuiteClient.Call(Self.postComment, path: ["id": id]).json(NewComment(text: text, parentId: parent)),
                                   as: CommunityComment.self)
        }

        /// `GET /api/v1/movies/films`: one page of the film library, searched by title or director when `query` is given.
        public func films(query: String? = nil, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> MovieFilmPage {
            try await client.value(.init(Self.films, query: [("query", query), ("limit", limit.map(String.init)), ("cursor", cursor)]),
                                   as: MovieFilmPage.self)
        }

        /// Every film (matching `query`), page by page.
        public func allFilms(query: String? = nil, pageSize: Int? = nil) -> PagedSequence<MovieFilm> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await films(query: query, limit: pageSize, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `GET /api/v1/movies/films/{id}`: a film (Douban subject id) with one page of its short comments.
        /// - Parameters:
        ///   - limit, cursor: the page of short comments (`comments.nextCursor` of the previous answer, same `order`).
        /// - Throws: a `404` problem for an unknown film.
        public func film(id: String, order: ShortCommentOrder = .hot, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> MovieFilmDetail {
            try await client.value(.init(Self.film, path: ["id": id], query: [("sort", order.rawValue), ("limit", limit.map(String.init)),
                                                                               ("cursor", cursor)]), as: MovieFilmDetail.self)
        }

        /// Every short comment on a film, page by page.
        public func allShortComments(film id: String, order: ShortCommentOrder = .hot, pageSize: Int? = nil) -> PagedSequence<MovieShortComment> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await film(id: id, order: order, limit: pageSize, cursor: cursor).comments
                return (page.items, page.nextCursor)
            }
        }
    }
}
