import Foundation
import Synchronization

/// Named counters of what changed in the database (`movies.feed`, `merchants`), which read models kept in
/// memory are stamped with: a kept value made at version *n* is stale once the version moves past *n*.
///
/// A writer calls ``DataVersion/changed()`` after its write has committed. That bumps the counter in this
/// process at once, and on PostgreSQL sends `NOTIFY appsuite_data_versions` (in a transaction of its own), which
/// every other server on the same database (and schema) hears on its listening connection
/// (``PostgreSQLListener``) within milliseconds and bumps its own counter for. So with several servers a kept
/// value is stale for at most the notification's trip — as long as the listener is connected: while it is not
/// (the database restarting, a network cut), ``DataVersion/current`` is nil, so caches keep and serve nothing,
/// and when it connects again every counter moves (what was missed meanwhile is unknown). On SQLite, one server
/// owns the file and the local counter is the whole story. Another process writing the same SQLite file
/// (`appsuite import` while `serve` runs) is not heard: state a ``maxAge`` where that matters, or restart.
///
/// The bump after the commit (not before) is what keeps caches right: a reader stamps before it reads, so a
/// value read before the commit carries the old stamp and is refused or dropped (``BoundedCache``).
public final class DataVersions: Sendable {
    /// The channel every server listens on; payloads are `<schema>\t<sender>\t<name>`.
    static let channel = "appsuite_data_versions"

    final class Counter: Sendable {
        let value = Atomic<UInt64>(1)
        func bump() { value.add(1, ordering: .releasing) }
    }

    private let counters = Mutex<[String: Counter]>([:])
    private let listener: PostgreSQLListener?
    private let database: (any Database)?
    private let log: @Sendable (String) -> Void
    /// This process's id in payloads, so it ignores its own notifications (it bumped already).
    let sender = UUID().uuidString.prefix(8).lowercased()
    private let pending = Mutex<Set<String>>([])

    /// Starts listening when `database` is PostgreSQL. `log` receives one line per listener connect or failure.
    public init(database: any Database, log: @escaping @Sendable (String) -> Void) {
        self.database = database
        self.log = log
        if let postgres = database as? PostgreSQLDatabase {
            listener = PostgreSQLListener(url: postgres.configuration.url, channel: Self.channel,
                                          searchPath: postgres.configuration.schema, log: log)
        } else {
            listener = nil
        }
        listener?.start(
            heard: { [weak self] payload in self?.heard(payload) },
            connected: { [weak self] in self?.bumpAll() },
            idle: { [weak self] in self?.resendPending() })
    }

    /// Counters of this process alone, for a read model without a database behind it (tests of a cache).
    public init() {
        database = nil
        log = { _ in }
        listener = nil
    }

    deinit { listener?.stop() }

    /// Stops listening (the server stopping); counters stay readable but untrusted on PostgreSQL.
    public func stop() { listener?.stop() }

    /// The version named `name`: `[a-z0-9._-]`, at most 64 characters (`movies.feed`).
    public func version(_ name: String) -> DataVersion {
        precondition(!name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { Self.allowed($0) }, "a data version name: \(name)")
        return DataVersion(name: name, counter: counter(name), versions: self)
    }

    /// True when this process hears every change: always on SQLite, while the listener is connected on PostgreSQL.
    public var isListening: Bool { listener?.isConnected ?? true }

    private func counter(_ name: String) -> Counter {
        counters.withLock { counters in
            if let counter = counters[name] { return counter }
            let counter = Counter()
            counters[name] = counter
            return counter
        }
    }

    /// After a commit: the local bump, then the notification (kept for a retry when it cannot be sent).
    func changed(_ name: String, _ counter: Counter) {
        counter.bump()
        guard listener != nil else { return }
        do {
            try notify(name)
        } catch {
            pending.withLock { _ = $0.insert(name) }
            log("data version \(name): other servers not told yet (\(error)); retrying")
        }
    }

    /// Moves every version, here and on every server that hears it: after a change whose readers are not known by
    /// name (`appsuite import`, which replaces an app's data in a process of its own).
    public func changedEverything() {
        bumpAll()
        guard listener != nil else { return }
        do {
            try notify(Self.everything)
        } catch {
            pending.withLock { _ = $0.insert(Self.everything) }
            log("data versions: other servers not told of the change yet (\(error)); retrying")
        }
    }

    /// The name in a payload that stands for every version (no version is named so).
    static let everything = "*"

    private func notify(_ name: String) throws {
        // The sender's schema as its own connection resolves it, so servers of another installation on the same
        // database (another schema) ignore it.
        try database?.write { db in
            try db.execute("SELECT pg_notify(?, coalesce(current_schema(), '') || ?)", [.text(Self.channel), .text("\t" + sender + "\t" + name)])
        }
    }

    private func resendPending() {
        let names = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for name in names {
            do { try notify(name) } catch { pending.withLock { _ = $0.insert(name) } }
        }
    }

    private func heard(_ payload: String) {
        let parts = payload.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == (listener?.schema ?? "")[...], parts[1] != sender[...] else { return }
        if parts[2] == Self.everything[...] { bumpAll() } else { counter(String(parts[2])).bump() }
    }

    private func bumpAll() {
        counters.withLock { counters in for counter in counters.values { counter.bump() } }
    }

    private static func allowed(_ byte: UInt8) -> Bool {
        (97...122).contains(byte) || (48...57).contains(byte) || byte == 46 || byte == 95 || byte == 45
    }
}

/// One named counter of ``DataVersions``: read it to stamp what you keep, bump it after a write commits.
public struct DataVersion: Sendable {
    public let name: String
    let counter: DataVersions.Counter
    let versions: DataVersions

    /// The version now, or nil while changes on other servers might go unheard (PostgreSQL listener down): keep nothing then.
    public var current: UInt64? {
        versions.isListening ? counter.value.load(ordering: .acquiring) : nil
    }

    /// Call after a write that changes what readers of this version see has committed: kept values made before
    /// are stale here at once and on every other server when the notification arrives.
    public func changed() { versions.changed(name, counter) }
}
