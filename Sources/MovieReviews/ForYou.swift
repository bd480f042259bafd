import Foundation
import HTTPServer
import Recommendations
import Storage
import Synchronization

/// What "猜你喜欢" shows a reader: films picked for them from their ratings, or the Top list until they have
/// rated ``MovieRecommender/minimumRatings`` films (cold start), and why.
struct ForYou: Sendable {
    enum Source: Sendable, Equatable {
        /// Item-based CF on the reader's stars (`rated` films), filled from the Top list when short.
        case ratings(rated: Int)
        /// The Top list: the reader has rated `rated` films, fewer than the minimum.
        case topList(rated: Int)
    }

    var source: Source
    var films: [Film]
}

/// 猜你喜欢 (issue 18 item 8): item-based collaborative filtering (``ItemNeighbours``, evaluated in
/// bench/recommend) over all the stars in our store — this server's users' marks (1–5) and the imported
/// rated 短评 (1–5, each pseudonymous author one rater) — for a reader who rated at least five films;
/// the first ``TopList`` page below that.
///
/// Cost: the similarity model is built from every rating (about 44,000 after the import) once and then at
/// most every ``refreshSeconds``, in the work pool while the old model keeps serving; only the very first
/// build runs on a request. A reader's own ratings are read fresh on each request (one query) and scored
/// against the model, plus one query for the films shown.
final class MovieRecommender: Sendable {
    static let minimumRatings = 5
    static let count = 10
    static let refreshSeconds: Int64 = 600

    struct Model: Sendable {
        var neighbours: ItemNeighbours
        /// Film ids by the integer the model uses, and back.
        var films: [String]
        var index: [String: Int]
        /// The cold-start list: the first Top list page's film ids.
        var top: [String]
        var builtAt: Int64
    }

    private struct State {
        var model: Model?
        var refreshing = false
    }

    let database: any Database
    let workPool: WorkPool
    private let state = Mutex(State())

    init(database: any Database, workPool: WorkPool) {
        self.database = database
        self.workPool = workPool
    }

    /// The model, built now if there is none; an old one is refreshed in the work pool and served meanwhile.
    func model(now: Int64) throws -> Model {
        let (current, refresh) = state.withLock { state -> (Model?, Bool) in
            guard let model = state.model else { return (nil, false) }
            let stale = now - model.builtAt >= Self.refreshSeconds && !state.refreshing
            if stale { state.refreshing = true }
            return (model, stale)
        }
        if let current {
            if refresh {
                do {
                    try workPool.submit(key: "movies-recommender") { [self] in
                        let fresh = try? build(now: now)
                        state.withLock { state in
                            if let fresh { state.model = fresh }
                            state.refreshing = false
                        }
                    }
                } catch {
                    state.withLock { $0.refreshing = false }
                }
            }
            return current
        }
        let built = try build(now: now)
        state.withLock { $0.model = built }
        return built
    }

    /// Every rating in the store (marks first, so a reader's own stars are theirs), the model and the cold-start list.
    func build(now: Int64) throws -> Model {
        var films: [String] = []
        var index: [String: Int] = [:]
        var raters: [String: Int] = [:]
        var ratings: [Rating] = []
        func add(_ rater: String, _ film: String, _ stars: Int) {
            let item = index[film] ?? {
                films.append(film)
                index[film] = films.count - 1
                return films.count - 1
            }()
            let user = raters[rater] ?? {
                raters[rater] = raters.count
                return raters.count - 1
            }()
            ratings.append(Rating(user: user, item: item, value: Double(stars)))
        }
        try database.read { db in
            for row in try db.query("SELECT user_id, film_id, rating FROM movies_marks WHERE rating IS NOT NULL ORDER BY user_id, film_id") {
                add("u\(try row.get("user_id", as: Int64.self))", try row.get("film_id"), try row.get("rating"))
            }
            // Imported 短评 only: one written here carries its author's mark already.
            for row in try db.query("SELECT author, film_id, rating FROM movies_comments WHERE rating IS NOT NULL AND user_id IS NULL "
                                    + "ORDER BY author, film_id, seq") {
                add("a" + (try row.get("author", as: String.self)), try row.get("film_id"), try row.get("rating"))
            }
        }
        let top = try TopList(database: database).page(filter: FilmFilter(), offset: 0).items.map(\.film.id)
        return Model(neighbours: ItemNeighbours(ratings: ratings), films: films, index: index, top: top, builtAt: now)
    }

    /// 猜你喜欢 for `userID` (nil: a signed-out reader, who gets the Top list): at most ``count`` films none of
    /// which they marked (想看 or 看过).
    func forYou(userID: Int64?, now: Int64) throws -> ForYou {
        let model = try model(now: now)
        var marked = Set<String>()
        var stars: [Int: Double] = [:]
        var rated = 0
        if let userID {
            for row in try database.read({ try $0.query("SELECT film_id, rating FROM movies_marks WHERE user_id = ?", userID) }) {
                let film: String = try row.get("film_id")
                marked.insert(film)
                guard let rating = try row.get("rating", as: Int?.self) else { continue }
                rated += 1
                if let item = model.index[film] { stars[item] = Double(rating) }
            }
        }
        var picks: [String] = []
        let source: ForYou.Source = rated >= Self.minimumRatings ? .ratings(rated: rated) : .topList(rated: rated)
        if rated >= Self.minimumRatings {
            let excluded = Set(marked.compactMap { model.index[$0] })
            picks = model.neighbours.recommend(rated: stars, excluding: excluded, count: Self.count).map { model.films[$0.item] }
        }
        for film in model.top where picks.count < Self.count && !marked.contains(film) && !picks.contains(film) { picks.append(film) }
        return ForYou(source: source, films: try films(picks))
    }

    /// Films by id in the given order, one query.
    func films(_ ids: [String]) throws -> [Film] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try database.read { try $0.query("SELECT * FROM movies_films WHERE id IN (\(marks))", ids.map { SQLValue.text($0) }) }
        let byID = Dictionary(try rows.map { row throws(StorageError) in let film = try Film(row: row); return (film.id, film) }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }
    }
}
