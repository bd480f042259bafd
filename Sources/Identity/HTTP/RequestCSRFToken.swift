import HTTPServer
import Synchronization

/// The CSRF token of one request's ``Viewer``, made when a page first reads it (a form), not for every request:
/// for a signed-out browser without a valid pre-session cookie, making it means a new random value and a cookie
/// to set (``Authenticator``), which a page without a form — and so its shared, kept copy (``Keep``) — must not
/// carry. Whether it was read tells the route group that the answer holds something of this visitor alone.
final class RequestCSRFToken: Sendable {
    private struct State {
        var token: String?
        var cookie: Cookie?
    }

    private let make: @Sendable () -> (token: String, cookie: Cookie?)
    private let state = Mutex(State())

    /// `make` gives the token and, when it had to start a pre-session, the cookie carrying it.
    init(_ make: @escaping @Sendable () -> (token: String, cookie: Cookie?)) { self.make = make }

    /// The token, made on first use.
    var token: String {
        state.withLock { state in
            if let token = state.token { return token }
            let made = make()
            state.token = made.token
            state.cookie = made.cookie
            return made.token
        }
    }

    /// True once ``token`` was read.
    var wasRead: Bool { state.withLock { $0.token != nil } }

    /// The pre-session cookie the response must set, once the token was read and needed one.
    var cookie: Cookie? { state.withLock { $0.cookie } }
}
