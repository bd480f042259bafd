/// One documented API operation: a method and a path template of `APIPath` (`GET /api/v1/movies/reviews/{id}`),
/// as `/api/openapi.json` lists it. Every method of the client sends exactly one kind of endpoint, and
/// ``AppSuiteClient/endpoints`` lists all of them (a test compares the list with the server's document).
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public let method: String
    /// The path template with `{name}` segments.
    public let path: String

    /// `method` (upper case) on the `APIPath` template `path`.
    public init(_ method: String, _ path: String) {
        self.method = method
        self.path = path
    }

    /// Whether sending it twice does what sending it once does (RFC 9110 §9.2.2): only these are retried.
    public var isIdempotent: Bool { ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method) }

    /// `GET /api/v1/movies/reviews/{id}`, as the coverage test compares it with the OpenAPI document.
    public var description: String { method + " " + path }
}

extension AppSuiteClient {
    /// Every API operation the client has a method for, per group. A test compares it with the operations of the
    /// server's `/api/openapi.json`, and the live tests call every one of them.
    public static let endpoints: [Endpoint] = Platform.endpoints + Auth.endpoints + Me.endpoints + Community.endpoints
        + Movies.endpoints + Gaokao.endpoints + Photos.endpoints + Weather.endpoints + AppDeals.endpoints + Merchants.endpoints
        + Inbox.endpoints + Moderation.endpoints + Push.endpoints
}
