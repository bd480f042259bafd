import Foundation
public import HTTPServer
import WebUI

/// The authentication and CSRF middleware of every ``RouteGroup`` in the suite (DESIGN.md "Auth": on by
/// default, a route opts out of sign-in visibly with `group.anyone`).
///
/// For each request it resolves the ``Viewer`` (cookie session or bearer token, language, CSRF token),
/// refuses an unsafe method without a valid CSRF token when the request is cookie-authenticated (`403`,
/// rules in ``Authenticator``), and — on routes that need a user — answers a signed-out request with `401`
/// and `WWW-Authenticate: Bearer` (API) or a `303` to `/login?next=…` (pages; for a form post, `next` is
/// the page the form was on: its hidden `next` field, else the `Referer`). Every page response of the group gets the viewer's pending cookies.
public struct SessionGuard: RouteGuard {
    public let authenticator: Authenticator

    public init(authenticator: Authenticator) { self.authenticator = authenticator }

    public func visitor(for request: Request, route: RouteInfo) throws -> Viewer {
        let viewer = try authenticator.viewer(for: request)
        // A signed-out request to a route that needs a user changes nothing: it gets the sign-in answer
        // (401 or the login page), not a CSRF refusal that would hide what is really missing.
        if route.access == .anyone || viewer.isSignedIn { try authenticator.verifyCSRF(request, viewer: viewer) }
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
        case .pages where request.method.isSafe:
            return .redirect(to: viewer.loginURL)
        case .pages:
            // A form posted while signed out: after logging in, go back to the page the form was on, not to
            // a URL that only takes POST.
            return .redirect(to: "/login?next=" + percentEncode(Self.formPage(request, route: route)))
        }
    }

    /// The form's hidden `next` field when it is a same-site path (``IdentityPages/safeNext(_:)``'s rule; a
    /// browser may send no `Referer` at all), else the same-site path of the `Referer` (the page holding the
    /// form), else the route's first segment (`/movies` for `/movies/reviews/{id}/favorite`).
    static func formPage(_ request: Request, route: RouteInfo) -> String {
        if let next = request.form()["next"], IdentityPages.safeNext(next) == next { return next }
        if let referer = request.headers["Referer"], let url = URLComponents(string: referer),
           url.path.hasPrefix("/"), !url.path.hasPrefix("//") {
            return url.path + (url.query.map { "?" + $0 } ?? "")
        }
        return "/" + (route.pattern.split(separator: "/").first.map(String.init) ?? "")
    }

    /// Pages get the viewer's pending cookies (a new pre-session CSRF cookie, a language choice, a consumed
    /// flash); API answers set only what their handler sets.
    public func finish(_ response: inout Response, visitor viewer: Viewer, route: RouteInfo) {
        guard route.kind == .pages else { return }
        for cookie in viewer.cookies where !response.headers.values("Set-Cookie").contains(where: { $0.hasPrefix(cookie.name + "=") }) {
            response.setCookie(cookie)
        }
    }

    /// Counts the call against its class per account (per client address when signed out): a `429` problem with
    /// `Retry-After` past a window (``RateLimitStore``); pages show it as their error page.
    public func admit(_ request: Request, _ viewer: Viewer, route: RouteInfo) throws {
        let subject = viewer.user.map { "u:\($0.id)" } ?? "a:" + request.clientAddress
        let identity = authenticator.identity
        do {
            try identity.rateLimits.admit(route.limit, subject: subject, now: identity.clock.now())
        } catch let exceeded as RateLimitStore.Exceeded {
            throw exceeded.httpError(chinese: viewer.language == .zh)
        }
    }

    public func authorize(_ member: SignedIn, permission: String) throws {
        guard let permission = Permission(rawValue: permission) else { preconditionFailure("no permission named \(permission)") }
        try authenticator.require(permission, member)
    }

    public func prefersChinese(_ viewer: Viewer) -> Bool { viewer.language == .zh }
}

/// The context of a route that needs a user: the request's ``Viewer`` and, always present, its user and
/// session. Only ``SessionGuard`` makes one, after it has checked the session.
public struct SignedIn: Sendable {
    public let viewer: Viewer
    public let user: User
    public let session: Session
}
