/// The column names of one result, shared by all of its rows.
///
/// Immutable after creation. Rows are decoded by name, a lookup per column per row (thousands on a page of
/// results), so ASCII names are found through a small open-addressing table keyed by FNV-1a of their bytes: a
/// few instructions per byte, where a `Dictionary` runs SipHash and a scan compares every name. For ASCII,
/// byte equality is `String` equality; a result or a name with other characters is scanned with `==`, which
/// also matches canonically equivalent spellings.
final class ColumnNames: Sendable {
    let names: [String]
    /// Column index + 1 of the name hashed to each slot, 0 for an empty slot; at most half full. Empty when
    /// some name is not ASCII.
    private let slots: [Int32]

    init(_ names: [String]) {
        self.names = names
        let hashes = names.map(Self.asciiHash)
        guard !hashes.contains(nil) else {
            slots = []
            return
        }
        var size = 8
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (index, hash) in hashes.enumerated() {
            var slot = hash! & (size - 1)
            // The first column of a name wins, as in SQLite's own `sqlite3_column_name` order.
            while slots[slot] != 0, names[Int(slots[slot]) - 1] != names[index] { slot = (slot + 1) & (size - 1) }
            if slots[slot] == 0 { slots[slot] = Int32(index + 1) }
        }
        self.slots = slots
    }

    func index(of name: String) -> Int? {
        guard !slots.isEmpty, let hash = Self.asciiHash(name) else { return names.firstIndex(of: name) }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if names[index] == name { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a (64 bits) of the bytes of an ASCII name; nil for any other.
    private static func asciiHash(_ name: String) -> Int? {
        func hash(_ bytes: some Sequence<UInt8>) -> Int? {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var bits: UInt8 = 0
            for byte in bytes {
                bits |= byte
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return bits < 0x80 ? Int(truncatingIfNeeded: hash) : nil
        }
        // Native and small strings hand out their UTF-8 in place; walking the view byte by byte costs far more.
        return name.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(name.utf8)
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
