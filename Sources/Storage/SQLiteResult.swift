/// SQLite result codes mapped to ``StorageError``'s backend-neutral conditions, from
/// <https://www.sqlite.org/rescode.html>. Spelled out because Swift does not import the function-like
/// macros that define the extended codes.
enum SQLiteResult {
    static let busy: Int32 = 5
    static let locked: Int32 = 6
    static let full: Int32 = 13
    static let cantOpen: Int32 = 14
    static let constraint: Int32 = 19
    static let busySnapshot: Int32 = 517  // SQLITE_BUSY | (2 << 8)
    static let constraintForeignKey: Int32 = 787  // SQLITE_CONSTRAINT | (3 << 8)
    static let constraintNotNull: Int32 = 1299  // SQLITE_CONSTRAINT | (5 << 8)
    static let constraintPrimaryKey: Int32 = 1555  // SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique: Int32 = 2067  // SQLITE_CONSTRAINT | (8 << 8)

    /// The error for SQLite's `code` (primary or extended) and `extended` result code, with its message.
    static func error(_ code: Int32, extended: Int32, message: String, sql: String?) -> StorageError {
        StorageError(
            kind: .database, condition: condition(primary: code & 0xFF, extended: extended),
            backendCode: String(extended), message: message, sql: sql)
    }

    static func condition(primary: Int32, extended: Int32) -> StorageError.Condition {
        switch (primary, extended) {
        case (_, constraintUnique), (_, constraintPrimaryKey): .uniqueViolation
        case (_, constraintForeignKey): .foreignKeyViolation
        case (_, constraintNotNull): .notNullViolation
        case (constraint, _): .otherConstraintViolation
        case (_, busySnapshot): .serializationFailure
        case (busy, _), (locked, _): .busy
        case (cantOpen, _): .unavailable
        case (full, _): .diskFull
        default: .other
        }
    }
}
