#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database that apps read and write through: ``SQLiteDatabase`` (the default) or a PostgreSQL one,
/// speaking the same portable SQL (``SQLDialect``).
///
/// Closures run synchronously on the calling thread, with a connection nobody else uses meanwhile.
/// Calls nest: a `read` or `write` inside another one on the same thread reuses that thread's
/// connection instead of taking a second one.
public protocol Database: Sendable {
    /// The SQL the backend speaks.
    var dialect: SQLDialect { get }

    /// Runs `body` in a read snapshot: every statement sees the data as committed when the first one ran,
    /// unaffected by writes committed meanwhile (SQLite `BEGIN` … `COMMIT` in WAL mode; PostgreSQL
    /// `REPEATABLE READ, READ ONLY`). Nested in a `write` it runs in that transaction and sees its changes.
    /// A `write` nested in a `read` is refused (`.misuse`): call `write` first.
    /// Rethrows what `body` throws; throws ``StorageError`` when no connection could be had.
    @discardableResult
    func read<T>(_ body: (any SQLExecutor) throws -> T) throws -> T

    /// Runs `body` inside one transaction that sees and commits as if it ran alone (SQLite
    /// `BEGIN IMMEDIATE`, <https://www.sqlite.org/lang_transaction.html>; PostgreSQL `SERIALIZABLE`).
    /// If `body` throws, the transaction is rolled back and the error rethrown unchanged; if `COMMIT`
    /// fails, it is rolled back and that error thrown.
    ///
    /// **Retries**: when the outermost transaction fails with a ``StorageError/Condition/serializationFailure``
    /// it is rolled back and `body` runs again (up to ``writeAttempts`` times in all), so `body` must
    /// have no effect outside the database that running it twice would repeat (compute, then write).
    ///
    /// Nested in another `write` on the same thread it becomes a `SAVEPOINT`: its throw undoes only its
    /// own changes, and it is never retried on its own.
    @discardableResult
    func write<T>(_ body: (any SQLExecutor) throws -> T) throws -> T
}

/// How often an outermost ``Database/write(_:)`` runs its body when transactions keep conflicting.
public let writeAttempts = 40

/// Runs `attempt` until it succeeds, throws something other than a serialization failure, or has run
/// ``writeAttempts`` times. Between runs it sleeps a random time up to a bound that doubles from 1 ms to
/// at most 32 ms ("full jitter", <https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/>).
/// Many runs, not long sleeps, are what let a writer that keeps losing to busy ones on the same row
/// (PostgreSQL `SERIALIZABLE` on a hot counter) get its turn: with four writers in a tight loop each run
/// wins about one time in four, so eight runs left 1 write in 300 failing; forty leave about 1 in 100,000,
/// after at most about 1.2 s of sleeping.
func retryingSerializationFailures<T>(_ attempt: () throws -> T) throws -> T {
    var run = 1
    while true {
        do {
            return try attempt()
        } catch let error as StorageError where error.kind == .database && error.condition == .serializationFailure && run < writeAttempts {
            let bound = UInt32(1_000) << UInt32(min(run - 1, 5))
            usleep(UInt32.random(in: 200...bound))
            run += 1
        }
    }
}
