public import Foundation

/// The Swift client of an AppSuite server: every API operation as a typed `async` method, grouped per app
/// (``gaokao``, ``movies``, ``photos``, ``weather``, ``community``) and for the account (``auth``, ``me``), with a bearer
/// ``session`` kept in a ``TokenStore``.
///
/// ```swift
/// let client = AppSuiteClient(baseURL: URL(string: "https://apps.example.com")!, tokenStore: KeychainTokenStore())
/// try await client.auth.logIn(username: "alice", password: "correct horse battery")
/// let rank = try await client.gaokao.rank(province: "河南", year: 2023, category: "理科", score: 600)
/// ```
///
/// Every method throws ``AppSuiteError`` only. Cancelling the calling task cancels the request. Safe to share
/// between tasks.
public final class AppSuiteClient: Sendable {
    /// How the client talks to the server.
    public struct Configuration: Sendable {
        /// The server's address, e.g. `https://apps.example.com` (a path prefix is kept: `https://example.com/suite`).
        public var baseURL: URL
        /// Seconds without progress before a request fails with ``TransportFailure/Kind/timedOut``; 30.
        public var timeout: TimeInterval = 30
        /// When to send an idempotent request again.
        public var retry: RetryPolicy = RetryPolicy()
        /// `Accept-Language`: the language of the server's messages and labels (`zh`, `en`); nil sends the
        /// device's preferred languages.
        public var language: String?
        /// `User-Agent`.
        public var userAgent = "AppSuiteClient/1"

        /// The defaults for the server at `baseURL`.
        public init(baseURL: URL) {
            self.baseURL = baseURL
        }
    }

    /// How the client talks to the server; fixed for the client's life.
    public let configuration: Configuration
    /// What sends the requests.
    public let transport: any HTTPTransport
    /// The signed-in user and the stream of session changes.
    public let session: AppSuiteSession

    /// - Parameters:
    ///   - tokenStore: where the session is kept between launches; the saved one is restored now.
    ///   - transport: ``URLSessionTransport`` unless a test or an app brings its own.
    public init(configuration: Configuration, tokenStore: any TokenStore = InMemoryTokenStore(),
                transport: any HTTPTransport = URLSessionTransport()) {
        self.configuration = configuration
        self.transport = transport
        session = AppSuiteSession(store: tokenStore)
    }

    /// A client of the server at `baseURL` with the default configuration.
    public convenience init(baseURL: URL, tokenStore: any TokenStore = InMemoryTokenStore(),
                            transport: any HTTPTransport = URLSessionTransport()) {
        self.init(configuration: Configuration(baseURL: baseURL), tokenStore: tokenStore, transport: transport)
    }
}

/// When a request is sent again: only idempotent ones (``Route/isIdempotent``), only after a `503` or `429`
/// that carries `Retry-After`, waiting at least that long and doubling ``initialDelay`` at each attempt.
public struct RetryPolicy: Sendable {
    /// Sends in all, the first included; 1 never retries. 3.
    public var maximumAttempts: Int = 3
    /// The shortest wait before the first retry, seconds; 0.5.
    public var initialDelay: TimeInterval = 0.5
    /// A `Retry-After` longer than this (seconds) is not waited for: the problem is thrown at once. 30.
    public var maximumDelay: TimeInterval = 30

    /// A policy; the defaults are the client's.
    public init(maximumAttempts: Int = 3, initialDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 30) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// No retries.
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// The wait before attempt `attempt + 1` after `response`, or nil when it is not retried.
    func delay(after response: HTTPResponse, endpoint: Route, attempt: Int, now: Date = Date()) -> TimeInterval? {
        guard attempt < maximumAttempts, endpoint.isIdempotent, response.status == 503 || response.status == 429,
              let retryAfter = response.header("Retry-After").flatMap({ Self.seconds(retryAfter: $0, now: now) }),
              retryAfter <= maximumDelay
        else { return nil }
        return min(max(retryAfter, initialDelay * pow(2, Double(attempt - 1))), maximumDelay)
    }

    /// `Retry-After` (RFC 9110 §10.2.3) in seconds from `now`: delay-seconds or an HTTP-date; nil when it is neither.
    static func seconds(retryAfter value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSince(now)) }
    }
}
