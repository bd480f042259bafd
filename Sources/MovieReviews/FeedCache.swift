import Synchronization

/// The mixed 首页 feed (``MovieFeed/mix(reviews:shorts:rising:now:)`` over ``MovieStore/feedCandidates(now:)``:
/// five statements and ranking ~550 rows) kept for the few snapshot times being read, so a request in the
/// same bucket, or a later page of the same snapshot, only slices it (session 6, issue 18's "the feed does
/// per-row work it could batch").
///
/// - Key: the feed's snapshot time in UTC seconds. The first page ranks at `now` rounded down to a
///   ``bucket`` of 30 s (``snapshot(_:)``); its cursor carries that time, so later pages hit the same entry.
/// - Bound: the ``capacity`` most recently used snapshots; the least recently used is dropped, but never the
///   newest snapshot time (the current first page, which every reader opens), so requests for older snapshots
///   (later pages of an old feed, or made-up cursors) cannot push it out. Cursors from the future are refused
///   (``MoviePages/feedCursor(_:latest:)``), so the newest is never one no page handed out.
/// - Freshness: every write of this process that changes what the feed shows (``MovieWrites``: marks with
///   stars and 短评, reviews, votes) calls ``invalidate()`` after it commits, and the next request ranks
///   afresh. Writes from other servers sharing the database, and account erasure (run by the platform in
///   its own transaction), are seen at the next bucket: **at most 30 s stale across servers**.
/// - A computation that overlaps an invalidation is returned to its request but not kept, so a ranking
///   read before a write never serves after it. Two requests missing at once both compute (no waiting).
final class MovieFeedCache: Sendable {
    /// Seconds of one first-page snapshot.
    static let bucket: Int64 = 30
    /// Snapshots kept.
    static let capacity = 4

    private struct State {
        var generation: UInt64 = 0
        /// Least recently used first.
        var entries: [(now: Int64, feed: [FeedCard])] = []
    }

    private let state = Mutex(State())

    init() {}

    /// The first page's snapshot time: `now` rounded down to a multiple of ``bucket``.
    static func snapshot(_ now: Int64) -> Int64 {
        now - ((now % bucket) + bucket) % bucket
    }

    /// The feed at `now`, from the cache or from `compute` (then kept unless ``invalidate()`` ran meanwhile).
    func feed(now: Int64, compute: () throws -> [FeedCard]) rethrows -> [FeedCard] {
        let lookup: (feed: [FeedCard]?, generation: UInt64) = state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.now == now }) else { return (nil, state.generation) }
            let entry = state.entries.remove(at: index)
            state.entries.append(entry)
            return (entry.feed, state.generation)
        }
        if let feed = lookup.feed { return feed }
        let feed = try compute()
        state.withLock { state in
            guard state.generation == lookup.generation, !state.entries.contains(where: { $0.now == now }) else { return }
            if state.entries.count >= Self.capacity {
                let newest = max(now, state.entries.map(\.now).max() ?? now)
                if let index = state.entries.firstIndex(where: { $0.now != newest }) { state.entries.remove(at: index) }
            }
            state.entries.append((now, feed))
        }
        return feed
    }

    /// Forgets every kept feed; call after a write that changes what the feed shows has committed.
    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll()
        }
    }
}
