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
    private var assets: [AppAssets] = []

    public init(appID: String, guard sessionGuard: SessionGuard) {
        self.appID = appID
        pages = RouteGroup(prefix: "/" + appID, kind: .pages, guard: sessionGuard)
        api = RouteGroup(prefix: "/api/v1/" + appID, kind: .api, guard: sessionGuard)
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
        for folder in assets { folder.register(into: &router) }
    }
}
