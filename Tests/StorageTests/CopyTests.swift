import Foundation
import Storage
import Testing

/// ``DatabaseCopy`` from a SQLite file into the test backend (PostgreSQL with APPSUITE_TEST_DATABASE_URL) and back:
/// foreign-key order that alphabetical order would break, self-references, composite and missing keys, every
/// value type, more rows than one batch, refusal of a non-empty target, and identity sequences moved on.
@Suite struct CopyTests {
    /// `a_replies` references `b_posts` (so it must come second), `b_posts` references itself, `c_tags` has a
    /// composite key, `d_log` none, `e_notices` is seeded by its migration.
    static let migrations = [
        Migration(module: "copytest", version: 1, name: "tables", sql: """
            CREATE TABLE b_posts (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES b_posts(id), title TEXT NOT NULL,
                                  score REAL, cover BLOB, created_at INTEGER NOT NULL);
            CREATE TABLE a_replies (id INTEGER PRIMARY KEY, post_id INTEGER NOT NULL REFERENCES b_posts(id) ON DELETE CASCADE, body TEXT NOT NULL);
            CREATE TABLE c_tags (post_id INTEGER NOT NULL REFERENCES b_posts(id), tag TEXT NOT NULL, PRIMARY KEY (post_id, tag));
            CREATE TABLE d_log (line TEXT, n INTEGER);
            CREATE TABLE e_notices (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
            INSERT INTO e_notices (text) VALUES ('seeded one'), ('seeded two');
            """)
    ]

    /// A SQLite source with `posts` posts (every third a reply to the one before), two replies and tags per post.
    static func makeSource(posts: Int) throws -> SQLiteDatabase {
        let db = try SQLiteDatabase.temporary()
        try Migrator.migrate(db, migrations)
        try db.write { db in
            for n in 1...posts {
                let parent: SQLValue = n % 3 == 0 ? .integer(Int64(n - 1)) : .null
                let cover: SQLValue = n % 5 == 0 ? .blob([0, 255, UInt8(n % 256), 0x5c, 0x78]) : .null
                try db.execute("INSERT INTO b_posts (id, parent_id, title, score, cover, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                               [.integer(Int64(n * 2)), parent == .null ? .null : .integer(Int64((n - 1) * 2)),
                                .text("帖子 \(n) 'quoted' \"double\" \\ 😀"), n % 7 == 0 ? .null : .real(Double(n) / 8),
                                cover, .integer(1_800_000_000 + Int64(n))])
                try db.execute("INSERT INTO a_replies (post_id, body) VALUES (?, ?), (?, ?)",
                               [.integer(Int64(n * 2)), .text("第一 \(n)"), .integer(Int64(n * 2)), .text("")])
                try db.execute("INSERT INTO c_tags (post_id, tag) VALUES (?, 'zh'), (?, ?)",
                               [.integer(Int64(n * 2)), .integer(Int64(n * 2)), .text("t\(n % 4)")])
            }
            try db.execute("INSERT INTO d_log (line, n) VALUES ('a', 1), ('a', 1), (NULL, NULL), ('b', ?)", [.integer(.min)])
            try db.execute("UPDATE e_notices SET text = 'edited by staff' WHERE id = 2", [])
        }
        return db
    }

    /// Every row of every table, in a fixed order, as values.
    static func contents(_ database: any Database) throws -> [String: [[SQLValue]]] {
        let orders = ["a_replies": "id", "b_posts": "id", "c_tags": "post_id, tag", "d_log": "line IS NULL, line, n", "e_notices": "id"]
        return try database.read { db in
            var all: [String: [[SQLValue]]] = [:]
            for (table, order) in orders {
                all[table] = try db.query("SELECT * FROM \(table) ORDER BY \(order)", []).map { row in (0..<row.columnCount).map { row[$0] } }
            }
            return all
        }
    }

    @Test func copiesEveryRowInForeignKeyOrderAndBack() throws {
        let source = try Self.makeSource(posts: 2_600)  // 5,200 replies and tags: three batches each
        let target = try TemporaryDatabase.make()
        try Migrator.migrate(target, Self.migrations)
        var steps: [DatabaseCopy.Progress] = []
        let counts = try DatabaseCopy(from: source, to: target, seededRows: ["e_notices": 2]).run { steps.append($0) }
        // Tables nothing references first (by name), then those whose references are all in.
        #expect(counts.map(\.table) == ["b_posts", "d_log", "e_notices", "a_replies", "c_tags"])
        #expect(counts.map(\.target) == [2_600, 4, 2, 5_200, 5_200])
        #expect(counts.allSatisfy { $0.matches })
        #expect(steps.last?.rowsDone == 13_006 && steps.last?.rowsTotal == 13_006)
        #expect(steps.filter(\.isTableDone).map(\.table) == counts.map(\.table))
        #expect(try Self.contents(target) == Self.contents(source))

        // The next generated key follows the copied ones (PostgreSQL's identity sequence was moved on).
        let next = try target.write { db in
            try db.scalar("INSERT INTO a_replies (post_id, body) VALUES (2, 'new') RETURNING id", as: Int64.self)
        }
        #expect(next == 5_201)
        #expect(try target.write { try $0.scalar("INSERT INTO e_notices (text) VALUES ('third') RETURNING id", as: Int64.self) } == 3)
        // PostgreSQL has planner statistics for the copied rows at once (reltuples is -1 for a never-analysed table).
        if target.dialect == .postgresql {
            #expect(try target.read { try $0.scalar("SELECT reltuples::bigint FROM pg_class WHERE oid = 'c_tags'::regclass", as: Int64.self) } == 5_200)
        }

        // Back into a new SQLite file: the same rows again.
        let back = try SQLiteDatabase.temporary()
        try Migrator.migrate(back, Self.migrations)
        try DatabaseCopy(from: target, to: back, seededRows: ["e_notices": 2]).run()
        #expect(try Self.contents(back) == Self.contents(target))
    }

    @Test func refusesATargetWithRowsOfItsOwnUnlessReplacing() throws {
        let source = try Self.makeSource(posts: 10)
        let target = try TemporaryDatabase.make()
        try Migrator.migrate(target, Self.migrations)
        try target.write { try $0.execute("INSERT INTO d_log (line, n) VALUES ('mine', 1)", []) }
        #expect(throws: DatabaseCopy.Failure.targetNotEmpty(["d_log": 1])) {
            try DatabaseCopy(from: source, to: target, seededRows: ["e_notices": 2]).run()
        }
        #expect(try count(target, "b_posts") == 0, "nothing was written")
        let counts = try DatabaseCopy(from: source, to: target, seededRows: ["e_notices": 2]).run(replacing: true)
        #expect(counts.allSatisfy { $0.matches })
        #expect(try Self.contents(target) == Self.contents(source))
        // Copying again needs --force too: the target now holds the source's rows.
        #expect(throws: DatabaseCopy.Failure.self) { try DatabaseCopy(from: source, to: target, seededRows: ["e_notices": 2]).run() }
    }

    @Test func refusesATargetLackingATableOrColumn() throws {
        let source = try Self.makeSource(posts: 3)
        let target = try TemporaryDatabase.make()
        try target.write { db in
            try db.executeScript("CREATE TABLE b_posts (id INTEGER PRIMARY KEY, title TEXT NOT NULL); CREATE TABLE d_log (line TEXT, n INTEGER)")
        }
        #expect(throws: DatabaseCopy.Failure.tablesMissingInTarget(["a_replies", "c_tags", "e_notices"])) {
            try DatabaseCopy(from: source, to: target).run()
        }
        try target.write { db in
            try db.executeScript("""
                CREATE TABLE a_replies (id INTEGER PRIMARY KEY, post_id INTEGER NOT NULL, body TEXT NOT NULL);
                CREATE TABLE c_tags (post_id INTEGER NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (post_id, tag));
                CREATE TABLE e_notices (id INTEGER PRIMARY KEY, text TEXT NOT NULL)
                """)
        }
        #expect(throws: DatabaseCopy.Failure.columnsMissingInTarget(table: "b_posts", columns: ["parent_id", "score", "cover", "created_at"])) {
            try DatabaseCopy(from: source, to: target).run()
        }
    }
}
