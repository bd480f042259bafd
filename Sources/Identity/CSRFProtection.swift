/// Anti-forgery tokens for state-changing requests (ASVS 5.0 3.5.1; OWASP CSRF Prevention
/// Cheat Sheet). Stateless: nothing is stored, every token is recomputed from a server key.
///
/// **Logged-in forms and API writes — synchronizer token bound to the session.**
/// `token(forSessionHash:)` = base64url(HMAC-SHA-512-256(K₁, session token hash)), 43
/// characters. It is deterministic per session, so every page of a session can embed it
/// (hidden field `_csrf`, or an `X-CSRF-Token` header from script) and it changes whenever the
/// session does (new session at login, ASVS 7.2.4). An attacker can neither read it (same-origin
/// policy) nor compute it (needs K₁, and the hash of a token they do not have).
///
/// **Logged-out forms (login, register) — signed double-submit cookie.**
/// Before there is a session, the HTTP layer gives the browser a random pre-session value
/// (``newPreSessionValue()``, 32 random bytes) in its own cookie (`Authenticator` names it
/// `__Host-presession; Secure; HttpOnly; SameSite=Lax; Path=/` when served over HTTPS, and
/// `presession` without `Secure` on plain-HTTP development servers), and embeds `token(forPreSession:)` =
/// base64url(HMAC-SHA-512-256(K₂, value)) in the form. On POST it calls
/// `verify(_:forPreSession:)` with the form field and the cookie. A cross-site attacker cannot
/// read the cookie, and cannot plant one either (the `__Host-` prefix forbids setting it from a
/// sibling domain or over plain HTTP; on a plain-HTTP development server, which has no such
/// protection, a planted cookie from a sibling host would defeat login CSRF protection), so they cannot produce a matching pair; the HMAC means a
/// planted plain value is useless without K₂. This also blocks login CSRF (logging a victim
/// into the attacker's account). After login, the session-bound token takes over; the HTTP layer
/// should replace the pre-session cookie.
///
/// K₁ and K₂ are independent subkeys of the ``ServerSecret`` (`crypto_kdf_derive_from_key`),
/// so a token of one kind never verifies as the other. Verification decodes to exactly 32 bytes
/// first (so empty, truncated or oversized input fails without work) and compares in constant
/// time (`sodium_memcmp`). Rotating the server secret invalidates all outstanding tokens.
///
/// Defence in depth for the HTTP layer (not done here): only POST/PUT/PATCH/DELETE change state
/// (ASVS 3.5.3), `SameSite=Lax` cookies, and refusing `Sec-Fetch-Site: cross-site` on writes.
public struct CSRFProtection: Sendable {
    /// Length of every token and pre-session value (43 URL-safe base64 characters).
    public static let tokenLength = 43

    private let sessionKey: [UInt8]
    private let preSessionKey: [UInt8]

    public init(secret: ServerSecret) {
        sessionKey = Sodium.deriveKey(from: secret.bytes, context: "AppCSRF1", id: 1)
        preSessionKey = Sodium.deriveKey(from: secret.bytes, context: "AppCSRF1", id: 2)
    }

    // MARK: session-bound

    /// The CSRF token for the session whose token hash is `sessionHash`.
    public func token(forSessionHash sessionHash: TokenHash) -> String {
        Sodium.base64URL(Sodium.hmacSHA512256(sessionHash.bytes, key: sessionKey))
    }

    /// `true` only for exactly the token ``token(forSessionHash:)`` gives for `sessionHash`.
    public func verify(_ token: String, forSessionHash sessionHash: TokenHash) -> Bool {
        guard let presented = Sodium.fromBase64URL(token, expectedCount: 32) else { return false }
        return Sodium.constantTimeEqual(presented, Sodium.hmacSHA512256(sessionHash.bytes, key: sessionKey))
    }

    // MARK: pre-session (double submit)

    /// A new random value for the pre-session cookie (43 characters).
    public func newPreSessionValue() -> String {
        Sodium.base64URL(Sodium.randomBytes(32))
    }

    /// The form token for a pre-session cookie value; `nil` if the cookie value is malformed
    /// (then issue a new cookie with ``newPreSessionValue()``).
    public func token(forPreSession cookieValue: String) -> String? {
        guard let value = Sodium.fromBase64URL(cookieValue, expectedCount: 32) else { return nil }
        return Sodium.base64URL(Sodium.hmacSHA512256(value, key: preSessionKey))
    }

    /// `true` only if `token` is the form token for this pre-session cookie value.
    public func verify(_ token: String, forPreSession cookieValue: String) -> Bool {
        guard let value = Sodium.fromBase64URL(cookieValue, expectedCount: 32),
              let presented = Sodium.fromBase64URL(token, expectedCount: 32)
        else { return false }
        return Sodium.constantTimeEqual(presented, Sodium.hmacSHA512256(value, key: preSessionKey))
    }
}
