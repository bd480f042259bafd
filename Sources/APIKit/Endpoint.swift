/// The method of an ``Endpoint`` (RFC 9110 §9).
public enum EndpointMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    /// True for `GET`, the only safe method an endpoint has (RFC 9110 §9.2.1): no CSRF check, no write limit.
    public var isSafe: Bool { self == .get }

    /// Whether sending it twice does what sending it once does (RFC 9110 §9.2.2): clients retry only these.
    public var isIdempotent: Bool { self != .post && self != .patch }
}

/// One API endpoint, declared once (DESIGN.md "An endpoint, declared once"): its method, path template,
/// typed query, body and answer, and its policies. The server serves it (`RouteGroup.handle`), the OpenAPI
/// document describes it and the client SDK calls it (`AppSuiteClient.call`), all from this value, so the
/// four cannot drift.
///
/// ```swift
/// public static let nearby = Endpoint<MerchantNearbyQuery, NoBody, MerchantList>(
///     .get, "/api/v1/merchants/nearby", summary: "Merchants nearest a point", access: .anyone,
///     cache: .publicFor(seconds: 30))
/// ```
///
/// - `Query`: the query parameters (``NoQuery`` for none), each validated with its bounds; a bad one is a
///   `422` problem naming it.
/// - `Body`: a JSON model, ``NoBody``, or a ``UploadForm`` for uploads.
/// - `Answer`: the JSON model of the success answer, ``NoContent`` for `204`, or ``BinaryFile`` for a file.
public struct Endpoint<Query: QueryDecodable, Body: Codable & Sendable, Answer: Codable & Sendable>: AnyEndpoint {
    public let method: EndpointMethod
    /// The path template with `{name}` segments (`/api/v1/merchants/{id}/photos`), as the router matches it.
    public let path: String
    /// One line for the OpenAPI document and the client's documentation.
    public let summary: String
    public let access: Access
    public let limit: RateLimit
    public let cache: CachePolicy
    /// The success status: 200, 201 (created), 202 (accepted for later work) or 204 (``NoContent``).
    public let status: Int
    /// The errors the endpoint itself answers, beyond those its policies imply (``documentedErrors``).
    public let errors: [DocumentedError]
    /// The media type of a ``BinaryFile`` answer (`application/zip`, `image/jpeg`); nil for JSON.
    public let produces: String?
    /// Path parameters whose values are not 64-bit ids (see ``pathParameters``).
    public let textParameters: Set<String>

    /// - Parameters:
    ///   - limit: the write-limit class; nil is ``RateLimit/none`` for `GET` and ``RateLimit/write`` for every
    ///     other method, so no unsafe endpoint goes unlimited.
    ///   - status: nil is 204 for a ``NoContent`` answer, else 200.
    ///   - textParameters: path segments that are text (a provider name, a share code); every other `{name}`
    ///     is a 64-bit id.
    public init(_ method: EndpointMethod, _ path: String, summary: String, access: Access = .signedIn, limit: RateLimit? = nil,
                cache: CachePolicy = .noStore, status: Int? = nil, errors: [DocumentedError] = [], produces: String? = nil,
                textParameters: Set<String> = []) {
        let limit = limit ?? (method.isSafe ? .none : .write)
        precondition(path.hasPrefix("/") && !path.hasSuffix("/") && !path.contains("?"), "an endpoint path is a template like /api/v1/x/{id}: \(path)")
        precondition(method.isSafe || !limit.windows.isEmpty, "every unsafe endpoint has a write limit: \(method.rawValue) \(path)")
        precondition(method.isSafe || cache == .noStore, "only GET answers may be cached: \(method.rawValue) \(path)")
        precondition(access == .anyone || cache.isPrivate, "a signed-in answer is never public: \(path)")
        precondition((Answer.self == BinaryFile.self) == (produces != nil), "a BinaryFile answer names its media type, and only it: \(path)")
        self.method = method
        self.path = path
        self.summary = summary
        self.access = access
        self.limit = limit
        self.cache = cache
        self.status = status ?? (Answer.self == NoContent.self ? 204 : 200)
        self.errors = errors
        self.produces = produces
        self.textParameters = textParameters
    }

    public var queryFields: [QueryField] { Query.fields }
    public var bodyType: (any Decodable.Type)? { Body.self == NoBody.self ? nil : Body.self }
    public var answerType: (any Decodable.Type)? { Answer.self == NoContent.self || Answer.self == BinaryFile.self ? nil : Answer.self }
    public var multipartFields: [MultipartField]? { (Body.self as? any UploadForm.Type)?.fields }
}

/// What every ``Endpoint`` tells about itself whatever its types: what the OpenAPI document, the route walk and
/// the SDK's coverage test read.
public protocol AnyEndpoint: Sendable {
    var method: EndpointMethod { get }
    var path: String { get }
    var summary: String { get }
    var access: Access { get }
    var limit: RateLimit { get }
    var cache: CachePolicy { get }
    var status: Int { get }
    var errors: [DocumentedError] { get }
    var produces: String? { get }
    var textParameters: Set<String> { get }
    /// The query parameters, read from the query type's declaration (``QueryDecodable/fields``).
    var queryFields: [QueryField] { get }
    /// The JSON body's model, nil for none or a multipart body.
    var bodyType: (any Decodable.Type)? { get }
    /// The JSON answer's model, nil for `204` and files.
    var answerType: (any Decodable.Type)? { get }
    /// The parts of a `multipart/form-data` body, nil for any other body.
    var multipartFields: [MultipartField]? { get }
}

extension AnyEndpoint {
    /// `GET /api/v1/movies/reviews/{id}`.
    public var description: String { method.rawValue + " " + path }

    /// The `{name}` segments of ``path`` in order, each an id unless listed in ``textParameters``.
    public var pathParameters: [(name: String, isID: Bool)] {
        path.split(separator: "/").compactMap { segment in
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return nil }
            let name = String(segment.dropFirst().dropLast())
            return (name, !textParameters.contains(name))
        }
    }

    /// Every error the endpoint may answer: its own, then those its policies imply (signing in, permission,
    /// invalid query or body, the write limit), one per status.
    public var documentedErrors: [DocumentedError] {
        var implied: [DocumentedError] = []
        if bodyType != nil { implied += [.init(400, "Malformed JSON body"), .init(415, "The body is not application/json")] }
        if multipartFields != nil { implied.append(.init(415, "The body is not multipart/form-data")) }
        switch access {
        case .anyone: break
        case .signedIn: implied.append(.init(401, "Not signed in"))
        case .permission(let permission): implied += [.init(401, "Not signed in"), .init(403, "Needs the \(permission) permission")]
        }
        if !queryFields.isEmpty || bodyType != nil || multipartFields != nil {
            implied.append(.init(422, "An invalid field, named in errors"))
        }
        if !limit.windows.isEmpty { implied.append(.init(429, "Over the \(limit.name) limit (\(limit.summary)); Retry-After")) }
        var seen = Set(errors.map(\.status))
        var all = errors
        for error in implied where seen.insert(error.status).inserted { all.append(error) }
        return all
    }
}

/// An app's or platform feature's endpoints under one OpenAPI tag: what the document, the server's route walk
/// and the client's coverage test iterate.
public struct EndpointGroup: Sendable {
    /// The OpenAPI tag, e.g. `Merchants 商户`.
    public let tag: String
    public let endpoints: [any AnyEndpoint]

    public init(tag: String, _ endpoints: [any AnyEndpoint]) {
        self.tag = tag
        self.endpoints = endpoints
    }
}
