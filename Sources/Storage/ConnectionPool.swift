import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What ``ConnectionPool`` needs of a backend's connection.
protocol PooledConnection: AnyObject, Sendable {
    /// Rolls back a transaction left open, before the connection goes back to the pool.
    func rollbackIfOpen()
    /// False once the connection is broken (a PostgreSQL server restart): the pool then closes it
    /// instead of handing it out again.
    var isUsable: Bool { get }
}

/// Up to `maximumConnections` connections of one backend, each used by one thread at a time.
///
/// `withConnection` checks out an idle connection, opens a new one while fewer than the maximum
/// exist, or waits for one to come back (at most `waitLimit`, then a `.busy` ``StorageError``). A thread that
/// already holds a connection (a `read`/`write` nested in another) gets the same one again without
/// waiting, so nesting cannot deadlock on the pool.
final class ConnectionPool<Connection: PooledConnection>: Sendable {
    private struct State {
        var idle: [Connection] = []
        /// Connections currently checked out, by the thread holding them.
        var holders: [UInt: Connection] = [:]
        var openCount = 0
    }

    private let state = Mutex(State())
    /// Counts connections that may still be checked out; waiting on it is waiting for a connection.
    private let available: DispatchSemaphore
    private let waitLimit: Duration
    private let open: @Sendable () throws(StorageError) -> Connection

    init(
        maximumConnections: Int, waitLimit: Duration,
        open: @escaping @Sendable () throws(StorageError) -> Connection
    ) {
        precondition(maximumConnections >= 1, "maximumConnections must be at least 1")
        available = DispatchSemaphore(value: maximumConnections)
        self.waitLimit = waitLimit
        self.open = open
    }

    /// Adds an already open connection to the idle list (the first one, opened eagerly to report errors early).
    func adopt(_ connection: Connection) {
        state.withLock {
            $0.idle.append(connection)
            $0.openCount += 1
        }
    }

    /// Runs `body` with this thread's connection: the one it already holds, or a checked-out one.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let thread = currentThreadID()
        if let held = state.withLock({ $0.holders[thread] }) {
            return try body(held)
        }
        guard available.wait(timeout: .now() + waitLimit.dispatchInterval) == .success else {
            throw StorageError.timedOut("no database connection became free within \(waitLimit); all are in use")
        }
        let connection: Connection
        do {
            connection = try checkOut(for: thread)
        } catch {
            available.signal()
            throw error
        }
        defer {
            // A transaction left open (a `BEGIN` without `COMMIT`) must not leak to the next user.
            connection.rollbackIfOpen()
            let usable = connection.isUsable
            state.withLock {
                $0.holders[thread] = nil
                if usable { $0.idle.append(connection) } else { $0.openCount -= 1 }
            }
            available.signal()
        }
        return try body(connection)
    }

    private func checkOut(for thread: UInt) throws(StorageError) -> Connection {
        let reused: Connection? = state.withLock {
            if let connection = $0.idle.popLast() {
                $0.holders[thread] = connection
                return connection
            }
            $0.openCount += 1  // reserve the slot; the semaphore guarantees we stay within the maximum
            return nil
        }
        if let reused { return reused }
        do {
            let connection = try open()
            state.withLock { $0.holders[thread] = connection }
            return connection
        } catch {
            state.withLock { $0.openCount -= 1 }
            throw error
        }
    }

    /// Closes the idle connections (all of them when none is checked out), e.g. before deleting the file.
    func closeIdleConnections() {
        let closing = state.withLock { state -> [Connection] in
            let idle = state.idle
            state.idle.removeAll()
            state.openCount -= idle.count
            return idle
        }
        _ = consume closing  // the last references: each connection closes in its deinit
    }

    /// How many connections are open (idle or in use); for tests and diagnostics.
    var openConnectionCount: Int { state.withLock { $0.openCount } }
}

/// Serializes write transactions of one process, so writers queue on a semaphore instead of
/// retrying in SQLite's sleeping busy handler; other processes are still covered by `busy_timeout`.
final class WriterGate: Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    private let waitLimit: Duration

    init(waitLimit: Duration) { self.waitLimit = waitLimit }

    func enter() throws(StorageError) {
        guard semaphore.wait(timeout: .now() + waitLimit.dispatchInterval) == .success else {
            throw .timedOut("another write transaction stayed open longer than \(waitLimit)")
        }
    }

    func leave() { semaphore.signal() }
}

/// An identifier of the calling thread, unique among live threads.
private func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

extension Duration {
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow, nanoseconds.partialValue < Int64(Int.max) else { return .never }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}
