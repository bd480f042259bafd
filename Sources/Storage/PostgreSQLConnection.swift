import CPostgres
import Foundation
import Synchronization

/// Counts schema changes (DDL) on any connection of one database, so every connection drops its prepared
/// statements afterwards: PostgreSQL refuses to run a plan whose result columns changed (`SELECT *` after
/// `ALTER TABLE … ADD COLUMN`: "cached plan must not change result type"), where SQLite re-prepares itself.
final class SchemaGeneration: Sendable {
    private let counter = Atomic<Int>(0)
    var current: Int { counter.load(ordering: .acquiring) }
    func advance() { counter.add(1, ordering: .releasing) }
}

/// One PostgreSQL connection (`PGconn*`) on libpq: owned here, closed exactly once in `deinit` with `PQfinish`.
///
/// Statements are prepared once per connection (`PQprepare`, named `appsuite_N`) from their portable SQL,
/// translated by ``PortableSQL`` (`?` → `$n`), and run with `PQexecPrepared`: values are always sent as
/// parameters, never spliced into the SQL — integers, reals and text in text format, blobs in binary.
/// Blob parameters are declared `bytea`; other parameter types are inferred by the server from the statement,
/// and where it cannot (`? IS NULL`), the statement is prepared again with each value's own type (`int8`,
/// `float8`, `text`, `bytea`). A bare `SELECT ?` of a number comes back as text on PostgreSQL.
/// Results come back in text format and are decoded by column type: `int2/int4/int8/oid` → integer,
/// `float4/float8` → real, `numeric` → integer when integral (`sum`) else real, `bool` → 1/0, `bytea` → blob,
/// anything else → text.
///
/// `@unchecked Sendable` for the same reason as ``SQLiteConnection``: the pool hands it to one thread at a time.
final class PostgreSQLConnection: SQLExecutor, PooledConnection, @unchecked Sendable {
    private struct Prepared {
        let name: String
        let parameterCount: Int
    }

    private let connection: OpaquePointer
    private var statements: [String: Prepared] = [:]
    private var preparedCount = 0
    private var savepointDepth = 0
    private var isReadSnapshot = false
    private let schema: SchemaGeneration
    private var seenGeneration: Int
    /// Whether the open transaction ran DDL (the generation advances again when it commits).
    private var changedSchema = false

    /// Opens a connection to `url` (a libpq connection URI: `postgres://user:password@host:port/db?sslmode=…`,
    /// <https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING>) and sets it up:
    /// notices dropped, `lock_timeout` = `lockTimeout`, and `search_path` = `schema` when given.
    init(url: String, schema: String?, lockTimeout: Duration, generation: SchemaGeneration = SchemaGeneration()) throws(StorageError) {
        guard let handle = PQconnectdb(url) else {
            throw StorageError(kind: .database, condition: .unavailable, backendCode: "08006", message: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PostgreSQLDatabase.redacting(PostgreSQLResult.connectionMessage(handle), url: url)
            PQfinish(handle)
            throw StorageError(kind: .database, condition: .unavailable, backendCode: "08006", message: message)
        }
        CPostgres_silenceNotices(handle)
        connection = handle
        self.schema = generation
        seenGeneration = generation.current
        let milliseconds = max(1, lockTimeout.components.seconds * 1000 + lockTimeout.components.attoseconds / 1_000_000_000_000_000)
        try run("SET lock_timeout = \(milliseconds)")
        if let schema { try run("SET search_path TO " + Self.quoteIdentifier(schema)) }
    }

    deinit { PQfinish(connection) }

    /// Statements kept per connection before all are deallocated (app SQL is a fixed set).
    static let statementCacheCapacity = 256

    /// `"name"` with inner quotes doubled: a SQL identifier.
    static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: PooledConnection

    var isUsable: Bool { PQstatus(connection) == CONNECTION_OK }

    func rollbackIfOpen() {
        if PQtransactionStatus(connection) != PQTRANS_IDLE { _ = try? run("ROLLBACK") }
        changedSchema = false
    }

    // MARK: SQLExecutor

    var dialect: SQLDialect { .postgresql }

    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Int {
        let result = try run(prepared: sql, arguments)
        defer { PQclear(result) }
        let tag = PQcmdStatus(result).map { String(cString: $0) } ?? ""
        if tag.hasPrefix("CREATE") || tag.hasPrefix("ALTER") || tag.hasPrefix("DROP") { schemaChanged() }
        // Like SQLite's `changes`: rows a SELECT returns are not changes.
        if tag.hasPrefix("SELECT") { return 0 }
        return PQcmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    }

    func query(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> [Row] {
        let result = try run(prepared: sql, arguments)
        defer { PQclear(result) }
        return try Self.rows(of: result, sql: sql)
    }

    func executeScript(_ sql: String) throws(StorageError) {
        let translated = try PortableSQL.translate(sql, for: .postgresql)
        guard translated.placeholders == 0 else { throw .misuse("a script cannot have placeholders", sql: sql) }
        try run(translated.sql, reportedAs: sql)
        schemaChanged()
    }

    private func schemaChanged() {
        schema.advance()
        if isInTransaction { changedSchema = true }
    }

    // MARK: Running

    /// Runs SQL without parameters through the simple query protocol (several statements allowed).
    private func run(_ sql: String, reportedAs original: String? = nil) throws(StorageError) {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw PostgreSQLResult.error(result, connection: connection, sql: original ?? sql)
        }
    }

    /// Runs the prepared statement for `sql`; the caller clears the result.
    private func run(prepared sql: String, _ arguments: [SQLValue]) throws(StorageError) -> OpaquePointer {
        let statement = try prepare(sql, arguments)
        guard statement.parameterCount == arguments.count else {
            throw .misuse(
                "the statement has \(statement.parameterCount) placeholders but \(arguments.count) arguments were given", sql: sql)
        }
        let result = try Self.withParameters(arguments, sql: sql) { values, lengths, formats in
            PQexecPrepared(connection, statement.name, Int32(arguments.count), values, lengths, formats, 0)
        }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard let result, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let error = PostgreSQLResult.error(result, connection: connection, sql: sql)
            PQclear(result)
            throw error
        }
        return result
    }

    /// The cached prepared statement for `sql`, preparing it on first use (inside a savepoint when a
    /// transaction is open, so a statement that does not prepare leaves the transaction usable, as on SQLite).
    private func prepare(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Prepared {
        let generation = schema.current
        if generation != seenGeneration {
            if !statements.isEmpty { try run("DEALLOCATE ALL") }
            statements.removeAll()
            seenGeneration = generation
        }
        if let cached = statements[sql] { return cached }
        let translated = try PortableSQL.translate(sql, for: .postgresql)
        guard translated.statements <= 1 else {
            throw .misuse("several statements in one call; use executeScript for scripts", sql: sql)
        }
        if statements.count >= Self.statementCacheCapacity {
            try run("DEALLOCATE ALL")
            statements.removeAll()
        }
        preparedCount += 1
        let name = "appsuite_\(preparedCount)"
        let guarded = PQtransactionStatus(connection) == PQTRANS_INTRANS
        if guarded { try run("SAVEPOINT appsuite_prepare") }
        // Blobs are always bytea (they travel in binary); the server infers every other type from the statement.
        let blobTypes: [Oid]? =
            arguments.contains(where: { if case .blob = $0 { true } else { false } })
            ? arguments.map { if case .blob = $0 { 17 } else { 0 } } : nil
        var failure = prepare(name, translated.sql, count: translated.placeholders, types: blobTypes, sql: sql)
        if let error = failure, error.backendCode == PostgreSQLResult.indeterminateDatatype,
            arguments.count == translated.placeholders
        {
            if guarded { try run("ROLLBACK TO SAVEPOINT appsuite_prepare") }
            failure = prepare(name, translated.sql, count: translated.placeholders, types: arguments.map(Self.type), sql: sql)
        }
        if guarded {
            if failure != nil { try run("ROLLBACK TO SAVEPOINT appsuite_prepare") }
            try run("RELEASE SAVEPOINT appsuite_prepare")
        }
        if let failure { throw failure }
        let statement = Prepared(name: name, parameterCount: translated.placeholders)
        statements[sql] = statement
        return statement
    }

    private func prepare(_ name: String, _ text: String, count: Int, types: [Oid]?, sql: String) -> StorageError? {
        let result = PQprepare(connection, name, text, Int32(count), types)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else {
            return PostgreSQLResult.error(result, connection: connection, sql: sql)
        }
        return nil
    }

    /// The PostgreSQL type of a value, for statements whose parameter types the server cannot infer.
    private static func type(_ value: SQLValue) -> Oid {
        switch value {
        case .integer: 20  // int8
        case .real: 701  // float8
        case .blob: 17  // bytea
        case .text, .null: 25  // text
        }
    }

    /// Calls `body` with libpq's parameter arrays: text for integers, reals and text; binary for blobs.
    private static func withParameters<T>(
        _ arguments: [SQLValue], sql: String,
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) throws(StorageError) -> T {
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        buffers.reserveCapacity(arguments.count)
        defer { for buffer in buffers { buffer?.deallocate() } }
        func copy(_ bytes: some Collection<UInt8>, terminated: Bool) -> UnsafeMutablePointer<CChar> {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            var index = 0
            for byte in bytes {
                buffer[index] = CChar(bitPattern: byte)
                index += 1
            }
            if terminated { buffer[index] = 0 }
            return buffer
        }
        for argument in arguments {
            switch argument {
            case .null:
                buffers.append(nil)
                lengths.append(0)
                formats.append(0)
            case .integer(let value):
                buffers.append(copy(String(value).utf8, terminated: true))
                lengths.append(0)
                formats.append(0)
            case .real(let value):
                buffers.append(copy(realText(value).utf8, terminated: true))
                lengths.append(0)
                formats.append(0)
            case .text(let value):
                guard !value.utf8.contains(0) else {
                    throw StorageError(
                        kind: .database, backendCode: "22021",
                        message: "text with a NUL character cannot be stored in PostgreSQL", sql: sql)
                }
                buffers.append(copy(value.utf8, terminated: true))
                lengths.append(0)
                formats.append(0)
            case .blob(let bytes):
                buffers.append(copy(bytes, terminated: false))
                lengths.append(Int32(bytes.count))
                formats.append(1)
            }
        }
        let values = buffers.map { $0.map { UnsafePointer($0) } }
        return values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }

    /// A real in PostgreSQL's input syntax (`Infinity`, `NaN`, else Swift's shortest round-trip form).
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return "\(value)"
    }

    // MARK: Results

    private static func rows(of result: OpaquePointer, sql: String) throws(StorageError) -> [Row] {
        let rowCount = Int(PQntuples(result))
        let width = Int(PQnfields(result))
        guard rowCount > 0 else { return [] }
        var names: [String] = []
        var types: [Oid] = []
        for column in 0..<Int32(width) {
            names.append(PQfname(result, column).map { String(cString: $0) } ?? "")
            types.append(PQftype(result, column))
        }
        let columns = ColumnNames(names)
        var values: [SQLValue] = []
        values.reserveCapacity(rowCount * width)
        for row in 0..<Int32(rowCount) {
            for column in 0..<Int32(width) {
                if PQgetisnull(result, row, column) == 1 {
                    values.append(.null)
                    continue
                }
                let bytes = UnsafeRawBufferPointer(
                    start: PQgetvalue(result, row, column), count: Int(PQgetlength(result, row, column)))
                values.append(try value(bytes, type: types[Int(column)], column: names[Int(column)], sql: sql))
            }
        }
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            rows.append(Row(columns: columns, values: values[row * width..<(row + 1) * width]))
        }
        return rows
    }

    /// Decodes one value of text format by its column type.
    private static func value(_ bytes: UnsafeRawBufferPointer, type: Oid, column: String, sql: String) throws(StorageError) -> SQLValue {
        let text = String(decoding: bytes, as: UTF8.self)
        func unexpected() -> StorageError {
            StorageError(kind: .typeMismatch, message: "PostgreSQL sent \"\(text)\" for a column of type \(type)", sql: sql,
                         context: "column \"\(column)\"")
        }
        switch type {
        case 16:  // bool
            return .integer(text == "t" ? 1 : 0)
        case 20, 21, 23, 26:  // int8, int2, int4, oid
            guard let number = Int64(text) else { throw unexpected() }
            return .integer(number)
        case 700, 701:  // float4, float8
            guard let number = Double(text) else { throw unexpected() }
            return .real(number)
        case 1700:  // numeric: sum() of integers is numeric
            if let number = Int64(text) { return .integer(number) }
            guard let number = Double(text) else { throw unexpected() }
            return .real(number)
        case 17:  // bytea, hex format: \x0a1b…
            guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"), bytes.count % 2 == 0 else {
                throw unexpected()
            }
            var blob: [UInt8] = []
            blob.reserveCapacity((bytes.count - 2) / 2)
            var index = 2
            while index < bytes.count {
                guard let high = hexDigit(bytes[index]), let low = hexDigit(bytes[index + 1]) else { throw unexpected() }
                blob.append(high << 4 | low)
                index += 2
            }
            return .blob(blob)
        default:
            return .text(text)
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Transactions

    /// Whether a transaction is open (so a `write` is a savepoint, never retried alone).
    var isInTransaction: Bool { PQtransactionStatus(connection) != PQTRANS_IDLE }

    /// Runs `body` in a `SERIALIZABLE` transaction when none is open, otherwise in a `SAVEPOINT` inside the
    /// open one. Refused inside a read snapshot. A transaction whose statement failed (and whose body caught
    /// the error) cannot commit on PostgreSQL: that is reported instead of PostgreSQL's silent rollback.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        if PQtransactionStatus(connection) == PQTRANS_IDLE {
            try run("BEGIN ISOLATION LEVEL SERIALIZABLE")
            do {
                let result = try body()
                try commit()
                return result
            } catch {
                rollbackIfOpen()
                throw error
            }
        }
        if isReadSnapshot {
            throw StorageError.misuse("a write nested in a read; call Database.write around the whole work instead")
        }
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "appsuite_savepoint_\(savepointDepth)"
        try run("SAVEPOINT \(name)")
        do {
            let result = try body()
            try run("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            _ = try? run("ROLLBACK TO SAVEPOINT \(name)")
            _ = try? run("RELEASE SAVEPOINT \(name)")
            throw error
        }
    }

    /// Runs `body` in a `REPEATABLE READ, READ ONLY` transaction (one snapshot) when none is open,
    /// otherwise inside the open one.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        guard PQtransactionStatus(connection) == PQTRANS_IDLE else { return try body() }
        try run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        isReadSnapshot = true
        defer { isReadSnapshot = false }
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            rollbackIfOpen()
            throw error
        }
    }

    private func commit() throws(StorageError) {
        if PQtransactionStatus(connection) == PQTRANS_INERROR {
            throw StorageError(
                kind: .database, backendCode: "25P02",
                message: "a statement of this transaction failed and its error was caught, so PostgreSQL cannot commit it; "
                    + "run a statement that may fail in a nested Database.write (a savepoint)")
        }
        try run("COMMIT")
        if changedSchema {
            changedSchema = false
            schema.advance()
        }
    }
}
