import AppSuiteTesting
import Foundation

/// The real data (`SharedDataSet.movies`); tests that read it carry `.requires(.movies)`.
enum SharedData {
    static var movies: URL { SharedDataSet.movies.folder }

    /// Rows of a CSV file as dictionaries, parsed with Python-free RFC 4180 rules (a tiny independent reader).
    static func rows(_ file: String) throws -> [[String: String]] {
        let data = try Data(contentsOf: movies.appendingPathComponent(file))
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        let bytes = Array(data)
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
        let header = records.removeFirst()
        return records.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}

enum JSON {
    /// `value` as a JSON string literal, quotes included.
    static func string(_ value: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}
