public import APIKit

/// One call of an ``Endpoint`` as its handler sees it: the request, the guard's context (a `Member` for a
/// signed-in endpoint, a `Visitor` for an open one), and the query and body already decoded and validated.
public struct EndpointCall<Query: Sendable, Body: Sendable, Context: Sendable>: Sendable {
    public let request: Request
    public let context: Context
    public let query: Query
    public let body: Body

    /// The value of a `{name}` id segment; a non-number is a 404 (no such resource).
    public func id(_ name: String = "id") throws(HTTPError) -> Int64 { try request.parameter(name, as: Int64.self) }
}

/// What an endpoint's handler answers when a plain answer is not enough: the answer with another status or extra
/// headers, slow work for the work pool, or a response of its own (a file).
public struct Reply<Answer: Sendable>: Sendable {
    enum Kind: Sendable {
        case answer(Answer)
        case encoded([UInt8])
        case offloaded(key: String, lane: WorkLane, work: @Sendable () throws -> Answer)
        case response(Response)
    }

    let kind: Kind
    let status: HTTPStatus?
    let headers: HTTPHeaders

    /// The answer, encoded with the endpoint's status unless `status` is given.
    public static func answer(_ answer: Answer, status: HTTPStatus? = nil, headers: HTTPHeaders = HTTPHeaders()) -> Reply {
        Reply(kind: .answer(answer), status: status, headers: headers)
    }

    /// An answer encoded earlier (``EncodedAnswer``) and kept, sent as it is: a cached answer costs a look-up,
    /// not another `JSONEncoder` run.
    public static func encoded(_ answer: EncodedAnswer<Answer>, headers: HTTPHeaders = HTTPHeaders()) -> Reply {
        Reply(kind: .encoded(answer.bytes), status: nil, headers: headers)
    }

    /// Slow work (libvips, argon2id, outbound HTTP) run on the server's work pool under `key` (a user id, else
    /// the client address), in `lane`, while the connection waits (``Response/offloaded(key:lane:_:)``).
    public static func offloaded(key: String, lane: WorkLane = .interactive, _ work: @escaping @Sendable () throws -> Answer) -> Reply {
        Reply(kind: .offloaded(key: key, lane: lane, work: work), status: nil, headers: HTTPHeaders())
    }

    /// A response the handler built itself: a file for a ``BinaryFile`` endpoint.
    public static func response(_ response: Response) -> Reply {
        Reply(kind: .response(response), status: nil, headers: HTTPHeaders())
    }
}

extension RouteGroup {
    /// Serves `endpoint` (signed in, or with a permission): the group checks the session, CSRF and the
    /// permission, counts the write limit, decodes the query and body (`422` naming a bad field), then encodes
    /// what `handler` answers with the endpoint's status and cache policy.
    public mutating func handle<Query, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>,
                                                     _ handler: @escaping @Sendable (EndpointCall<Query, Body, Guard.Member>) throws -> Answer) {
        reply(endpoint) { call in .answer(try handler(call)) }
    }

    /// ``handle(_:_:)`` for a handler that answers a ``Reply``.
    public mutating func reply<Query, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>,
                                                    _ handler: @escaping @Sendable (EndpointCall<Query, Body, Guard.Member>) throws -> Reply<Answer>) {
        precondition(!(Body.self is any UploadForm.Type), "\(endpoint.description) takes a multipart body: use handleUpload")
        precondition(endpoint.access != .anyone, "\(endpoint.description) is open to anyone: register it through `anyone`")
        let routeGuard = routeGuard
        addSignedIn(HTTPMethod(endpoint.method), endpoint.path, limit: endpoint.limit) { request, visitor, member in
            try Self.authorize(endpoint, member, routeGuard)
            let body = try Self.body(Body.self, request)
            return try Self.run(endpoint, request, context: member, body: body, signedIn: true, chinese: { routeGuard.prefersChinese(visitor) }, handler)
        }
    }

    /// Serves an upload endpoint: the handler reads the parsed multipart form (fields, and files streamed to disk).
    public mutating func handleUpload<Query, Body: UploadForm, Answer>(
        _ endpoint: Endpoint<Query, Body, Answer>, _ handler: @escaping @Sendable (EndpointCall<Query, MultipartForm, Guard.Member>) throws -> Reply<Answer>
    ) {
        precondition(endpoint.access != .anyone, "\(endpoint.description) is open to anyone: uploads need an account")
        let routeGuard = routeGuard
        addSignedIn(HTTPMethod(endpoint.method), endpoint.path, limit: endpoint.limit) { request, visitor, member in
            try Self.authorize(endpoint, member, routeGuard)
            guard case .multipart(let form) = request.body else {
                throw HTTPError(.unsupportedMediaType, detail: "Send the body as multipart/form-data.")
            }
            return try Self.run(endpoint, request, context: member, body: form, signedIn: true, chinese: { routeGuard.prefersChinese(visitor) }, handler)
        }
    }

    private static func authorize<Query, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>, _ member: Guard.Member, _ routeGuard: Guard) throws {
        if case .permission(let permission) = endpoint.access { try routeGuard.authorize(member, permission: permission) }
    }

    /// The JSON body as `Body` (400 malformed, 415 another media type); nothing to read for ``NoBody``.
    fileprivate static func body<Body: Decodable & Sendable>(_ type: Body.Type, _ request: Request) throws -> Body {
        if let none = NoBody() as? Body { return none }
        return try request.decodeJSON(Body.self)
    }

    fileprivate static func run<Query, Body, Answer, Received, Context>(
        _ endpoint: Endpoint<Query, Body, Answer>, _ request: Request, context: Context, body: Received, signedIn: Bool,
        chinese: @escaping () -> Bool, _ handler: (EndpointCall<Query, Received, Context>) throws -> Reply<Answer>
    ) throws -> Response {
        let query = try request.query(as: Query.self, chinese: chinese())
        let reply = try handler(EndpointCall(request: request, context: context, query: query, body: body))
        return try EndpointAnswer.response(reply, for: endpoint, request: request, signedIn: signedIn)
    }
}

extension RouteGroup.OpenRoutes {
    /// Serves an endpoint open to signed-out visitors (``Access/anyone``); see ``RouteGroup/handle(_:_:)``.
    public mutating func handle<Query, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>,
                                                     _ handler: @escaping @Sendable (EndpointCall<Query, Body, Guard.Visitor>) throws -> Answer) {
        reply(endpoint) { call in .answer(try handler(call)) }
    }

    /// ``handle(_:_:)`` for a handler that answers a ``Reply``.
    public mutating func reply<Query, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>,
                                                    _ handler: @escaping @Sendable (EndpointCall<Query, Body, Guard.Visitor>) throws -> Reply<Answer>) {
        precondition(endpoint.access == .anyone, "\(endpoint.description) needs a signed-in user: register it on the group itself")
        precondition(!(Body.self is any UploadForm.Type), "uploads need an account: \(endpoint.description)")
        let routeGuard = group.routeGuard
        group.addOpen(HTTPMethod(endpoint.method), endpoint.path, limit: endpoint.limit) { request, visitor in
            let body = try RouteGroup.body(Body.self, request)
            return try RouteGroup.run(endpoint, request, context: visitor, body: body, signedIn: routeGuard.member(visitor) != nil,
                                      chinese: { routeGuard.prefersChinese(visitor) }, handler)
        }
    }
}

extension RouteGroup.OpenRoutes {
    /// Serves a `GET` endpoint open to anyone whose answer to a signed-out caller is kept (``Keep``): keyed by the
    /// decoded query (so `?limit=20` and `?limit=020&unknown=1` share an entry, and a query that does not decode is
    /// a `422` that is never kept), the path's `{name}` values and the caller's language. Signed-in callers, and
    /// offloaded replies, are answered afresh.
    public mutating func handle<Query: Hashable, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>, keep: Keep,
                                                               _ handler: @escaping @Sendable (EndpointCall<Query, Body, Guard.Visitor>) throws -> Answer) {
        reply(endpoint, keep: keep) { call in .answer(try handler(call)) }
    }

    /// ``handle(_:keep:_:)`` for a handler that answers a ``Reply``.
    public mutating func reply<Query: Hashable, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>, keep: Keep,
                                                              _ handler: @escaping @Sendable (EndpointCall<Query, Body, Guard.Visitor>) throws -> Reply<Answer>) {
        precondition(endpoint.method == .get, "only a GET answer is kept: \(endpoint.description)")
        let cache = ResponseCache<EndpointKey<Query>>(endpoint.path, keep)
        let routeGuard = group.routeGuard
        reply(endpoint) { call in
            guard let variant = routeGuard.sharedVariant(call.context, kind: .api) else { return try handler(call) }
            let key = EndpointKey(query: call.query, path: call.request.pathParameterValues)
            return .response(try cache.response(for: key, variant: variant, request: call.request) {
                let reply = try handler(call)
                switch reply.kind {
                case .answer, .encoded: break
                case .offloaded, .response: return (try EndpointAnswer.response(reply, for: endpoint, request: call.request, signedIn: false), false)
                }
                return (try EndpointAnswer.response(reply, for: endpoint, request: call.request, signedIn: false, revalidate: false), true)
            })
        }
    }
}

/// A kept endpoint answer's key: the decoded query and the path's `{name}` values.
struct EndpointKey<Query: Hashable & Sendable>: Hashable, Sendable {
    let query: Query
    let path: [String]
}

extension HTTPMethod {
    init(_ method: EndpointMethod) { self.init(rawValue: method.rawValue) }
}

extension Request {
    /// The query string as an endpoint's query type — what a route group does for an endpoint, and what a page
    /// does to reuse the type for its own links and forms — with `defaults` standing in for absent fields (a page's
    /// default position). - Throws: `422` naming the first bad field, in Chinese unless `chinese` says otherwise.
    public func query<Query: QueryDecodable>(as type: Query.Type, defaults: [(name: String, value: String)] = [],
                                             chinese: @autoclosure () -> Bool) throws(HTTPError) -> Query {
        let given = query.pairs.filter { !$0.value.isEmpty }
        let pairs = defaults.isEmpty ? given : given + defaults.filter { value in !given.contains { $0.name == value.name } }
        do {
            return try Query(pairs: pairs)
        } catch {
            throw .validation([.init(field: error.field, message: error.message(chinese: chinese()))])
        }
    }

    /// ``query(as:defaults:chinese:)``, or nil when the query string gives none of the type's fields: a page's
    /// starting state (`/weather/climate` lists cities, `/weather/climate?place=…` shows one).
    public func optionalQuery<Query: QueryDecodable>(as type: Query.Type, chinese: @autoclosure () -> Bool) throws(HTTPError) -> Query? {
        let names = Set(Query.fields.map(\.name))
        guard query.pairs.contains(where: { names.contains($0.name) && !$0.value.isEmpty }) else { return nil }
        return try self.query(as: type, chinese: chinese())
    }
}
