import Foundation
import HTTPServer
public import Storage

/// One owner's share of "download my data" and "delete my account" (issue 11 item 3): the platform's
/// targets (identity, community, notifications) and every app contribute one, and `AccountArchive` (AppHost)
/// runs them all — the exports in one read snapshot, the erasures in one write transaction.
public struct AccountDataPart: Sendable {
    /// The part's name in the archive: its rows go to `<name>.json`, its files under `<name>/`.
    public var name: String
    /// Everything of user `userID` this owner keeps, read inside the archive's one read transaction.
    public var export: @Sendable (_ userID: Int64, _ db: any SQLExecutor) throws -> AccountExport
    /// Removes or anonymises it inside the deletion's one write transaction; returns the clean-up to run
    /// after the transaction commits (removing files), or nil. Nothing may touch the file system before commit.
    public var erase: @Sendable (_ userID: Int64, _ db: any SQLExecutor) throws -> (@Sendable () -> Void)?

    public init(name: String,
                export: @escaping @Sendable (_ userID: Int64, _ db: any SQLExecutor) throws -> AccountExport,
                erase: @escaping @Sendable (_ userID: Int64, _ db: any SQLExecutor) throws -> (@Sendable () -> Void)?) {
        precondition(!name.isEmpty && !name.contains("/") && !name.contains("."), "a part name is one path segment: \(name)")
        self.name = name
        self.export = export
        self.erase = erase
    }
}

/// One part's export: rows by label (written as `{"label": [{column: value, …}, …]}`) and files from disk.
public struct AccountExport: Sendable {
    /// Labelled row sets in order; every column of every row is written (blobs as base64, times as the stored
    /// INTEGER UTC seconds).
    public var tables: [(label: String, rows: [Row])]
    /// Files to copy into the archive: `name` is the path under the part's folder, `path` the file on disk.
    public var files: [(name: String, path: String)]

    public init(tables: [(label: String, rows: [Row])] = [], files: [(name: String, path: String)] = []) {
        self.tables = tables
        self.files = files
    }

    /// The rows of `sql` (one `?` bound to `userID`) under `label`: the common shape of a part's export.
    public static func rows(_ label: String, _ sql: String, userID: Int64, _ db: any SQLExecutor) throws(StorageError) -> (label: String, rows: [Row]) {
        (label, try db.query(sql, userID))
    }

    /// The part's `<name>.json`: `{"label": [{column: value, …}, …], …}`.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.object { object in
            for table in tables {
                object.array(table.label) { array in
                    for row in table.rows {
                        array.object { fields in
                            for (index, column) in row.columnNames.enumerated() {
                                fields.key(column)
                                switch row[index] {
                                case .null: fields.writeNull()
                                case .integer(let value): fields.writeInteger(value)
                                case .real(let value): fields.writeDouble(value)
                                case .text(let value): fields.writeString(value)
                                case .blob(let bytes): fields.writeString(Data(bytes).base64EncodedString())
                                }
                            }
                        }
                    }
                }
            }
        }
        return writer.bytes
    }
}
