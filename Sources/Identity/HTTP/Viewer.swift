public import HTTPServer
public import WebUI

/// Who is asking, in which language, with which CSRF token: the per-request context every page and API
/// handler starts from (``Authenticator/viewer(for:)``).
public struct Viewer: Sendable {
    public let language: Language
    /// The signed-in user, from the session cookie or an `Authorization: Bearer` token.
    public let user: User?
    public let session: Session?
    /// The raw session token the client presented (cookie or bearer), for logout.
    public let token: String?
    /// True when the credentials came from `Authorization: Bearer`, which browsers never send on their own.
    public let isBearer: Bool
    /// The token forms must carry as `csrf_token` (or scripts as `X-CSRF-Token`), made when first read: a
    /// signed-out browser without a pre-session cookie gets one only from a page that shows a form.
    public var csrfToken: String { csrf.token }
    let csrf: RequestCSRFToken
    public let theme: Theme?
    /// The request's path and query, for language links and `next=` redirects.
    public let currentURL: String
    /// Cookies the response must set (a language choice, a consumed flash) besides a new pre-session cookie
    /// (``pendingCookies``).
    public var cookies: [Cookie]
    /// ``cookies`` and, once ``csrfToken`` was read and had to start a pre-session, its cookie.
    public var pendingCookies: [Cookie] { cookies + (csrf.cookie.map { [$0] } ?? []) }
    /// A one-time message carried across a redirect (``Response/flash(_:)``).
    public let flash: Toast?
    /// The signed-in user's unread notifications, asked only when a page shows the tab bar's account entry
    /// (``Authenticator/unreadCount``); nil when signed out or when no inbox is installed.
    public var unreadCount: (@Sendable () -> Int)? = nil

    public var isSignedIn: Bool { user != nil }

    /// The shell's summary of the user for the nav bar.
    public var userSummary: UserSummary? {
        user.map { UserSummary(nickname: $0.nickname, avatarURL: $0.avatarPath.map { "/media/\($0)" }) }
    }

    /// The identity messages in this viewer's language.
    public var identityLanguage: IdentityError.Language { language == .zh ? .chinese : .english }

    /// The login page URL that brings the user back here afterwards.
    public var loginURL: String { "/login?next=" + percentEncode(currentURL) }

    /// A complete page in the mobile shell. `tabs` default to the suite's 首页 / 我的 bar.
    ///
    /// A page that answers an error passes it as `error`: the page gets its status and its headers, so a
    /// throttled form is a `429` with `Retry-After` like the API's answer (RFC 9110 §10.2.3, RFC 6585 §4).
    public func page(
        title: String, back: BackLink? = nil, tabs: [TabItem] = SuiteTabs.all, activeTab: String? = nil,
        status: HTTPStatus = .ok, error: HTTPError? = nil, toasts: [Toast] = [], largeTitle: Bool = false, trailing: [Node] = [],
        description: String? = nil, bodyClass: String? = nil, stylesheets: [String] = [], scripts: [String] = [],
        @HTMLBuilder content: () -> [Node]
    ) -> Response {
        let context = PageContext(
            language: language, title: title, largeTitle: largeTitle, back: back, trailing: trailing, tabs: tabs,
            activeTab: activeTab, user: userSummary, toasts: (flash.map { [$0] } ?? []) + toasts,
            bodyClass: bodyClass, description: description, theme: theme, currentURL: currentURL,
            stylesheets: stylesheets, scripts: scripts,
            inboxBadge: tabs.contains { $0.id == "me" || $0.id == "more" } ? unreadCount?() ?? 0 : 0)
        var response = Response.html(Shell.documentBytes(context, content: content), status: error?.status ?? status)
        for (name, value) in error?.headers ?? HTTPHeaders() { response.headers.set(name, value) }
        response.headers.set("Cache-Control", "no-store")
        apply(to: &response)
        return response
    }

    /// Adds this viewer's pending cookies to a response (pages do it for you; redirects need it too).
    public func apply(to response: inout Response) {
        for cookie in pendingCookies { response.setCookie(cookie) }
    }

    /// A `303` to `location` carrying the viewer's cookies and, optionally, a message for the next page. A message
    /// this request brought and did not show (a redirect on to a redirect: `/comments/1` → the comment's page) is
    /// passed on, so the page finally shown still shows it (issue 30: 举报's confirmation was lost that way).
    public func redirect(to location: String, flash: Toast? = nil) -> Response {
        var response = Response.redirect(to: location)
        apply(to: &response)
        if let carried = flash ?? self.flash { response.setFlash(carried) }
        return response
    }
}

/// The suite-wide tab bar: the launcher and the account page.
public enum SuiteTabs {
    public static let home = TabItem(id: "home", href: "/", icon: .home, label: Strings.home)
    public static let me = TabItem(id: "me", href: "/me", icon: .person, label: Strings.me)
    public static let all = [home, me]
}

extension Response {
    /// The cookie that carries a one-time message to the next page (after a POST → redirect → GET).
    static let flashCookie = "flash"

    /// Shows `toast` on the next page this browser renders.
    public mutating func setFlash(_ toast: Toast) {
        setCookie(Cookie(name: Self.flashCookie, value: percentEncode(toast.kind.rawValue + "|" + toast.message), maxAge: 60))
    }
}
