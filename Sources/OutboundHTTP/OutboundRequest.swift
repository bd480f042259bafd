public import Foundation

/// One request to another server, sent by an ``HTTPClient`` (weather providers, the App Store lookup, OIDC
/// discovery/JWKS/token calls, Web Push deliveries; DESIGN.md "Outbound HTTP").
///
/// Every limit has a safe default: 10 s for the whole exchange, 4 MiB of response body, no retries, no
/// redirects, and only public addresses. Only `http` and `https` URLs are sent.
///
/// ```swift
/// var request = OutboundRequest(url: URL(string: "https://itunes.apple.com/lookup?id=284882215")!)
/// request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(200))
/// let response = try CurlHTTPClient().send(request)   // on the work pool or in a job
/// ```
public struct OutboundRequest: Sendable {
    /// An RFC 9110 method token: `"GET"`, `"POST"`, `"PUT"`, `"DELETE"`, `"HEAD"` …
    public var method: String
    /// An absolute `http` or `https` URL of at most ``maximumURLLength`` bytes.
    public var url: URL
    /// Sent in order after libcurl's own (`Host`, `User-Agent`, `Accept-Encoding`); a field named here replaces
    /// libcurl's field of that name. Names are RFC 9110 tokens; values may not hold CR, LF or NUL.
    public var headers: [(name: String, value: String)]
    /// The request content, sent with `Content-Length` and, unless ``headers`` name one, no `Content-Type`;
    /// `nil` sends none (a POST then sends `Content-Length: 0`).
    public var body: [UInt8]?
    /// The longest the whole exchange may take, retries and their waits included. Default 10 s.
    public var timeout: Duration = .seconds(10)
    /// The longest one connection attempt (DNS, TCP, TLS) may take, within ``timeout``. Default 5 s.
    public var connectTimeout: Duration = .seconds(5)
    /// The largest decoded response body accepted, in bytes; more is ``OutboundHTTPError/responseTooLarge(limit:)``,
    /// detected while receiving (nothing beyond the limit is kept). Default 4 MiB.
    public var maxResponseBytes: Int = 4 << 20
    /// Whether and how often to try again; see ``RetryPolicy``. Default ``RetryPolicy/none``.
    public var retry: RetryPolicy = .none
    /// Which addresses may be connected to; see ``AddressPolicy``. Default ``AddressPolicy/publicOnly``.
    public var addressPolicy: AddressPolicy = .publicOnly
    /// How many redirects (3xx with `Location`) to follow, 0 to 3 (values outside are clamped). Default 0: a 3xx
    /// is returned as it is. Each hop must again be `http(s)` and pass ``addressPolicy``; more hops than this is
    /// ``OutboundHTTPError/tooManyRedirects``. A POST becomes a GET after 301, 302 and 303 (libcurl's rule).
    public var maxRedirects: Int = 0

    /// The longest URL sent, in bytes.
    public static let maximumURLLength = 8192
    /// The most redirects ``maxRedirects`` can allow.
    public static let maximumRedirects = 3

    public init(method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// When a request is tried again.
public enum RetryPolicy: Sendable, Equatable {
    /// One attempt; whatever happens is the answer.
    case none
    /// Up to `attempts` tries in all (1 to 10; values outside are clamped) for a request that is safe to repeat
    /// (the caller says so). A new try follows a connection failure (refused, reset, DNS), a time-out, or a
    /// 429/502/503/504 answer. It waits `baseDelay · 2^(n-1)` (n = 1 for the first retry), jittered to between half
    /// and all of that, or the answer's `Retry-After` (RFC 9110 §10.2.3: seconds or an HTTP date) when that is
    /// longer. A wait that would pass the request's ``OutboundRequest/timeout`` is not taken: the last answer is
    /// returned (or the last error thrown).
    case idempotent(attempts: Int, baseDelay: Duration)
}
