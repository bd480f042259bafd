import CSQLite

/// One SQLite connection (`sqlite3*`): owned here, closed exactly once in `deinit` with
/// `sqlite3_close_v2`, after its cached statements are finalized.
///
/// `@unchecked Sendable` because the connection moves between threads: the pool hands it to one
/// thread at a time (checked out → used → checked in, under the pool's lock), which is exactly what
/// SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`) requires
/// (<https://www.sqlite.org/threadsafe.html>). Nothing else may touch it.
final class SQLiteConnection: SQLExecutor, PooledConnection, @unchecked Sendable {
    private let db: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    private var savepointDepth = 0
    /// Whether the open transaction is a `read` snapshot (so a nested `write` is refused).
    private var isReadSnapshot = false
    /// Statements kept per connection; the cache is emptied when it would grow past this
    /// (app SQL is a fixed set, so this only trips on SQL built at run time).
    static let statementCacheCapacity = 256

    /// Opens `path` (creating it) and applies the per-connection settings of `configuration`.
    init(path: String, configuration: SQLiteDatabase.Configuration) throws(StorageError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else {
            throw SQLiteResult.error(code, extended: code, message: "cannot allocate a connection", sql: nil)
                .adding(context: path)
        }
        guard code == SQLITE_OK else {
            // SQLite returns a handle even when opening fails: read its message, then close it.
            let error = SQLiteResult.error(
                code, extended: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: nil
            ).adding(context: "opening \(path)")
            sqlite3_close_v2(handle)
            throw error
        }
        db = handle
        sqlite3_extended_result_codes(db, 1)
        let milliseconds = configuration.busyTimeout.components.seconds * 1000
            + configuration.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(db, Int32(clamping: milliseconds))
        // WAL persists in the file, but the others are per connection (https://www.sqlite.org/pragma.html).
        // Debian builds SQLite with SQLITE_DEFAULT_WAL_SYNCHRONOUS=2 (FULL), so `synchronous` is always set.
        let mode = try rows("PRAGMA journal_mode=WAL", [], limit: 1, portable: false).first?[0]
        if path != ":memory:", mode != .text("wal") {
            throw StorageError(
                kind: .database, backendCode: "1",
                message: "journal_mode is \(mode.map { "\($0)" } ?? "unknown") after PRAGMA journal_mode=WAL",
                context: path)
        }
        try runScript(
            """
            PRAGMA synchronous=\(configuration.synchronous.pragmaValue);
            PRAGMA foreign_keys=ON;
            PRAGMA temp_store=MEMORY;
            PRAGMA journal_size_limit=\(configuration.journalSizeLimit);
            """)
    }

    deinit {
        statements.removeAll()  // finalizes them before the connection closes
        sqlite3_close_v2(db)
    }

    // MARK: Errors

    /// The error SQLite just reported on this connection, with its message and `sql`.
    private func lastError(_ code: Int32, sql: String?) -> StorageError {
        let extended = sqlite3_extended_errcode(db)
        return SQLiteResult.error(code, extended: extended == 0 ? code : extended, message: String(cString: sqlite3_errmsg(db)), sql: sql)
    }

    // MARK: Statements

    /// The cached statement for `sql`, preparing it on first use; `portable` checks it against ``SQLDialect``
    /// first (every statement but this backend's own).
    private func statement(_ sql: String, portable: Bool) throws(StorageError) -> SQLiteStatement {
        if let cached = statements[sql] {
            // The backend's own statements (BEGIN, COMMIT …) share the cache but were never checked.
            if portable, !cached.isCheckedPortable {
                _ = try PortableSQL.translate(sql, for: .sqlite)
                cached.isCheckedPortable = true
            }
            return cached
        }
        if portable { _ = try PortableSQL.translate(sql, for: .sqlite) }
        var handle: OpaquePointer?
        var hasMore = false
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(db, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
            if code == SQLITE_OK, let tail, tail.pointee != 0 {
                // Anything but whitespace or comments after the first statement would be silently ignored.
                var extra: OpaquePointer?
                if sqlite3_prepare_v2(db, tail, -1, &extra, nil) != SQLITE_OK || extra != nil { hasMore = true }
                sqlite3_finalize(extra)
            }
            return code
        }
        guard code == SQLITE_OK else { throw lastError(code, sql: sql) }
        guard let handle else { throw .misuse("no statement in SQL", sql: sql) }
        let statement = SQLiteStatement(handle: handle, sql: sql)
        statement.isCheckedPortable = portable
        if hasMore {
            throw .misuse("several statements in one call; use executeScript for scripts", sql: sql)
        }
        if statements.count >= Self.statementCacheCapacity { statements.removeAll() }
        statements[sql] = statement
        return statement
    }

    private func bind(_ statement: SQLiteStatement, _ arguments: [SQLValue]) throws(StorageError) {
        // As PostgreSQL's READ ONLY snapshot does, a read refuses statements that write (checked here, where
        // every portable statement passes, so a test on SQLite finds a write hidden in a read).
        if isReadSnapshot, statement.isCheckedPortable, sqlite3_stmt_readonly(statement.handle) == 0,
            !statement.sql.uppercased().hasPrefix("PRAGMA")  // SQLite's own settings, e.g. `PRAGMA journal_mode`
        {
            throw .misuse("a statement that writes inside Database.read; use Database.write", sql: statement.sql)
        }
        let expected = Int(sqlite3_bind_parameter_count(statement.handle))
        guard expected == arguments.count else {
            throw .misuse("the statement has \(expected) placeholders but \(arguments.count) arguments were given",
                sql: statement.sql)
        }
        let code = statement.bind(arguments)
        guard code == SQLITE_OK else { throw lastError(code, sql: statement.sql) }
    }

    // MARK: SQLExecutor

    var dialect: SQLDialect { .sqlite }

    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Int {
        try execute(sql, arguments, portable: true)
    }

    @discardableResult
    private func execute(_ sql: String, _ arguments: [SQLValue], portable: Bool) throws(StorageError) -> Int {
        let statement = try statement(sql, portable: portable)
        defer { statement.reset() }
        try bind(statement, arguments)
        let before = sqlite3_total_changes64(db)
        while true {
            let code = sqlite3_step(statement.handle)
            if code == SQLITE_DONE { break }
            if code != SQLITE_ROW { throw lastError(code, sql: sql) }
        }
        // `sqlite3_changes64` keeps the last INSERT/UPDATE/DELETE's count, so only trust it when this
        // statement changed something (https://www.sqlite.org/c3ref/changes.html).
        return sqlite3_total_changes64(db) == before ? 0 : Int(sqlite3_changes64(db))
    }

    func query(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> [Row] {
        try rows(sql, arguments, limit: Int.max, portable: true)
    }

    func queryFirst(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Row? {
        try rows(sql, arguments, limit: 1, portable: true).first
    }

    private func rows(_ sql: String, _ arguments: [SQLValue], limit: Int, portable: Bool) throws(StorageError) -> [Row] {
        let statement = try statement(sql, portable: portable)
        defer { statement.reset() }
        try bind(statement, arguments)
        let handle = statement.handle
        var values: [SQLValue] = []
        var rowCount = 0
        var width: Int32 = 0
        while rowCount < limit {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw lastError(code, sql: sql) }
            if rowCount == 0 {
                width = sqlite3_column_count(handle)
                values.reserveCapacity(Int(width) * (limit == 1 ? 1 : 16))
            }
            for index in 0..<width { values.append(statement.value(at: index)) }
            rowCount += 1
        }
        guard rowCount > 0 else { return [] }
        let names = statement.columnNames()
        let stride = Int(width)
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            rows.append(Row(columns: names, values: values[row * stride..<(row + 1) * stride]))
        }
        return rows
    }

    func executeScript(_ sql: String) throws(StorageError) {
        _ = try PortableSQL.translate(sql, for: .sqlite)
        try runScript(sql)
    }

    private func runScript(_ sql: String) throws(StorageError) {
        // Prepared one statement at a time (not cached: scripts run once), stepped to completion.
        let failure: StorageError? = sql.withCString { script in
            var cursor: UnsafePointer<CChar>? = script
            while let current = cursor, current.pointee != 0 {
                var handle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(db, current, -1, &handle, &tail)
                guard code == SQLITE_OK else { return lastError(code, sql: String(cString: current)) }
                guard let handle else { break }  // only whitespace or comments were left
                defer { sqlite3_finalize(handle) }
                while true {
                    let step = sqlite3_step(handle)
                    if step == SQLITE_DONE { break }
                    if step != SQLITE_ROW {
                        return lastError(step, sql: sqlite3_sql(handle).map { String(cString: $0) })
                    }
                }
                cursor = tail
            }
            return nil
        }
        if let failure { throw failure }
    }

    // MARK: Transactions

    /// A SQLite connection stays usable until closed.
    var isUsable: Bool { true }

    /// Whether no transaction is open (`sqlite3_get_autocommit`).
    var isAutocommit: Bool { sqlite3_get_autocommit(db) != 0 }

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE`/`COMMIT` when none is open (taking `gate` for
    /// its duration), otherwise a `SAVEPOINT`/`RELEASE` inside the open one. Refused inside a read snapshot.
    func transaction<T>(gate: WriterGate, _ body: () throws -> T) throws -> T {
        if isAutocommit {
            try gate.enter()
            defer { gate.leave() }
            try execute("BEGIN IMMEDIATE", [], portable: false)
            let result: T
            do {
                result = try body()
                try execute("COMMIT", [], portable: false)
            } catch {
                rollbackIfOpen()
                throw error
            }
            return result
        }
        if isReadSnapshot {
            throw StorageError.misuse("a write nested in a read; call Database.write around the whole work instead")
        }
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "appsuite_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(name)", [], portable: false)
        let result: T
        do {
            result = try body()
            try execute("RELEASE \(name)", [], portable: false)
        } catch {
            // ROLLBACK TO keeps the savepoint open; RELEASE then removes it (https://www.sqlite.org/lang_savepoint.html).
            _ = try? execute("ROLLBACK TO \(name)", [], portable: false)
            _ = try? execute("RELEASE \(name)", [], portable: false)
            throw error
        }
        return result
    }

    /// Runs `body` in a read snapshot: a deferred `BEGIN` … `COMMIT` when no transaction is open (in WAL
    /// mode its first statement fixes the snapshot, https://www.sqlite.org/isolation.html), otherwise
    /// inside the open transaction.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        guard isAutocommit else { return try body() }
        try execute("BEGIN", [], portable: false)
        isReadSnapshot = true
        defer { isReadSnapshot = false }
        let result: T
        do {
            result = try body()
            try execute("COMMIT", [], portable: false)
        } catch {
            rollbackIfOpen()
            throw error
        }
        return result
    }

    /// Rolls back a transaction left open (a failed body or COMMIT).
    func rollbackIfOpen() {
        if !isAutocommit { _ = try? execute("ROLLBACK", [], portable: false) }
    }
}

extension SQLiteDatabase.Synchronous {
    var pragmaValue: String {
        switch self {
        case .normal: "NORMAL"
        case .full: "FULL"
        }
    }
}
