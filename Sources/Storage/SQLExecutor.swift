/// Runs statements on one connection; what ``Database/read(_:)`` and ``Database/write(_:)`` closures receive.
///
/// **SQL** is the portable SQL of ``SQLDialect`` on every backend: `?` placeholders bound in order from
/// `arguments` (a PostgreSQL backend rewrites them to `$1, $2, …`), `INSERT … ON CONFLICT`, `RETURNING id`
/// for generated keys. The number of arguments must equal the number of placeholders (`.misuse` otherwise),
/// and SQLite-only forms are refused with `.misuse` on every backend.
///
/// **Statements** are prepared once per connection and cached by their SQL text, so pass values as
/// arguments and keep the SQL constant: never interpolate values into it.
///
/// An executor belongs to the closure it was passed to: don't keep it, or use it after the closure
/// returns or from another thread.
public protocol SQLExecutor {
    /// The SQL the connection speaks, for the rare statement that must differ per backend.
    var dialect: SQLDialect { get }

    /// Runs one statement to completion and returns the number of rows it inserted, updated or
    /// deleted (0 for other statements). Rows a statement returns are discarded.
    /// - Throws: ``StorageError`` with the backend's message and the SQL; `.misuse` if `sql` holds several
    ///   statements or is not portable.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Int

    /// Runs one statement and returns all of its rows; the rows share one column-name table.
    func query(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> [Row]

    /// The first row, or `nil` when there is none; stops after the first row.
    func queryFirst(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Row?

    /// Runs several `;`-separated statements without arguments, in order, stopping at the first
    /// error (statements before it keep their effects within the enclosing transaction). For migrations.
    func executeScript(_ sql: String) throws(StorageError)
}

extension SQLExecutor {
    /// Default: `query(sql, arguments).first`. Backends should override to stop early.
    public func queryFirst(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Row? {
        try query(sql, arguments).first
    }

    /// Default: runs `sql` as one statement. Backends that accept several statements override this.
    public func executeScript(_ sql: String) throws(StorageError) {
        try execute(sql, [])
    }

    /// Runs one statement with arguments given inline: `try db.execute("DELETE FROM t WHERE id = ?", id)`.
    @discardableResult
    public func execute(_ sql: String, _ arguments: any SQLValueConvertible...) throws(StorageError) -> Int {
        try execute(sql, arguments.map(\.sqlValue))
    }

    /// All rows, with arguments given inline.
    public func query(_ sql: String, _ arguments: any SQLValueConvertible...) throws(StorageError) -> [Row] {
        try query(sql, arguments.map(\.sqlValue))
    }

    /// The first row or `nil`, with arguments given inline.
    public func queryFirst(_ sql: String, _ arguments: any SQLValueConvertible...) throws(StorageError) -> Row? {
        try queryFirst(sql, arguments.map(\.sqlValue))
    }

    /// All rows decoded as `T`.
    public func query<T: RowDecodable>(
        _ sql: String, _ arguments: any SQLValueConvertible..., as type: T.Type
    ) throws(StorageError) -> [T] {
        let rows = try query(sql, arguments.map(\.sqlValue))
        var result: [T] = []
        result.reserveCapacity(rows.count)
        for row in rows { result.append(try T(row: row)) }
        return result
    }

    /// The first row decoded as `T`, or `nil` when there is none.
    public func queryFirst<T: RowDecodable>(
        _ sql: String, _ arguments: any SQLValueConvertible..., as type: T.Type
    ) throws(StorageError) -> T? {
        guard let row = try queryFirst(sql, arguments.map(\.sqlValue)) else { return nil }
        return try T(row: row)
    }

    /// Orders this write transaction against every other one that locks the same `name` (e.g. `photos.blob.<sha>`):
    /// the later one waits, and on PostgreSQL is rolled back and run again (a serialization failure that
    /// ``Database/write(_:)`` retries), so it sees what the earlier one committed. Use it where a transaction
    /// acts outside the database on what it read (files); SQLite's single writer orders them anyway. A row of
    /// `storage_locks` (made by ``Migrator``) per name; call it first in the transaction.
    public func lock(_ name: String) throws(StorageError) {
        try execute("INSERT INTO \(Migrator.locksTableName) (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET name = excluded.name", name)
    }

    /// The first column of the first row decoded as `T`; `nil` when there is no row or the value is `NULL`.
    /// `try db.scalar("SELECT count(*) FROM deals", as: Int.self)`, or a generated key:
    /// `try db.scalar("INSERT INTO deals (title) VALUES (?) RETURNING id", title, as: Int64.self)`.
    public func scalar<T: SQLValueConvertible>(
        _ sql: String, _ arguments: any SQLValueConvertible..., as type: T.Type = T.self
    ) throws(StorageError) -> T? {
        guard let row = try queryFirst(sql, arguments.map(\.sqlValue)), row.columnCount > 0 else { return nil }
        let value = row[0]
        if value.isNull { return nil }
        return try row.get(0, as: T.self)
    }
}
