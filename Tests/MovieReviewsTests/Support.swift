import AppSuiteTesting
import Foundation

/// The real data (`SharedDataSet.movies`); tests that read it carry `.requires(.movies)`.
enum SharedData {
    static var movies: URL { SharedDataSet.movies.folder }

    /// Rows of a CSV file of the movies data as dictionaries (``SharedDataSet/rows(_:)``).
    static func rows(_ file: String) throws -> [[String: String]] { try SharedDataSet.movies.rows(file) }
}

enum JSON {
    /// `value` as a JSON string literal, quotes included.
    static func string(_ value: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}
