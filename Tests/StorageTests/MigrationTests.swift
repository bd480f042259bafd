import Dispatch
import Storage
import Synchronization
import Testing

@Suite("Migrations")
struct MigrationTests {
    static let notes: [Migration] = [
        Migration(module: "notes", version: 1, name: "create_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"),
        Migration(
            module: "notes", version: 2, name: "add_pinned",
            sql: """
                ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX notes_pinned ON notes (pinned);
                """),
    ]

    func recorded(_ db: some Database) throws -> [String] {
        try db.read { db in
            try db.query("SELECT module, version, name FROM schema_migrations ORDER BY module, version").map {
                "\(try $0.get("module", as: String.self)) \(try $0.get("version", as: Int.self)) \(try $0.get("name", as: String.self))"
            }
        }
    }

    @Test func appliesInVersionOrderWhateverTheListOrder() throws {
        let db = try TemporaryDatabase.make()
        try Migrator.migrate(db, Self.notes.reversed())
        #expect(try recorded(db) == ["notes 1 create_notes", "notes 2 add_pinned"])
        try db.write { try $0.execute("INSERT INTO notes (body, pinned) VALUES (?, ?)", "hi", true) }
        #expect(try count(db, "notes") == 1)
        let appliedAt = try db.read { try $0.scalar("SELECT min(applied_at) FROM schema_migrations", as: Int64.self) }
        #expect((appliedAt ?? 0) > 1_700_000_000)  // UTC seconds
    }

    @Test func reRunningIsIdempotent() throws {
        let db = try TemporaryDatabase.make()
        let runs = Atomic<Int>(0)
        let counted = Self.notes + [
            Migration(module: "counter", version: 1, name: "count") { _ in runs.add(1, ordering: .relaxed) }
        ]
        try Migrator.migrate(db, counted)
        try Migrator.migrate(db, counted)
        try Migrator.migrate(db, counted)
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(try recorded(db).count == 3)
    }

    /// Servers starting at once on one empty database: each migration runs once, and no server fails. On PostgreSQL
    /// DDL is outside the serializable checks: unordered, the later `CREATE TABLE` failed on a catalog index (23505).
    @Test func serversMigratingAtOnceEachSucceed() throws {
        let db = try TemporaryDatabase.make(maximumConnections: 8)
        let runs = Atomic<Int>(0)
        let tables = (1...12).map { version in
            Migration(module: "race", version: version, name: "create_race_\(version)") { db in
                try db.executeScript("CREATE TABLE race_\(version) (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
                runs.add(1, ordering: .relaxed)
            }
        }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { try Migrator.migrate(db, tables) } catch { failures.withLock { $0.append("\(error)") } }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(runs.load(ordering: .relaxed) == 12)
        #expect(try recorded(db).count == 12)
    }

    @Test func laterMigrationsApplyOnTopOfEarlierRuns() throws {
        let db = try TemporaryDatabase.make()
        try Migrator.migrate(db, Array(Self.notes.prefix(1)))
        #expect(try recorded(db) == ["notes 1 create_notes"])
        try Migrator.migrate(db, Self.notes)
        #expect(try recorded(db) == ["notes 1 create_notes", "notes 2 add_pinned"])
    }

    @Test func gapsAndDuplicatesAreRejectedBeforeAnythingRuns() throws {
        let db = try TemporaryDatabase.make()
        let gap = #expect(throws: StorageError.self) {
            try Migrator.migrate(db, [Self.notes[0], Migration(module: "notes", version: 3, name: "x", sql: "SELECT 1")])
        }
        #expect(gap?.kind == .migration)
        #expect(gap?.message.contains("version 2 is missing") == true)
        let duplicate = #expect(throws: StorageError.self) {
            try Migrator.migrate(db, Self.notes + [Migration(module: "notes", version: 2, name: "again", sql: "SELECT 1")])
        }
        #expect(duplicate?.message.contains("version 2 appears twice") == true)
        let zero = #expect(throws: StorageError.self) {
            try Migrator.migrate(db, [Migration(module: "notes", version: 0, name: "zero", sql: "SELECT 1")])
        }
        #expect(zero?.kind == .migration)
        // Nothing ran.
        #expect(try !tableExists(db, "notes"))
    }

    @Test func modulesAreNumberedIndependently() throws {
        let db = try TemporaryDatabase.make()
        let tags = [
            Migration(module: "tags", version: 1, name: "create_tags", sql: "CREATE TABLE tags (name TEXT PRIMARY KEY)")
        ]
        try Migrator.migrate(db, Self.notes + tags)
        #expect(try recorded(db) == ["notes 1 create_notes", "notes 2 add_pinned", "tags 1 create_tags"])
        let moreTags = tags + [Migration(module: "tags", version: 2, name: "seed", sql: "INSERT INTO tags VALUES ('a')")]
        try Migrator.migrate(db, moreTags)  // "notes" is not in the list: left alone
        #expect(try recorded(db).count == 4)
        #expect(try count(db, "tags") == 1)
    }

    @Test func aRenamedAppliedMigrationIsAnError() throws {
        let db = try TemporaryDatabase.make()
        try Migrator.migrate(db, Self.notes)
        let renamed = [Self.notes[0], Migration(module: "notes", version: 2, name: "add_pin_flag", sql: "SELECT 1")]
        let error = #expect(throws: StorageError.self) { try Migrator.migrate(db, renamed) }
        #expect(error?.kind == .migration)
        #expect(error?.message.contains("add_pinned") == true)
    }

    @Test func aDatabaseNewerThanTheCodeIsAnError() throws {
        let db = try TemporaryDatabase.make()
        try Migrator.migrate(db, Self.notes)
        let error = #expect(throws: StorageError.self) { try Migrator.migrate(db, Array(Self.notes.prefix(1))) }
        #expect(error?.kind == .migration)
    }

    @Test func aFailingMigrationRollsBackAndKeepsSQLitesMessage() throws {
        let db = try TemporaryDatabase.make()
        let broken = Self.notes + [
            Migration(
                module: "notes", version: 3, name: "broken",
                sql: "CREATE TABLE half (x INTEGER); INSERT INTO nope VALUES (1);")
        ]
        let error = #expect(throws: StorageError.self) { try Migrator.migrate(db, broken) }
        #expect(error?.kind == .migration)
        #expect(error?.message == (db.dialect == .sqlite ? "no such table: nope" : "relation \"nope\" does not exist"))
        #expect(error?.context?.contains("notes v3 \"broken\"") == true)
        #expect(try recorded(db).count == 2)  // 1 and 2 stay applied
        #expect(try !tableExists(db, "half"))
    }

    @Test func swiftMigrationsRunInTheirTransaction() throws {
        let db = try TemporaryDatabase.make()
        let migrations = Self.notes + [
            Migration(module: "notes", version: 3, name: "seed") { db in
                for body in ["a", "b", "c"] { try db.execute("INSERT INTO notes (body) VALUES (?)", body) }
            }
        ]
        try Migrator.migrate(db, migrations)
        #expect(try count(db, "notes") == 3)
    }
}
