import Storage
import Testing

@Suite("Transactions and nesting")
struct TransactionTests {
    @Test func executeReportsChangesAndLastInsertedRowID() throws {
        let db = try makeDatabase()
        let (rowID, changed, updated, created, selected) = try db.write { db in
            try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", "a", 1)
            let rowID = db.lastInsertedRowID()
            let changed = try db.execute("INSERT INTO items (name, n) VALUES (?, ?), (?, ?)", "b", 2, "c", 3)
            let updated = try db.execute("UPDATE items SET n = n + 1 WHERE n >= ?", 2)
            let created = try db.execute("CREATE TABLE other (x)")
            let selected = try db.execute("SELECT * FROM items")
            return (rowID, changed, updated, created, selected)
        }
        #expect(rowID == 1)
        #expect(changed == 2)
        #expect(updated == 2)
        #expect(created == 0)
        #expect(selected == 0)
    }

    @Test func writeRollsBackWhenTheBodyThrowsAndRethrowsItsError() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.write { db in
                try db.execute("INSERT INTO items (name) VALUES ('a')")
                throw Boom()
            }
        }
        #expect(try count(db) == 0)
        // The connection is usable afterwards, with no transaction left open.
        try db.write { try $0.execute("INSERT INTO items (name) VALUES ('b')") }
        #expect(try count(db) == 1)
    }

    @Test func writeRollsBackWhenAStatementFails() throws {
        let db = try makeDatabase()
        #expect(throws: StorageError.self) {
            try db.write { db in
                try db.execute("INSERT INTO items (name) VALUES ('a')")
                try db.execute("INSERT INTO items (name) VALUES ('a')")
            }
        }
        #expect(try count(db) == 0)
    }

    @Test func nestedWriteIsASavepoint() throws {
        let db = try makeDatabase()
        try db.write { outer in
            try outer.execute("INSERT INTO items (name) VALUES ('outer-1')")
            #expect(throws: Boom.self) {
                try db.write { inner in
                    try inner.execute("INSERT INTO items (name) VALUES ('inner-undone')")
                    throw Boom()
                }
            }
            try db.write { inner in
                try inner.execute("INSERT INTO items (name) VALUES ('inner-kept')")
                // Still inside the outer transaction: SQLite rejects BEGIN within a transaction.
                let begin = #expect(throws: StorageError.self) { try inner.execute("BEGIN") }
                #expect(begin?.message == "cannot start a transaction within a transaction")
            }
            try outer.execute("INSERT INTO items (name) VALUES ('outer-2')")
        }
        let names = try db.read { db in
            try db.query("SELECT name FROM items ORDER BY id").map { try $0.get("name", as: String.self) }
        }
        #expect(names == ["outer-1", "inner-kept", "outer-2"])
    }

    @Test func outerThrowUndoesACompletedNestedWrite() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.write { _ in
                try db.write { try $0.execute("INSERT INTO items (name) VALUES ('inner')") }
                throw Boom()
            }
        }
        #expect(try count(db) == 0)
    }

    @Test func readInsideWriteSeesUncommittedRowsOnTheSameConnection() throws {
        let db = try makeDatabase(maximumConnections: 1)
        try db.write { outer in
            try outer.execute("INSERT INTO items (name) VALUES ('a')")
            // With one connection, a second checkout would wait forever; nesting reuses the connection.
            #expect(try count(db) == 1)
        }
    }

    @Test func writeInsideReadUpgradesAndCommits() throws {
        let db = try makeDatabase(maximumConnections: 1)
        let inside = try db.read { reader in
            try db.write { try $0.execute("INSERT INTO items (name) VALUES ('a')") }
            return try reader.scalar("SELECT count(*) FROM items", as: Int.self)
        }
        #expect(inside == 1)
        #expect(try count(db) == 1)
    }

    @Test func aTransactionLeftOpenIsRolledBackOnCheckIn() throws {
        let db = try makeDatabase(maximumConnections: 1)
        try db.read { db in
            try db.execute("BEGIN")
            try db.execute("INSERT INTO items (name) VALUES ('forgotten')")
        }
        #expect(try count(db) == 0)
        try db.write { try $0.execute("INSERT INTO items (name) VALUES ('b')") }
        #expect(try count(db) == 1)
    }

    @Test func dataPersistsAcrossReopening() throws {
        let first = try SQLiteDatabase.temporary()
        let path = first.configuration.path
        try first.write { db in
            try db.execute("CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT)")
            try db.execute("INSERT INTO kv VALUES (?, ?)", "greeting", "你好")
        }
        try withExtendedLifetime(first) {  // `first` deletes the file when it goes away
            let second = try SQLiteDatabase(path: path)
            #expect(try second.read { try $0.scalar("SELECT v FROM kv WHERE k = ?", "greeting", as: String.self) } == "你好")
        }
    }
}

@Suite("Call forms")
struct CallFormTests {
    @Test func arrayAndVariadicArgumentsAgree() throws {
        let db = try makeDatabase()
        let arguments: [SQLValue] = [.text("a"), .integer(1)]
        try db.write { db in
            try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", arguments)
            try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", "b", 2)
            try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", SQLValue.text("c"), SQLValue.null)
            try db.execute("DELETE FROM items WHERE name = 'zz'", [])
            try db.execute("DELETE FROM items WHERE name = 'zz'")
        }
        let viaArray = try db.read { try $0.query("SELECT name FROM items WHERE n >= ?", [.integer(1)]) }
        let viaVariadic = try db.read { try $0.query("SELECT name FROM items WHERE n >= ?", 1) }
        #expect(viaArray.count == 2)
        #expect(viaVariadic.count == 2)
        #expect(try db.read { try $0.queryFirst("SELECT n FROM items WHERE name = ?", [.text("c")]) }?[0] == .null)
    }
}
