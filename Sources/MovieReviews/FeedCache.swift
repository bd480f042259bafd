import AppHost
import HTTPServer
import Storage

/// The mixed 首页 feed (``MovieFeed/mix(reviews:shorts:rising:now:)`` over ``MovieStore/feedCandidates(now:)``:
/// five statements and ranking ~550 rows) kept as a read model on the platform's caches (``BoundedCache``), so a
/// request in the same 30 s snapshot, or a later page of the same snapshot, only slices it (session 6, issue 18's
/// "the feed does per-row work it could batch").
///
/// - Key: the feed's snapshot time in UTC seconds. The first page ranks at `now` rounded down to a ``bucket`` of
///   30 s (``snapshot(_:)``); its cursor carries that time, so later pages hit the same entry.
/// - Bound: the current snapshot (and one ahead, for a server whose clock runs a little ahead) in a cache of its
///   own, and the ``capacity`` most recently used older snapshots (later pages of an old feed, or made-up
///   cursors) in another, so old snapshots can never push out the current one every reader opens. Cursors from
///   the future are refused (``MoviePages/feedCursor(_:latest:)``).
/// - Freshness: the data version `movies.feed` (``version``), which every write of the feed's content
///   (``MovieWrites``: marks with stars and 短评, reviews, votes) bumps after it commits (``invalidate()``), here
///   at once and on every other server on the same PostgreSQL when it hears the notification (``DataVersions``);
///   the next request ranks afresh. Account erasure (run by the platform in its own transaction) is seen at the
///   next bucket: at most 30 s stale.
/// - The signed-out first page (`/movies` without a query) is kept rendered per language and theme, with its gzip
///   and ETag, by the route's ``Keep`` (``pageValidity``: this version and the snapshot time); its comment badges
///   and the cold-start 猜你喜欢 (neither is a feed write) may lag by up to one bucket.
final class MovieFeedCache: Sendable {
    /// Seconds of one first-page snapshot.
    static let bucket: Int64 = 30
    /// Older snapshots kept.
    static let capacity = 4

    let version: DataVersion
    private let current: BoundedCache<Int64, [FeedCard]>
    private let older: BoundedCache<Int64, [FeedCard]>

    init(version: DataVersion) {
        self.version = version
        // A ranked feed holds ~550 cards of values already in memory: count each card as a kilobyte.
        current = BoundedCache("movies.feed", limits: CacheLimits(entries: 2, bytes: 8 << 20), validity: version.validity, cost: { $0.count << 10 })
        older = BoundedCache("movies.feed.older", limits: CacheLimits(entries: Self.capacity, bytes: 16 << 20), validity: version.validity,
                             cost: { $0.count << 10 })
    }

    /// The first page's snapshot time: `now` rounded down to a multiple of ``bucket``.
    static func snapshot(_ now: Int64) -> Int64 {
        now - ((now % bucket) + bucket) % bucket
    }

    /// The feed at snapshot `now`, from the cache or from `compute`; `latest` is the current snapshot.
    func feed(now: Int64, latest: Int64, compute: () throws -> [FeedCard]) rethrows -> [FeedCard] {
        try (now >= latest ? current : older).value(for: now, make: compute)
    }

    /// What the kept signed-out first page was made from: the feed's version and the current snapshot time on `clock`.
    func pageValidity(clock: @escaping @Sendable () -> Int64) -> CacheValidity {
        .all([version.validity, CacheValidity { UInt64(bitPattern: Self.snapshot(clock())) }])
    }

    /// Call after a write that changes what the feed shows has committed.
    func invalidate() { version.changed() }
}
