import Foundation

extension PostgreSQLDatabase {
    /// `url` with its passwords replaced by `***`, for messages and logs: the one in the user part
    /// (`postgres://user:***@host/db`) and a `password=` query parameter, both of which libpq accepts
    /// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS>). Any scheme, and a
    /// URL too malformed to parse (`postgres://u:pw@[::1`), which is when an operator most needs to see it.
    public static func redacted(_ url: String) -> String {
        redacting(url, url: url)
    }

    /// `text` (libpq's error message, which may quote the URL or a part of it, such as a bad
    /// percent-encoding inside the password) with every password of `url`, as written and percent-decoded,
    /// replaced by `***`.
    static func redacting(_ text: String, url: String) -> String {
        var secrets = Set<String>()
        let beforeQuery = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        if let scheme = beforeQuery[0].range(of: "://") {
            let afterScheme = beforeQuery[0][scheme.upperBound...]
            if let at = afterScheme.lastIndex(of: "@"), let colon = afterScheme[..<at].firstIndex(of: ":") {
                secrets.insert(String(afterScheme[afterScheme.index(after: colon)..<at]))
            }
        }
        if beforeQuery.count == 2 {
            for parameter in beforeQuery[1].split(separator: "&") where parameter.lowercased().hasPrefix("password=") {
                secrets.insert(String(parameter.dropFirst("password=".count)))
            }
        }
        for secret in secrets where !secret.isEmpty {
            secrets.insert(secret.removingPercentEncoding ?? secret)
        }
        var result = text
        // Longest first, so a password that contains another is replaced whole.
        for secret in secrets.filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }
}
