import Storage

/// An error a test body throws on purpose.
struct Boom: Error, Equatable {}

/// A fresh temporary database with one table `items(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, n INTEGER)`.
func makeDatabase(maximumConnections: Int = 8) throws -> SQLiteDatabase {
    let db = try SQLiteDatabase.temporary(maximumConnections: maximumConnections)
    try db.write { try $0.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, n INTEGER)") }
    return db
}

func count(_ db: some Database, _ table: String = "items") throws -> Int {
    try db.read { try $0.scalar("SELECT count(*) FROM \(table)", as: Int.self) } ?? -1
}
