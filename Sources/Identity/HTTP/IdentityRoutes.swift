public import HTTPServer

/// Mounts the account API and pages. One value per server, built at the composition root.
public struct IdentityRoutes: Sendable {
    public let authenticator: Authenticator
    private let api: IdentityAPI
    private let pages: IdentityPages

    /// - Parameter mediaDirectory: where avatars are written (`<media>/avatars/`); the server serves it at `/media/`.
    public init(authenticator: Authenticator, mediaDirectory: String) {
        self.authenticator = authenticator
        api = IdentityAPI(auth: authenticator, avatars: AvatarStore(mediaDirectory: mediaDirectory))
        pages = IdentityPages(auth: authenticator, api: api)
    }

    /// Mounts `/api/v1/auth/…`, `/api/v1/me…` and the pages `/login`, `/register`, `/logout`, `/me…`, all
    /// behind `sessionGuard`.
    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var apiRoutes = RouteGroup(prefix: "/api/v1", kind: .api, guard: sessionGuard)
        api.register(into: &apiRoutes)
        router.mount(apiRoutes)
        var pageRoutes = RouteGroup(prefix: "", kind: .pages, guard: sessionGuard)
        pages.register(into: &pageRoutes)
        router.mount(pageRoutes)
    }
}
