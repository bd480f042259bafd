public import AppSuiteAPI

/// What a transport, the retry policy and the logs see of a request: its method and path template
/// (`GET /api/v1/movies/reviews/{id}`), as `/api/openapi.json` lists it. ``AppSuiteClient/routes`` lists every
/// one the client sends (a test compares the list with the server's document).
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public let method: String
    /// The path template with `{name}` segments.
    public let path: String

    /// `method` (upper case) on the `APIPath` template `path`.
    public init(_ method: String, _ path: String) {
        self.method = method
        self.path = path
    }

    /// The route of a declared endpoint.
    public init(_ endpoint: any AnyEndpoint) {
        self.init(endpoint.method.rawValue, endpoint.path)
    }

    /// Whether sending it twice does what sending it once does (RFC 9110 §9.2.2): only these are retried.
    public var isIdempotent: Bool { ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method) }

    /// `GET /api/v1/movies/reviews/{id}`, as the coverage test compares it with the OpenAPI document.
    public var description: String { method + " " + path }
}

extension AppSuiteClient {
    /// Every API operation the client calls: each endpoint declared in `AppSuiteAPI` (``call(_:path:query:body:)``)
    /// and the routes of the methods still written per route. A test compares it with the operations of the
    /// server's `/api/openapi.json`, and the live tests call every one of them.
    public static let routes: [Route] = APIEndpoints.groups.flatMap { $0.endpoints.map(Route.init) } + Platform.endpoints + Auth.endpoints + Me.endpoints + Community.endpoints
        + Movies.endpoints + Gaokao.endpoints + Photos.endpoints
        + Moderation.endpoints
}
