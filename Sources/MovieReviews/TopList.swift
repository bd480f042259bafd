import AppHost
import Foundation
import HTTPServer
import Storage

/// Which films a list shows: one genre (Douban's word, a key of ``MovieText/genreNames``), one decade
/// (the film's year), and Douban's score at least `minRating` (0–10). Parsed from the query
/// `genre=剧情&decade=2010&min=8`; anything else there is a 400 naming the parameter.
struct FilmFilter: Sendable, Hashable {
    var genre: String?
    /// The first year of the decade: 1930, 1940 … 2020.
    var decade: Int?
    /// On Douban's 10-point scale, 0–10.
    var minRating: Double?

    static let decades = Array(stride(from: 2020, through: 1930, by: -10))
    static let minRatings: [Double] = [9, 8, 7, 6]

    init(genre: String? = nil, decade: Int? = nil, minRating: Double? = nil) {
        self.genre = genre
        self.decade = decade
        self.minRating = minRating
    }

    init(query: FormData) throws(HTTPError) {
        if let genre = query["genre"], !genre.isEmpty {
            guard MovieText.genreNames[genre] != nil else { throw HTTPError(.badRequest, localized: MovieText.unknownGenre(String(genre.prefix(20)))) }
            self.genre = genre
        }
        if let decade = query["decade"], !decade.isEmpty {
            guard let value = Int(decade), Self.decades.contains(value) else { throw HTTPError(.badRequest, localized: MovieText.invalidDecade) }
            self.decade = value
        }
        if let minimum = query["min"], !minimum.isEmpty {
            guard let value = Double(minimum), value.isFinite, (0...10).contains(value) else {
                throw HTTPError(.badRequest, localized: MovieText.invalidMinimum)
            }
            minRating = value
        }
    }

    var isEmpty: Bool { genre == nil && decade == nil && minRating == nil }

    /// The set parameters, names and values.
    var parameters: [(String, String)] {
        [genre.map { ("genre", $0) }, decade.map { ("decade", String($0)) }, minRating.map { ("min", Self.number($0)) }].compactMap { $0 }
    }

    /// `genre=…&decade=…&min=…` (the set ones, percent-encoded), for links that keep the filter.
    var queryString: String { parameters.map { $0.0 + "=" + percentEncode($0.1) }.joined(separator: "&") }

    static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// The condition on `movies_films` (aliased `f`; it reads only `genres`, `year` and `rating`, the columns
    /// ``TopList`` ranks with) with its arguments; `1 = 1` when nothing is set.
    var condition: (sql: String, arguments: [SQLValue]) {
        var parts: [String] = []
        var arguments: [SQLValue] = []
        if let genre {
            parts.append("('|' || f.genres || '|') LIKE ?")
            arguments.append(.text("%|\(genre)|%"))
        }
        if let decade {
            parts.append("f.year >= ? AND f.year < ?")
            arguments += [.integer(Int64(decade)), .integer(Int64(decade + 10))]
        }
        if let minRating {
            parts.append("f.rating >= ?")
            arguments.append(.real(minRating))
        }
        return (parts.isEmpty ? "1 = 1" : parts.joined(separator: " AND "), arguments)
    }
}

/// A film on the Top list with its weighted rating and what went into it.
struct RankedFilm: Sendable {
    var film: Film
    /// 1-based place on the (filtered) list.
    var place: Int
    /// WR on the 10-point scale.
    var weighted: Double
    /// v: Douban's votes plus this server's stars.
    var votes: Int
    /// R: their mean on the 10-point scale.
    var mean: Double
}

/// The Top list (issue 18 item 3): films by an IMDb-style Bayesian average,
/// `WR = v ÷ (v + m) · R + m ÷ (v + m) · C`, where for each film `R` is its mean score and `v` its votes —
/// Douban's score and vote count (`movies.csv`) together with this server's stars (1–5, counted ×2 on
/// the same 10-point scale) — `C` is the mean Douban score of the library's rated films and `m` the median
/// of their vote counts (so a film with as many votes as the median film is pulled halfway to `C`). Both are
/// read from the library each time, so they follow an import. The formula is IMDb's
/// (<https://help.imdb.com/article/imdb/track-movies-tv/ratings-faq/G67Y87TFYYP6TWAV>, "weighted rating");
/// IMDb's own `m` is a fixed vote minimum, the median is our choice for a library of 2,000-odd films.
/// A filter narrows the list but `C` and `m` stay the library's. At most ``size`` places, 20 a page.
struct TopList: Sendable {
    let database: any Database

    static let size = 250
    static let pageSize = 20

    struct Prior: Sendable, Equatable {
        /// C: mean Douban score of the rated films.
        var mean: Double
        /// m: median of their vote counts.
        var votes: Double
        /// How many films C and m come from.
        var films: Int
    }

    /// C and m (two queries on the covering index `movies_films_votes`). nil when no film has a score.
    func prior() throws -> Prior? {
        try database.read { db in
            guard let row = try db.queryFirst("SELECT avg(rating) AS c, count(*) AS n FROM movies_films WHERE rating IS NOT NULL AND rating_count > 0"),
                  let mean = try row.get("c", as: Double?.self), let count = try row.get("n", as: Int?.self), count > 0 else { return nil }
            // The median: the middle one, or the mean of the two middle ones.
            let middle = try db.query("SELECT rating_count FROM movies_films WHERE rating IS NOT NULL AND rating_count > 0 "
                                      + "ORDER BY rating_count LIMIT ? OFFSET ?", count % 2 == 0 ? 2 : 1, (count - 1) / 2)
                .map { row throws(StorageError) in try row.get("rating_count", as: Int64.self) }
            guard !middle.isEmpty else { return nil }
            return Prior(mean: mean, votes: Double(middle.reduce(0, +)) / Double(middle.count), films: count)
        }
    }

    /// One page of the list, with the prior it was ranked by.
    struct Page: Sendable {
        var prior: Prior?
        var items: [RankedFilm]
        /// The next page's offset; nil on the last.
        var nextOffset: Int?
    }

    /// One page of the list from `offset` (0, 20 … under ``size``), with the prior it was ranked by.
    func page(filter: FilmFilter, offset: Int) throws -> Page {
        guard let prior = try prior() else { return Page(prior: nil, items: [], nextOffset: nil) }
        let limit = min(Self.pageSize, Self.size - offset)
        guard limit > 0 else { return Page(prior: prior, items: [], nextOffset: nil) }
        let condition = filter.condition
        // One scan of the films (the derived table `f` keeps only what the ranking and the filter read), a sort of
        // ids and scores, then the page's films by id; C and m (``prior()``) come from `movies_films_votes`.
        let rows = try database.read { db in
            try db.query("""
                SELECT f.*, t.v, t.r, t.wr FROM (
                    SELECT id, rank, v, r, (v * r + CAST(? AS REAL) * CAST(? AS REAL)) / (v + CAST(? AS REAL)) AS wr FROM (
                        SELECT f.id, f.rank, f.n + coalesce(l.n, 0) AS v,
                               (f.n * coalesce(f.rating, 0) + 2.0 * coalesce(l.s, 0)) / (f.n + coalesce(l.n, 0)) AS r
                        FROM (SELECT id, rank, rating, genres, year,
                                     CASE WHEN rating IS NOT NULL AND rating_count > 0 THEN rating_count ELSE 0 END AS n FROM movies_films) f
                        LEFT JOIN (SELECT film_id, sum(rating) AS s, count(rating) AS n FROM movies_marks WHERE rating IS NOT NULL GROUP BY film_id) l
                          ON l.film_id = f.id
                        WHERE (f.n > 0 OR l.n > 0) AND \(condition.sql)) s
                    ORDER BY wr DESC, rank LIMIT ? OFFSET ?) t
                JOIN movies_films f ON f.id = t.id
                ORDER BY t.wr DESC, t.rank
                """, [.real(prior.votes), .real(prior.mean), .real(prior.votes)] + condition.arguments
                    + [.integer(Int64(limit + 1)), .integer(Int64(offset))])
        }
        let items = try rows.prefix(limit).enumerated().map { index, row throws(StorageError) in
            RankedFilm(film: try Film(row: row), place: offset + index + 1, weighted: try row.get("wr"), votes: try row.get("v"), mean: try row.get("r"))
        }
        let next = offset + limit
        return Page(prior: prior, items: items, nextOffset: rows.count > limit && next < Self.size ? next : nil)
    }

    /// `offset` from a cursor: a multiple of 20 under ``size``; nil → 0.
    static func offset(_ cursor: String?) throws(HTTPError) -> Int {
        guard let cursor, !cursor.isEmpty else { return 0 }
        guard let value = Int(cursor), value >= 0, value < size, value % pageSize == 0 else { throw HTTPError(.badRequest, localized: MovieText.invalidCursor) }
        return value
    }
}
