import Foundation
import Synchronization

/// The PostgreSQL backend: a pool of libpq connections to one server, speaking the same portable SQL as
/// ``SQLiteDatabase`` (``SQLDialect``), for several AppSuite servers sharing one database.
///
/// - `read` is a `REPEATABLE READ, READ ONLY` transaction: one snapshot, writes refused by the server.
/// - `write` is a `SERIALIZABLE` transaction, so it behaves as SQLite's one-writer-at-a-time transactions
///   do; a serialization failure or deadlock (SQLSTATE 40001/40P01) runs it again (``writeAttempts``).
/// - Nesting follows ``SQLiteDatabase``: `read` inside `write` joins it, `write` inside `write` is a
///   `SAVEPOINT`, `write` inside `read` is refused. Unlike SQLite, a failed statement spoils the whole
///   transaction: to go on after an error you catch, run the statement in a nested `write`.
/// - Errors keep PostgreSQL's SQLSTATE (``StorageError/backendCode``) and primary message.
public final class PostgreSQLDatabase: Database {
    public struct Configuration: Sendable {
        /// A libpq connection URI, `postgres://user:password@host:port/database?sslmode=verify-full`
        /// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING>); TLS follows its
        /// `sslmode` (`disable`, `require`, `verify-ca`, `verify-full`; libpq's default `prefer` tries TLS first).
        public var url: String
        /// The most connections open at once; size it to the threads that use the database.
        public var maximumConnections: Int
        /// How long `read`/`write` wait for a free connection, and a statement for a row or table lock
        /// (`lock_timeout`), before failing with a `.busy` ``StorageError``. Default 10 s.
        public var busyTimeout: Duration
        /// The schema tables live in (`search_path`); nil keeps the server's default (`public`).
        public var schema: String?

        public init(url: String, maximumConnections: Int = 8, busyTimeout: Duration = .seconds(10), schema: String? = nil) {
            self.url = url
            self.maximumConnections = maximumConnections
            self.busyTimeout = busyTimeout
            self.schema = schema
        }
    }

    public let configuration: Configuration
    private let pool: ConnectionPool<PostgreSQLConnection>
    /// Set for ``temporary(url:maximumConnections:)``: the schema dropped when the object goes away.
    private let dropsSchemaOnDeinit: Bool

    /// Connects once right away, so a wrong URL, password or an unreachable server is reported here.
    /// - Throws: ``StorageError`` `.unavailable` with libpq's message; `.misuse` for a URL that is not
    ///   `postgres://` or `postgresql://`.
    public convenience init(configuration: Configuration) throws(StorageError) {
        try self.init(configuration: configuration, dropsSchemaOnDeinit: false)
    }

    private init(configuration: Configuration, dropsSchemaOnDeinit: Bool) throws(StorageError) {
        guard Self.isPostgresURL(configuration.url) else {
            throw .misuse("a PostgreSQL URL starts with postgres:// or postgresql://")
        }
        guard configuration.maximumConnections >= 1 else {
            throw .misuse("maximumConnections is \(configuration.maximumConnections); it must be at least 1")
        }
        self.configuration = configuration
        self.dropsSchemaOnDeinit = dropsSchemaOnDeinit
        let generation = SchemaGeneration()
        let open: @Sendable () throws(StorageError) -> PostgreSQLConnection = { () throws(StorageError) in
            try PostgreSQLConnection(
                url: configuration.url, schema: configuration.schema, lockTimeout: configuration.busyTimeout, generation: generation)
        }
        let first = try open()
        pool = ConnectionPool(maximumConnections: configuration.maximumConnections, waitLimit: configuration.busyTimeout, open: open)
        pool.adopt(first)
    }

    /// Whether `url` names a PostgreSQL server (`postgres://` or `postgresql://`).
    public static func isPostgresURL(_ url: String) -> Bool {
        url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
    }

    /// A new, empty schema `appsuite_test_<random>` in the database at `url`, dropped with everything in it
    /// when the object goes away. For tests: each gets its own tables on one shared server.
    public static func temporary(url: String, maximumConnections: Int = 8) throws(StorageError) -> PostgreSQLDatabase {
        let schema = "appsuite_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let setup = try PostgreSQLConnection(url: url, schema: nil, lockTimeout: .seconds(10))
        installSharedExtensions(setup)
        try setup.executeScript("CREATE SCHEMA " + PostgreSQLConnection.quoteIdentifier(schema))
        return try PostgreSQLDatabase(
            configuration: Configuration(url: url, maximumConnections: maximumConnections, schema: schema),
            dropsSchemaOnDeinit: true)
    }

    /// Whether this process has installed the extensions migrations use, for ``temporary(url:maximumConnections:)``.
    private static let extensionsInstalled = Mutex(false)

    /// Installs `pg_trgm` (``TextSearch``) in `public`, once per process, before a test schema exists: made by a
    /// migration inside a test schema, the extension would be dropped with that schema, and with it every other
    /// test's index that uses it. A failure is left to the migration that needs the extension, which says why.
    private static func installSharedExtensions(_ connection: PostgreSQLConnection) {
        extensionsInstalled.withLock { installed in
            guard !installed else { return }
            _ = try? connection.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
            installed = true
        }
    }

    /// ``Configuration/url`` naming ``Configuration/schema`` too (libpq's `options=-csearch_path=…`), so another
    /// process (`appsuite … --database URL`) or `psql` reaches the same tables.
    public var urlWithSchema: String {
        guard let schema = configuration.schema, var components = URLComponents(string: configuration.url) else {
            return configuration.url
        }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "options", value: "-csearch_path=" + schema)]
        return components.string ?? configuration.url
    }

    deinit {
        guard dropsSchemaOnDeinit, let schema = configuration.schema else { return }
        pool.closeIdleConnections()
        if let connection = try? PostgreSQLConnection(url: configuration.url, schema: nil, lockTimeout: .seconds(10)) {
            _ = try? connection.executeScript("DROP SCHEMA " + PostgreSQLConnection.quoteIdentifier(schema) + " CASCADE")
        }
    }

    public var dialect: SQLDialect { .postgresql }

    @discardableResult
    public func read<T>(_ body: (any SQLExecutor) throws -> T) throws -> T {
        try pool.withConnection { connection in try connection.snapshot { try body(connection) } }
    }

    @discardableResult
    public func write<T>(_ body: (any SQLExecutor) throws -> T) throws -> T {
        try pool.withConnection { connection in
            guard !connection.isInTransaction else { return try connection.transaction { try body(connection) } }
            return try retryingSerializationFailures { try connection.transaction { try body(connection) } }
        }
    }

    /// How many connections are open now (idle or in use).
    public var openConnectionCount: Int { pool.openConnectionCount }
}
