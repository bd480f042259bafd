import Storage

/// An error a test body throws on purpose.
struct Boom: Error, Equatable {}

/// A fresh temporary database with one table `items(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, n INTEGER)`.
func makeDatabase(maximumConnections: Int = 8) throws -> any Database {
    let db = try TemporaryDatabase.make(maximumConnections: maximumConnections)
    try db.write { try $0.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, n INTEGER)") }
    return db
}

func count(_ db: some Database, _ table: String = "items") throws -> Int {
    try db.read { try $0.scalar("SELECT count(*) FROM \(table)", as: Int.self) } ?? -1
}

/// How many connections the backend's pool has open.
func openConnections(_ db: any Database) -> Int {
    switch db {
    case let sqlite as SQLiteDatabase: sqlite.openConnectionCount
    case let postgres as PostgreSQLDatabase: postgres.openConnectionCount
    default: -1
    }
}

/// Whether the database has a table `name` (in the test's schema on PostgreSQL).
func tableExists(_ db: any Database, _ name: String) throws -> Bool {
    let sql =
        db.dialect == .sqlite
        ? "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
        : "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
    return try db.read { try $0.scalar(sql, name, as: Int.self) } != 0
}
