public import AppSuiteAPI

extension AppSuiteClient {
    /// 影评 Movie Reviews: the review feed, the film library and comments on reviews. Reading needs no sign-in.
    public var movies: Movies { Movies(client: self) }

    /// The methods of ``AppSuiteClient/movies``.
    public struct Movies: Sendable {
        let client: AppSuiteClient

        static let reviews = Route("GET", APIPath.Movies.reviews)
        static let review = Route("GET", APIPath.Movies.review)
        static let comments = Route("GET", APIPath.Movies.reviewComments)
        static let postComment = Route("POST", APIPath.Movies.reviewComments)
        static let films = Route("GET", APIPath.Movies.films)
        static let film = Route("GET", APIPath.Movies.film)
        static let setMark = Route("PUT", APIPath.Movies.filmMark)
        static let removeMark = Route("DELETE", APIPath.Movies.filmMark)
        static let publishReview = Route("POST", APIPath.Movies.filmReviews)
        static let editReview = Route("PUT", APIPath.Movies.review)
        static let deleteReview = Route("DELETE", APIPath.Movies.review)
        static let saveDraft = Route("PUT", APIPath.Movies.filmDraft)
        static let deleteDraft = Route("DELETE", APIPath.Movies.filmDraft)
        static let voteReview = Route("PUT", APIPath.Movies.reviewVote)
        static let unvoteReview = Route("DELETE", APIPath.Movies.reviewVote)
        static let voteShortComment = Route("PUT", APIPath.Movies.shortCommentVote)
        static let unvoteShortComment = Route("DELETE", APIPath.Movies.shortCommentVote)
        static let like = Route("PUT", APIPath.Movies.commentLike)
        static let unlike = Route("DELETE", APIPath.Movies.commentLike)
        static let profile = Route("GET", APIPath.Movies.profile)
        static let top = Route("GET", APIPath.Movies.top)
        static let forYou = Route("GET", APIPath.Movies.forYou)
        static let follow = Route("PUT", APIPath.Movies.follow)
        static let unfollow = Route("DELETE", APIPath.Movies.follow)
        static let following = Route("GET", APIPath.Movies.following)
        static let followers = Route("GET", APIPath.Movies.followers)
        static let followingFeed = Route("GET", APIPath.Movies.followingFeed)
        static let endpoints = [reviews, review, comments, postComment, films, film, setMark, removeMark, publishReview, editReview, deleteReview,
                                saveDraft, deleteDraft, voteReview, unvoteReview, voteShortComment, unvoteShortComment, like, unlike, profile,
                                top, forYou, follow, unfollow, following, followers, followingFeed]

        /// Which films a list shows: a Douban genre (`剧情`, `科幻` …), a decade (1930 … 2020), Douban's score at least
        /// `minRating` (0–10). A value the server does not know is a `400` problem.
        public struct FilmFilter: Sendable, Equatable {
            public var genre: String?
            public var decade: Int?
            public var minRating: Double?

            public init(genre: String? = nil, decade: Int? = nil, minRating: Double? = nil) {
                self.genre = genre
                self.decade = decade
                self.minRating = minRating
            }

            var query: [(String, String?)] { [("genre", genre), ("decade", decade.map(String.init)), ("min", minRating.map { String($0) })] }
        }

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
        /// - Returns: the comment; `held == true` (the server answered `202`) when it waits for a moderator and no one else sees it yet.
        /// - Throws: a `401` problem for a reply when signed out, `422` naming `text` for text that is not allowed,
        ///   `429` when commenting too fast.
        public func postComment(onReview id: Int64, text: String, replyingTo parent: Int64? = nil) async throws(AppSuiteError) -> CommunityComment {
            try await client.value(try AppSuiteClient.Call(Self.postComment, path: ["id": id]).json(NewComment(text: text, parentId: parent)),
                                   as: CommunityComment.self)
        }

        /// `GET /api/v1/movies/films`: one page of the film library, searched by title or director when `query` is given.
        public func films(query: String? = nil, filter: FilmFilter = FilmFilter(), limit: Int? = nil, cursor: String? = nil)
            async throws(AppSuiteError) -> MovieFilmPage {
            try await client.value(.init(Self.films, query: [("query", query), ("limit", limit.map(String.init)), ("cursor", cursor)] + filter.query),
                                   as: MovieFilmPage.self)
        }

        /// `GET /api/v1/movies/top`: one page (20) of the Top list by weighted rating, at most 250 places.
        /// - Parameter cursor: the previous page's `nextCursor` with the same `filter`; nil for the first page.
        public func top(filter: FilmFilter = FilmFilter(), cursor: String? = nil) async throws(AppSuiteError) -> MovieTopPage {
            try await client.value(.init(Self.top, query: [("cursor", cursor)] + filter.query), as: MovieTopPage.self)
        }

        /// Every place of the (filtered) Top list, page by page.
        public func allTop(filter: FilmFilter = FilmFilter()) -> PagedSequence<MovieTopEntry> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await top(filter: filter, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `GET /api/v1/movies/for-you`: 猜你喜欢 — from the caller's ratings once they rated 5 films, else the Top list.
        public func forYou() async throws(AppSuiteError) -> MovieRecommendations {
            try await client.value(.init(Self.forYou), as: MovieRecommendations.self)
        }

        /// `PUT /api/v1/movies/users/{id}/follow`: follow a user (again changes nothing).
        /// - Throws: `401` signed out, `404` no such user, `422` naming `user` for oneself or past 1,000 follows.
        @discardableResult
        public func follow(user id: Int64) async throws(AppSuiteError) -> MovieFollowState {
            try await client.value(.init(Self.follow, path: ["id": id]), as: MovieFollowState.self)
        }

        /// `DELETE /api/v1/movies/users/{id}/follow`: stop following a user (not following is no error).
        @discardableResult
        public func unfollow(user id: Int64) async throws(AppSuiteError) -> MovieFollowState {
            try await client.value(.init(Self.unfollow, path: ["id": id]), as: MovieFollowState.self)
        }

        /// `GET /api/v1/movies/users/{id}/following` (`followers: false`) or `…/followers`: 50 a page, newest follow first.
        public func follows(ofUser id: Int64, followers: Bool = false, cursor: String? = nil) async throws(AppSuiteError) -> MovieFollowPage {
            try await client.value(.init(followers ? Self.followers : Self.following, path: ["id": id], query: [("cursor", cursor)]),
                                   as: MovieFollowPage.self)
        }

        /// `GET /api/v1/movies/following`: 关注的人 — reviews and 短评 of the users the caller follows, newest first, 20 a page.
        public func followingFeed(cursor: String? = nil) async throws(AppSuiteError) -> MovieFollowingFeed {
            try await client.value(.init(Self.followingFeed, query: [("cursor", cursor)]), as: MovieFollowingFeed.self)
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

        /// `PUT /api/v1/movies/films/{id}/mark`: marks a film 想看/看过 with stars and a 短评, replacing the earlier mark
        /// (one rating per user and film).
        /// - Throws: `401` signed out, `404` for an unknown film, `422` naming the field (stars outside 1–5 or with 想看,
        ///   a 短评 over 350 characters, a date after today).
        @discardableResult
        public func mark(film id: String, _ mark: MovieMarkInput) async throws(AppSuiteError) -> MovieMark {
            try await client.value(try AppSuiteClient.Call(Self.setMark, path: ["id": id]).json(mark), as: MovieMark.self)
        }

        /// `DELETE /api/v1/movies/films/{id}/mark`: removes my mark, stars and 短评 on a film.
        public func removeMark(film id: String) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.removeMark, path: ["id": id]))
        }

        /// `POST /api/v1/movies/films/{id}/reviews`: publishes a review (its stars become my rating of the film).
        /// - Throws: `422` naming `title`, `body` or `rating`.
        public func publishReview(film id: String, _ review: MovieReviewInput) async throws(AppSuiteError) -> MovieReviewDetail {
            try await client.value(try AppSuiteClient.Call(Self.publishReview, path: ["id": id]).json(review), as: MovieReviewDetail.self)
        }

        /// `PUT /api/v1/movies/reviews/{id}`: replaces one of my reviews.
        /// - Throws: `403` for someone else's or an imported review, `422` naming the field.
        public func editReview(id: Int64, _ review: MovieReviewInput) async throws(AppSuiteError) -> MovieReviewDetail {
            try await client.value(try AppSuiteClient.Call(Self.editReview, path: ["id": id]).json(review), as: MovieReviewDetail.self)
        }

        /// `DELETE /api/v1/movies/reviews/{id}`: deletes one of my reviews.
        public func deleteReview(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.deleteReview, path: ["id": id]))
        }

        /// `PUT /api/v1/movies/films/{id}/draft`: keeps what I have written of a review so far.
        @discardableResult
        public func saveDraft(film id: String, _ draft: MovieReviewInput) async throws(AppSuiteError) -> MovieDraft {
            try await client.value(try AppSuiteClient.Call(Self.saveDraft, path: ["id": id]).json(draft), as: MovieDraft.self)
        }

        /// `DELETE /api/v1/movies/films/{id}/draft`: throws my draft away.
        public func deleteDraft(film id: String) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.deleteDraft, path: ["id": id]))
        }

        /// `PUT /api/v1/movies/reviews/{id}/vote`: 有用 (`useful: true`) or 没用 on a review; one vote each, changeable.
        /// - Throws: `403` on my own review, `429` after 100 votes in a minute.
        @discardableResult
        public func vote(review id: Int64, useful: Bool) async throws(AppSuiteError) -> MovieVotes {
            try await client.value(try AppSuiteClient.Call(Self.voteReview, path: ["id": id]).json(MovieVoteInput(value: useful ? "useful" : "useless")),
                                   as: MovieVotes.self)
        }

        /// `DELETE /api/v1/movies/reviews/{id}/vote`: withdraws my vote on a review.
        @discardableResult
        public func withdrawVote(review id: Int64) async throws(AppSuiteError) -> MovieVotes {
            try await client.value(.init(Self.unvoteReview, path: ["id": id]), as: MovieVotes.self)
        }

        /// `PUT /api/v1/movies/short-comments/{id}/vote`: 有用 or 没用 on a 短评.
        @discardableResult
        public func vote(shortComment id: String, useful: Bool) async throws(AppSuiteError) -> MovieVotes {
            try await client.value(try AppSuiteClient.Call(Self.voteShortComment, path: ["id": id])
                .json(MovieVoteInput(value: useful ? "useful" : "useless")), as: MovieVotes.self)
        }

        /// `DELETE /api/v1/movies/short-comments/{id}/vote`: withdraws my vote on a 短评.
        @discardableResult
        public func withdrawVote(shortComment id: String) async throws(AppSuiteError) -> MovieVotes {
            try await client.value(.init(Self.unvoteShortComment, path: ["id": id]), as: MovieVotes.self)
        }

        /// `PUT /api/v1/movies/comments/{id}/like`: likes a comment under a review.
        @discardableResult
        public func like(comment id: Int64) async throws(AppSuiteError) -> MovieVotes {
            try await client.value(try AppSuiteClient.Call(Self.like, path: ["id": id]).json(MovieVoteInput(value: "like")), as: MovieVotes.self)
        }

        /// `DELETE /api/v1/movies/comments/{id}/like`: takes my like back.
        @discardableResult
        public func unlike(comment id: Int64) async throws(AppSuiteError) -> MovieVotes {
            try await client.value(.init(Self.unlike, path: ["id": id]), as: MovieVotes.self)
        }

        /// `GET /api/v1/movies/users/{id}`: a user's movie profile (my drafts only on mine).
        public func profile(user id: Int64) async throws(AppSuiteError) -> MovieProfile {
            try await client.value(.init(Self.profile, path: ["id": id]), as: MovieProfile.self)
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
