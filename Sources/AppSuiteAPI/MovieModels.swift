public import Foundation

/// A review as the feed lists it (`GET /api/v1/movies/reviews`).
public struct MovieReview: Codable, Sendable, Equatable {
    /// The reviewer.
    public struct Author: Codable, Sendable, Equatable {
        public var name: String
        /// A generated SVG avatar on this server (`/movies/avatars/{name}.svg`; `u{userId}.svg` for an account here).
        public var avatarUrl: String
        /// The account that wrote it here (its profile is `/api/v1/movies/users/{userId}`); nil for imported reviews.
        public var userId: Int64?

        public init(name: String, avatarUrl: String, userId: Int64? = nil) {
            self.name = name
            self.avatarUrl = avatarUrl
            self.userId = userId
        }
    }

    /// The film a review is about.
    public struct Film: Codable, Sendable, Equatable {
        /// The film's id (Douban subject id), the `{id}` of `/api/v1/movies/films/{id}`.
        public var id: String
        public var title: String
        /// A generated SVG poster on this server (`/movies/posters/{id}.svg`).
        public var posterUrl: String

        public init(id: String, title: String, posterUrl: String) {
            self.id = id
            self.title = title
            self.posterUrl = posterUrl
        }
    }

    public var id: Int64
    public var title: String
    /// The first lines of the review, plain text.
    public var summary: String
    public var author: Author
    public var film: Film
    /// The reviewer's stars, 1–5; nil when the review gives none.
    public var rating: Int?
    /// The stars in words (1 很差 … 5 力荐); nil without a rating.
    public var ratingLabel: String?
    public var publishedAt: Date
    /// Picked for the top of the feed (热门).
    public var featured: Bool
    /// Readers who found it useful / not useful; nil when the source has no count.
    public var usefulCount: Int?
    public var uselessCount: Int?
    /// Visible comments on the review (replies included).
    public var commentCount: Int
    /// The review's page on this server (`/movies/reviews/{id}`).
    public var url: String
    /// The author says it gives away the plot (这篇影评可能有剧透).
    public var spoiler: Bool

    public init(id: Int64, title: String, summary: String, author: Author, film: Film, rating: Int?, ratingLabel: String?,
                publishedAt: Date, featured: Bool, usefulCount: Int?, uselessCount: Int?, commentCount: Int, url: String, spoiler: Bool = false) {
        self.id = id
        self.title = title
        self.summary = summary
        self.author = author
        self.film = film
        self.rating = rating
        self.ratingLabel = ratingLabel
        self.publishedAt = publishedAt
        self.featured = featured
        self.usefulCount = usefulCount
        self.uselessCount = uselessCount
        self.commentCount = commentCount
        self.url = url
        self.spoiler = spoiler
    }
}

/// One review with its body and its neighbours in the feed (`GET /api/v1/movies/reviews/{id}`): the fields
/// of ``MovieReview`` and four more.
public struct MovieReviewDetail: Codable, Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var summary: String
    public var author: MovieReview.Author
    public var film: MovieReview.Film
    public var rating: Int?
    public var ratingLabel: String?
    public var publishedAt: Date
    public var featured: Bool
    public var usefulCount: Int?
    public var uselessCount: Int?
    public var commentCount: Int
    public var url: String
    /// Whether the signed-in viewer saved it; nil when signed out.
    public var favorite: Bool?
    /// The full text, plain text with line breaks; nil when the source has only the summary.
    public var body: String?
    /// The review before and after this one in the feed; nil at either end.
    public var previousId: Int64?
    public var nextId: Int64?
    public var spoiler: Bool
    /// Edited after publication (已编辑).
    public var edited: Bool
    /// The signed-in caller's vote: `useful`, `useless` or nil (always nil signed out).
    public var myVote: String?
    /// Only in the answer of publishing or editing a review with stars: the reader's earlier, different stars on this
    /// film that these replaced (one rating per reader and film, the latest counts; see ``MovieMark/replacedRating``).
    public var replacedRating: Int?

    public init(id: Int64, title: String, summary: String, author: MovieReview.Author, film: MovieReview.Film, rating: Int?,
                ratingLabel: String?, publishedAt: Date, featured: Bool, usefulCount: Int?, uselessCount: Int?, commentCount: Int,
                url: String, favorite: Bool?, body: String?, previousId: Int64?, nextId: Int64?, spoiler: Bool = false, edited: Bool = false,
                myVote: String? = nil, replacedRating: Int? = nil) {
        self.replacedRating = replacedRating
        self.id = id
        self.title = title
        self.summary = summary
        self.author = author
        self.film = film
        self.rating = rating
        self.ratingLabel = ratingLabel
        self.publishedAt = publishedAt
        self.featured = featured
        self.usefulCount = usefulCount
        self.uselessCount = uselessCount
        self.commentCount = commentCount
        self.url = url
        self.favorite = favorite
        self.body = body
        self.previousId = previousId
        self.nextId = nextId
        self.spoiler = spoiler
        self.edited = edited
        self.myVote = myVote
    }
}

/// A keyset page of the review feed (`?limit=1…100&cursor=&sort=new`): featured first, then newest; `sort=new`
/// newest only.
public struct MovieReviewPage: Codable, Sendable, Equatable {
    public var items: [MovieReview]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [MovieReview], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// A film of the library (`GET /api/v1/movies/films`). Lists are empty, never nil, when the source has none.
public struct MovieFilm: Codable, Sendable, Equatable {
    /// The Douban subject id.
    public var id: String
    /// The Chinese title.
    public var title: String
    public var originalTitle: String?
    /// The original release year (issue 30: from `extra/movie_year_fixes.csv` where movies.csv gave a Chinese
    /// (re-)release, 美丽人生 1997 not 2020); nil when unknown.
    public var year: Int?
    public var genres: [String]
    public var directors: [String]
    public var actors: [String]
    /// Douban's average rating, 0–10.
    public var rating: Double?
    /// How many ratings the average is made of.
    public var ratingCount: Int?
    /// Running time in minutes.
    public var runtimeMinutes: Int?
    /// The original release date (Douban's first listed date), `YYYY-MM-DD`, sometimes only `YYYY-MM` or `YYYY`; nil when
    /// unknown, as when Douban lists only a China re-release (美丽人生: nil, `year` 1997, `chinaReleaseDate` 2020-01-03).
    public var releaseDate: String?
    /// The China (re-)release date, `YYYY-MM-DD`, when that is the date Douban lists and `year` is the original's
    /// (美丽人生: 2020-01-03); nil otherwise. Never copied into `releaseDate`.
    public var chinaReleaseDate: String?
    public var regions: [String]
    public var languages: [String]
    /// The plot summary, plain text.
    public var summary: String?
    /// A generated SVG poster on this server (`/movies/posters/{id}.svg`).
    public var posterUrl: String
    /// The original poster's URL at the source (not fetched by this server).
    public var sourcePosterUrl: String?
    /// The film's page on Douban.
    public var doubanUrl: String?
    /// Known only by the title its imported short comments give (no Douban metadata): shown as 资料不全.
    public var incomplete: Bool

    public init(id: String, title: String, originalTitle: String?, year: Int?, genres: [String], directors: [String], actors: [String],
                rating: Double?, ratingCount: Int?, runtimeMinutes: Int?, releaseDate: String?, regions: [String], languages: [String],
                summary: String?, posterUrl: String, sourcePosterUrl: String?, doubanUrl: String?, incomplete: Bool = false,
                chinaReleaseDate: String? = nil) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.genres = genres
        self.directors = directors
        self.actors = actors
        self.rating = rating
        self.ratingCount = ratingCount
        self.runtimeMinutes = runtimeMinutes
        self.releaseDate = releaseDate
        self.chinaReleaseDate = chinaReleaseDate
        self.regions = regions
        self.languages = languages
        self.summary = summary
        self.posterUrl = posterUrl
        self.sourcePosterUrl = sourcePosterUrl
        self.doubanUrl = doubanUrl
        self.incomplete = incomplete
    }
}

/// One film with its review count and a page of its short comments (`GET /api/v1/movies/films/{id}`): the
/// fields of ``MovieFilm`` and two more.
public struct MovieFilmDetail: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var originalTitle: String?
    public var year: Int?
    public var genres: [String]
    public var directors: [String]
    public var actors: [String]
    public var rating: Double?
    public var ratingCount: Int?
    public var runtimeMinutes: Int?
    /// The original release date; nil when unknown (see ``MovieFilm/releaseDate``).
    public var releaseDate: String?
    /// The China (re-)release date when `year` is the original's (see ``MovieFilm/chinaReleaseDate``).
    public var chinaReleaseDate: String?
    public var regions: [String]
    public var languages: [String]
    public var summary: String?
    public var posterUrl: String
    public var sourcePosterUrl: String?
    public var doubanUrl: String?
    /// Known only by the title its imported short comments give (no Douban metadata).
    public var incomplete: Bool
    /// Reviews of this film in the feed.
    public var reviewCount: Int
    /// A page of short comments, in the order `sort` asked for.
    public var comments: MovieShortCommentPage
    /// This server's users' stars on Douban's 10-point scale (mean of stars × 2); nil before the first rating.
    public var localRating: Double?
    /// How many users of this server rated it.
    public var localRatingCount: Int
    /// The signed-in caller's mark on the film; nil when none or signed out.
    public var myMark: MovieMark?

    public init(id: String, title: String, originalTitle: String?, year: Int?, genres: [String], directors: [String], actors: [String],
                rating: Double?, ratingCount: Int?, runtimeMinutes: Int?, releaseDate: String?, regions: [String], languages: [String],
                summary: String?, posterUrl: String, sourcePosterUrl: String?, doubanUrl: String?, incomplete: Bool = false, reviewCount: Int,
                comments: MovieShortCommentPage, localRating: Double? = nil, localRatingCount: Int = 0, myMark: MovieMark? = nil,
                chinaReleaseDate: String? = nil) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.genres = genres
        self.directors = directors
        self.actors = actors
        self.rating = rating
        self.ratingCount = ratingCount
        self.runtimeMinutes = runtimeMinutes
        self.releaseDate = releaseDate
        self.chinaReleaseDate = chinaReleaseDate
        self.regions = regions
        self.languages = languages
        self.summary = summary
        self.posterUrl = posterUrl
        self.sourcePosterUrl = sourcePosterUrl
        self.doubanUrl = doubanUrl
        self.incomplete = incomplete
        self.reviewCount = reviewCount
        self.comments = comments
        self.localRating = localRating
        self.localRatingCount = localRatingCount
        self.myMark = myMark
    }
}

/// A keyset page of the film library (`?query=&limit=1…100&cursor=`), searchable by title or director.
public struct MovieFilmPage: Codable, Sendable, Equatable {
    public var items: [MovieFilm]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [MovieFilm], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// A short comment (短评) on a film, from the imported data.
public struct MovieShortComment: Codable, Sendable, Equatable {
    public var id: String
    public var author: String
    /// A generated SVG avatar on this server (`/movies/avatars/{author}.svg`; `u{userId}.svg` for an account here).
    public var avatarUrl: String
    /// Stars, 1–5; nil when the commenter gave none.
    public var rating: Int?
    public var text: String
    /// Readers who found it useful; nil when the source has no count.
    public var votes: Int?
    public var createdAt: Date
    /// The account that wrote it here; nil for imported comments (read-only pseudonyms).
    public var userId: Int64?
    /// Edited after posting (已编辑).
    public var edited: Bool

    public init(id: String, author: String, avatarUrl: String, rating: Int?, text: String, votes: Int?, createdAt: Date, userId: Int64? = nil,
                edited: Bool = false) {
        self.id = id
        self.author = author
        self.avatarUrl = avatarUrl
        self.rating = rating
        self.text = text
        self.votes = votes
        self.createdAt = createdAt
        self.userId = userId
        self.edited = edited
    }
}

/// A keyset page of a film's short comments (`?sort=hot|new&limit=1…100&cursor=`).
public struct MovieShortCommentPage: Codable, Sendable, Equatable {
    /// `hot` (most 有用 votes first) or `new` (newest first).
    public var sort: String
    /// Short comments on the film in all.
    public var total: Int
    public var items: [MovieShortComment]
    /// Pass as `cursor` (with the same `sort`) for the next page; nil on the last page.
    public var nextCursor: String?

    public init(sort: String, total: Int, items: [MovieShortComment], nextCursor: String?) {
        self.sort = sort
        self.total = total
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// What a signed-in user sends to mark a film (`PUT /api/v1/movies/films/{id}/mark`): the whole mark, which
/// replaces the earlier one, so a user has one rating per film.
public struct MovieMarkInput: Codable, Sendable, Equatable {
    /// `wish` (想看) or `seen` (看过).
    public var status: String
    /// Stars, 1–5 (shown as Douban's 10-point score, stars × 2); only with `seen`; nil for none.
    public var rating: Int?
    /// `YYYY-MM-DD` (Beijing), not after today; nil for today.
    public var markedOn: String?
    /// The 短评 with the mark, at most 350 characters; nil or blank deletes the user's 短评 on the film.
    public var comment: String?

    public init(status: String, rating: Int? = nil, markedOn: String? = nil, comment: String? = nil) {
        self.status = status
        self.rating = rating
        self.markedOn = markedOn
        self.comment = comment
    }
}

/// A user's mark on a film: 想看 or 看过, stars and the 短评 written with it.
public struct MovieMark: Codable, Sendable, Equatable {
    public var film: MovieReview.Film
    /// `wish` (想看) or `seen` (看过).
    public var status: String
    /// Stars, 1–5; nil when not rated.
    public var rating: Int?
    /// `YYYY-MM-DD` (Beijing date).
    public var markedOn: String
    public var updatedAt: Date
    /// The user's 短评 on the film; nil when they wrote none.
    public var comment: MovieShortComment?
    /// Only in the answer of `PUT …/mark`: the reader's earlier, different stars on this film that these replaced.
    /// One rating per reader and film — the latest one counts (as on Douban), on the mark, the 短评 and reviews alike.
    public var replacedRating: Int?

    public init(film: MovieReview.Film, status: String, rating: Int?, markedOn: String, updatedAt: Date, comment: MovieShortComment?,
                replacedRating: Int? = nil) {
        self.replacedRating = replacedRating
        self.film = film
        self.status = status
        self.rating = rating
        self.markedOn = markedOn
        self.updatedAt = updatedAt
        self.comment = comment
    }
}

/// A long review as written (`POST /api/v1/movies/films/{id}/reviews`, `PUT /api/v1/movies/reviews/{id}`,
/// and its draft with `PUT /api/v1/movies/films/{id}/draft`).
public struct MovieReviewInput: Codable, Sendable, Equatable {
    /// 1–100 characters, one line (a draft may leave it empty).
    public var title: String
    /// 1–50,000 characters, paragraphs separated by line breaks; stored verbatim, shown escaped.
    public var body: String
    /// Stars, 1–5; nil for none.
    public var rating: Int?
    /// The review gives away the plot (这篇影评可能有剧透).
    public var spoiler: Bool

    public init(title: String, body: String, rating: Int? = nil, spoiler: Bool = false) {
        self.title = title
        self.body = body
        self.rating = rating
        self.spoiler = spoiler
    }
}

/// A review being written, kept on the server per user and film until published or deleted.
public struct MovieDraft: Codable, Sendable, Equatable {
    public var film: MovieReview.Film
    public var title: String
    public var body: String
    public var rating: Int?
    public var spoiler: Bool
    public var updatedAt: Date

    public init(film: MovieReview.Film, title: String, body: String, rating: Int?, spoiler: Bool, updatedAt: Date) {
        self.film = film
        self.title = title
        self.body = body
        self.rating = rating
        self.spoiler = spoiler
        self.updatedAt = updatedAt
    }
}

/// A vote (`PUT …/vote`, `PUT …/like`).
public struct MovieVoteInput: Codable, Sendable, Equatable {
    /// `useful` (有用) or `useless` (没用) on reviews and short comments; `like` on comments.
    public var value: String

    public init(value: String) { self.value = value }
}

/// The votes on an item after a vote.
public struct MovieVotes: Codable, Sendable, Equatable {
    /// 有用 votes (likes on a comment).
    public var useful: Int
    /// 没用 votes (0 on a comment).
    public var useless: Int
    /// The caller's own vote: `useful`, `useless`, `like`, or nil.
    public var mine: String?

    public init(useful: Int, useless: Int, mine: String?) {
        self.useful = useful
        self.useless = useless
        self.mine = mine
    }
}

/// A user's page in the movies app (`GET /api/v1/movies/users/{id}`): counts, the latest marks of each
/// kind (with their 短评) and reviews; drafts only on one's own.
public struct MovieProfile: Codable, Sendable, Equatable {
    public struct Counts: Codable, Sendable, Equatable {
        public var wish: Int
        public var seen: Int
        public var rated: Int
        public var reviews: Int
        public var shortComments: Int

        public init(wish: Int, seen: Int, rated: Int, reviews: Int, shortComments: Int) {
            self.wish = wish
            self.seen = seen
            self.rated = rated
            self.reviews = reviews
            self.shortComments = shortComments
        }
    }

    public var userId: Int64
    public var nickname: String
    /// The avatar uploaded in the profile (`/media/…`), or nil.
    public var avatarUrl: String?
    public var counts: Counts
    /// The latest 看过 marks (with stars and 短评), at most 50, newest first.
    public var seen: [MovieMark]
    /// The latest 想看 marks, at most 50, newest first.
    public var wish: [MovieMark]
    /// The latest reviews, at most 50, newest first.
    public var reviews: [MovieReview]
    /// The caller's own drafts; nil on someone else's profile.
    public var drafts: [MovieDraft]?

    public init(userId: Int64, nickname: String, avatarUrl: String?, counts: Counts, seen: [MovieMark], wish: [MovieMark],
                reviews: [MovieReview], drafts: [MovieDraft]?) {
        self.userId = userId
        self.nickname = nickname
        self.avatarUrl = avatarUrl
        self.counts = counts
        self.seen = seen
        self.wish = wish
        self.reviews = reviews
        self.drafts = drafts
    }
}

/// One place on the Top list (`GET /api/v1/movies/top`).
public struct MovieTopEntry: Codable, Sendable, Equatable {
    /// 1-based place on the (filtered) list.
    public var place: Int
    /// WR, the weighted rating on the 10-point scale.
    public var weightedRating: Double
    /// v: Douban's votes plus this server's stars.
    public var votes: Int
    /// R: their mean on the 10-point scale (our 1–5 stars count ×2).
    public var mean: Double
    public var film: MovieFilm

    public init(place: Int, weightedRating: Double, votes: Int, mean: Double, film: MovieFilm) {
        self.place = place
        self.weightedRating = weightedRating
        self.votes = votes
        self.mean = mean
        self.film = film
    }
}

/// A page of the Top list: films by IMDb's weighted rating WR = v/(v+m)·R + m/(v+m)·C, where C is the mean
/// Douban score of the library's rated films and m the median of their vote counts (`prior`). At most 250
/// places, 20 a page.
public struct MovieTopPage: Codable, Sendable, Equatable {
    public struct Prior: Codable, Sendable, Equatable {
        /// C, 0–10.
        public var meanRating: Double
        /// m, votes.
        public var minimumVotes: Double
        /// How many films C and m come from.
        public var films: Int

        public init(meanRating: Double, minimumVotes: Double, films: Int) {
            self.meanRating = meanRating
            self.minimumVotes = minimumVotes
            self.films = films
        }
    }

    public var items: [MovieTopEntry]
    /// nil when no film has a score yet.
    public var prior: Prior?
    /// Pass as `cursor` for the next page (with the same filter); nil on the last page.
    public var nextCursor: String?

    public init(items: [MovieTopEntry], prior: Prior?, nextCursor: String?) {
        self.items = items
        self.prior = prior
        self.nextCursor = nextCursor
    }
}

/// 猜你喜欢 (`GET /api/v1/movies/for-you`): up to 10 films the caller has not marked — from their ratings
/// (item-based collaborative filtering) once they rated `minimumRatings` films, the Top list before that
/// or when signed out.
public struct MovieRecommendations: Codable, Sendable, Equatable {
    /// `ratings` (picked from the caller's stars, filled from the Top list when short), `top` (cold start) or
    /// `pending` (the Top list: the caller rated enough, but the server is still building its first model).
    public var source: String
    /// How many films the caller has rated.
    public var rated: Int
    public var minimumRatings: Int
    public var items: [MovieFilm]

    public init(source: String, rated: Int, minimumRatings: Int, items: [MovieFilm]) {
        self.source = source
        self.rated = rated
        self.minimumRatings = minimumRatings
        self.items = items
    }
}

/// Following a user of this server (`PUT` / `DELETE /api/v1/movies/users/{id}/follow`): whether the caller
/// follows them now, and how many they follow and how many follow them.
public struct MovieFollowState: Codable, Sendable, Equatable {
    public var userId: Int64
    public var followedByMe: Bool
    public var following: Int
    public var followers: Int

    public init(userId: Int64, followedByMe: Bool, following: Int, followers: Int) {
        self.userId = userId
        self.followedByMe = followedByMe
        self.following = following
        self.followers = followers
    }
}

/// One user of a following or followers list.
public struct MovieFollowEntry: Codable, Sendable, Equatable {
    public var userId: Int64
    public var nickname: String
    /// The avatar uploaded in the profile (`/media/…`), or nil.
    public var avatarUrl: String?
    /// When the follow was made.
    public var since: Date

    public init(userId: Int64, nickname: String, avatarUrl: String?, since: Date) {
        self.userId = userId
        self.nickname = nickname
        self.avatarUrl = avatarUrl
        self.since = since
    }
}

/// A keyset page (50) of whom a user follows or who follows them, newest follow first
/// (`GET /api/v1/movies/users/{id}/following`, `…/followers`; `?cursor=`).
public struct MovieFollowPage: Codable, Sendable, Equatable {
    public var items: [MovieFollowEntry]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [MovieFollowEntry], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// One card of the 关注的人 feed: a review or a 短评 (`kind` `review` or `short`, the other field nil) and its film.
public struct MovieFeedItem: Codable, Sendable, Equatable {
    public var kind: String
    public var filmId: String
    public var filmTitle: String
    public var review: MovieReview?
    public var shortComment: MovieShortComment?

    public init(kind: String, filmId: String, filmTitle: String, review: MovieReview?, shortComment: MovieShortComment?) {
        self.kind = kind
        self.filmId = filmId
        self.filmTitle = filmTitle
        self.review = review
        self.shortComment = shortComment
    }
}

/// 关注的人 (`GET /api/v1/movies/following?cursor=`): the reviews and 短评 of the users the caller follows,
/// newest first, 20 a page; empty when they follow nobody.
public struct MovieFollowingFeed: Codable, Sendable, Equatable {
    public var items: [MovieFeedItem]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [MovieFeedItem], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
