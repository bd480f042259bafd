public import HTTPServer
public import WebUI

/// Mounts the account API and pages. One value per server, built at the composition root.
public struct IdentityRoutes: Sendable {
    public let authenticator: Authenticator
    private let api: IdentityAPI
    private let pages: IdentityPages

    /// - Parameters:
    ///   - mediaDirectory: where avatars are written (`<media>/avatars/`); the server serves it at `/media/`.
    ///   - mail: sends verification and reset links; `nil` (no `--smtp-url`) makes those pages say they are unavailable.
    ///   - oidc: third-party sign-in with the configured providers; `nil` shows no provider buttons.
    ///   - profileSection: a section the platform adds to `/me` for the signed-in user (the apps' storage quotas),
    ///     nil for none.
    public init(authenticator: Authenticator, mediaDirectory: String, mail: AccountMail? = nil, oidc: OIDCLogin? = nil,
                profileSection: (@Sendable (Viewer, User) -> Node?)? = nil) {
        self.authenticator = authenticator
        api = IdentityAPI(auth: authenticator, avatars: AvatarStore(mediaDirectory: mediaDirectory), oidc: oidc, mail: mail)
        pages = IdentityPages(auth: authenticator, api: api, mail: mail, oidc: oidc, profileSection: profileSection)
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
