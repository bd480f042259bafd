/// An error from the storage layer.
///
/// Errors raised by SQLite keep SQLite's own text (`sqlite3_errmsg`, e.g. `no such table: nope`) in
/// ``message``, its primary and extended result codes (<https://www.sqlite.org/rescode.html>), and
/// the SQL that failed. Statement arguments are never stored, so the error is safe to log.
///
/// Switch on ``kind`` for errors this library raises itself, or use the helpers
/// (``isUniqueConstraintViolation``, ``isForeignKeyViolation``, ``isBusy`` …) for SQLite's:
///
/// ```swift
/// do { try db.write { try $0.execute("INSERT INTO users(email) VALUES (?)", email) } }
/// catch let error as StorageError where error.isUniqueConstraintViolation { … }
/// ```
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// Where the error comes from.
    public enum Kind: Sendable, Hashable {
        /// SQLite returned an error code; see ``code`` and ``extendedCode``.
        case sqlite
        /// A column value could not be decoded as the requested Swift type (wrong storage class or `NULL`).
        case typeMismatch
        /// A row has no column with the requested name, or the index is out of range.
        case noSuchColumn
        /// The migration list is invalid, disagrees with the database, or a migration failed
        /// (then ``code``, ``message`` and ``sql`` are the underlying failure's).
        case migration
        /// The API was used wrongly: wrong argument count, several statements given to `execute`, …
        case misuse
    }

    public var kind: Kind
    /// SQLite's primary result code (`extendedCode & 0xFF`), e.g. 19 for `SQLITE_CONSTRAINT`.
    /// Errors this library raises use the closest SQLite code: 20 (`SQLITE_MISMATCH`) for
    /// type mismatches, 21 (`SQLITE_MISUSE`) for misuse, 5 (`SQLITE_BUSY`) for pool timeouts, 1 otherwise.
    public var code: Int32
    /// SQLite's extended result code, e.g. 2067 for `SQLITE_CONSTRAINT_UNIQUE`.
    public var extendedCode: Int32
    /// The error text: `sqlite3_errmsg(db)` verbatim for SQLite errors, our own text otherwise.
    public var message: String
    /// The SQL that failed, when there was one.
    public var sql: String?
    /// What was being done, e.g. `migration identity v2 "add_email"` or `column "price"`.
    public var context: String?

    public init(
        kind: Kind, code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil,
        context: String? = nil
    ) {
        self.kind = kind
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.context = context
    }

    // MARK: Errors raised by this library

    /// A value of storage class `found` cannot become `expected`.
    public static func typeMismatch(expected: String, found: SQLValue, column: String? = nil) -> StorageError {
        StorageError(
            kind: .typeMismatch, code: ResultCode.mismatch,
            message: "cannot decode \(expected) from \(found.typeName)",
            context: column.map { "column \"\($0)\"" })
    }

    /// The row has no column named `name`.
    public static func noSuchColumn(_ name: String, available: [String] = []) -> StorageError {
        let list = available.isEmpty ? "" : " (columns: \(available.joined(separator: ", ")))"
        return StorageError(kind: .noSuchColumn, code: ResultCode.error, message: "no such column: \(name)\(list)")
    }

    /// The row has no column at `index`.
    public static func noSuchColumn(index: Int, columnCount: Int) -> StorageError {
        StorageError(
            kind: .noSuchColumn, code: ResultCode.error,
            message: "no column at index \(index); the row has \(columnCount) columns")
    }

    /// The migration list or the recorded migrations are inconsistent.
    public static func migrationFailed(_ message: String, module: String? = nil) -> StorageError {
        StorageError(
            kind: .migration, code: ResultCode.error, message: message, context: module.map { "module \"\($0)\"" })
    }

    /// The API was used wrongly.
    public static func misuse(_ message: String, sql: String? = nil) -> StorageError {
        StorageError(kind: .misuse, code: ResultCode.misuse, message: message, sql: sql)
    }

    // MARK: Kinds of SQLite errors

    /// A `UNIQUE` or `PRIMARY KEY` constraint failed (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_CONSTRAINT_PRIMARYKEY`).
    public var isUniqueConstraintViolation: Bool {
        extendedCode == ResultCode.constraintUnique || extendedCode == ResultCode.constraintPrimaryKey
    }
    /// A `FOREIGN KEY` constraint failed (`SQLITE_CONSTRAINT_FOREIGNKEY`; needs `PRAGMA foreign_keys=ON`, which every connection sets).
    public var isForeignKeyViolation: Bool { extendedCode == ResultCode.constraintForeignKey }
    /// A `NOT NULL` constraint failed (`SQLITE_CONSTRAINT_NOTNULL`).
    public var isNotNullViolation: Bool { extendedCode == ResultCode.constraintNotNull }
    /// Any constraint failed (`SQLITE_CONSTRAINT` and its extended codes).
    public var isConstraintViolation: Bool { kind == .sqlite && code == ResultCode.constraint }
    /// The database stayed locked by another connection longer than the busy timeout (`SQLITE_BUSY`),
    /// or every pooled connection stayed in use that long. Retrying later may succeed.
    public var isBusy: Bool { code == ResultCode.busy }
    /// The error is a type mismatch raised while decoding.
    public var isTypeMismatch: Bool { kind == .typeMismatch }
    /// The error is an unknown column name or index.
    public var isNoSuchColumn: Bool { kind == .noSuchColumn }

    public var description: String {
        var text = ""
        switch kind {
        case .sqlite: text = "SQLite error \(extendedCode)"
        case .typeMismatch: text = "type mismatch"
        case .noSuchColumn: text = "no such column"
        case .migration: text = "migration error" + (code != ResultCode.error ? " (SQLite \(extendedCode))" : "")
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

/// SQLite result codes we test for, from <https://www.sqlite.org/rescode.html>.
/// Spelled out because Swift does not import the function-like macros that define the extended codes.
enum ResultCode {
    static let ok: Int32 = 0
    static let error: Int32 = 1
    static let busy: Int32 = 5
    static let constraint: Int32 = 19
    static let mismatch: Int32 = 20
    static let misuse: Int32 = 21
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let constraintForeignKey: Int32 = 787  // SQLITE_CONSTRAINT | (3 << 8)
    static let constraintNotNull: Int32 = 1299  // SQLITE_CONSTRAINT | (5 << 8)
    static let constraintPrimaryKey: Int32 = 1555  // SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique: Int32 = 2067  // SQLITE_CONSTRAINT | (8 << 8)
}
