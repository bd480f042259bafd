public import Foundation

extension SharedDataSet {
    /// The rows of CSV file `file` of this data set as dictionaries keyed by the header, read with RFC 4180's rules by
    /// this small reader of its own (independent of the importers' parser, so a test compares two readings).
    /// - Throws: the file system's error for a missing file (tests that read one carry `.requires(_:)`).
    public func rows(_ file: String) throws -> [[String: String]] {
        let bytes = Array(try Data(contentsOf: url(file)))
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 34 { if i + 1 < bytes.count && bytes[i + 1] == 34 { field.append(34); i += 1 } else { quoted = false } } else { field.append(b) }
            } else if b == 34 { quoted = true }
            else if b == 44 { fields.append(String(decoding: field, as: UTF8.self)); field = [] }
            else if b == 10 { fields.append(String(decoding: field, as: UTF8.self)); field = []; records.append(fields); fields = [] }
            else if b != 13 { field.append(b) }
            i += 1
        }
        if !field.isEmpty || !fields.isEmpty { fields.append(String(decoding: field, as: UTF8.self)); records.append(fields) }
        guard !records.isEmpty else { return [] }
        let header = records.removeFirst()
        return records.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}
