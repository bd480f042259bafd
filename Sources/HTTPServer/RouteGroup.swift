@_exported public import APIKit

/// Who may use a route. Every route in a ``RouteGroup`` needs a signed-in user unless it is registered
/// through ``RouteGroup/anyone`` — an opt-out that is visible where the route is declared.
public enum RouteAccess: String, Sendable, Equatable {
    /// Signed-out requests are refused: `401` for the API, a redirect to the login page for pages.
    case signedIn
    /// Signed-out visitors may use it (public pages and lookups, log in, register).
    case anyone
}

/// How a group answers: the API refuses with problem+json, pages with pages and redirects.
public enum RouteKind: String, Sendable, Equatable {
    case api
    case pages
}

/// What a guard knows about the route a request matched.
public struct RouteInfo: Sendable, Equatable {
    public let method: HTTPMethod
    /// The full pattern, e.g. `/api/v1/photos/{id}`.
    public let pattern: String
    public let access: RouteAccess
    public let kind: RouteKind
    /// The write-limit class calls of the route count against (``RateLimit/none`` for reads).
    public let limit: RateLimit

    public init(method: HTTPMethod, pattern: String, access: RouteAccess, kind: RouteKind, limit: RateLimit = .none) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.kind = kind
        self.limit = limit
    }
}

/// The middleware every route of a ``RouteGroup`` runs through, in the spirit of Hummingbird's
/// `RequestContext` + middleware: it turns a request into a statically typed context, applies the rules
/// every route shares (authentication, CSRF on unsafe methods), and finishes each response.
///
/// Two context types keep "signed in" in the type system: routes open to ``RouteAccess/anyone`` get a
/// `Visitor` (who may be signed out); every other route gets a `Member`, which exists only for a
/// signed-in request, so a handler cannot forget the check.
public protocol RouteGuard: Sendable {
    associatedtype Visitor: Sendable
    associatedtype Member: Sendable

    /// Builds the context of any request and enforces the rules that hold whether or not the route needs a
    /// user (CSRF for unsafe methods). Throws to refuse the request (e.g. `403`).
    func visitor(for request: Request, route: RouteInfo) throws -> Visitor
    /// The signed-in context, or nil when the request carries no valid session.
    func member(_ visitor: Visitor) -> Member?
    /// The answer to a signed-out request on a route that needs a user: `401` for the API, a redirect to
    /// the login page for pages.
    func signInRequired(_ visitor: Visitor, request: Request, route: RouteInfo) -> Response
    /// Runs on every response a handler of the group returns (e.g. to set the visitor's pending cookies).
    func finish(_ response: inout Response, visitor: Visitor, route: RouteInfo)
    /// Counts one call of a route with a write limit (``RouteInfo/limit`` has windows) against its class for
    /// this caller — the signed-in account, else the client address — and throws a `429` with `Retry-After`
    /// once a window is full. Runs after the sign-in check, before the handler.
    func admit(_ request: Request, _ visitor: Visitor, route: RouteInfo) throws
    /// Throws `403` unless the member's roles carry `permission` (an endpoint's ``Access/permission(_:)``).
    func authorize(_ member: Member, permission: String) throws
    /// True when the visitor reads Chinese (the default), for the messages the group writes itself.
    func prefersChinese(_ visitor: Visitor) -> Bool
}

/// Routes under one path prefix that share a ``RouteGuard``: `/{app}` for an app's pages,
/// `/api/v1/{app}` for its API, the empty prefix for the platform's own pages (`/login`, `/me`). Paths given
/// to it are relative to the prefix (`""` is the prefix itself) or, like the shared `APIPath` constants, start
/// with the prefix; anything else is taken as relative, so a group cannot mount a route outside it. Build it during setup, then ``Router/mount(_:)`` it.
///
/// ```swift
/// var api = RouteGroup(prefix: "/api/v1/photos", kind: .api, guard: sessionGuard)
/// api.get("/{id}") { request, member in … member.user … }          // signed in, the default
/// api.anyone.get("/public") { request, visitor in … }              // opt-out, visible here
/// router.mount(api)
/// ```
public struct RouteGroup<Guard: RouteGuard>: Sendable {
    public let prefix: String
    public let kind: RouteKind
    public let routeGuard: Guard
    fileprivate var routes: [(RouteInfo, Handler)] = []

    public init(prefix: String, kind: RouteKind, guard routeGuard: Guard) {
        precondition(prefix.isEmpty || prefix.hasPrefix("/") && !prefix.hasSuffix("/") && !prefix.contains(".."),
                     "a group prefix is empty (the site root) or /a/b without a trailing slash: \(prefix)")
        self.prefix = prefix
        self.kind = kind
        self.routeGuard = routeGuard
    }

    /// Registers a route that needs a signed-in user; the handler gets the guard's `Member`. `limit` nil is
    /// ``RateLimit/none`` for a safe method and ``RateLimit/write`` for any other, so no unsafe route goes
    /// unlimited.
    public mutating func add(_ method: HTTPMethod, _ path: String, limit: RateLimit? = nil,
                             _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) {
        addSignedIn(method, path, limit: limit) { request, _, member in try handler(request, member) }
    }

    /// ``add(_:_:limit:_:)`` whose handler also gets the visitor the member was made from.
    mutating func addSignedIn(_ method: HTTPMethod, _ path: String, limit: RateLimit?,
                              _ handler: @escaping @Sendable (Request, Guard.Visitor, Guard.Member) throws -> Response) {
        let route = info(method, path, access: .signedIn, limit: limit)
        let routeGuard = routeGuard
        routes.append((route, { request in
            let visitor = try routeGuard.visitor(for: request, route: route)
            var response: Response
            if let member = routeGuard.member(visitor) {
                if !route.limit.windows.isEmpty { try routeGuard.admit(request, visitor, route: route) }
                response = try handler(request, visitor, member)
            } else {
                response = routeGuard.signInRequired(visitor, request: request, route: route)
            }
            routeGuard.finish(&response, visitor: visitor, route: route)
            return response
        }))
    }

    /// Registers a route open to signed-out visitors; the handler gets the guard's `Visitor`.
    mutating func addOpen(_ method: HTTPMethod, _ path: String, limit: RateLimit?,
                                      _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) {
        let route = info(method, path, access: .anyone, limit: limit)
        let routeGuard = routeGuard
        routes.append((route, { request in
            let visitor = try routeGuard.visitor(for: request, route: route)
            if !route.limit.windows.isEmpty { try routeGuard.admit(request, visitor, route: route) }
            var response = try handler(request, visitor)
            routeGuard.finish(&response, visitor: visitor, route: route)
            return response
        }))
    }

    public mutating func get(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) { add(.get, path, handler) }
    public mutating func post(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) {
        add(.post, path, limit: limit, handler)
    }
    public mutating func put(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) {
        add(.put, path, limit: limit, handler)
    }
    public mutating func patch(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) {
        add(.patch, path, limit: limit, handler)
    }
    public mutating func delete(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) {
        add(.delete, path, limit: limit, handler)
    }

    /// Routes open to signed-out visitors: `group.anyone.get("/schools") { request, visitor in … }`.
    public var anyone: OpenRoutes {
        get { OpenRoutes(group: self) }
        set { self = newValue.group }
    }

    /// The opt-out view of a ``RouteGroup``: what is registered through it needs no signed-in user (the
    /// guard's other rules, such as CSRF, still apply).
    public struct OpenRoutes: Sendable {
        var group: RouteGroup

        public mutating func get(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) {
            group.addOpen(.get, path, limit: nil, handler)
        }
        public mutating func post(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) {
            group.addOpen(.post, path, limit: limit, handler)
        }
        public mutating func put(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) {
            group.addOpen(.put, path, limit: limit, handler)
        }
        public mutating func delete(_ path: String, limit: RateLimit? = nil, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) {
            group.addOpen(.delete, path, limit: limit, handler)
        }
    }

    private func info(_ method: HTTPMethod, _ path: String, access: RouteAccess, limit: RateLimit?) -> RouteInfo {
        precondition(path.isEmpty || path.hasPrefix("/") && !path.contains(".."), "route paths start with / or are empty: \(path)")
        let pattern = !prefix.isEmpty && (path == prefix || path.hasPrefix(prefix + "/")) ? path : prefix + path
        let limit = limit ?? (method.isSafe ? .none : .write)
        precondition(method.isSafe || !limit.windows.isEmpty, "every unsafe route has a write limit: \(method) \(pattern)")
        return RouteInfo(method: method, pattern: pattern.isEmpty ? "/" : pattern, access: access, kind: kind, limit: limit)
    }
}

extension Router {
    /// Adds every route of `group`, remembering its access rule for ``registered``.
    public mutating func mount<Guard: RouteGuard>(_ group: RouteGroup<Guard>) {
        for (route, handler) in group.routes {
            add(route.method, route.pattern, access: route.access, limit: route.limit, handler)
        }
    }
}
