public import Storage
import Foundation

/// The one object the HTTP layer talks to for accounts, sessions and CSRF.
///
/// Holds the database, the ``PasswordHasher`` (with its concurrency bound), the
/// ``LoginThrottle`` rules, the ``CSRFProtection`` keys (from the ``ServerSecret``) and a clock.
/// Every method is synchronous and may block for one Argon2id hash (≈13 ms, or longer while the
/// hasher's slots are busy); handlers call it on their own threads. Thread-safe (`Sendable`).
///
/// Typical wiring:
/// ```swift
/// try Migrator.migrate(database, IdentitySchema.migrations())
/// let secret = try ServerSecret.loadOrCreate(at: dataDirectory.appending(path: "server-secret"))
/// let identity = IdentityService(database: database, secret: secret)
/// ```
public final class IdentityService: Sendable {
    /// The result of a successful sign-in: the session token for the client (cookie value or
    /// bearer token — shown to the client once, never stored), its session and user.
    public struct SignIn: Sendable {
        public let token: String
        public let session: Session
        public let user: User
    }

    public let users: UserStore
    public let sessions: SessionStore
    /// E-mail addresses, their verification and password reset (``EmailStore``).
    public let emails: EmailStore
    public let csrf: CSRFProtection
    /// The write-limit counters every route group consults (``RateLimitStore``).
    public let rateLimits: RateLimitStore
    public let clock: IdentityClock

    public init(database: any Database, secret: ServerSecret, hasher: PasswordHasher = PasswordHasher(),
                throttle: LoginThrottle = LoginThrottle(), sessionPolicy: SessionPolicy = SessionPolicy(),
                clock: IdentityClock = .system) {
        users = UserStore(database: database, hasher: hasher, throttle: throttle)
        sessions = SessionStore(database: database, policy: sessionPolicy)
        emails = EmailStore(database: database, hasher: hasher, throttle: throttle)
        csrf = CSRFProtection(secret: secret)
        rateLimits = RateLimitStore(database: database)
        self.clock = clock
    }

    /// Identity's migrations (``IdentitySchema/migrations()``), for the server's migration list.
    public static func migrations() -> [Migration] { IdentitySchema.migrations() }

    /// Creates an account and signs it in (one new session).
    /// - Throws: see ``UserStore/register(username:password:clientAddress:now:)``.
    public func register(username: String, password: String, userAgent: String, clientAddress: String) throws -> SignIn {
        let username = Self.trimmed(username)
        let now = clock.now()
        let user = try users.register(username: username, password: password, clientAddress: clientAddress, now: now)
        let created = try sessions.create(userID: user.id, userAgent: userAgent, clientAddress: clientAddress, now: now)
        return SignIn(token: created.token, session: created.session, user: user)
    }

    /// Signs in with a username and password; always a brand-new session token.
    /// - Parameter previousToken: the session token the client still presented, if any; it is
    ///   revoked, so a pre-login token can never become the signed-in one.
    /// - Throws: ``IdentityError/invalidCredentials`` (unknown user or wrong password — the
    ///   same), ``IdentityError/tooManyAttempts(retryAfter:)``; see
    ///   ``UserStore/authenticate(username:password:clientAddress:now:)``.
    public func logIn(username: String, password: String, userAgent: String, clientAddress: String,
                      previousToken: String? = nil) throws -> SignIn {
        let username = Self.trimmed(username)
        let now = clock.now()
        let user = try users.authenticate(username: username, password: password, clientAddress: clientAddress, now: now)
        if let previousToken { try sessions.revoke(token: previousToken) }
        let created = try sessions.create(userID: user.id, userAgent: userAgent, clientAddress: clientAddress, now: now)
        return SignIn(token: created.token, session: created.session, user: user)
    }

    /// Usernames cannot contain white space, so spaces a phone keyboard adds around one are dropped
    /// (passwords are used exactly as typed).
    static func trimmed(_ username: String) -> String { username.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Ends the session of `token` (no-op for an unknown or malformed one).
    public func logOut(token: String) throws {
        try sessions.revoke(token: token)
    }

    /// The signed-in session and user for a token from a cookie or `Authorization: Bearer`,
    /// or `nil` (malformed, unknown, expired).
    public func currentUser(token: String) throws -> (session: Session, user: User)? {
        try sessions.resolve(token: token, now: clock.now())
    }

    /// The CSRF token to embed in this session's forms (`_csrf`) or send as `X-CSRF-Token`.
    public func csrfToken(for session: Session) -> String {
        csrf.token(forSessionHash: session.tokenHash)
    }

    /// `true` if `token` is this session's CSRF token (constant-time).
    public func verifyCSRF(_ token: String, for session: Session) -> Bool {
        csrf.verify(token, forSessionHash: session.tokenHash)
    }

    /// Changes the signed-in user's password and ends their other sessions; `session` stays.
    /// - Parameter clientAddress: the request's address (wrong current passwords count against it).
    public func changePassword(session: Session, current: String, new: String, clientAddress: String) throws {
        try users.changePassword(userID: session.userID, current: current, new: new, keepingSession: session.tokenHash,
                                 clientAddress: clientAddress, now: clock.now())
    }

    /// Sets the nickname (verbatim; see ``Nickname``).
    @discardableResult
    public func updateProfile(userID: Int64, nickname: String) throws -> User {
        try users.updateProfile(userID: userID, nickname: nickname, now: clock.now())
    }

    /// Sets or clears the avatar path (see ``UserStore/setAvatar(userID:path:now:)``).
    @discardableResult
    public func setAvatar(userID: Int64, path: String?) throws -> User {
        try users.setAvatar(userID: userID, path: path, now: clock.now())
    }
}
