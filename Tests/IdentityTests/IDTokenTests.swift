import AppSuiteTesting
import Foundation
import Testing
@testable import Identity

/// Issue 11 item 1: ID tokens signed by another JOSE implementation (PyPI joserfc, `Tests/E2E/oidc_tokens.py`)
/// with fresh RS256 and ES256 keys: the good ones verify, every forged, altered, expired, misaddressed or
/// replayed one is refused with its reason.
@Suite(.requires(tool: "joserfc")) struct IDTokenTests {
    struct Fixture: Decodable {
        var issuer: String
        var clientId: String
        var nonce: String
        var now: Int64
        var tokens: [String: String]
    }

    static let generated: (fixture: Fixture, keys: [JSONWebKey])? = {
        let process = Process()
        process.executableURL = TestTools.python
        process.arguments = [TestTools.python.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("oidc_tokens.py").path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let fixture = try? JSONDecoder().decode(Fixture.self, from: data),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let jwks = try? JSONSerialization.data(withJSONObject: object["jwks"] as Any),
              let keys = try? JSONWebKey.keySet(Array(jwks))
        else { return nil }
        return (fixture, keys)
    }()

    func verify(_ name: String, nonce: String? = nil, issuer: String? = nil, clientID: String? = nil, now: Int64? = nil) throws -> IDTokenClaims {
        let (fixture, keys) = try #require(Self.generated, "oidc_tokens.py did not run")
        let token = try #require(fixture.tokens[name])
        return try IDTokenVerifier.verify(token, keys: keys, issuer: issuer ?? fixture.issuer, clientID: clientID ?? fixture.clientId,
                                          nonce: nonce ?? fixture.nonce, now: now ?? fixture.now)
    }

    @Test func rs256AndES256TokensVerify() throws {
        let keys = try #require(Self.generated).keys
        #expect(keys.map(\.algorithm).sorted() == ["ES256", "RS256"])
        for name in ["rs256", "es256"] {
            let claims = try verify(name)
            #expect(claims.subject == "user-42" && claims.email == "alice@example.com" && claims.emailVerified && claims.name == "Alice")
        }
    }

    @Test func forgedAlteredAndMisaddressedTokensAreRefused() throws {
        let cases: [(String, OIDCError)] = [
            ("tampered", .badSignature), ("forged", .badSignature), ("wrong_nonce", .wrongNonce), ("no_nonce", .wrongNonce),
            ("expired", .expired), ("future", .issuedInTheFuture), ("unknown_kid", .unknownKey("rsa-9")),
            ("wrong_issuer", .wrongIssuer), ("wrong_audience", .wrongAudience), ("algorithm_not_the_keys", .unsupportedAlgorithm("RS256")),
            ("hs256", .unsupportedAlgorithm("HS256")), ("alg_none", .unsupportedAlgorithm("none")),
        ]
        for (name, error) in cases {
            #expect(throws: error, "\(name)") { try verify(name) }
        }
        // The same good token, checked against another nonce (a replayed sign-in), issuer or client, or later.
        #expect(throws: OIDCError.wrongNonce) { try verify("rs256", nonce: "replayed") }
        #expect(throws: OIDCError.wrongIssuer) { try verify("es256", issuer: "http://127.0.0.1:22999/") }
        #expect(throws: OIDCError.wrongAudience) { try verify("es256", clientID: "other-client") }
        let now = try #require(Self.generated).fixture.now
        #expect(throws: OIDCError.expired) { try verify("rs256", now: now + 300 + IDTokenVerifier.leeway) }
        _ = try verify("rs256", now: now + 300 + IDTokenVerifier.leeway - 1)
    }

    @Test func malformedTokensAndKeySetsAreRefused() throws {
        let keys = try #require(Self.generated).keys
        for token in ["", "a.b", "a.b.c", "e30.e30.", String(repeating: "a", count: IDTokenVerifier.maximumLength + 1)] {
            #expect(throws: OIDCError.self) { try IDTokenVerifier.verify(token, keys: keys, issuer: "i", clientID: "c", nonce: "n", now: 0) }
        }
        #expect(throws: OIDCError.invalidKeySet("not a JSON Web Key Set")) { try JSONWebKey.keySet(Array("[]".utf8)) }
        #expect(throws: OIDCError.invalidKeySet("no RS256 or ES256 signing key")) {
            try JSONWebKey.keySet(Array(#"{"keys":[{"kty":"RSA","n":"AQAB","e":"AQAB"},{"kty":"EC","crv":"P-384","x":"AA","y":"AA"}]}"#.utf8))
        }
    }
}
