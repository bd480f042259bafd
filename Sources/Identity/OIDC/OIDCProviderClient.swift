import Foundation
public import OutboundHTTP
import Synchronization

/// Talks to one configured provider through ``HTTPClient`` (blocking: call it on the work pool): its discovery
/// document (OpenID Connect Discovery 1.0 §4), its key set, and the token endpoint (RFC 6749 §4.1.3 with the
/// PKCE verifier, RFC 7636 §4.5).
///
/// The discovery document is kept for ``metadataLifetime`` seconds; it must name the configured issuer
/// exactly (§4.3) and endpoints that are `https` (or loopback `http`). The key set is kept until a token names a
/// `kid` it lacks (or, naming none, verifies with none of its keys): then it is fetched again once, at most every
/// ``keyRefetchInterval`` seconds, so a provider's
/// key rotation works without a restart and a stream of bad tokens cannot make AppSuite hammer the provider.
/// Requests go to the operator-configured hosts, so loopback and private addresses are allowed
/// (``AddressPolicy/any``); 10 s time-out, 1 MiB answers, no redirects.
public final class OIDCProviderClient: Sendable {
    /// What AppSuite uses of a discovery document.
    public struct Metadata: Sendable, Equatable {
        public let authorizationEndpoint: String
        public let tokenEndpoint: String
        public let jwksURI: String
        /// `token_endpoint_auth_methods_supported` (default `client_secret_basic`, §3 of Discovery).
        public let tokenAuthMethods: [String]
    }

    /// Seconds a discovery document is reused (24 hours).
    public static let metadataLifetime: Int64 = 86_400
    /// The shortest time between two key-set fetches caused by an unknown `kid`, in seconds.
    public let keyRefetchInterval: Int64

    public let provider: OIDCProvider
    private let client: any HTTPClient
    private struct Cache {
        var metadata: Metadata?
        var metadataFetchedAt: Int64 = 0
        var keys: [JSONWebKey] = []
        var keysFetchedAt: Int64?
    }
    private let cache = Mutex(Cache())

    public init(provider: OIDCProvider, client: any HTTPClient, keyRefetchInterval: Int64 = 10) {
        self.provider = provider
        self.client = client
        self.keyRefetchInterval = keyRefetchInterval
    }

    /// The provider's endpoints, from the cache or fetched.
    /// - Throws: ``OIDCError/providerUnavailable(_:)``.
    public func metadata(now: Int64) throws(OIDCError) -> Metadata {
        if let cached = cache.withLock({ $0.metadata != nil && now - $0.metadataFetchedAt < Self.metadataLifetime ? $0.metadata : nil }) {
            return cached
        }
        let url = provider.issuer.hasSuffix("/") ? provider.issuer + ".well-known/openid-configuration"
            : provider.issuer + "/.well-known/openid-configuration"
        let object = try json(try get(url, what: "discovery document"), what: "discovery document")
        guard object["issuer"] as? String == provider.issuer else {
            throw .providerUnavailable("the discovery document names issuer \(object["issuer"] as? String ?? "none"), not \(provider.issuer)")
        }
        let endpoints = ["authorization_endpoint", "token_endpoint", "jwks_uri"].map { object[$0] as? String ?? "" }
        guard endpoints.allSatisfy(OIDCProvider.isAllowedEndpoint) else {
            throw .providerUnavailable("the discovery document lacks an https authorization, token or jwks endpoint")
        }
        let metadata = Metadata(authorizationEndpoint: endpoints[0], tokenEndpoint: endpoints[1], jwksURI: endpoints[2],
                                tokenAuthMethods: object["token_endpoint_auth_methods_supported"] as? [String] ?? ["client_secret_basic"])
        cache.withLock {
            $0.metadata = metadata
            $0.metadataFetchedAt = now
        }
        return metadata
    }

    /// Exchanges an authorization code for the ID token (the `id_token` of the token response).
    /// - Throws: ``OIDCError/providerUnavailable(_:)`` (unreachable, not JSON), ``OIDCError/tokenRequestRefused(_:)``
    ///   (the provider's `error`, e.g. `invalid_grant` for a used or expired code).
    public func idToken(code: String, codeVerifier: String, redirectURI: String, now: Int64) throws(OIDCError) -> String {
        let metadata = try metadata(now: now)
        var form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", codeVerifier),
                    ("client_id", provider.clientID)]
        var headers = [(name: "Content-Type", value: "application/x-www-form-urlencoded"), (name: "Accept", value: "application/json")]
        if let secret = provider.clientSecret {
            if metadata.tokenAuthMethods.contains("client_secret_basic") || !metadata.tokenAuthMethods.contains("client_secret_post") {
                // RFC 6749 §2.3.1: each part form-encoded, then Basic.
                let pair = Self.formEncoded(provider.clientID) + ":" + Self.formEncoded(secret)
                headers.append((name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString()))
            } else {
                form.append(("client_secret", secret))
            }
        }
        let body = form.map { Self.formEncoded($0.0) + "=" + Self.formEncoded($0.1) }.joined(separator: "&")
        let response = try send(OutboundRequest(method: "POST", url: try url(metadata.tokenEndpoint), headers: headers, body: Array(body.utf8)),
                                what: "token endpoint")
        let object = try json(response.body, what: "token response")
        guard (200..<300).contains(response.status) else {
            throw .tokenRequestRefused(object["error"] as? String ?? "HTTP \(response.status)")
        }
        guard let token = object["id_token"] as? String, !token.isEmpty else { throw .tokenRequestRefused("no id_token in the answer") }
        return token
    }

    /// Verifies `token` (``IDTokenVerifier``) against the provider's keys, fetching them again once when the
    /// token names a key the cached set lacks.
    public func verify(_ token: String, nonce: String, now: Int64) throws(OIDCError) -> IDTokenClaims {
        let (keys, fresh) = try keySet(now: now, refetch: false)
        do {
            return try IDTokenVerifier.verify(token, keys: keys, issuer: provider.issuer, clientID: provider.clientID, nonce: nonce, now: now)
        } catch let error where !fresh && (error == .unknownKey(IDTokenVerifier.keyID(of: token))
                                            || (error == .badSignature && IDTokenVerifier.keyID(of: token) == nil)) {
            // A key the cached set lacks, or (for a provider whose tokens name no key) a signature none of its keys
            // verifies: the provider may have rotated its keys since.
            let (newer, refetched) = try keySet(now: now, refetch: true)
            guard refetched else { throw error }
            return try IDTokenVerifier.verify(token, keys: newer, issuer: provider.issuer, clientID: provider.clientID, nonce: nonce, now: now)
        }
    }

    /// The cached keys, or freshly fetched ones (then `fetched` is true): when there are none yet, or when
    /// `refetch` asks and the last fetch is at least ``keyRefetchInterval`` old.
    private func keySet(now: Int64, refetch: Bool) throws(OIDCError) -> (keys: [JSONWebKey], fetched: Bool) {
        let (keys, fetchedAt) = cache.withLock { ($0.keys, $0.keysFetchedAt) }
        if let fetchedAt, !refetch || now - fetchedAt < keyRefetchInterval { return (keys, false) }
        let fetched = try JSONWebKey.keySet(try get(try metadata(now: now).jwksURI, what: "key set"))
        cache.withLock {
            $0.keys = fetched
            $0.keysFetchedAt = now
        }
        return (fetched, true)
    }

    private func get(_ text: String, what: String) throws(OIDCError) -> [UInt8] {
        let response = try send(OutboundRequest(url: try url(text), headers: [(name: "Accept", value: "application/json")]), what: what, idempotent: true)
        guard response.status == 200 else { throw .providerUnavailable("\(what): HTTP \(response.status)") }
        return response.body
    }

    private func send(_ base: OutboundRequest, what: String, idempotent: Bool = false) throws(OIDCError) -> OutboundResponse {
        var request = base
        request.addressPolicy = .any
        request.maxResponseBytes = 1 << 20
        if idempotent { request.retry = .idempotent(attempts: 2, baseDelay: .milliseconds(200)) }
        do { return try client.send(request) } catch { throw .providerUnavailable("\(what): \(error)") }
    }

    private func url(_ text: String) throws(OIDCError) -> URL {
        guard let url = URL(string: text) else { throw .providerUnavailable("not a URL: \(text)") }
        return url
    }

    private func json(_ body: [UInt8], what: String) throws(OIDCError) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw .providerUnavailable("the \(what) is not a JSON object")
        }
        return object
    }

    /// `application/x-www-form-urlencoded` of one name or value (unreserved characters kept, the rest `%XX`).
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
