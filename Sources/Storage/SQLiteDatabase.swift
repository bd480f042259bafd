import Foundation

/// The SQLite backend: one database file in WAL mode, shared by a pool of connections.
///
/// Every connection is opened with `SQLITE_OPEN_READWRITE | CREATE | NOMUTEX | URI` and set up with
/// `PRAGMA journal_mode=WAL`, `synchronous` (from ``Configuration``), `foreign_keys=ON`,
/// `temp_store=MEMORY`, `journal_size_limit` and `sqlite3_busy_timeout`
/// (<https://www.sqlite.org/pragma.html>, <https://www.sqlite.org/wal.html>).
///
/// **Threads and connections.** Each `read`/`write` checks out a connection that no other thread
/// uses meanwhile, opening new ones up to ``Configuration/maximumConnections`` and otherwise waiting
/// (up to ``Configuration/busyTimeout``, then a `.busy` ``StorageError``). So N request threads
/// use N connections, and readers never wait for a writer (WAL). Write transactions of this process
/// queue on an in-process lock rather than in SQLite's sleeping busy handler.
///
/// **Nesting.** A `read` or `write` called inside another on the same thread reuses that thread's
/// connection (no second checkout, so no deadlock on the pool):
/// - `read` (a deferred `BEGIN` … `COMMIT`: one snapshot) inside `read` or `write`: runs in the outer
///   transaction and sees the outer write's uncommitted changes.
/// - `write` inside `write`: a `SAVEPOINT`; if its body throws, only its changes are undone and the
///   error propagates to the outer body, which may catch it and go on.
/// - `write` inside `read`: refused with `.misuse` (the snapshot cannot become a write transaction
///   without risking `SQLITE_BUSY_SNAPSHOT`); call `write` around the whole work.
///
/// Don't hand the executor to another thread, and don't call `read`/`write` of the same database
/// from a thread you block on inside a `write` (that thread would wait for the write lock you hold).
public final class SQLiteDatabase: Database {
    /// How hard SQLite syncs to disk at commit (<https://www.sqlite.org/pragma.html#pragma_synchronous>).
    public enum Synchronous: Sendable, Hashable {
        /// WAL is synced at checkpoints only: never corrupt, but the last commits may be lost on
        /// power loss or an OS crash (not on a process crash). About 10× faster commits.
        case normal
        /// The WAL is synced at every commit: committed means durable, if the disk honours fsync.
        case full
    }

    public struct Configuration: Sendable {
        /// The database file; created when missing. `file:` URIs are accepted (<https://www.sqlite.org/uri.html>).
        public var path: String
        /// Default `.normal` (safe from corruption in WAL mode; see ``Synchronous``).
        public var synchronous: Synchronous
        /// How long a statement waits for another process's lock, and how long `read`/`write` wait
        /// for a free connection or the write lock, before failing with a `.busy` ``StorageError``. Default 10 s.
        public var busyTimeout: Duration
        /// The most connections open at once; default 8. Size it to the number of worker threads.
        public var maximumConnections: Int
        /// Bytes the WAL file is truncated to after a checkpoint (`PRAGMA journal_size_limit`);
        /// default 64 MiB, -1 for no limit.
        public var journalSizeLimit: Int64

        public init(
            path: String, synchronous: Synchronous = .normal, busyTimeout: Duration = .seconds(10),
            maximumConnections: Int = 8, journalSizeLimit: Int64 = 64 * 1024 * 1024
        ) {
            self.path = path
            self.synchronous = synchronous
            self.busyTimeout = busyTimeout
            self.maximumConnections = maximumConnections
            self.journalSizeLimit = journalSizeLimit
        }
    }

    public let configuration: Configuration
    private let pool: ConnectionPool<SQLiteConnection>
    private let writerGate: WriterGate
    private let deletesFilesOnDeinit: Bool

    /// Opens (creating if needed) the database at `configuration.path`. One connection is opened
    /// right away so that a bad path or a failing pragma is reported here.
    /// - Throws: ``StorageError`` with SQLite's message, e.g. `unable to open database file`.
    public convenience init(configuration: Configuration) throws(StorageError) {
        try self.init(configuration: configuration, deletesFilesOnDeinit: false)
    }

    /// Opens (creating if needed) the database file at `path` with the default configuration.
    public convenience init(path: String) throws(StorageError) {
        try self.init(configuration: Configuration(path: path))
    }

    private init(configuration: Configuration, deletesFilesOnDeinit: Bool) throws(StorageError) {
        guard configuration.maximumConnections >= 1 else {
            throw .misuse("maximumConnections is \(configuration.maximumConnections); it must be at least 1")
        }
        self.configuration = configuration
        self.deletesFilesOnDeinit = deletesFilesOnDeinit
        let first = try SQLiteConnection(path: configuration.path, configuration: configuration)
        pool = ConnectionPool(maximumConnections: configuration.maximumConnections, waitLimit: configuration.busyTimeout) {
            () throws(StorageError) in
            try SQLiteConnection(path: configuration.path, configuration: configuration)
        }
        pool.adopt(first)
        writerGate = WriterGate(waitLimit: configuration.busyTimeout)
    }

    /// A fresh database file under `NSTemporaryDirectory()`, deleted (with its `-wal` and `-shm`
    /// files) when the object goes away. For tests.
    public static func temporary(maximumConnections: Int = 8) throws(StorageError) -> SQLiteDatabase {
        let path = NSTemporaryDirectory() + "/appsuite-storage-\(UUID().uuidString).sqlite"
        return try SQLiteDatabase(
            configuration: Configuration(path: path, maximumConnections: maximumConnections),
            deletesFilesOnDeinit: true)
    }

    deinit {
        guard deletesFilesOnDeinit else { return }
        // Nobody can hold a connection once the database object is gone, so this closes them all
        // (checkpointing the WAL) before the files are deleted.
        pool.closeIdleConnections()
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: configuration.path + suffix)
        }
    }

    public var dialect: SQLDialect { .sqlite }

    @discardableResult
    public func read<T>(_ body: (any SQLExecutor) throws -> T) throws -> T {
        try pool.withConnection { connection in try connection.snapshot { try body(connection) } }
    }

    @discardableResult
    public func write<T>(_ body: (any SQLExecutor) throws -> T) throws -> T {
        try pool.withConnection { connection in
            guard connection.isAutocommit else { return try connection.transaction(gate: writerGate) { try body(connection) } }
            return try retryingSerializationFailures {
                try connection.transaction(gate: writerGate) { try body(connection) }
            }
        }
    }

    /// Runs `PRAGMA integrity_check` (<https://www.sqlite.org/pragma.html#pragma_integrity_check>)
    /// and returns its lines joined by newlines: `"ok"` when the file is sound.
    public func integrityCheck() throws(StorageError) -> String {
        do {
            return try read { db in
                try db.query("PRAGMA integrity_check", []).map { try $0.get(0, as: String.self) }
                    .joined(separator: "\n")
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(kind: .database, message: "\(error)")
        }
    }

    /// How many connections are open now (idle or in use).
    public var openConnectionCount: Int { pool.openConnectionCount }
}
