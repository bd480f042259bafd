import CCurl
import Foundation

/// An `http(s)` URL written the one way libcurl reads it (issue 27 item 5), so a check on its host is a check on
/// what a request to it would reach: an IPv4 host in any `inet_aton` form (`127.1`, `0x7f.0.0.1`, `2130706433`,
/// `0177.0.0.1`, percent-encoded digits) becomes dotted-quad, a host name loses its case and trailing dots
/// (`LOCALHOST.` → `localhost`), the default port is dropped; user info is refused, a fragment dropped.
///
/// ```swift
/// let url = try CanonicalURL("https://0x7f.1:443/push")   // url.text == "https://127.0.0.1/push", url.address == "127.0.0.1"
/// AddressPolicy.publicOnly.permits(url.address!)         // false
/// ```
public struct CanonicalURL: Sendable, Equatable {
    /// `scheme://host[:port]/path[?query]`.
    public let text: String
    /// `http` or `https`.
    public let scheme: String
    /// The host without brackets: a name, or an address's canonical text (`127.0.0.1`, `::ffff:127.0.0.1`).
    public let host: String
    /// The host's address when it is numeric; nil for a name.
    public let address: String?

    /// - Throws: ``OutboundHTTPError/invalidURL(_:)`` for anything libcurl does not parse as an absolute `http(s)` URL
    ///   with a host, one carrying a user name or password, or one longer than ``OutboundRequest/maximumURLLength``.
    public init(_ text: String) throws(OutboundHTTPError) {
        guard let url = URL(string: text) else { throw .invalidURL("not a URL") }
        let parsed = try CurlURL(url)
        guard parsed.part(CURLUPART_USER) == nil, parsed.part(CURLUPART_PASSWORD) == nil else {
            throw .invalidURL("a URL with a user name or password")
        }
        scheme = parsed.part(CURLUPART_SCHEME)?.lowercased() ?? ""
        if let literal = parsed.literalAddress {
            address = literal.text
            host = literal.text
        } else {
            var name = parsed.part(CURLUPART_HOST)?.lowercased() ?? ""
            while name.hasSuffix(".") { name.removeLast() }
            guard !name.isEmpty else { throw .invalidURL("no host") }
            address = nil
            host = name
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let port = parsed.part(CURLUPART_PORT, flags: UInt32(CURLU_NO_DEFAULT_PORT)).map { ":" + $0 } ?? ""
        let query = parsed.part(CURLUPART_QUERY).map { "?" + $0 } ?? ""
        self.text = scheme + "://" + shownHost + port + (parsed.part(CURLUPART_PATH) ?? "/") + query
    }
}
