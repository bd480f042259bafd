import Synchronization

/// What a kept value was made from, as a number that changes whenever that data may have changed — the
/// platform's data versions (`DataVersions` in Storage, bumped after each write that changes what a reader
/// sees and, on PostgreSQL, heard from every other server) — or nil while no kept value can be trusted (the
/// cross-server signal is down): then every lookup misses and nothing is kept, so a cache is never staler
/// than its signal.
public struct CacheValidity: Sendable {
    let stamp: @Sendable () -> UInt64?

    /// `stamp` is called on every lookup: make it an atomic load, not a query.
    public init(_ stamp: @escaping @Sendable () -> UInt64?) { self.stamp = stamp }

    /// Data fixed for the life of the process (built-in documents, assets): kept until evicted or ``maxAge``.
    public static let process = CacheValidity { 0 }

    /// Valid while each of `validities` is: their stamps mixed into one (FNV-1a over the 64-bit stamps), which
    /// changes when any of them does.
    public static func all(_ validities: [CacheValidity]) -> CacheValidity {
        CacheValidity {
            var mixed: UInt64 = 0xcbf2_9ce4_8422_2325
            for validity in validities {
                guard let stamp = validity.stamp() else { return nil }
                mixed = (mixed ^ stamp) &* 0x100_0000_01b3
            }
            return mixed
        }
    }
}

/// How much a cache may hold, and for how long at most.
public struct CacheLimits: Sendable {
    /// The most values kept.
    public var entries: Int
    /// The most bytes kept, as the cache's cost counts them.
    public var bytes: Int
    /// The staleness bound for data no write signals (time-dependent lists, outside sources); nil: none.
    public var maxAge: Duration?

    public init(entries: Int, bytes: Int, maxAge: Duration? = nil) {
        precondition(entries > 0 && bytes > 0, "a cache holds something")
        self.entries = entries
        self.bytes = bytes
        self.maxAge = maxAge
    }
}

/// What a cache did since the process started, and what it holds.
public struct CacheStatistics: Sendable, Equatable {
    public var hits = 0
    public var misses = 0
    public var entries = 0
    public var bytes = 0
}

/// A read model kept in memory: values made from the database once per data version (``CacheValidity``) and
/// key, then served from here until the data changes, ``CacheLimits/maxAge`` passes, or they are evicted.
///
/// - Bounds: at most ``CacheLimits/entries`` values and ``CacheLimits/bytes`` bytes (as `cost` counts them); past either,
///   the least recently used go. A value costing more than an eighth of the bytes is never kept. So a flood of
///   distinct keys (10⁶ made-up ids or coordinates) only churns the cache; it never grows past its bounds.
/// - Keys: build them from validated parameters only (an endpoint's decoded query, a path id the handler
///   accepted, the language), never raw request text, so two spellings of one question share an entry and
///   garbage never reaches the cache.
/// - Freshness: a value is kept with the stamp read *before* it was made, and only if the stamp is unchanged
///   after: a value made from a snapshot older than a write is never kept past that write. Two requests that
///   miss at once both make the value (no waiting on each other).
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var stamp: UInt64
        var madeAt: Int64
        var newer = -1
        var older = -1
    }

    private struct Store {
        var index: [Key: Int] = [:]
        var nodes: [Node?] = []
        var free: [Int] = []
        /// Most recently used.
        var newest = -1
        /// Least recently used: the next to go.
        var oldest = -1
        var statistics = CacheStatistics()
    }

    public let name: String
    public let limits: CacheLimits
    private let validity: CacheValidity
    private let cost: @Sendable (Value) -> Int
    private let store = Mutex(Store())

    /// - Parameters:
    ///   - name: shown in logs and tests (`movies.feed`).
    ///   - cost: a value's size in bytes, counted against ``CacheLimits/bytes`` (add the key's if it is large).
    public init(_ name: String, limits: CacheLimits, validity: CacheValidity, cost: @escaping @Sendable (Value) -> Int) {
        self.name = name
        self.limits = limits
        self.validity = validity
        self.cost = cost
    }

    /// The value for `key`: kept, or made by `make` (and kept when the data did not change meanwhile and
    /// `keep` says so).
    public func value(for key: Key, keep: (Value) -> Bool = { _ in true }, make: () throws -> Value) rethrows -> Value {
        guard let stamp = validity.stamp() else { return try make() }
        if let kept = lookup(key, stamp: stamp) { return kept }
        let value = try make()
        if keep(value) { insert(key, value, stamp: stamp) }
        return value
    }

    /// The data version now, or nil while nothing may be kept.
    func currentStamp() -> UInt64? { validity.stamp() }

    /// The kept value for `key` made at data version `stamp` (and within the age limit), or nil.
    func lookup(_ key: Key, stamp: UInt64) -> Value? {
        let now = limits.maxAge == nil ? 0 : monotonicNanoseconds()
        return store.withLock { store in
            guard let slot = store.index[key], let node = store.nodes[slot] else {
                store.statistics.misses += 1
                return nil
            }
            guard node.stamp == stamp, !isExpired(node, now: now) else {
                Self.remove(slot, from: &store)
                store.statistics.misses += 1
                return nil
            }
            Self.touch(slot, in: &store)
            store.statistics.hits += 1
            return node.value
        }
    }

    /// Keeps `value` made at `stamp`, unless the data changed since (the stamp moved) or it is too large.
    func insert(_ key: Key, _ value: Value, stamp: UInt64) {
        let size = cost(value)
        guard size <= limits.bytes / 8, validity.stamp() == stamp else { return }
        let now = monotonicNanoseconds()
        store.withLock { store in
            if let slot = store.index[key] { Self.remove(slot, from: &store) }
            while store.statistics.entries >= limits.entries || store.statistics.bytes + size > limits.bytes, store.oldest >= 0 {
                Self.remove(store.oldest, from: &store)
            }
            let node = Node(key: key, value: value, cost: size, stamp: stamp, madeAt: now)
            let slot: Int
            if let reused = store.free.popLast() {
                slot = reused
                store.nodes[slot] = node
            } else {
                slot = store.nodes.count
                store.nodes.append(node)
            }
            store.index[key] = slot
            store.statistics.entries += 1
            store.statistics.bytes += size
            Self.linkNewest(slot, in: &store)
        }
    }

    /// Forgets every value (the data versions make this unnecessary after writes; for tests and memory pressure).
    public func removeAll() {
        store.withLock { store in
            let statistics = store.statistics
            store = Store()
            store.statistics.hits = statistics.hits
            store.statistics.misses = statistics.misses
        }
    }

    public var statistics: CacheStatistics { store.withLock { $0.statistics } }

    private func isExpired(_ node: Node, now: Int64) -> Bool {
        guard let maxAge = limits.maxAge else { return false }
        let nanoseconds = maxAge.components.seconds * 1_000_000_000 + maxAge.components.attoseconds / 1_000_000_000
        return now - node.madeAt >= nanoseconds
    }

    private static func touch(_ slot: Int, in store: inout Store) {
        guard store.newest != slot else { return }
        unlink(slot, in: &store)
        linkNewest(slot, in: &store)
    }

    private static func linkNewest(_ slot: Int, in store: inout Store) {
        store.nodes[slot]!.older = store.newest
        store.nodes[slot]!.newer = -1
        if store.newest >= 0 { store.nodes[store.newest]!.newer = slot }
        store.newest = slot
        if store.oldest < 0 { store.oldest = slot }
    }

    private static func unlink(_ slot: Int, in store: inout Store) {
        let (newer, older) = (store.nodes[slot]!.newer, store.nodes[slot]!.older)
        if newer >= 0 { store.nodes[newer]!.older = older } else { store.newest = older }
        if older >= 0 { store.nodes[older]!.newer = newer } else { store.oldest = newer }
    }

    private static func remove(_ slot: Int, from store: inout Store) {
        guard let node = store.nodes[slot] else { return }
        unlink(slot, in: &store)
        store.index[node.key] = nil
        store.nodes[slot] = nil
        store.free.append(slot)
        store.statistics.entries -= 1
        store.statistics.bytes -= node.cost
    }
}
