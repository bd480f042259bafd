/// A database that apps read and write through; SQLite now (``SQLiteDatabase``), PostgreSQL later.
///
/// Closures run synchronously on the calling thread, with a connection nobody else uses meanwhile.
/// Calls nest: a `read` or `write` inside another one on the same thread reuses that thread's
/// connection instead of taking a second one (see ``SQLiteDatabase`` for the exact rules).
public protocol Database: Sendable {
    /// Runs `body` on a connection nobody else uses meanwhile. No transaction is opened, so each
    /// statement sees the latest committed data (wrap related reads in ``write(_:)`` when they must agree).
    /// Rethrows what `body` throws; throws ``StorageError`` when no connection could be had.
    @discardableResult
    func read<T>(_ body: (any SQLExecutor) throws -> T) throws -> T

    /// Runs `body` inside one transaction: SQLite `BEGIN IMMEDIATE` … `COMMIT`
    /// (<https://www.sqlite.org/lang_transaction.html>). If `body` throws, the transaction is rolled
    /// back and the error rethrown unchanged; if `COMMIT` fails, it is rolled back and that error thrown.
    /// Nested in another `write` on the same thread it becomes a `SAVEPOINT`
    /// (<https://www.sqlite.org/lang_savepoint.html>): its throw undoes only its own changes.
    @discardableResult
    func write<T>(_ body: (any SQLExecutor) throws -> T) throws -> T
}
