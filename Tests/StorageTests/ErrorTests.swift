import Storage
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test func errorsKeepSQLitesMessageAndTheSQL() throws {
        let db = try SQLiteDatabase.temporary()
        let error = #expect(throws: StorageError.self) { try db.read { try $0.query("SELECT * FROM nope") } }
        #expect(error?.kind == .database)
        #expect(error?.condition == .other)
        #expect(error?.backendCode == "1")
        #expect(error?.message == "no such table: nope")
        #expect(error?.sql == "SELECT * FROM nope")
        #expect(error?.description.contains("no such table: nope") == true)
        let syntax = #expect(throws: StorageError.self) { try db.write { try $0.execute("SELEC 1") } }
        #expect(syntax?.message == "near \"SELEC\": syntax error")
    }

    @Test func uniqueAndPrimaryKeyViolationsAreRecognisable() throws {
        let db = try makeDatabase()
        try db.write { try $0.execute("INSERT INTO items (id, name) VALUES (1, 'a')") }
        let unique = #expect(throws: StorageError.self) {
            try db.write { try $0.execute("INSERT INTO items (name) VALUES (?)", "a") }
        }
        #expect(unique?.isUniqueConstraintViolation == true)
        #expect(unique?.isConstraintViolation == true)
        #expect(unique?.isForeignKeyViolation == false)
        #expect(unique?.condition == .uniqueViolation)
        if db.dialect == .sqlite {
            #expect(unique?.backendCode == "2067")
            #expect(unique?.message == "UNIQUE constraint failed: items.name")
        } else {
            // PostgreSQL's identity does not follow the explicit id 1, so the generated id collides first.
            #expect(unique?.backendCode == "23505")
            #expect(unique?.message.hasPrefix("duplicate key value violates unique constraint") == true)
        }
        let primary = #expect(throws: StorageError.self) {
            try db.write { try $0.execute("INSERT INTO items (id, name) VALUES (1, 'b')") }
        }
        #expect(primary?.isUniqueConstraintViolation == true)
        let notNull = #expect(throws: StorageError.self) {
            try db.write { try $0.execute("INSERT INTO items (name) VALUES (NULL)") }
        }
        #expect(notNull?.isNotNullViolation == true)
        #expect(notNull?.isUniqueConstraintViolation == false)
    }

    @Test func foreignKeyViolationsAreRecognisable() throws {
        let db = try makeDatabase()
        try db.write { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES items(id))")
        }
        let error = #expect(throws: StorageError.self) {
            try db.write { try $0.execute("INSERT INTO notes (item_id) VALUES (?)", 42) }
        }
        #expect(error?.isForeignKeyViolation == true)
        #expect(error?.isUniqueConstraintViolation == false)
        #expect(error?.message == (db.dialect == .sqlite ? "FOREIGN KEY constraint failed"
            : "insert or update on table \"notes\" violates foreign key constraint \"notes_item_id_fkey\""))
        #expect(error?.backendCode == (db.dialect == .sqlite ? "787" : "23503"))
        #expect(try count(db, "notes") == 0)
    }

    @Test func misuseIsReported() throws {
        let db = try makeDatabase()
        let several = #expect(throws: StorageError.self) {
            try db.write { try $0.execute("INSERT INTO items (name) VALUES ('a'); DELETE FROM items") }
        }
        #expect(several?.kind == .misuse)
        #expect(try count(db) == 0)
        let arguments = #expect(throws: StorageError.self) {
            try db.write { try $0.execute("INSERT INTO items (name, n) VALUES (?, ?)", "a") }
        }
        #expect(arguments?.kind == .misuse)
        #expect(arguments?.message.contains("2 placeholders") == true)
        // A trailing comment or semicolon is not a second statement.
        try db.write { try $0.execute("INSERT INTO items (name) VALUES ('a'); -- done") }
        #expect(try count(db) == 1)
    }

    @Test func openingAnImpossiblePathKeepsSQLitesMessage() {
        let error = #expect(throws: StorageError.self) {
            try SQLiteDatabase(configuration: .init(path: "/nonexistent-appsuite-dir/sub/db.sqlite"))
        }
        #expect(error?.message == "unable to open database file")
        #expect(error?.condition == .unavailable)
        #expect(error?.backendCode == "14")
    }

    /// libpq quotes what it cannot parse, a bad percent-encoding inside the password included; no server needed.
    @Test func aPostgreSQLURLsPasswordIsInNoMessage() {
        for url in ["postgres://appsuite:S3CRET%ZZ@127.0.0.1:1/appsuite", "postgres://appsuite:S3CRET@[::1",
                    "postgres://appsuite@127.0.0.1:1/appsuite?bogus=1&password=S3CRET"] {
            let error = #expect(throws: StorageError.self) { try PostgreSQLDatabase(configuration: .init(url: url)) }
            #expect(error?.condition == .unavailable)
            #expect(error.map { !$0.message.contains("S3CRET") && !"\($0)".contains("S3CRET") } == true, "\(String(describing: error))")
        }
        #expect(PostgreSQLDatabase.redacted("postgres://u:pw%40x@db:5432/app?sslmode=require") == "postgres://u:***@db:5432/app?sslmode=require")
        #expect(PostgreSQLDatabase.redacted("postgres://u@db/app?password=pw&sslmode=disable") == "postgres://u@db/app?password=***&sslmode=disable")
        #expect(PostgreSQLDatabase.redacted("postgres://a:SECRET@[::1") == "postgres://a:***@[::1")
        #expect(PostgreSQLDatabase.redacted("mysql://u:SECRET@db/app") == "mysql://u:***@db/app")
        #expect(PostgreSQLDatabase.redacted("postgres://appsuite@db:5432/app") == "postgres://appsuite@db:5432/app")
    }
}
