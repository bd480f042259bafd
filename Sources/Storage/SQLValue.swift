/// One value as SQLite stores it: the five storage classes of
/// <https://www.sqlite.org/datatype3.html> §2.
///
/// Text is UTF-8; blobs are raw bytes. Values crossing the boundary are copied, so an
/// `SQLValue` never points into SQLite's memory.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The storage class name SQLite's `typeof()` would report: `null`, `integer`, `real`, `text`, `blob`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    /// Whether this is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A Swift type that converts to and from one ``SQLValue``, for binding arguments and decoding columns.
///
/// Conversions are strict: decoding throws ``StorageError`` of kind ``StorageError/Kind/typeMismatch``
/// when the stored value has another storage class or is `NULL` (use `Optional` for nullable columns).
/// The only widening is `Double` accepting an integer, because SQLite itself returns integers for
/// integral results of numeric expressions (<https://www.sqlite.org/datatype3.html> §3).
public protocol SQLValueConvertible: Sendable {
    /// The value bound for this Swift value.
    var sqlValue: SQLValue { get }
    /// Decodes a column value; throws `.typeMismatch` on a wrong storage class or `NULL`.
    init(sqlValue: SQLValue) throws(StorageError)
}

extension SQLValue: SQLValueConvertible {
    public var sqlValue: SQLValue { self }
    public init(sqlValue: SQLValue) { self = sqlValue }
}

extension Int64: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .integer(let value) = sqlValue else {
            throw .typeMismatch(expected: "Int64", found: sqlValue)
        }
        self = value
    }
}

extension Int: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .integer(let value) = sqlValue, let exact = Int(exactly: value) else {
            throw .typeMismatch(expected: "Int", found: sqlValue)
        }
        self = exact
    }
}

extension Double: SQLValueConvertible {
    public var sqlValue: SQLValue { .real(self) }
    /// Accepts `REAL`, and `INTEGER` converted to the nearest `Double`.
    public init(sqlValue: SQLValue) throws(StorageError) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: throw .typeMismatch(expected: "Double", found: sqlValue)
        }
    }
}

extension Bool: SQLValueConvertible {
    /// Stored as the integer 1 or 0, as SQLite's own boolean expressions produce
    /// (<https://www.sqlite.org/datatype3.html> §2.1).
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    /// `0` is `false`, any other integer `true`.
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .integer(let value) = sqlValue else {
            throw .typeMismatch(expected: "Bool", found: sqlValue)
        }
        self = value != 0
    }
}

extension String: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .text(let value) = sqlValue else {
            throw .typeMismatch(expected: "String", found: sqlValue)
        }
        self = value
    }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .blob(let value) = sqlValue else {
            throw .typeMismatch(expected: "[UInt8]", found: sqlValue)
        }
        self = value
    }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    /// `nil` binds `NULL`.
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
    /// `NULL` decodes to `nil`; anything else decodes as `Wrapped`.
    public init(sqlValue: SQLValue) throws(StorageError) {
        if case .null = sqlValue {
            self = nil
        } else {
            self = try Wrapped(sqlValue: sqlValue)
        }
    }
}
