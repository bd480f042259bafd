/// The final answer of an exchange (after any followed redirects). Any status is an answer: 4xx and 5xx are
/// returned, not thrown.
public struct OutboundResponse: Sendable {
    /// The HTTP status code, 100 to 599.
    public let status: Int
    /// The final answer's header fields in the order received (names as sent, values trimmed). The body is
    /// already decoded, so a `Content-Encoding` field describes the bytes on the wire, not ``body``.
    public let headers: [(name: String, value: String)]
    /// The content, decoded when the server compressed it (gzip, deflate, br, zstd: what libcurl offers); at most the request's
    /// ``OutboundRequest/maxResponseBytes``.
    public let body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field named `name` (compared case-insensitively), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.utf8.elementsEqual(name.utf8, by: { asciiLower($0) == asciiLower($1) }) }?.value
    }
}

private func asciiLower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
