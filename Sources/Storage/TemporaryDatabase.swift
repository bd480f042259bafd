import Foundation

/// Fresh, empty databases for tests, on the backend the environment picks, so the same suite runs on
/// SQLite (the default) and on PostgreSQL (`scripts/test` runs it on both).
public enum TemporaryDatabase {
    /// The environment variable naming a PostgreSQL database for tests: `postgres://user@host:port/db`.
    public static let environmentVariable = "APPSUITE_TEST_DATABASE_URL"

    /// The PostgreSQL URL tests run on, or nil for SQLite.
    public static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else { return nil }
        return url
    }

    /// A new empty database: a temporary SQLite file (``SQLiteDatabase/temporary(maximumConnections:)``) or,
    /// when ``environmentVariable`` is set, a new schema in that PostgreSQL database
    /// (``PostgreSQLDatabase/temporary(url:maximumConnections:)``). Either is removed when the object goes away.
    public static func make(maximumConnections: Int = 8) throws(StorageError) -> any Database {
        if let postgresURL {
            return try PostgreSQLDatabase.temporary(url: postgresURL, maximumConnections: maximumConnections)
        }
        return try SQLiteDatabase.temporary(maximumConnections: maximumConnections)
    }
}
