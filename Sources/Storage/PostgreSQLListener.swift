import CPostgres
import Foundation
import Synchronization

/// A libpq connection of its own that `LISTEN`s on one channel, on a thread of its own, for ``DataVersions``
/// (<https://www.postgresql.org/docs/current/libpq-notify.html>): it waits on the socket with `poll(2)`, reads
/// with `PQconsumeInput` and hands each `PQnotifies` payload to `heard`. Every ``probeInterval`` of silence it
/// runs `SELECT 1` so a dead connection is noticed; a lost connection is reported, marked not connected, and
/// opened again after a pause (1 s, doubling to 30 s). Once `LISTEN` runs on a fresh connection `connected` is
/// called (notifications sent while no connection listened are lost), then ``isConnected`` turns true.
final class PostgreSQLListener: Sendable {
    /// How long the socket may stay silent before the connection is checked.
    static let probeInterval: Duration = .seconds(5)

    let url: String
    let channel: String
    /// The `search_path` to set, as the pool's connections do (``PostgreSQLDatabase/Configuration/schema``).
    private let searchPath: String?
    private let currentSchema = Mutex("")
    private let log: @Sendable (String) -> Void
    private let connected = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(url: String, channel: String, searchPath: String?, log: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.channel = channel
        self.searchPath = searchPath
        self.log = log
    }

    /// The schema the tables live in as the server resolves it (`current_schema()`; the URL may name it), once
    /// connected: servers on one database but another schema are other installations, whose payloads are ignored.
    var schema: String { currentSchema.withLock { $0 } }

    var isConnected: Bool { connected.load(ordering: .acquiring) }

    /// Starts the thread. `heard` gets each payload; `connected` runs after each successful `LISTEN`; `idle` runs
    /// on every wake-up without a notification (at most every second), for retries.
    func start(heard: @escaping @Sendable (String) -> Void, connected: @escaping @Sendable () -> Void, idle: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            run(heard: heard, onConnect: connected, idle: idle)
            finished.signal()
        }
        thread.name = "appsuite-listen"
        started.store(true, ordering: .releasing)
        thread.start()
    }

    /// Stops the thread and closes the connection (waits up to 2 s for it).
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard started.load(ordering: .acquiring) else { return }
        _ = finished.wait(timeout: .now() + 2)
    }

    private func run(heard: @Sendable (String) -> Void, onConnect: @Sendable () -> Void, idle: @Sendable () -> Void) {
        var pause: UInt32 = 1
        while !stopping.load(ordering: .acquiring) {
            guard let connection = open() else {
                sleep(seconds: pause)
                pause = min(pause * 2, 30)
                continue
            }
            pause = 1
            onConnect()
            connected.store(true, ordering: .releasing)
            log("listening for data changes on \(channel)")
            let reason = listen(connection, heard: heard, idle: idle)
            connected.store(false, ordering: .releasing)
            PQfinish(connection)
            if let reason { log("data change listener lost its connection (\(reason)); caches keep nothing until it is back") }
        }
    }

    /// A connection that has run `LISTEN`, or nil (logged).
    private func open() -> OpaquePointer? {
        guard let connection = PQconnectdb(url) else { return nil }
        CPostgres_silenceNotices(connection)
        let setPath = searchPath.map { "SET search_path TO " + PostgreSQLConnection.quoteIdentifier($0) }
        guard PQstatus(connection) == CONNECTION_OK, setPath.map({ execute(connection, $0) }) ?? true,
              let schema = value(connection, "SELECT coalesce(current_schema(), '')"),
              execute(connection, "LISTEN " + PostgreSQLConnection.quoteIdentifier(channel))
        else {
            log("data change listener cannot connect: " + PostgreSQLDatabase.redacting(PostgreSQLResult.connectionMessage(connection), url: url))
            PQfinish(connection)
            return nil
        }
        currentSchema.withLock { $0 = schema }
        return connection
    }

    /// Waits for notifications until the connection fails (its reason) or the listener stops (nil).
    private func listen(_ connection: OpaquePointer, heard: @Sendable (String) -> Void, idle: @Sendable () -> Void) -> String? {
        var silentSince = ContinuousClock.now
        while !stopping.load(ordering: .acquiring) {
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 1_000)
            if ready < 0, errno != EINTR { return "poll: \(String(cString: strerror(errno)))" }
            if ready > 0 {
                guard PQconsumeInput(connection) == 1 else { return PostgreSQLResult.connectionMessage(connection) }
                var any = false
                while let notification = PQnotifies(connection) {
                    heard(notification.pointee.extra.map { String(cString: $0) } ?? "")
                    PQfreemem(notification)
                    any = true
                }
                if any { silentSince = .now }
            }
            idle()
            if ContinuousClock.now - silentSince >= Self.probeInterval {
                guard execute(connection, "SELECT 1") else { return PostgreSQLResult.connectionMessage(connection) }
                // A notification may have arrived with the probe's answer.
                while let notification = PQnotifies(connection) {
                    heard(notification.pointee.extra.map { String(cString: $0) } ?? "")
                    PQfreemem(notification)
                }
                silentSince = .now
            }
        }
        return nil
    }

    private func execute(_ connection: OpaquePointer, _ sql: String) -> Bool {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK
    }

    private func value(_ connection: OpaquePointer, _ sql: String) -> String? {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_TUPLES_OK, PQntuples(result) == 1 else { return nil }
        return String(cString: PQgetvalue(result, 0, 0))
    }

    private func sleep(seconds: UInt32) {
        for _ in 0..<(seconds * 10) where !stopping.load(ordering: .acquiring) { usleep(100_000) }
    }
}
