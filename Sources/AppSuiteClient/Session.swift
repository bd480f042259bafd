public import AppSuiteAPI
public import Foundation

/// Whether the client has a user, as ``AppSuiteSession/changes()`` reports it.
public enum SessionState: Sendable, Equatable {
    case signedIn(UserProfile)
    case signedOut(SignOutReason)

    /// The user when signed in.
    public var user: UserProfile? {
        if case .signedIn(let user) = self { return user }
        return nil
    }
}

/// Why there is no user.
public enum SignOutReason: Sendable, Equatable {
    /// No session was saved, or the saved one had expired.
    case notSignedIn
    /// ``AppSuiteClient/Auth/logOut()`` ended it.
    case loggedOut
    /// The server answered `401` with `WWW-Authenticate` to a request carrying the token: the session expired,
    /// was ended elsewhere (a password change ends the other sessions) or the account is gone. Show the sign-in screen.
    case sessionEnded
}

/// The client's signed-in session: the bearer token sent as `Authorization: Bearer`, kept in a ``TokenStore``,
/// and a stream of changes an app observes to show its sign-in screen.
public final class AppSuiteSession: Sendable {
    private struct Inner {
        var login: LoginResponse?
        var state: SessionState
        var observers: [UUID: AsyncStream<SessionState>.Continuation] = [:]
    }

    /// Where the session is kept between launches.
    public let store: any TokenStore
    private let inner: Locked<Inner>

    /// Restores the session saved in `store`, unless it has expired (then it is removed) or cannot be read
    /// (then the client starts signed out).
    init(store: any TokenStore, now: Date = Date()) {
        self.store = store
        let saved = (try? store.load()) ?? nil
        if let saved, saved.expiresAt > now {
            inner = Locked(Inner(login: saved, state: .signedIn(saved.user)))
        } else {
            if saved != nil { try? store.remove() }
            inner = Locked(Inner(login: nil, state: .signedOut(.notSignedIn)))
        }
    }

    /// Ends every stream of ``changes()``, so no observer waits for a client that is gone.
    deinit {
        inner.withLock { inner in
            for observer in inner.observers.values { observer.finish() }
        }
    }

    /// The state now.
    public var state: SessionState { inner.withLock { $0.state } }

    /// The signed-in user, nil when signed out.
    public var user: UserProfile? { state.user }

    /// Whether there is a user (the server may still have ended the session; the next `401` tells).
    public var isSignedIn: Bool { user != nil }

    /// When the token stops working unless used (the server slides it at each use; this is the login's answer).
    public var expiresAt: Date? { inner.withLock { $0.login?.expiresAt } }

    /// The current state first, then every change, until the stream's consumer stops iterating. Observe it in
    /// a long-lived task (`for await state in client.session.changes() { … }`).
    public func changes() -> AsyncStream<SessionState> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionState.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        inner.withLock { inner in
            inner.observers[id] = continuation
            continuation.yield(inner.state)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.inner.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The bearer token to send, nil when signed out.
    var token: String? { inner.withLock { $0.login?.token } }

    /// Keeps a fresh login (register or log in) and announces the user.
    func begin(_ login: LoginResponse) throws(AppSuiteError) {
        do { try store.save(login) } catch { throw .tokenStore("\(error)") }
        inner.withLock { inner in
            inner.login = login
            Self.announce(.signedIn(login.user), in: &inner)
        }
    }

    /// Replaces the user of the current session (after a profile change), when `token` is still the session's.
    func update(_ user: UserProfile, token: String?) {
        let login: LoginResponse? = inner.withLock { inner in
            guard var login = inner.login, login.token == token, login.user != user else { return nil }
            login.user = user
            inner.login = login
            Self.announce(.signedIn(user), in: &inner)
            return login
        }
        if let login { try? store.save(login) }
    }

    /// Ends the session when `token` is still its token (a `401` to an old token must not end a newer login);
    /// nil ends whatever session there is.
    func end(_ reason: SignOutReason, token: String?) throws(AppSuiteError) {
        let ended = inner.withLock { inner -> Bool in
            guard let current = inner.login?.token, token == nil || token == current else { return false }
            inner.login = nil
            Self.announce(.signedOut(reason), in: &inner)
            return true
        }
        guard ended else { return }
        do { try store.remove() } catch { throw .tokenStore("\(error)") }
    }

    private static func announce(_ state: SessionState, in inner: inout Inner) {
        inner.state = state
        for observer in inner.observers.values { observer.yield(state) }
    }
}
