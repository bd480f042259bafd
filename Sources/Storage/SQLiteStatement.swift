import CSQLite

/// One prepared statement (`sqlite3_stmt*`), owned here and finalized exactly once in `deinit`.
///
/// Lives in its connection's statement cache, so it is used by one thread at a time like the connection.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    /// Whether ``PortableSQL`` accepted the text (false for the backend's own statements).
    var isCheckedPortable = false
    private var columns: ColumnNames?
    private var columnsPreparedCount: Int32 = -1

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// The result's column names, read once and reused until SQLite re-prepares the statement after a
    /// schema change (`SQLITE_STMTSTATUS_REPREPARE`, <https://www.sqlite.org/c3ref/c_stmtstatus_counter.html>),
    /// which may change them (`SELECT *`).
    func columnNames() -> ColumnNames {
        let reprepared = sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)
        if let columns, reprepared == columnsPreparedCount { return columns }
        let count = sqlite3_column_count(handle)
        var names: [String] = []
        names.reserveCapacity(Int(count))
        for index in 0..<count {
            names.append(sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "")
        }
        let fresh = ColumnNames(names)
        columns = fresh
        columnsPreparedCount = reprepared
        return fresh
    }

    /// The value of column `index` of the current row, copied out of SQLite.
    /// Reads the pointer before the byte count, as <https://www.sqlite.org/c3ref/column_blob.html> advises.
    @inline(__always)
    func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let bytes, count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    /// Binds `arguments` to `?1…?n`; returns the first failing result code, or `SQLITE_OK`.
    /// Text and blobs are copied by SQLite (`SQLITE_TRANSIENT`); an empty blob binds a zero-length
    /// blob, not `NULL` (SQLite reads a null pointer as `NULL`).
    func bind(_ arguments: [SQLValue]) -> Int32 {
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let value):
                code = sqlite3_bind_int64(handle, index, value)
            case .real(let value):
                code = sqlite3_bind_double(handle, index, value)
            case .text(var text):
                code = text.withUTF8 { utf8 in
                    if let base = utf8.baseAddress, utf8.count > 0 {
                        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                            sqlite3_bind_text64(
                                handle, index, $0, UInt64(utf8.count), CSQLite_transient(), UInt8(SQLITE_UTF8))
                        }
                    }
                    return sqlite3_bind_text(handle, index, "", 0, CSQLite_transient())
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress, raw.count > 0 {
                        return sqlite3_bind_blob64(handle, index, base, UInt64(raw.count), CSQLite_transient())
                    }
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
            }
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }

    /// Makes the statement ready for its next use: `sqlite3_reset` then `sqlite3_clear_bindings`.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
