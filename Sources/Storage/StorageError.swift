/// An error from the storage layer, the same shape for every backend.
///
/// Errors a database reports (kind ``Kind/database``) keep its own text (SQLite's `sqlite3_errmsg`, e.g.
/// `no such table: nope`; PostgreSQL's primary message) in ``message``, its own code in ``backendCode``
/// (SQLite's extended result code in decimal, e.g. `"2067"`, <https://www.sqlite.org/rescode.html>;
/// PostgreSQL's SQLSTATE, e.g. `"23505"`, <https://www.postgresql.org/docs/current/errcodes-appendix.html>),
/// and the SQL that failed. Code that reacts to an error switches on the backend-neutral ``condition``
/// (or the helpers ``isUniqueConstraintViolation``, ``isBusy`` …), never on a backend's code. Statement
/// arguments are never stored, so the error is safe to log.
///
/// ```swift
/// do { try db.write { try $0.execute("INSERT INTO users(email) VALUES (?)", email) } }
/// catch let error as StorageError where error.isUniqueConstraintViolation { … }
/// ```
///
/// The HTTP layer maps these to statuses in one place (`AppHost/StorageErrorHTTP.swift`).
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// Where the error comes from.
    public enum Kind: Sendable, Hashable {
        /// The database reported it; see ``condition``, ``backendCode`` and ``message``.
        case database
        /// A column value could not be decoded as the requested Swift type (wrong storage class or `NULL`).
        case typeMismatch
        /// A row has no column with the requested name, or the index is out of range.
        case noSuchColumn
        /// The migration list is invalid, disagrees with the database, or a migration failed
        /// (then ``condition``, ``backendCode``, ``message`` and ``sql`` are the underlying failure's).
        case migration
        /// The API was used wrongly: wrong argument count, several statements given to `execute`, SQL that
        /// is not portable (see ``SQLDialect``), a `write` nested in a `read` …
        case misuse
    }

    /// What went wrong, the same on every backend.
    public enum Condition: Sendable, Hashable {
        /// A `UNIQUE` or `PRIMARY KEY` constraint failed (SQLite 2067/1555, PostgreSQL 23505).
        case uniqueViolation
        /// A `FOREIGN KEY` constraint failed (SQLite 787, PostgreSQL 23503).
        case foreignKeyViolation
        /// A `NOT NULL` constraint failed (SQLite 1299, PostgreSQL 23502).
        case notNullViolation
        /// A `CHECK` or other constraint failed (SQLite 19 and its other extended codes, PostgreSQL class 23).
        case otherConstraintViolation
        /// A lock or a pooled connection stayed taken past the time limit (SQLite 5/6, PostgreSQL 55P03,
        /// 57014 from `lock_timeout`/`statement_timeout`). Retrying later may succeed.
        case busy
        /// Concurrent transactions conflicted (PostgreSQL 40001, 40P01; SQLite 517 `SQLITE_BUSY_SNAPSHOT`).
        /// `Database.write` retries these itself; one that still escapes may be retried later.
        case serializationFailure
        /// The database cannot be reached, or the connection was lost (PostgreSQL class 08, 57P01…03;
        /// SQLite 14 `SQLITE_CANTOPEN`).
        case unavailable
        /// The disk holding the database is full (SQLite 13 `SQLITE_FULL`, PostgreSQL 53100 `disk_full`): the
        /// statement and its transaction were rolled back.
        case diskFull
        /// Anything else: syntax, a missing table, a type error, I/O …
        case other
    }

    public var kind: Kind
    /// The backend-neutral meaning; `.other` for errors this library raises itself (except pool time-outs,
    /// which are `.busy`).
    public var condition: Condition
    /// The backend's own code: SQLite's extended result code in decimal, PostgreSQL's five-character
    /// SQLSTATE; empty for errors this library raises itself.
    public var backendCode: String
    /// The error text: the backend's own message verbatim for database errors, our own text otherwise.
    public var message: String
    /// The SQL that failed, when there was one.
    public var sql: String?
    /// What was being done, e.g. `migration identity v2 "add_email"` or `column "price"`.
    public var context: String?

    public init(
        kind: Kind, condition: Condition = .other, backendCode: String = "", message: String, sql: String? = nil,
        context: String? = nil
    ) {
        self.kind = kind
        self.condition = condition
        self.backendCode = backendCode
        self.message = message
        self.sql = sql
        self.context = context
    }

    // MARK: Errors raised by this library

    /// A value of storage class `found` cannot become `expected`.
    public static func typeMismatch(expected: String, found: SQLValue, column: String? = nil) -> StorageError {
        StorageError(
            kind: .typeMismatch, message: "cannot decode \(expected) from \(found.typeName)",
            context: column.map { "column \"\($0)\"" })
    }

    /// The row has no column named `name`.
    public static func noSuchColumn(_ name: String, available: [String] = []) -> StorageError {
        let list = available.isEmpty ? "" : " (columns: \(available.joined(separator: ", ")))"
        return StorageError(kind: .noSuchColumn, message: "no such column: \(name)\(list)")
    }

    /// The row has no column at `index`.
    public static func noSuchColumn(index: Int, columnCount: Int) -> StorageError {
        StorageError(kind: .noSuchColumn, message: "no column at index \(index); the row has \(columnCount) columns")
    }

    /// The migration list or the recorded migrations are inconsistent.
    public static func migrationFailed(_ message: String, module: String? = nil) -> StorageError {
        StorageError(kind: .migration, message: message, context: module.map { "module \"\($0)\"" })
    }

    /// The API was used wrongly.
    public static func misuse(_ message: String, sql: String? = nil) -> StorageError {
        StorageError(kind: .misuse, message: message, sql: sql)
    }

    /// No connection (or write turn) became free within the time limit.
    static func timedOut(_ message: String) -> StorageError {
        StorageError(kind: .database, condition: .busy, message: message)
    }

    // MARK: Conditions

    /// A `UNIQUE` or `PRIMARY KEY` constraint failed.
    public var isUniqueConstraintViolation: Bool { condition == .uniqueViolation }
    /// A `FOREIGN KEY` constraint failed (SQLite connections set `PRAGMA foreign_keys=ON`).
    public var isForeignKeyViolation: Bool { condition == .foreignKeyViolation }
    /// A `NOT NULL` constraint failed.
    public var isNotNullViolation: Bool { condition == .notNullViolation }
    /// Any constraint failed.
    public var isConstraintViolation: Bool {
        switch condition {
        case .uniqueViolation, .foreignKeyViolation, .notNullViolation, .otherConstraintViolation: true
        default: false
        }
    }
    /// A lock or every pooled connection stayed taken past the time limit. Retrying later may succeed.
    public var isBusy: Bool { condition == .busy }
    /// Whether running the whole transaction again may succeed (``Condition/busy`` or ``Condition/serializationFailure``).
    public var isTransient: Bool { condition == .busy || condition == .serializationFailure }
    /// The error is a type mismatch raised while decoding.
    public var isTypeMismatch: Bool { kind == .typeMismatch }
    /// The error is an unknown column name or index.
    public var isNoSuchColumn: Bool { kind == .noSuchColumn }

    public var description: String {
        var text = ""
        switch kind {
        case .database: text = "database error" + (backendCode.isEmpty ? "" : " \(backendCode)")
        case .typeMismatch: text = "type mismatch"
        case .noSuchColumn: text = "no such column"
        case .migration: text = "migration error" + (backendCode.isEmpty ? "" : " (\(backendCode))")
        case .misuse: text = "storage misuse"
        }
        if let context { text += " in \(context)" }
        text += ": \(message)"
        if let sql { text += " — SQL: \(sql)" }
        return text
    }

    /// The same error with `context` set (kept when already set, prefixing otherwise).
    func adding(context outer: String) -> StorageError {
        var copy = self
        copy.context = context.map { "\(outer), \($0)" } ?? outer
        return copy
    }
}
