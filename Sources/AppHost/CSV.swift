public import Foundation

/// An RFC 4180 reader for the data sets apps import: comma separated, `"` quoting with `""` escapes,
/// commas and line breaks inside quotes, `\n` or `\r\n` line ends, an optional UTF-8 byte-order mark.
/// Blank lines are skipped. Invalid UTF-8 becomes U+FFFD.
public struct CSVTable: Sendable {
    /// The first record: the column names.
    public let header: [String]
    /// Every later record, as fields in file order.
    public let rows: [[String]]
    /// Column name → index (the first of duplicates).
    public let columns: [String: Int]

    public init(_ data: Data) {
        var rows: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        let bytes = [UInt8](data)
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(record.count == 1 && record[0].isEmpty) { rows.append(record) }
            record.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inQuotes = true
            case UInt8(ascii: ","): endField()
            case UInt8(ascii: "\r"): break
            case UInt8(ascii: "\n"): endRecord()
            default: field.append(byte)
            }
        }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        header = rows.first ?? []
        self.rows = Array(rows.dropFirst())
        columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The rows with lookup by column name.
    public var records: [CSVRecord] { rows.map { CSVRecord(fields: $0, columns: columns) } }
}

/// One row of a ``CSVTable`` with lookup by column name.
public struct CSVRecord: Sendable {
    public let fields: [String]
    public let columns: [String: Int]

    /// The field, or nil when the column is missing or the field is empty ("not present in the source").
    public subscript(_ name: String) -> String? {
        guard let index = columns[name], index < fields.count, !fields[index].isEmpty else { return nil }
        return fields[index]
    }
}
