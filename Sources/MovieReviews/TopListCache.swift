import AppHost
import HTTPServer
import Storage

/// The Top list's pages as a read model (issue 25: `/movies/top` ranked the whole catalogue on every request, 423
/// req/s against nginx's 77,468): each (filter, page) is ranked once per version of what it is ranked from, then
/// served from memory by the page and the API alike.
///
/// - Key: the validated ``FilmFilter`` (a genre of ``MovieText/genreNames``, one of ten decades, a score 0–10) and
///   the page's offset (a multiple of 20 under 250, ``TopList/offset(_:)``), never raw query text. Bound: 64 pages,
///   4 MB, so made-up filters only churn it.
/// - Freshness: the data version `movies.ratings` (``version``), which every change of a reader's stars bumps after
///   it commits (``MovieWrites/ratingsChanged``, ``ratingsChanged()``): here at once, and on every other server on
///   the same PostgreSQL when it hears the notification (``DataVersions``). Stars removed by an account's erasure
///   (the platform's transaction) and an import by another process on one SQLite file are not signalled: they
///   are seen within ``maxAge``.
final class TopListCache: Sendable {
    /// The staleness bound for what no write signals (erasure, another process's import).
    static let maxAge: Duration = .seconds(30)

    struct Key: Hashable, Sendable {
        var filter: FilmFilter
        var offset: Int
    }

    let version: DataVersion
    private let list: TopList
    private let pages: BoundedCache<Key, TopList.Page>

    init(database: any Database, version: DataVersion) {
        self.version = version
        list = TopList(database: database)
        // 20 films of values already in memory a page: count a page as 64 KB.
        pages = BoundedCache("movies.top", limits: CacheLimits(entries: 64, bytes: 4 << 20, maxAge: Self.maxAge),
                             validity: version.validity, cost: { _ in 64 << 10 })
    }

    /// The page of `filter` from `offset`, kept or ranked now.
    func page(filter: FilmFilter, offset: Int) throws -> TopList.Page {
        try pages.value(for: Key(filter: filter, offset: offset)) { try list.page(filter: filter, offset: offset) }
    }

    /// What a kept Top list page (``Keep``) was made from: this version (with ``maxAge`` on the route).
    var validity: CacheValidity { version.validity }

    /// Call after a change of stars has committed.
    func ratingsChanged() { version.changed() }
}
