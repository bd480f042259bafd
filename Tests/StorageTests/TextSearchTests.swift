import Storage
import Testing

/// ``TextSearch`` gives the same answers on both backends (the suite runs on SQLite and, with
/// `APPSUITE_TEST_DATABASE_URL`, on PostgreSQL), and on PostgreSQL its migration makes trigram indexes a search uses.
@Suite struct TextSearchTests {
    static let search = TextSearch(table: "films", columns: ["title", "original_title", "directors"])

    /// Films of the movies data set (title, original title, directors), plus two titles with `LIKE`'s own characters.
    static let films: [(String, String?, String)] = [
        ("星际穿越", "Interstellar", "克里斯托弗·诺兰"),
        ("盗梦空间", "Inception", "克里斯托弗·诺兰"),
        ("千与千寻", "千と千尋の神隠し", "宫崎骏"),
        ("天使爱美丽", "Le fabuleux destin d'Amélie Poulain", "让-皮埃尔·热内"),
        ("霸王别姬", nil, "陈凯歌"),
        ("100% 纯爱", nil, "某导演"),
        ("100 分_的夏天", nil, "某导演"),
    ]

    func makeFilms() throws -> any Database {
        let db = try TemporaryDatabase.make()
        try Migrator.migrate(db, [
            Migration(module: "films", version: 1, name: "create_films", sql: """
                CREATE TABLE films (id INTEGER PRIMARY KEY, title TEXT NOT NULL, original_title TEXT, directors TEXT NOT NULL)
                """),
            Self.search.indexMigration(module: "films", version: 2, name: "index_film_search"),
        ])
        try db.write { db in
            for (index, film) in Self.films.enumerated() {
                try db.execute("INSERT INTO films (id, title, original_title, directors) VALUES (?, ?, ?, ?)",
                               index + 1, film.0, film.1, film.2)
            }
        }
        return db
    }

    func titles(_ db: any Database, _ query: String) throws -> [String] {
        let match = try #require(Self.search.condition(query))
        return try db.read { db in
            try db.query("SELECT title FROM films WHERE \(match.sql) ORDER BY id", match.arguments).map { try $0.get("title", as: String.self) }
        }
    }

    @Test func everyTermInSomeColumnCaseInsensitive() throws {
        let db = try makeFilms()
        #expect(try titles(db, "诺兰") == ["星际穿越", "盗梦空间"])
        #expect(try titles(db, "诺兰 星际") == ["星际穿越"], "every term, each in any column")
        #expect(try titles(db, "  INTERSTELLAR\t") == ["星际穿越"], "ASCII case and white space do not matter")
        #expect(try titles(db, "inception 诺兰 空间") == ["盗梦空间"])
        #expect(try titles(db, "千") == ["千与千寻"], "one Chinese character is a substring too")
        #expect(try titles(db, "诺兰 宫崎骏").isEmpty)
        #expect(try titles(db, "amélie") == ["天使爱美丽"], "non-ASCII folded in Swift matches a lower-case column")
    }

    @Test func likeCharactersMatchThemselves() throws {
        let db = try makeFilms()
        #expect(try titles(db, "100%") == ["100% 纯爱"])
        #expect(try titles(db, "分_的") == ["100 分_的夏天"])
        #expect(try titles(db, "_").count == 1)
        #expect(try titles(db, "%").count == 1)
        #expect(try titles(db, "\\").isEmpty)
    }

    /// The one difference, documented: SQLite's `lower` folds ASCII only.
    @Test func nonASCIICaseFoldsOnPostgreSQLOnly() throws {
        let db = try makeFilms()
        try db.write { try $0.execute("INSERT INTO films (id, title, directors) VALUES (100, 'ÉCOLE', 'x')") }
        #expect(try titles(db, "école") == (db.dialect == .postgresql ? ["ÉCOLE"] : []))
    }

    @Test func termsAreLowerCasedSplitAndLimited() throws {
        #expect(TextSearch.terms("  Nolan\u{3000}诺兰 \n ") == ["nolan", "诺兰"], "an ideographic space separates too")
        #expect(TextSearch.terms(Array(repeating: "a", count: 20).joined(separator: " ")).count == TextSearch.maximumTerms)
        #expect(Self.search.condition(" \t ") == nil)
        let two = try #require(Self.search.condition("a b"))
        #expect(two.arguments.count == 6 && two.arguments.first == .text("%a%"))
        #expect(two.sql == "(lower(title) LIKE ? ESCAPE '\\' OR lower(original_title) LIKE ? ESCAPE '\\' OR lower(directors) LIKE ? ESCAPE '\\') AND "
                + "(lower(title) LIKE ? ESCAPE '\\' OR lower(original_title) LIKE ? ESCAPE '\\' OR lower(directors) LIKE ? ESCAPE '\\')")
    }

    /// PostgreSQL: pg_trgm's GIN indexes exist and a search of 3 characters or more can use them (sequential scans
    /// off, as on a table too large to scan); SQLite: the migration is recorded and adds no index.
    @Test func theMigrationIndexesOnPostgreSQLOnly() throws {
        let db = try makeFilms()
        if db.dialect == .sqlite {
            let indexes = try db.read { try $0.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'films'", as: Int.self) }
            #expect(indexes == 0)
            return
        }
        let indexes = try db.read { db in
            try db.query("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'films' ORDER BY indexname")
                .map { try $0.get(0, as: String.self) }
        }
        #expect(indexes == ["films_directors_trgm", "films_original_title_trgm", "films_pkey", "films_title_trgm"])
        let match = try #require(Self.search.condition("星际穿越"))
        let plan = try db.write { db in
            try db.execute("SET LOCAL enable_seqscan = off")
            return try db.query("EXPLAIN SELECT title FROM films WHERE \(match.sql)", match.arguments).map { try $0.get(0, as: String.self) }
        }
        #expect(plan.contains { $0.contains("Bitmap Index Scan on films_title_trgm") }, "\(plan)")
        #expect(try titles(db, "星际穿越") == ["星际穿越"])
    }
}
