public import HTTPServer
public import Identity

/// Where an app mounts its routes: its pages under `/{id}` and its API under `/api/v1/{id}`, nowhere else
/// (DESIGN.md "A mini app"). Both groups run the suite's ``SessionGuard``: every route needs a signed-in
/// user and a CSRF token on unsafe cookie-authenticated requests unless it opts out with `.anyone`.
///
/// ```swift
/// public func routes(_ routes: inout AppRoutes, context: AppContext) {
///     routes.serve(assets)                                             // /assets/apps/{id}/…
///     routes.pages.anyone.get("") { request, viewer in … }             // /gaokao, open to everyone
///     routes.api.post("/{id}/versions") { request, member in … }       // /api/v1/photos/{id}/versions
/// }
/// ```
public struct AppRoutes: Sendable {
    public let appID: String
    /// `/{id}` and below: the app's screens. A signed-out request to a route that needs a user is
    /// redirected to the login page.
    public var pages: RouteGroup<SessionGuard>
    /// `/api/v1/{id}` and below: the app's JSON API. A signed-out request to a route that needs a user is `401`.
    public var api: RouteGroup<SessionGuard>
    /// `GET /{id}/…` routes that read no session and set no cookie: generated images and other public
    /// files that caches may keep.
    public var files: SessionlessRoutes
    private var assets: [AppAssets] = []

    public init(appID: String, guard sessionGuard: SessionGuard) {
        self.appID = appID
        pages = RouteGroup(prefix: "/" + appID, kind: .pages, guard: sessionGuard)
        api = RouteGroup(prefix: "/api/v1/" + appID, kind: .api, guard: sessionGuard)
        files = SessionlessRoutes(prefix: "/" + appID)
    }

    /// Serves the app's own static files at `/assets/apps/{id}/` (public, cacheable, no session).
    public mutating func serve(_ assets: AppAssets) {
        precondition(assets.appID == appID, "an app serves only its own assets")
        self.assets.append(assets)
    }

    /// Adds the app's routes to the server's router.
    public func mount(into router: inout Router) {
        router.mount(pages)
        router.mount(api)
        for (pattern, handler) in files.routes { router.get(pattern, handler) }
        for folder in assets { folder.register(into: &router) }
    }
}

/// Public `GET` routes under an app's prefix that run no session middleware. Being safe-method only, they
/// need no CSRF check; they must not read or change a user's data.
public struct SessionlessRoutes: Sendable {
    public let prefix: String
    fileprivate var routes: [(String, Handler)] = []

    init(prefix: String) { self.prefix = prefix }

    /// `path` is relative to the app's prefix, e.g. `/posters/{file}`.
    public mutating func get(_ path: String, _ handler: @escaping Handler) {
        precondition(path.hasPrefix("/") && !path.contains(".."), "route paths are relative to \(prefix): \(path)")
        routes.append((prefix + path, handler))
    }
}
