import CPostgres

/// PostgreSQL's SQLSTATEs mapped to ``StorageError``'s backend-neutral conditions
/// (<https://www.postgresql.org/docs/current/errcodes-appendix.html>).
enum PostgreSQLResult {
    static let indeterminateDatatype = "42P18"

    static func condition(sqlState: String) -> StorageError.Condition {
        switch sqlState {
        case "23505": .uniqueViolation
        case "23503": .foreignKeyViolation
        case "23502": .notNullViolation
        case "40001", "40P01": .serializationFailure
        case "55P03", "57014": .busy
        case "57P01", "57P02", "57P03": .unavailable
        case "53100": .diskFull
        default:
            if sqlState.hasPrefix("23") { .otherConstraintViolation }
            else if sqlState.hasPrefix("08") { .unavailable }
            else { .other }
        }
    }

    /// The error of `result` (its SQLSTATE and primary message), or of the connection when there is no
    /// result or it carries no SQLSTATE (a lost connection: `.unavailable`, SQLSTATE 08006).
    static func error(_ result: OpaquePointer?, connection: OpaquePointer, sql: String?) -> StorageError {
        func field(_ code: Character) -> String? {
            guard let result, let value = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
            return String(cString: value)
        }
        let state = field("C") ?? "08006"
        let message = field("M") ?? connectionMessage(connection)
        return StorageError(
            kind: .database, condition: condition(sqlState: state), backendCode: state, message: message, sql: sql)
    }

    /// `PQerrorMessage` without its trailing newline.
    static func connectionMessage(_ connection: OpaquePointer) -> String {
        guard let text = PQerrorMessage(connection) else { return "unknown libpq error" }
        var message = String(cString: text)
        while message.last?.isNewline == true { message.removeLast() }
        return message.isEmpty ? "unknown libpq error" : message
    }
}
