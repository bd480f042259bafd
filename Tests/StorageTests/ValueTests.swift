import Storage
import Testing

@Suite("Values and rows")
struct ValueTests {
    @Test func typedRoundTripsOfEveryConvertible() throws {
        let db = try TemporaryDatabase.make()
        // 4-byte UTF-8, a ZWJ sequence, and on SQLite an embedded NUL (PostgreSQL's text cannot hold one).
        let text = "限免 𝄞😀👩‍👩‍👧 café a" + (db.dialect == .sqlite ? "\u{0}" : "") + "b"
        let blob: [UInt8] = [0, 1, 127, 128, 254, 255, 0]
        try db.write { db in
            try db.execute("CREATE TABLE v (i INTEGER, i64 INTEGER, r REAL, b INTEGER, s TEXT, x BLOB, o TEXT, e TEXT, eb BLOB)")
            try db.execute(
                "INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Int.min, Int64.max, 3.25, true, text, blob, String?.none, "", [UInt8]())
        }
        let row = try #require(try db.read { try $0.queryFirst("SELECT * FROM v") })
        #expect(row.columnCount == 9)
        #expect(try row.get("i", as: Int.self) == Int.min)
        #expect(try row.get("i64", as: Int64.self) == Int64.max)
        #expect(try row.get("r", as: Double.self) == 3.25)
        #expect(try row.get("b", as: Bool.self) == true)
        #expect(try row.get("s", as: String.self) == text)
        #expect(try row.get("x", as: [UInt8].self) == blob)
        #expect(try row.get("o", as: String?.self) == nil)
        #expect(row["o"] == .null)
        #expect(try row.get("e", as: String.self) == "")
        #expect(try row.get("eb", as: [UInt8].self) == [])  // an empty blob is not NULL
        #expect(row[5] == .blob(blob))
        #expect(try row.get(4, as: String.self) == text)
        if db.dialect == .sqlite {
            #expect(try db.read { try $0.scalar("SELECT length(CAST(s AS BLOB)) FROM v", as: Int.self) } == text.utf8.count)
            #expect(try db.read { try $0.scalar("SELECT typeof(b) FROM v", as: String.self) } == "integer")
        }
    }

    @Test func optionalsBindNullAndDecodeNil() throws {
        let db = try makeDatabase()
        let some: Int? = 7
        let none: Int? = nil
        try db.write { db in
            try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", "a", some)
            try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", "b", none)
        }
        let values = try db.read { db in
            try db.query("SELECT n FROM items ORDER BY name").map { try $0.get("n", as: Int?.self) }
        }
        #expect(values == [7, nil])
        #expect(try db.read { try $0.scalar("SELECT n FROM items WHERE name = 'b'", as: Int.self) } == nil)
        #expect(try db.read { try $0.scalar("SELECT n FROM items WHERE name = 'zz'", as: Int.self) } == nil)
    }

    @Test func boolsAndDoublesDecodeFromIntegers() throws {
        let db = try TemporaryDatabase.make()
        let row = try #require(try db.read { try $0.queryFirst("SELECT 0 AS f, 1 AS t, 2 AS two, 5 AS whole") })
        #expect(try row.get("f", as: Bool.self) == false)
        #expect(try row.get("t", as: Bool.self) == true)
        #expect(try row.get("two", as: Bool.self) == true)
        #expect(try row.get("whole", as: Double.self) == 5.0)
    }

    @Test func wrongTypeOrNullIsATypeMismatch() throws {
        let db = try TemporaryDatabase.make()
        // The blob is a parameter whose type PostgreSQL cannot infer from `SELECT ?`: it is sent as bytea.
        let row = try #require(try db.read { try $0.queryFirst("SELECT 'abc' AS s, NULL AS n, 1.5 AS r, ? AS b", [UInt8]([0])) })
        #expect(row["b"] == .blob([0]))
        let stringAsInt = #expect(throws: StorageError.self) { try row.get("s", as: Int.self) }
        #expect(stringAsInt?.kind == .typeMismatch)
        #expect(stringAsInt?.isTypeMismatch == true)
        #expect(stringAsInt?.context == "column \"s\"")
        #expect(throws: StorageError.self) { try row.get("n", as: String.self) }
        #expect(throws: StorageError.self) { try row.get("r", as: Int.self) }
        #expect(throws: StorageError.self) { try row.get("b", as: String.self) }
        #expect(throws: StorageError.self) { try row.get("s", as: [UInt8].self) }
        #expect(throws: StorageError.self) { try row.get(1, as: Bool.self) }
    }

    @Test func unknownColumnIsNoSuchColumn() throws {
        let db = try TemporaryDatabase.make()
        let row = try #require(try db.read { try $0.queryFirst("SELECT 1 AS one") })
        let byName = #expect(throws: StorageError.self) { try row.get("two", as: Int.self) }
        #expect(byName?.kind == .noSuchColumn)
        #expect(byName?.isNoSuchColumn == true)
        #expect(byName?.message.contains("two") == true)
        let byIndex = #expect(throws: StorageError.self) { try row.get(1, as: Int.self) }
        #expect(byIndex?.kind == .noSuchColumn)
        #expect(row["two"] == nil)
        #expect(row.columnNames == ["one"])
    }

    @Test func sqlLookingTextIsStoredVerbatim() throws {
        let db = try makeDatabase()
        let nasty = [
            "Robert'); DROP TABLE items;--", "' OR 1=1 --", "\"; DELETE FROM items; \"", "?1 ? :name $x @y",
            "%_\\", "/* comment */ SELECT 1;",
        ]
        try db.write { db in
            for (index, name) in nasty.enumerated() {
                try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", name, index)
            }
        }
        let stored = try db.read { db in
            try db.query("SELECT name FROM items ORDER BY n").map { try $0.get("name", as: String.self) }
        }
        #expect(stored == nasty)
        #expect(try count(db) == nasty.count)
    }

    @Test func rowsOfAResultShareColumnNamesAndDecode() throws {
        struct Item: RowDecodable, Equatable {
            var id: Int64
            var name: String
            var n: Int?
            init(id: Int64, name: String, n: Int?) { (self.id, self.name, self.n) = (id, name, n) }
            init(row: Row) throws(StorageError) {
                id = try row.get("id")
                name = try row.get("name")
                n = try row.get("n")
            }
        }
        let db = try makeDatabase()
        try db.write { db in
            for index in 1...20 { try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", "item \(index)", index) }
        }
        let items = try db.read { try $0.query("SELECT id, name, n FROM items WHERE n > ? ORDER BY id", 15, as: Item.self) }
        #expect(items.map(\.n) == [16, 17, 18, 19, 20])
        #expect(items.first == Item(id: 16, name: "item 16", n: 16))
        let first = try db.read { try $0.queryFirst("SELECT id, name, n FROM items ORDER BY id DESC", as: Item.self) }
        #expect(first?.id == 20)
        let none = try db.read { try $0.queryFirst("SELECT id, name, n FROM items WHERE id < 0", as: Item.self) }
        #expect(none == nil)
        let empty = try db.read { try $0.query("SELECT * FROM items WHERE id < 0") }
        #expect(empty.isEmpty)
    }

    @Test func manyColumnsAndWideRowsDecodeByName() throws {
        let db = try TemporaryDatabase.make()
        let columns = (0..<30).map { "c\($0)" }
        let select = "SELECT " + columns.enumerated().map { "\($0.offset) AS \($0.element)" }.joined(separator: ", ")
        let row = try #require(try db.read { try $0.queryFirst(select) })
        #expect(row.columnCount == 30)
        #expect(try row.get("c29", as: Int.self) == 29)
        #expect(try row.get("c0", as: Int.self) == 0)
        #expect(throws: StorageError.self) { try row.get("c30", as: Int.self) }
        for (index, name) in columns.enumerated() { #expect(try row.get(name, as: Int.self) == index) }
        // A repeated name is the first column of that name, however wide the result. ASCII names are exact; other
        // names compare as Swift strings do (canonically equivalent spellings are the same name).
        for width in [1, 3, 12, 13, 40] {
            for names in [(0..<width).map { "c\($0 % 5)" } + ["x", "X"], (0..<width).map { "列\($0 % 5)" } + ["x", "X", "é", "e\u{301}"]] {
                let sql = "SELECT " + names.enumerated().map { "\($0.offset) AS \"\($0.element)\"" }.joined(separator: ", ")
                let wide = try #require(try db.read { try $0.queryFirst(sql) })
                let prefix = names[0].hasPrefix("c") ? "c" : "列"
                for offset in 0..<min(width, 5) { #expect(try wide.get("\(prefix)\(offset)", as: Int.self) == offset) }
                #expect(try wide.get("x", as: Int.self) == width && wide.get("X", as: Int.self) == width + 1)
                #expect(wide["\(prefix)5"] == nil && wide[prefix] == nil && wide["xx"] == nil && wide["\u{212A}"] == nil)
                if names.count > width + 2 {
                    #expect(try wide.get("é", as: Int.self) == width + 2 && wide.get("e\u{301}", as: Int.self) == width + 2)
                }
            }
        }
    }

    @Test func cachedStatementSeesSchemaChanges() throws {
        let db = try makeDatabase()
        try db.write { try $0.execute("INSERT INTO items (name, n) VALUES ('a', 1)") }
        let before = try db.read { try $0.queryFirst("SELECT * FROM items") }
        #expect(before?.columnNames == ["id", "name", "n"])
        try db.write { try $0.execute("ALTER TABLE items ADD COLUMN note TEXT DEFAULT 'hi'") }
        let after = try db.read { try $0.queryFirst("SELECT * FROM items") }
        #expect(after?.columnNames == ["id", "name", "n", "note"])
        #expect(try after?.get("note", as: String.self) == "hi")
    }
}
