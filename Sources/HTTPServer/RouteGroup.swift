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

    public init(method: HTTPMethod, pattern: String, access: RouteAccess, kind: RouteKind) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.kind = kind
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

    /// Registers a route that needs a signed-in user; the handler gets the guard's `Member`.
    public mutating func add(_ method: HTTPMethod, _ path: String,
                             _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) {
        let route = info(method, path, access: .signedIn)
        let routeGuard = routeGuard
        routes.append((route, { request in
            let visitor = try routeGuard.visitor(for: request, route: route)
            var response: Response
            if let member = routeGuard.member(visitor) {
                response = try handler(request, member)
            } else {
                response = routeGuard.signInRequired(visitor, request: request, route: route)
            }
            routeGuard.finish(&response, visitor: visitor, route: route)
            return response
        }))
    }

    /// Registers a route open to signed-out visitors; the handler gets the guard's `Visitor`.
    fileprivate mutating func addOpen(_ method: HTTPMethod, _ path: String,
                                      _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) {
        let route = info(method, path, access: .anyone)
        let routeGuard = routeGuard
        routes.append((route, { request in
            let visitor = try routeGuard.visitor(for: request, route: route)
            var response = try handler(request, visitor)
            routeGuard.finish(&response, visitor: visitor, route: route)
            return response
        }))
    }

    public mutating func get(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) { add(.get, path, handler) }
    public mutating func post(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) { add(.post, path, handler) }
    public mutating func put(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) { add(.put, path, handler) }
    public mutating func patch(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) { add(.patch, path, handler) }
    public mutating func delete(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Member) throws -> Response) { add(.delete, path, handler) }

    /// Routes open to signed-out visitors: `group.anyone.get("/schools") { request, visitor in … }`.
    public var anyone: OpenRoutes {
        get { OpenRoutes(group: self) }
        set { self = newValue.group }
    }

    /// The opt-out view of a ``RouteGroup``: what is registered through it needs no signed-in user (the
    /// guard's other rules, such as CSRF, still apply).
    public struct OpenRoutes: Sendable {
        fileprivate var group: RouteGroup

        public mutating func get(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) { group.addOpen(.get, path, handler) }
        public mutating func post(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) { group.addOpen(.post, path, handler) }
        public mutating func put(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) { group.addOpen(.put, path, handler) }
        public mutating func delete(_ path: String, _ handler: @escaping @Sendable (Request, Guard.Visitor) throws -> Response) { group.addOpen(.delete, path, handler) }
    }

    private func info(_ method: HTTPMethod, _ path: String, access: RouteAccess) -> RouteInfo {
        precondition(path.isEmpty || path.hasPrefix("/") && !path.contains(".."), "route paths start with / or are empty: \(path)")
        let pattern = !prefix.isEmpty && (path == prefix || path.hasPrefix(prefix + "/")) ? path : prefix + path
        return RouteInfo(method: method, pattern: pattern.isEmpty ? "/" : pattern, access: access, kind: kind)
    }
}

extension Router {
    /// Adds every route of `group`, remembering its access rule for ``registered``.
    public mutating func mount<Guard: RouteGuard>(_ group: RouteGroup<Guard>) {
        for (route, handler) in group.routes {
            add(route.method, route.pattern, access: route.access, handler)
        }
    }
}
