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

    public func register(into router: inout Router) {
        api.register(into: &router)
        pages.register(into: &router)
    }
}
