/// Case-insensitive substring search over text columns: the one way apps search text, with the same answers on
/// SQLite and PostgreSQL, and a trigram index on PostgreSQL.
///
/// ```swift
/// static let search = TextSearch(table: "movies_films", columns: ["title", "original_title", "directors"])
/// // a migration: search.indexMigration(module: "movies", version: 2, name: "index_film_search")
/// if let match = Self.search.condition(query) {
///     try db.query("SELECT * FROM movies_films WHERE rank > ? AND \(match.sql) ORDER BY rank LIMIT ?",
///                  [.integer(after)] + match.arguments + [.integer(limit)])
/// }
/// ```
///
/// **Matching**: the query is split at white space into terms (the first ``maximumTerms``; later ones are
/// ignored); a row matches when every term occurs, as a substring, in at least one of ``columns`` (`诺兰 星际`
/// finds 星际穿越, directed by 克里斯托弗·诺兰). `%`, `_` and `\` in a term match themselves. A term is lower-cased in
/// Swift (all of Unicode) and compared with `lower(column)`: PostgreSQL's `lower` folds all of Unicode too, SQLite's
/// only ASCII, so on SQLite a column's `É` is not found by `é`. Where that matters, search a column the app folds
/// itself with `String.lowercased()` (App Deals' `search_text`): then both backends answer alike. Chinese has no
/// case, so it matches the same everywhere.
///
/// **Indexes** (``indexMigration(module:version:name:)``; results are the same with or without them):
/// - PostgreSQL: the `pg_trgm` extension (Debian's `postgresql-contrib`, part of `postgresql-15`) and a GIN index
///   `<table>_<column>_trgm` on `lower(column) gin_trgm_ops` per column. It serves `LIKE '%term%'` for terms of 3
///   characters or more, Chinese included, since pg_trgm cuts any letters into trigrams
///   (<https://www.postgresql.org/docs/current/pgtrgm.html#PGTRGM-INDEX>); shorter terms scan the table.
/// - SQLite: none; a search scans the table. No B-tree serves `LIKE '%term%'`, and FTS5's `trigram` tokenizer (the
///   one that finds substrings, Chinese included) also needs 3 characters per term, while most searches here are
///   2-character Chinese names (诺兰, 朝阳); it would keep a second copy of the text kept in step by triggers, for
///   tables of thousands of rows, which a scan reads in about a millisecond (`StorageTests.TextSearchTests` shows the
///   answers, `bench/` is the place for speed).
public struct TextSearch: Sendable {
    /// Terms of a query that count; later ones are ignored.
    public static let maximumTerms = 8

    /// The table searched.
    public let table: String
    /// The text columns a term may occur in.
    public let columns: [String]

    /// - Precondition: `table` and `columns` (at least one) are plain lower-case SQL identifiers (`[a-z_][a-z0-9_]*`):
    ///   they are written into the SQL, so they come from code, never from a request.
    public init(table: String, columns: [String]) {
        precondition(!columns.isEmpty && ([table] + columns).allSatisfy(Self.isIdentifier),
                     "TextSearch: table and columns must be plain identifiers")
        self.table = table
        self.columns = columns
    }

    /// The lower-cased terms of `query`: split at white space, at most ``maximumTerms``.
    public static func terms(_ query: String) -> [String] {
        query.split(whereSeparator: \.isWhitespace).prefix(maximumTerms).map { $0.lowercased() }
    }

    /// The `WHERE` condition matching `query` and its arguments, in order, to bind where `sql` stands:
    /// `(lower(a) LIKE ? ESCAPE '\' OR lower(b) LIKE ? ESCAPE '\') AND (…)`, one group per term. Nil when the query
    /// has no terms (only white space), for the caller to list everything or nothing.
    public func condition(_ query: String) -> (sql: String, arguments: [SQLValue])? {
        let terms = Self.terms(query)
        guard !terms.isEmpty else { return nil }
        let group = "(" + columns.map { "lower(\($0)) LIKE ? ESCAPE '\\'" }.joined(separator: " OR ") + ")"
        var arguments: [SQLValue] = []
        arguments.reserveCapacity(terms.count * columns.count)
        for term in terms {
            arguments += repeatElement(.text("%" + Self.escapeLike(term) + "%"), count: columns.count)
        }
        return (Array(repeating: group, count: terms.count).joined(separator: " AND "), arguments)
    }

    /// The migration that indexes ``columns`` for ``condition(_:)``: on PostgreSQL it makes sure `pg_trgm` is
    /// installed (`CREATE EXTENSION pg_trgm`, allowed to a database owner since pg_trgm is a trusted extension;
    /// an existing one is used wherever it lives) and creates the GIN indexes; on SQLite it does nothing (see above),
    /// so the same list of migrations runs on both.
    /// - Throws (when applied): `.migration` with PostgreSQL's message when the extension is missing from the server
    ///   or may not be created, saying what the operator can do.
    public func indexMigration(module: String, version: Int, name: String) -> Migration {
        let search = self
        return Migration(module: module, version: version, name: name) { db in try search.createIndexes(db) }
    }

    func createIndexes(_ db: any SQLExecutor) throws(StorageError) {
        guard db.dialect == .postgresql else { return }
        let schema = try Self.trigramSchema(db)
        for column in columns {
            try db.execute(
                "CREATE INDEX IF NOT EXISTS \(table)_\(column)_trgm ON \(table) USING gin (lower(\(column)) \(PostgreSQLConnection.quoteIdentifier(schema)).gin_trgm_ops)", [])
        }
    }

    /// The schema holding pg_trgm's operator classes, installing the extension in the current schema when absent.
    static func trigramSchema(_ db: any SQLExecutor) throws(StorageError) -> String {
        let find = "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'"
        if let schema = try db.scalar(find, as: String.self) { return schema }
        do throws(StorageError) {
            try db.execute("CREATE EXTENSION pg_trgm", [])
        } catch {
            throw error.adding(
                context: "text search needs PostgreSQL's pg_trgm extension: install postgresql-contrib on the database server, "
                    + "or have a superuser run CREATE EXTENSION pg_trgm in this database")
        }
        guard let schema = try db.scalar(find, as: String.self) else {
            throw .migrationFailed("CREATE EXTENSION pg_trgm succeeded but the extension is not listed in pg_extension")
        }
        return schema
    }

    /// `text` with `\`, `%` and `_` escaped for `LIKE … ESCAPE '\'`.
    public static func escapeLike(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
