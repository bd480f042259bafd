public import HTTPServer
import WebUI

/// Turns requests into ``Viewer``s and enforces sign-in and CSRF rules, the same for pages and the API.
///
/// Credentials: the session cookie (`HttpOnly`, `SameSite=Lax`; over HTTPS `Secure` and named `__Host-sid`,
/// which no sibling domain can set — ASVS 5.0 3.3.1; `sid` on plain-HTTP development servers) or
/// `Authorization: Bearer <token>` (RFC 6750); both are the same session token (ASVS 5.0 7.2). A cookie that
/// no longer names a session does not hide a valid bearer token.
///
/// CSRF (ASVS 5.0 3.5.1): every state-changing request authenticated by the cookie must carry the
/// session's CSRF token (`csrf_token` form field or `X-CSRF-Token` header). Signed-out form posts (log in,
/// register) carry a token bound to a random pre-session cookie (signed double submit). Requests with a
/// bearer token, and JSON requests without any cookie session, carry no ambient credential and are exempt:
/// a cross-site page cannot send `application/json` without a CORS preflight, which AppSuite never grants.
public struct Authenticator: Sendable {
    /// Cookie names on plain HTTP; over HTTPS they get the `__Host-` prefix (``sessionCookieName``).
    public static let sessionCookie = "sid"
    public static let preSessionCookie = "presession"
    public static let languageCookie = "lang"
    public static let themeCookie = "theme"

    public let identity: IdentityService
    /// Mark cookies `Secure`: set when AppSuite is served over HTTPS (directly or behind a TLS proxy).
    public let usesSecureCookies: Bool
    /// The unread notifications of a user, for the tab bar's badge (set by the server when an inbox is installed;
    /// a failure to read counts as 0, the badge being decoration).
    public var unreadCount: (@Sendable (_ userID: Int64) -> Int)? = nil

    public init(identity: IdentityService, usesSecureCookies: Bool) {
        self.identity = identity
        self.usesSecureCookies = usesSecureCookies
    }

    /// `__Host-sid` over HTTPS, `sid` otherwise.
    public var sessionCookieName: String { (usesSecureCookies ? "__Host-" : "") + Self.sessionCookie }
    /// `__Host-presession` over HTTPS, `presession` otherwise.
    public var preSessionCookieName: String { (usesSecureCookies ? "__Host-" : "") + Self.preSessionCookie }

    /// Resolves the session (cookie first, then bearer), the language (`?lang=`, then the `lang` cookie,
    /// then `Accept-Language`) and the CSRF token. A token that names no live session is signed out; a
    /// database that cannot be read throws its ``StorageError`` (a `503` when it is busy), so a failing
    /// database is never mistaken for "signed out".
    public func viewer(for request: Request) throws -> Viewer {
        if let token = request.cookies[sessionCookieName], let found = try identity.currentUser(token: token) {
            return viewer(for: request, session: (found.session, found.user, token, false))
        }
        if let bearer = request.bearerToken, let found = try identity.currentUser(token: bearer) {
            return viewer(for: request, session: (found.session, found.user, bearer, true))
        }
        return viewer(for: request, session: nil)
    }

    /// The viewer of `request` as if it carried no credentials: for pages that must render when the
    /// database cannot be read (the error page).
    public func signedOutViewer(for request: Request) -> Viewer { viewer(for: request, session: nil) }

    private func viewer(for request: Request, session resolved: (session: Session, user: User, token: String, isBearer: Bool)?) -> Viewer {
        let cookies = request.cookies
        var pending: [Cookie] = []

        let queryLanguage = request.query["lang"].flatMap { Language(tag: $0) }
        if let queryLanguage { pending.append(cookie(Self.languageCookie, queryLanguage.code, maxAge: 365 * 86_400, httpOnly: false)) }
        let language = Language.negotiate(
            acceptLanguage: request.headers["Accept-Language"], override: queryLanguage?.code ?? cookies[Self.languageCookie])

        // Made when a page first reads it (a form): most requests need none (``RequestCSRFToken``).
        let csrf: RequestCSRFToken
        if let session = resolved?.session {
            csrf = RequestCSRFToken { [identity] in (identity.csrfToken(for: session), nil) }
        } else {
            let preSession = cookies[preSessionCookieName]
            csrf = RequestCSRFToken { [self] in
                if let preSession, let derived = identity.csrf.token(forPreSession: preSession) { return (derived, nil) }
                let value = identity.csrf.newPreSessionValue()
                return (identity.csrf.token(forPreSession: value) ?? "", cookie(preSessionCookieName, value, maxAge: nil))
            }
        }

        var flash: Toast?
        if let raw = cookies[Response.flashCookie] {
            let text = FormData.parse(urlEncoded: "f=" + raw)["f"] ?? ""
            if let bar = text.firstIndex(of: "|") {
                let kind = Toast.Kind(rawValue: String(text[..<bar])) ?? .info
                flash = Toast(String(text[text.index(after: bar)...]), kind: kind)
            }
            pending.append(Cookie.expired(Response.flashCookie, isSecure: usesSecureCookies))
        }

        let query = request.query.pairs.filter { $0.name != "lang" }.map { "\(percentEncode($0.name))=\(percentEncode($0.value))" }
        var viewer = Viewer(
            language: language, user: resolved?.user, session: resolved?.session, token: resolved?.token,
            isBearer: resolved?.isBearer ?? false, csrf: csrf, theme: Theme(cookie: cookies[Self.themeCookie]),
            currentURL: request.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")),
            cookies: pending, flash: flash)
        if let userID = resolved?.user.id, let unreadCount { viewer.unreadCount = { unreadCount(userID) } }
        return viewer
    }

    /// The signed-in user, or `401` problem (API) — pages should check ``Viewer/isSignedIn`` and redirect
    /// to ``Viewer/loginURL`` instead.
    public func requireUser(_ viewer: Viewer) throws(HTTPError) -> User {
        guard let user = viewer.user else { throw signInRequired(viewer) }
        return user
    }

    /// The `401` an API request without a valid session gets (RFC 6750 §3: `WWW-Authenticate: Bearer`).
    public func signInRequired(_ viewer: Viewer) -> HTTPError {
        HTTPError(.unauthorized, detail: viewer.language == .zh ? "请先登录。" : "Sign in first.", headers: ["WWW-Authenticate": "Bearer"])
    }

    /// Throws `403` when a state-changing request lacks a valid CSRF token (rules in the type's comment).
    public func verifyCSRF(_ request: Request, viewer: Viewer) throws(HTTPError) {
        guard !request.method.isSafe, !viewer.isBearer else { return }
        let cookies = request.cookies
        // A bearer token the server no longer knows, without a session cookie: no browser sends that on its own,
        // so it is no forgery; the route answers it (401 where it needs a user), not a CSRF refusal.
        if request.bearerToken != nil, cookies[sessionCookieName] == nil { return }
        let presented = request.form()["csrf_token"] ?? request.headers["X-CSRF-Token"] ?? ""
        let isValid: Bool
        if let session = viewer.session {
            isValid = identity.verifyCSRF(presented, for: session)
        } else if request.contentType == "application/json", cookies[sessionCookieName] == nil {
            isValid = true
        } else if let preSession = cookies[preSessionCookieName] {
            isValid = identity.csrf.verify(presented, forPreSession: preSession)
        } else {
            isValid = false
        }
        guard isValid else {
            throw HTTPError(
                .forbidden, title: "CSRF check failed",
                detail: viewer.language == .zh ? "页面已过期或来源不可信，请刷新后重试。" : "The form has expired or did not come from this site. Reload and try again.",
                type: "urn:appsuite:problem:csrf")
        }
    }

    /// The session cookie for a fresh sign-in; it lives as long as the session's sliding expiry.
    public func sessionCookie(token: String, expiresAt: Int64, now: Int64) -> Cookie {
        cookie(sessionCookieName, token, maxAge: Int(max(0, expiresAt - now)))
    }

    /// Clears the session cookie.
    public func clearedSessionCookie() -> Cookie { Cookie.expired(sessionCookieName, isSecure: usesSecureCookies) }

    private func cookie(_ name: String, _ value: String, maxAge: Int?, httpOnly: Bool = true) -> Cookie {
        var cookie = Cookie(name: name, value: value, maxAge: maxAge, isSecure: usesSecureCookies)
        cookie.isHTTPOnly = httpOnly
        return cookie
    }
}
