import Dispatch
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
        /// The Top list while the first model is being built (the server just started): the reader has rated
        /// `rated` films, enough for picks of their own once it is ready.
        case pending(rated: Int)
    }

    var source: Source
    var films: [Film]
}

/// 猜你喜欢 (issue 18 item 8): item-based collaborative filtering (``ItemNeighbours``, evaluated in
/// bench/recommend) over all the stars in our store — this server's users' marks (1–5) and the imported
/// rated 短评 (1–5, each pseudonymous author one rater) — for a reader who rated at least five films;
/// the first ``TopList`` page below that.
///
/// Cost: the similarity model is built from every rating (about 44,000 after the import) in the work pool,
/// never on a request: once when the server starts, ``debounceSeconds`` after ratings change (a burst of
/// changes costs one build) and at most every ``refreshSeconds`` otherwise (ratings given on another
/// server), while the last model keeps serving. Until the first model exists, a reader who rated enough
/// gets the Top list labelled as such (``ForYou/Source/pending(rated:)``). A reader's own ratings are read
/// fresh on each request (one query) and scored against the model, plus one query for the films shown.
final class MovieRecommender: Sendable {
    static let minimumRatings = 5
    static let count = 10
    /// The films on 猜你喜欢's own page (`/movies/for-you`).
    static let pageCount = 30
    static let refreshSeconds: Int64 = 600
    static let debounceSeconds = 30

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
        /// The cold-start list before the first model (read on a request, two small queries and the Top list's one).
        var top: [String]?
        var building = false
        /// Ratings changed while a build was running: build once more when it ends.
        var again = false
        /// A debounced build is waiting.
        var scheduled = false
    }

    let database: any Database
    let workPool: WorkPool
    let now: @Sendable () -> Int64
    private let state = Mutex(State())

    init(database: any Database, workPool: WorkPool, now: @escaping @Sendable () -> Int64) {
        self.database = database
        self.workPool = workPool
        self.now = now
    }

    /// Whether a model has been built (the first build ends a few seconds after the server starts).
    var isReady: Bool { state.withLock { $0.model != nil } }

    /// Builds the model in the work pool unless a build is running; `changed` (ratings changed since that
    /// build read them) makes it build once more when it ends.
    func refresh(changed: Bool = false) {
        let start = state.withLock { state -> Bool in
            guard !state.building else {
                if changed { state.again = true }
                return false
            }
            state.building = true
            return true
        }
        guard start else { return }
        do {
            try workPool.submit(.batch, key: "movies-recommender") { [self] in
                let fresh = try? build(now: now())
                let again = state.withLock { state -> Bool in
                    // A store without ratings (data not imported yet) is no model: the next request tries again.
                    if let fresh, !fresh.films.isEmpty { state.model = fresh }
                    if let fresh, !fresh.top.isEmpty { state.top = fresh.top }
                    state.building = false
                    defer { state.again = false }
                    return state.again
                }
                if again { refresh(changed: true) }
            }
        } catch {
            state.withLock { $0.building = false }
        }
    }

    /// A reader's stars changed: the model is rebuilt ``debounceSeconds`` from the first change not yet in it.
    func ratingsChanged() {
        let schedule = state.withLock { state -> Bool in
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        guard schedule else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.debounceSeconds)) { [self] in
            state.withLock { $0.scheduled = false }
            refresh(changed: true)
        }
    }

    /// The last model (nil before the first), starting a rebuild in the work pool when it is older than
    /// ``refreshSeconds`` or missing with no build running.
    func model(now: Int64) -> Model? {
        let (current, stale) = state.withLock { state in (state.model, state.model.map { now - $0.builtAt >= Self.refreshSeconds } ?? true) }
        if stale { refresh() }
        return current
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

    /// 猜你喜欢 for `userID` (nil: a signed-out reader, who gets the Top list): at most `count` films (``count`` on the
    /// feed, ``pageCount`` on its own page) none of which they marked (想看 or 看过).
    func forYou(userID: Int64?, now: Int64, count: Int = MovieRecommender.count) throws -> ForYou {
        let model = model(now: now)
        var marked = Set<String>()
        var stars: [Int: Double] = [:]
        var rated = 0
        if let userID {
            for row in try database.read({ try $0.query("SELECT film_id, rating FROM movies_marks WHERE user_id = ?", userID) }) {
                let film: String = try row.get("film_id")
                marked.insert(film)
                guard let rating = try row.get("rating", as: Int?.self) else { continue }
                rated += 1
                if let item = model?.index[film] { stars[item] = Double(rating) }
            }
        }
        var picks: [String] = []
        let source: ForYou.Source
        if rated < Self.minimumRatings {
            source = .topList(rated: rated)
        } else if let model {
            source = .ratings(rated: rated)
            let excluded = Set(marked.compactMap { model.index[$0] })
            picks = model.neighbours.recommend(rated: stars, excluding: excluded, count: count).map { model.films[$0.item] }
        } else {
            source = .pending(rated: rated)
        }
        // The feed's row fills from the Top list's first page, kept in memory; the page of its own reads further down.
        let fill = count > Self.count ? try Self.topFilms(database) : try top(model)
        for film in fill where picks.count < count && !marked.contains(film) && !picks.contains(film) { picks.append(film) }
        return ForYou(source: source, films: try films(picks))
    }

    /// The Top list's first films, enough to fill 猜你喜欢's page after the films a reader marked (``pageCount`` + 20).
    static func topFilms(_ database: any Database) throws -> [String] {
        var films: [String] = [], offset: Int? = 0
        while let start = offset, films.count < pageCount + 20 {
            let page = try TopList(database: database).page(filter: FilmFilter(), offset: start)
            films += page.items.map(\.film.id)
            offset = page.nextOffset
        }
        return films
    }

    /// The model's cold-start list, or before the first model the Top list's first page, read once (until
    /// it has films).
    private func top(_ model: Model?) throws -> [String] {
        if let model { return model.top }
        if let top = state.withLock({ $0.top }) { return top }
        let top = try TopList(database: database).page(filter: FilmFilter(), offset: 0).items.map(\.film.id)
        if !top.isEmpty { state.withLock { $0.top = $0.top ?? top } }
        return top
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
