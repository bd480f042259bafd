import Foundation

/// What third-party sign-in can fail with. Every case means "no account is signed in or created".
public enum OIDCError: Error, Sendable, Equatable {
    /// Not three base64url parts of JSON.
    case malformedToken
    /// `alg` is not RS256 or ES256 (`none`, HS256 …), or not the algorithm of the key it names.
    case unsupportedAlgorithm(String)
    /// No key of the provider's set has this `kid` (after fetching the set again).
    case unknownKey(String?)
    /// The signature does not verify: the token was changed or signed by someone else.
    case badSignature
    case wrongIssuer
    case wrongAudience
    /// `exp` has passed (with ``IDTokenVerifier/leeway``).
    case expired
    /// `iat` lies in the future (beyond the leeway).
    case issuedInTheFuture
    /// The token's `nonce` is not the one this browser's sign-in sent.
    case wrongNonce
    /// The provider's JWKS could not be used; the text says why.
    case invalidKeySet(String)
    /// Discovery, the key set or the token endpoint could not be reached or answered nonsense; the text says why.
    case providerUnavailable(String)
    /// The token endpoint refused the code (its OAuth `error`, e.g. `invalid_grant` for a used or expired code).
    case tokenRequestRefused(String)
    /// The provider sent the browser back with an OAuth `error` (`access_denied` when the user cancelled).
    case providerError(String)
    /// No sign-in in progress has this `state`: unknown, used already, older than 10 minutes, or started in
    /// another browser.
    case stateInvalid
    /// No configured provider has this id.
    case unknownProvider
    /// This provider account already signs in to another AppSuite account.
    case linkedToAnotherAccount
    /// The account already has a login of this provider (unlink it first).
    case alreadyLinked
    /// Unlinking would leave the account with no way to sign in (no password and no other provider).
    case lastSignInMethod
    /// The new-account step after a first sign-in is unknown or older than 15 minutes.
    case signupExpired
}

/// The claims AppSuite reads from a verified ID token (OpenID Connect Core 1.0 §2).
public struct IDTokenClaims: Sendable, Equatable {
    public let issuer: String
    /// The provider's stable id of the user: with the issuer, the key of a linked login.
    public let subject: String
    public let audience: [String]
    public let expiresAt: Int64
    public let issuedAt: Int64
    public let nonce: String?
    public let email: String?
    public let emailVerified: Bool
    public let name: String?
    public let preferredUsername: String?
}

/// Checks an ID token as OpenID Connect Core 1.0 §3.1.3.7 asks: the JWS signature against the provider's
/// keys (RS256 or ES256 only, the algorithm fixed by the key, never by the token alone), `iss` equal to the
/// configured issuer, `aud` containing the client id (and `azp` equal to it when there are several), `exp`
/// not passed and `iat` not in the future (``leeway`` seconds either way), and `nonce` equal to the one sent.
public enum IDTokenVerifier {
    /// Clock skew allowed between AppSuite and the provider, in seconds.
    public static let leeway: Int64 = 60
    /// The longest ID token accepted, in bytes.
    public static let maximumLength = 16 * 1024

    /// The `kid` of a token's header (to pick or refetch keys), or nil.
    public static func keyID(of token: String) -> String? {
        guard let header = try? parts(token).header else { return nil }
        return header["kid"] as? String
    }

    /// - Throws: ``OIDCError`` naming the first check that failed.
    public static func verify(_ token: String, keys: [JSONWebKey], issuer: String, clientID: String, nonce: String,
                              now: Int64) throws(OIDCError) -> IDTokenClaims {
        let (header, payload, signedBytes, signature) = try parts(token)
        let algorithm = header["alg"] as? String ?? ""
        guard algorithm == "RS256" || algorithm == "ES256" else { throw .unsupportedAlgorithm(algorithm) }
        let kid = header["kid"] as? String
        let candidates = keys.filter { $0.algorithm == algorithm && (kid == nil || $0.id == kid) }
        guard !candidates.isEmpty else {
            if kid != nil, keys.contains(where: { $0.id == kid }) { throw .unsupportedAlgorithm(algorithm) }
            throw .unknownKey(kid)
        }
        guard candidates.contains(where: { $0.verify(signature, of: signedBytes) }) else { throw .badSignature }

        guard payload["iss"] as? String == issuer else { throw .wrongIssuer }
        let audience = (payload["aud"] as? [String]) ?? (payload["aud"] as? String).map { [$0] } ?? []
        guard audience.contains(clientID) else { throw .wrongAudience }
        if audience.count > 1, let party = payload["azp"] as? String, party != clientID { throw .wrongAudience }
        guard let expiresAt = integer(payload["exp"]), let subject = payload["sub"] as? String, !subject.isEmpty else { throw .malformedToken }
        guard now < expiresAt + leeway else { throw .expired }
        let issuedAt = integer(payload["iat"]) ?? now
        guard issuedAt <= now + leeway else { throw .issuedInTheFuture }
        guard let sent = payload["nonce"] as? String, sent == nonce else { throw .wrongNonce }
        return IDTokenClaims(
            issuer: issuer, subject: subject, audience: audience, expiresAt: expiresAt, issuedAt: issuedAt, nonce: sent,
            email: payload["email"] as? String, emailVerified: payload["email_verified"] as? Bool ?? false,
            name: payload["name"] as? String, preferredUsername: payload["preferred_username"] as? String)
    }

    private static func integer(_ value: Any?) -> Int64? {
        (value as? NSNumber).map { $0.int64Value }
    }

    private static func parts(_ token: String) throws(OIDCError) -> (header: [String: Any], payload: [String: Any], signed: [UInt8], signature: [UInt8]) {
        guard token.utf8.count <= maximumLength else { throw .malformedToken }
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3, let headerBytes = Base64URL.decode(String(pieces[0])), let payloadBytes = Base64URL.decode(String(pieces[1])),
              let signature = Base64URL.decode(String(pieces[2])),
              let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any],
              let payload = try? JSONSerialization.jsonObject(with: Data(payloadBytes)) as? [String: Any]
        else { throw .malformedToken }
        return (header, payload, Array((pieces[0] + "." + pieces[1]).utf8), signature)
    }
}
