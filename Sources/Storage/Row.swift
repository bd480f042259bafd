/// The column names of one result, shared by all of its rows.
///
/// Immutable after creation. Lookup by name is a linear scan for narrow results (faster than
/// hashing for the few columns a query usually has) and a dictionary for wide ones.
final class ColumnNames: Sendable {
    let names: [String]
    private let lookup: [String: Int]?

    init(_ names: [String]) {
        self.names = names
        if names.count > 12 {
            var lookup: [String: Int] = [:]
            lookup.reserveCapacity(names.count)
            // The first column of a name wins, as in SQLite's own `sqlite3_column_name` order.
            for (index, name) in names.enumerated() where lookup[name] == nil { lookup[name] = index }
            self.lookup = lookup
        } else {
            self.lookup = nil
        }
    }

    func index(of name: String) -> Int? {
        if let lookup { return lookup[name] }
        return names.firstIndex(of: name)
    }
}

/// One result row: its values in column order plus the column names shared with the other rows
/// of the same result.
///
/// Rows of one result share a single value buffer (each row is a slice of it), so building a
/// result costs one allocation for the values plus one per text or blob value.
public struct Row: Sendable {
    let columns: ColumnNames
    let values: ArraySlice<SQLValue>

    init(columns: ColumnNames, values: ArraySlice<SQLValue>) {
        self.columns = columns
        self.values = values
    }

    /// Builds a row from names and values, e.g. for tests or another backend. Counts must match.
    public init(columnNames: [String], values: [SQLValue]) {
        precondition(columnNames.count == values.count, "Row: \(columnNames.count) names, \(values.count) values")
        self.columns = ColumnNames(columnNames)
        self.values = values[...]
    }

    /// The number of columns.
    public var columnCount: Int { values.count }

    /// The column names in order, as SQLite reports them (`AS` aliases win).
    public var columnNames: [String] { columns.names }

    /// The value at `index` (0-based); traps when out of range, like an array.
    public subscript(index: Int) -> SQLValue {
        values[values.startIndex + index]
    }

    /// The value of the first column named `column`, or `nil` when there is none.
    public subscript(column: String) -> SQLValue? {
        columns.index(of: column).map { values[values.startIndex + $0] }
    }

    /// Decodes the first column named `column` as `T`.
    /// - Throws: ``StorageError`` `.noSuchColumn` for an unknown name, `.typeMismatch` when the value does not decode.
    public func get<T: SQLValueConvertible>(_ column: String, as type: T.Type = T.self) throws(StorageError) -> T {
        guard let index = columns.index(of: column) else {
            throw .noSuchColumn(column, available: columns.names)
        }
        do {
            return try T(sqlValue: values[values.startIndex + index])
        } catch {
            throw error.adding(context: "column \"\(column)\"")
        }
    }

    /// Decodes the value at `index` (0-based) as `T`.
    /// - Throws: ``StorageError`` `.noSuchColumn` when out of range, `.typeMismatch` when the value does not decode.
    public func get<T: SQLValueConvertible>(_ index: Int, as type: T.Type = T.self) throws(StorageError) -> T {
        guard index >= 0, index < values.count else {
            throw .noSuchColumn(index: index, columnCount: values.count)
        }
        do {
            return try T(sqlValue: values[values.startIndex + index])
        } catch {
            throw error.adding(context: "column \(index) \"\(columns.names[index])\"")
        }
    }
}

extension Row: CustomStringConvertible {
    /// `[name: value, …]`; for debugging, so it does include the values.
    public var description: String {
        "[" + zip(columns.names, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}

/// A type built from one result row, for `query(_:_:as:)`.
///
/// ```swift
/// struct Deal: RowDecodable {
///     var id: Int64; var title: String; var priceFen: Int
///     init(row: Row) throws(StorageError) {
///         id = try row.get("id"); title = try row.get("title"); priceFen = try row.get("price_fen")
///     }
/// }
/// ```
public protocol RowDecodable {
    init(row: Row) throws(StorageError)
}
