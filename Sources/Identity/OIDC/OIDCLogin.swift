import Foundation

/// Third-party sign-in with OpenID Connect: the authorization code flow with PKCE (S256), `state` and `nonce`
/// (OpenID Connect Core 1.0 §3.1; RFC 9700, the OAuth 2.0 security BCP).
///
/// 1. ``start(provider:linking:next:browserSecret:)`` stores a flow (its `state` hashed, the PKCE verifier, the
///    `nonce`, whether a signed-in user is linking) for 10 minutes and returns the provider's authorization URL.
///    The flow is bound to the browser by a random cookie (its hash is stored), so a `state` that reaches
///    another browser (login CSRF, a leaked callback URL) is refused.
/// 2. ``finish(state:code:error:browserSecret:userAgent:clientAddress:previousToken:)`` takes the flow (a
///    `state` works once), exchanges the code with the verifier, verifies the ID token (signature, issuer,
///    audience, expiry, `nonce`) and then signs in the linked account, links the provider to the user who
///    started the flow, or — for a provider account never seen — keeps the verified identity for 15 minutes
///    and asks for a username (``completeSignup(token:username:userAgent:clientAddress:)``).
///
/// An existing account is never joined by e-mail address (a provider's address claim is not proof of owning
/// the AppSuite account): sign in and link instead. Blocking (outbound HTTP): call it on the work pool.
public final class OIDCLogin: Sendable {
    /// What the browser is sent to, and the binding cookie's value to set.
    public struct Start: Sendable {
        public let authorizationURL: String
        public let browserSecret: String
    }

    /// How a finished flow ended.
    public enum Outcome: Sendable {
        case signedIn(IdentityService.SignIn, next: String)
        case linked(provider: OIDCProvider, next: String)
        /// A first sign-in: the browser gets `signupToken` (as a cookie) and a form for its username.
        case needsUsername(signupToken: String)
    }

    /// Seconds a started flow may take (10 minutes).
    public static let flowLifetime: Int64 = 600
    /// Seconds a first sign-in may take to choose its username (15 minutes).
    public static let signupLifetime: Int64 = 900
    /// The scopes asked for.
    public static let scope = "openid email profile"

    public let clients: [OIDCProviderClient]
    public let store: OIDCStore
    let identity: IdentityService
    /// `<public URL>/login/oidc/callback`: the redirect URI to register with every provider.
    let redirectURI: @Sendable () -> String

    public init(providers: [OIDCProviderClient], identity: IdentityService, redirectURI: @escaping @Sendable () -> String) {
        clients = providers
        store = OIDCStore(database: identity.users.database)
        self.identity = identity
        self.redirectURI = redirectURI
    }

    public var providers: [OIDCProvider] { clients.map(\.provider) }

    public func client(_ id: String) -> OIDCProviderClient? { clients.first { $0.provider.id == id } }

    /// Starts a sign-in (or, with `linking`, a link of the signed-in user) at provider `id`.
    /// - Parameter browserSecret: the binding cookie the browser already has (several tabs may sign in at once).
    /// - Throws: ``OIDCError/unknownProvider``, ``OIDCError/providerUnavailable(_:)``.
    public func start(provider id: String, linking userID: Int64?, next: String, browserSecret: String?) throws -> Start {
        guard let client = client(id) else { throw OIDCError.unknownProvider }
        let now = identity.clock.now()
        let metadata = try client.metadata(now: now)
        let secret = browserSecret.flatMap(SessionToken.init) ?? SessionToken.generate()
        let state = SessionToken.generate()
        let nonce = SessionToken.generate().value
        let verifier = SessionToken.generate().value
        try store.start(stateHash: state.hash.bytes, browserHash: secret.hash.bytes, provider: id, nonce: nonce, codeVerifier: verifier,
                        linkUserID: userID, next: next, now: now, expiresAt: now + Self.flowLifetime)
        let query = [
            ("response_type", "code"), ("client_id", client.provider.clientID), ("redirect_uri", redirectURI()), ("scope", Self.scope),
            ("state", state.value), ("nonce", nonce), ("code_challenge", Self.codeChallenge(verifier)), ("code_challenge_method", "S256"),
        ].map { OIDCProviderClient.formEncoded($0.0) + "=" + OIDCProviderClient.formEncoded($0.1) }.joined(separator: "&")
        let separator = metadata.authorizationEndpoint.contains("?") ? "&" : "?"
        return Start(authorizationURL: metadata.authorizationEndpoint + separator + query, browserSecret: secret.value)
    }

    /// Finishes the flow the provider sent the browser back with.
    /// - Parameters:
    ///   - error: the callback's OAuth `error` parameter, if any (the flow is used up all the same).
    ///   - previousToken: the session the browser still presents when signing in; it is ended.
    /// - Throws: ``OIDCError`` (``OIDCError/stateInvalid`` first of all), or ``IdentityError/userNotFound`` when
    ///   the linking user was deleted meanwhile.
    public func finish(state: String, code: String?, error: String?, browserSecret: String?, userAgent: String, clientAddress: String,
                       previousToken: String?) throws -> Outcome {
        let now = identity.clock.now()
        guard let stateToken = SessionToken(state), let flow = try store.take(stateHash: stateToken.hash.bytes), flow.expiresAt > now,
              let secret = browserSecret.flatMap(SessionToken.init), Sodium.constantTimeEqual(secret.hash.bytes, flow.browserHash)
        else {
            // Some providers drop `state` from an error answer (RFC 6749 §4.1.2.1 asks for it); nothing happens
            // either way, so the user is told what the provider said.
            if let error { throw OIDCError.providerError(String(error.prefix(64))) }
            throw OIDCError.stateInvalid
        }
        guard let client = client(flow.provider) else { throw OIDCError.unknownProvider }
        if let error { throw OIDCError.providerError(String(error.prefix(64))) }
        guard let code, !code.isEmpty, code.utf8.count <= 2048 else { throw OIDCError.tokenRequestRefused("no code in the callback") }
        let token = try client.idToken(code: code, codeVerifier: flow.codeVerifier, redirectURI: redirectURI(), now: now)
        let claims = try client.verify(token, nonce: flow.nonce, now: now)

        if let userID = flow.linkUserID {
            try store.link(userID: userID, provider: client.provider.id, claims: claims, now: now)
            return .linked(provider: client.provider, next: flow.next)
        }
        if let userID = try store.userID(issuer: claims.issuer, subject: claims.subject, now: now) {
            guard let user = try identity.users.user(id: userID) else { throw IdentityError.userNotFound }
            return .signedIn(try signIn(user, userAgent: userAgent, clientAddress: clientAddress, previousToken: previousToken, now: now),
                             next: flow.next)
        }
        let signup = SessionToken.generate()
        try store.saveSignup(tokenHash: signup.hash.bytes, provider: client.provider.id, claims: claims, suggestion: Self.suggestion(claims),
                             next: flow.next, now: now, expiresAt: now + Self.signupLifetime)
        return .needsUsername(signupToken: signup.value)
    }

    /// The waiting first sign-in of a browser's sign-up cookie, or nil.
    public func signup(token: String?) throws -> OIDCStore.Signup? {
        guard let token = token.flatMap(SessionToken.init) else { return nil }
        return try store.signup(tokenHash: token.hash.bytes, now: identity.clock.now())
    }

    /// Creates the account of a first sign-in with `username` (no password; the provider signs it in) and signs it in.
    /// - Throws: the username errors of ``Username/validate(_:)``, ``IdentityError/usernameTaken``, ``OIDCError/signupExpired``.
    public func completeSignup(token: String?, username raw: String, userAgent: String, clientAddress: String) throws -> (IdentityService.SignIn, next: String) {
        let username = IdentityService.trimmed(raw)
        try Username.validate(username)
        guard let token = token.flatMap(SessionToken.init), let signup = try store.signup(tokenHash: token.hash.bytes, now: identity.clock.now())
        else { throw OIDCError.signupExpired }
        let now = identity.clock.now()
        let user = try store.completeSignup(tokenHash: token.hash.bytes, username: username, now: now)
        return (try signIn(user, userAgent: userAgent, clientAddress: clientAddress, previousToken: nil, now: now), signup.next)
    }

    /// Unlinks the user's login of provider `id` (matched by the provider's issuer).
    /// - Returns: false when the user had no such login.
    /// - Throws: ``OIDCError/unknownProvider``, ``OIDCError/lastSignInMethod``.
    @discardableResult
    public func unlink(userID: Int64, provider id: String) throws -> Bool {
        guard let client = client(id) else { throw OIDCError.unknownProvider }
        return try store.unlink(userID: userID, issuer: client.provider.issuer)
    }

    /// Whether the account has a password (else it signs in only through its providers).
    public func hasPassword(userID: Int64) throws -> Bool {
        try identity.users.hasPassword(userID: userID)
    }

    private func signIn(_ user: User, userAgent: String, clientAddress: String, previousToken: String?, now: Int64) throws -> IdentityService.SignIn {
        if let previousToken { try identity.sessions.revoke(token: previousToken) }
        let created = try identity.sessions.create(userID: user.id, userAgent: userAgent, clientAddress: clientAddress, now: now)
        return IdentityService.SignIn(token: created.token, session: created.session, user: user)
    }

    /// RFC 7636 §4.2: BASE64URL(SHA-256(ASCII(code_verifier))).
    static func codeChallenge(_ verifier: String) -> String {
        Sodium.base64URL(Sodium.sha256(Array(verifier.utf8)))
    }

    /// A username to start the form with: the provider's `preferred_username`, `name` or the e-mail's local
    /// part, whichever first passes ``Username/validate(_:)``; else empty.
    static func suggestion(_ claims: IDTokenClaims) -> String {
        let candidates = [claims.preferredUsername, claims.name, claims.email.flatMap { $0.split(separator: "@").first.map(String.init) }]
        return candidates.compactMap { $0 }.first { (try? Username.validate($0)) != nil } ?? ""
    }
}
