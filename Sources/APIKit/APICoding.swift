public import Foundation

/// JSON coding that matches the server, for request and response bodies alike: keys as the models name them
/// (camelCase) and written in sorted order (the same bytes for the same answer on every server, so entity tags
/// agree), dates as ISO 8601 strings in UTC without fractions (`2026-11-29T10:00:00Z`). The server's
/// `Request.decodeJSON` decodes every request body with ``makeDecoder()``.
public enum APICoding {
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
