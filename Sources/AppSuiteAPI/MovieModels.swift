public import Foundation

/// A review as the feed lists it (`GET /api/v1/movies/reviews`).
public struct MovieReview: Codable, Sendable, Equatable {
    /// The reviewer.
    public struct Author: Codable, Sendable, Equatable {
        public var name: String
        /// A generated SVG avatar on this server (`/movies/avatars/{name}.svg`).
        public var avatarUrl: String

        public init(name: String, avatarUrl: String) {
            self.name = name
            self.avatarUrl = avatarUrl
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

    public init(id: Int64, title: String, summary: String, author: Author, film: Film, rating: Int?, ratingLabel: String?,
                publishedAt: Date, featured: Bool, usefulCount: Int?, uselessCount: Int?, commentCount: Int, url: String) {
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

    public init(id: Int64, title: String, summary: String, author: MovieReview.Author, film: MovieReview.Film, rating: Int?,
                ratingLabel: String?, publishedAt: Date, featured: Bool, usefulCount: Int?, uselessCount: Int?, commentCount: Int,
                url: String, favorite: Bool?, body: String?, previousId: Int64?, nextId: Int64?) {
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
    /// Release year.
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
    /// `YYYY-MM-DD`, sometimes only `YYYY-MM` or `YYYY`.
    public var releaseDate: String?
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
                summary: String?, posterUrl: String, sourcePosterUrl: String?, doubanUrl: String?, incomplete: Bool = false) {
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
    public var releaseDate: String?
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

    public init(id: String, title: String, originalTitle: String?, year: Int?, genres: [String], directors: [String], actors: [String],
                rating: Double?, ratingCount: Int?, runtimeMinutes: Int?, releaseDate: String?, regions: [String], languages: [String],
                summary: String?, posterUrl: String, sourcePosterUrl: String?, doubanUrl: String?, incomplete: Bool = false, reviewCount: Int,
                comments: MovieShortCommentPage) {
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
        self.regions = regions
        self.languages = languages
        self.summary = summary
        self.posterUrl = posterUrl
        self.sourcePosterUrl = sourcePosterUrl
        self.doubanUrl = doubanUrl
        self.incomplete = incomplete
        self.reviewCount = reviewCount
        self.comments = comments
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
    /// A generated SVG avatar on this server (`/movies/avatars/{author}.svg`).
    public var avatarUrl: String
    /// Stars, 1–5; nil when the commenter gave none.
    public var rating: Int?
    public var text: String
    /// Readers who found it useful; nil when the source has no count.
    public var votes: Int?
    public var createdAt: Date

    public init(id: String, author: String, avatarUrl: String, rating: Int?, text: String, votes: Int?, createdAt: Date) {
        self.id = id
        self.author = author
        self.avatarUrl = avatarUrl
        self.rating = rating
        self.text = text
        self.votes = votes
        self.createdAt = createdAt
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
