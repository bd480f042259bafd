public import HTTPServer

/// The authentication and CSRF middleware of every ``RouteGroup`` in the suite (DESIGN.md "Auth": on by
/// default, a route opts out of sign-in visibly with `group.anyone`).
///
/// For each request it resolves the ``Viewer`` (cookie session or bearer token, language, CSRF token),
/// refuses an unsafe method without a valid CSRF token when the request is cookie-authenticated (`403`,
/// rules in ``Authenticator``), and — on routes that need a user — answers a signed-out request with `401`
/// and `WWW-Authenticate: Bearer` (API) or a `303` to `/login?next=…` (pages). Every response of the group
/// gets the viewer's pending cookies.
public struct SessionGuard: RouteGuard {
    public let authenticator: Authenticator

    public init(authenticator: Authenticator) { self.authenticator = authenticator }

    public func visitor(for request: Request, route: RouteInfo) throws -> Viewer {
        let viewer = authenticator.viewer(for: request)
        try authenticator.verifyCSRF(request, viewer: viewer)
        return viewer
    }

    public func member(_ viewer: Viewer) -> SignedIn? {
        guard let user = viewer.user, let session = viewer.session else { return nil }
        return SignedIn(viewer: viewer, user: user, session: session)
    }

    public func signInRequired(_ viewer: Viewer, request: Request, route: RouteInfo) -> Response {
        switch route.kind {
        case .api:
            return .problem(authenticator.signInRequired(viewer), instance: request.path)
        case .pages:
            return Response.redirect(to: viewer.loginURL)
        }
    }

    public func finish(_ response: inout Response, visitor viewer: Viewer) {
        for cookie in viewer.cookies where !response.headers.values("Set-Cookie").contains(where: { $0.hasPrefix(cookie.name + "=") }) {
            response.setCookie(cookie)
        }
    }
}

/// The context of a route that needs a user: the request's ``Viewer`` and, always present, its user and
/// session. Only ``SessionGuard`` makes one, after it has checked the session.
public struct SignedIn: Sendable {
    public let viewer: Viewer
    public let user: User
    public let session: Session
}
