/// Why an exchange produced no answer. A 4xx or 5xx answer is not an error (see ``OutboundResponse``).
public enum OutboundHTTPError: Error, Equatable, Sendable {
    /// Not an absolute `http(s)` URL with a host, or longer than ``OutboundRequest/maximumURLLength``; the text says which.
    case invalidURL(String)
    /// The address (numeric text, e.g. `"127.0.0.1"` or `"::1"`) is refused by the request's ``AddressPolicy``,
    /// whether written in the URL or resolved from its host name.
    case forbiddenAddress(String)
    /// The exchange did not finish within ``OutboundRequest/timeout``.
    case timedOut
    /// The response body passed ``OutboundRequest/maxResponseBytes`` (or its header fields passed 64 KiB).
    case responseTooLarge(limit: Int)
    /// More redirects than ``OutboundRequest/maxRedirects``.
    case tooManyRedirects
    /// Anything else libcurl reports (refused connection, DNS failure, TLS, a redirect to another scheme …), in
    /// libcurl's own words.
    case transport(String)
    /// The request cannot be sent as it is: a method or header name that is not an RFC 9110 token, or a header
    /// value holding CR, LF or NUL. The text says which.
    case invalidRequest(String)
}

extension OutboundHTTPError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidURL(let reason): "invalid URL: \(reason)"
        case .forbiddenAddress(let address): "address \(address) is not allowed"
        case .timedOut: "timed out"
        case .responseTooLarge(let limit): "response larger than \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .transport(let message): message
        case .invalidRequest(let reason): "invalid request: \(reason)"
        }
    }

    /// What a page may say about the failure: our words only, never libcurl's text or the URL (which may carry an
    /// operator's key or name an internal host); ``description`` is for the log (issue 27 item 4).
    public var shownText: String {
        switch self {
        case .invalidURL, .invalidRequest: "the request could not be made"
        case .forbiddenAddress: "the address is not allowed"
        case .timedOut: "timed out"
        case .responseTooLarge: "the answer was too large"
        case .tooManyRedirects: "too many redirects"
        case .transport: "the server could not be reached"
        }
    }
}
