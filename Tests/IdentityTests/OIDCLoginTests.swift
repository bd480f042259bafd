import AppSuiteTesting
import Foundation
import OutboundHTTP
import Storage
import Synchronization
import Testing
@testable import Identity

/// Issue 11 item 1: the whole authorization-code flow against a real provider (PyPI oidc-provider-mock on Authlib,
/// on a loopback port): discovery, PKCE, state, nonce, the code exchange, the ID token's RS256 signature against
/// the provider's JWKS; then what must be refused — a replayed or foreign `state`, a code of another flow (its
/// `nonce`), a tampered token, an expired one, a key the set does not have — with no account created.
@Suite(.requires(tool: "oidc_provider_mock"), .serialized) final class OIDCLoginTests {
    static let alice = #"{"sub":"alice-sub","email":"alice@example.com","email_verified":true,"preferred_username":"alice","name":"Alice"}"#
    let provider: OIDCProviderMock
    let database: any Database
    let identity: IdentityService
    let clock: FakeClock
    let client = RecordingClient()
    let redirectURI = "http://127.0.0.1:9/login/oidc/callback"

    init() throws {
        provider = try OIDCProviderMock(users: [Self.alice])
        database = try migratedDatabase()
        // The provider stamps tokens with the real time; the flow's own clock starts there.
        clock = FakeClock(Int64(Date().timeIntervalSince1970))
        identity = IdentityService(database: database, secret: .ephemeral(), hasher: sharedHasher, clock: clock.identityClock)
    }

    func login(issuer: String? = nil) -> OIDCLogin {
        let configured = OIDCProvider(id: "mock", name: "Mock ID", issuer: issuer ?? provider.issuer, clientID: "appsuite-test", clientSecret: "s3cret")
        return OIDCLogin(providers: [OIDCProviderClient(provider: configured, client: client)], identity: identity, redirectURI: { [redirectURI] in redirectURI })
    }

    /// The user `sub` approves at the provider's authorization page (its form posts back to the same URL); the
    /// provider redirects to our callback with `code` and `state`.
    func authorize(_ start: OIDCLogin.Start, sub: String) throws -> (code: String, state: String) {
        var request = OutboundRequest(method: "POST", url: try #require(URL(string: start.authorizationURL)),
                                      headers: [(name: "Content-Type", value: "application/x-www-form-urlencoded")], body: Array("sub=\(sub)".utf8))
        request.addressPolicy = .any
        let response = try CurlHTTPClient().send(request)
        let location = try #require(response.header("Location").flatMap(URLComponents.init(string:)), "status \(response.status)")
        #expect(location.path == "/login/oidc/callback")
        let query = Dictionary((location.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        return (try #require(query["code"]), try #require(query["state"]))
    }

    func finish(_ login: OIDCLogin, state: String, code: String?, error: String? = nil, secret: String?) throws -> OIDCLogin.Outcome {
        try login.finish(state: state, code: code, error: error, browserSecret: secret, userAgent: "test", clientAddress: "127.0.0.1", previousToken: nil)
    }

    func userCount() throws -> Int64 {
        try database.read { db in try db.scalar("SELECT COUNT(*) FROM users", as: Int64.self) } ?? -1
    }

    @Test func firstSignInAsksForAUsernameThenTheProviderSignsIn() throws {
        let login = login()
        let start = try login.start(provider: "mock", linking: nil, next: "/movies", browserSecret: nil)
        let url = try #require(URLComponents(string: start.authorizationURL))
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(query["code_challenge_method"] == "S256" && query["response_type"] == "code" && query["client_id"] == "appsuite-test")
        #expect(query["scope"] == "openid email profile" && query["redirect_uri"] == redirectURI && query["nonce"]?.count == 43)
        // The verifier stays on the server; only its S256 challenge travels.
        let verifier = try database.read { db in try db.scalar("SELECT code_verifier FROM oidc_flows", as: String.self) }
        #expect(query["code_challenge"] == OIDCLogin.codeChallenge(try #require(verifier)))
        #expect(!start.authorizationURL.contains(try #require(verifier)))

        let (code, state) = try authorize(start, sub: "alice-sub")
        guard case .needsUsername(let token) = try finish(login, state: state, code: code, secret: start.browserSecret) else {
            Issue.record("a first sign-in must ask for a username")
            return
        }
        #expect(try userCount() == 0)
        let signup = try #require(try login.signup(token: token))
        #expect(signup.suggestion == "alice" && signup.email == "alice@example.com" && signup.issuer == provider.issuer && signup.next == "/movies")
        #expect(throws: IdentityError.usernameInvalidCharacters) {
            try login.completeSignup(token: token, username: "a b", userAgent: "test", clientAddress: "127.0.0.1")
        }
        let (signIn, next) = try login.completeSignup(token: token, username: "alice", userAgent: "test", clientAddress: "127.0.0.1")
        #expect(signIn.user.username == "alice" && next == "/movies")
        #expect(try identity.currentUser(token: signIn.token)?.user.id == signIn.user.id)
        #expect(throws: OIDCError.signupExpired) {
            try login.completeSignup(token: token, username: "alice2", userAgent: "test", clientAddress: "127.0.0.1")
        }
        #expect(try login.hasPassword(userID: signIn.user.id) == false)
        // No password works for a provider-only account.
        #expect(throws: IdentityError.invalidCredentials) {
            try identity.logIn(username: "alice", password: "", userAgent: "t", clientAddress: "127.0.0.1")
        }

        // The next sign-in finds the account; the cached discovery document and keys are reused.
        let again = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: start.browserSecret)
        #expect(again.browserSecret == start.browserSecret)
        let second = try authorize(again, sub: "alice-sub")
        guard case .signedIn(let secondSignIn, "/") = try finish(login, state: second.state, code: second.code, secret: again.browserSecret) else {
            Issue.record("a linked provider account signs in")
            return
        }
        #expect(secondSignIn.user.id == signIn.user.id && secondSignIn.token != signIn.token)
        #expect(client.count(path: "/.well-known/openid-configuration") == 1 && client.count(path: "/jwks") == 1)
        #expect(try login.store.logins(userID: signIn.user.id).map(\.email) == ["alice@example.com"])
        // Its only way in cannot be unlinked.
        #expect(throws: OIDCError.lastSignInMethod) { try login.unlink(userID: signIn.user.id, provider: "mock") }

        // The same state again (a replayed callback) is refused before the code is looked at.
        #expect(throws: OIDCError.stateInvalid) { try finish(login, state: second.state, code: second.code, secret: again.browserSecret) }

        // Its first password needs no current one; then the password signs in and the provider may go.
        try identity.changePassword(session: secondSignIn.session, current: "", new: "a long passphrase", clientAddress: "127.0.0.1")
        #expect(try login.hasPassword(userID: signIn.user.id))
        _ = try identity.logIn(username: "alice", password: "a long passphrase", userAgent: "t", clientAddress: "127.0.0.1")
        #expect(throws: IdentityError.wrongCurrentPassword) {
            try identity.changePassword(session: secondSignIn.session, current: "", new: "another passphrase", clientAddress: "127.0.0.1")
        }
        #expect(try login.unlink(userID: signIn.user.id, provider: "mock"))
    }

    @Test func stateWorksOnceOnlyInItsBrowserAndForTenMinutes() throws {
        let login = login()
        let start = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let (code, state) = try authorize(start, sub: "mallory")
        // Another browser (login CSRF: an attacker's callback URL opened by a victim) is refused, and the flow is used up.
        let other = SessionToken.generate().value
        #expect(throws: OIDCError.stateInvalid) { try finish(login, state: state, code: code, secret: other) }
        #expect(throws: OIDCError.stateInvalid) { try finish(login, state: state, code: code, secret: nil) }
        #expect(throws: OIDCError.stateInvalid) { try finish(login, state: state, code: code, secret: start.browserSecret) }
        #expect(throws: OIDCError.stateInvalid) { try finish(login, state: "made-up", code: code, secret: start.browserSecret) }

        let late = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let lateCode = try authorize(late, sub: "mallory")
        clock.advance(OIDCLogin.flowLifetime)
        #expect(throws: OIDCError.stateInvalid) { try finish(login, state: lateCode.state, code: lateCode.code, secret: late.browserSecret) }

        let cancelled = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let cancelledState = try #require(URLComponents(string: cancelled.authorizationURL)?.queryItems?.first { $0.name == "state" }?.value)
        #expect(throws: OIDCError.providerError("access_denied")) {
            try finish(login, state: cancelledState, code: nil, error: "access_denied", secret: cancelled.browserSecret)
        }
        // An error answer without its state (as this provider sends a denial) is told as the provider's error.
        #expect(throws: OIDCError.providerError("access_denied")) { try finish(login, state: "", code: nil, error: "access_denied", secret: nil) }
        #expect(try userCount() == 0)
        #expect(try database.read { db in try db.scalar("SELECT COUNT(*) FROM oidc_signups", as: Int64.self) } == 0)
    }

    @Test func aCodeOfAnotherFlowCarriesTheWrongNonce() throws {
        let login = login()
        let victim = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let attacker = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: victim.browserSecret)
        let attackerCode = try authorize(attacker, sub: "mallory").code
        let victimState = try authorize(victim, sub: "alice-sub").state
        #expect(throws: OIDCError.wrongNonce) { try finish(login, state: victimState, code: attackerCode, secret: victim.browserSecret) }
        #expect(try userCount() == 0)
    }

    @Test func aTamperedTokenIsRefused() throws {
        client.rewrite { request, response in
            guard request.url.path == "/oauth2/token",
                  var object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                  let token = object["id_token"] as? String
            else { return response }
            // Another subject in the payload, the provider's signature kept.
            var parts = token.split(separator: ".").map(String.init)
            var payload = try! JSONSerialization.jsonObject(with: Data(Base64URL.decode(parts[1])!)) as! [String: Any]
            payload["sub"] = "someone-else"
            parts[1] = Base64URL.encode(Array(try! JSONSerialization.data(withJSONObject: payload)))
            object["id_token"] = parts.joined(separator: ".")
            return OutboundResponse(status: response.status, headers: response.headers, body: Array(try! JSONSerialization.data(withJSONObject: object)))
        }
        let login = login()
        let start = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let (code, state) = try authorize(start, sub: "alice-sub")
        #expect(throws: OIDCError.badSignature) { try finish(login, state: state, code: code, secret: start.browserSecret) }
        #expect(try userCount() == 0)
    }

    @Test func anExpiredTokenIsRefused() throws {
        // The provider's tokens live an hour; this server's clock is two hours ahead of it.
        clock.advance(7200)
        let login = login()
        let start = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let (code, state) = try authorize(start, sub: "alice-sub")
        #expect(throws: OIDCError.expired) { try finish(login, state: state, code: code, secret: start.browserSecret) }
        #expect(try userCount() == 0)
    }

    @Test func keysThatDoNotVerifyAreFetchedAgainOnceThenTheRotatedKeyWorks() throws {
        // The first key set fetched holds another RSA key (a set from before a rotation; this provider's tokens
        // name no `kid`, so the unknown-`kid` path is IDTokenTests' with joserfc's tokens).
        let client = client
        client.rewrite { request, response in
            guard request.url.path == "/jwks", client.count(path: "/jwks") == 1,
                  var set = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                  var key = (set["keys"] as? [[String: Any]])?.first, let n = key["n"] as? String
            else { return response }
            var modulus = Array(n)
            modulus[modulus.count / 2] = modulus[modulus.count / 2] == "A" ? "B" : "A"
            key["n"] = String(modulus)
            set["keys"] = [key]
            return OutboundResponse(status: 200, headers: response.headers, body: Array(try! JSONSerialization.data(withJSONObject: set)))
        }
        let login = login()
        let start = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let first = try authorize(start, sub: "alice-sub")
        // Fetched just now: not fetched again for the same token.
        #expect(throws: OIDCError.badSignature) { try finish(login, state: first.state, code: first.code, secret: start.browserSecret) }
        #expect(client.count(path: "/jwks") == 1)
        clock.advance(login.clients[0].keyRefetchInterval)
        let again = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: start.browserSecret)
        let second = try authorize(again, sub: "alice-sub")
        guard case .needsUsername = try finish(login, state: second.state, code: second.code, secret: again.browserSecret) else {
            Issue.record("the refetched key set verifies the token")
            return
        }
        #expect(client.count(path: "/jwks") == 2)
        #expect(try userCount() == 0)
    }

    @Test func aSignedInUserLinksAndUnlinks() throws {
        let login = login()
        let bob = try identity.users.register(username: "bob", password: "a long passphrase", now: clock.now)
        let carol = try identity.users.register(username: "carol", password: "a long passphrase", now: clock.now)
        let start = try login.start(provider: "mock", linking: bob.id, next: "/me/logins", browserSecret: nil)
        let (code, state) = try authorize(start, sub: "bob-at-mock")
        guard case .linked(let provider, "/me/logins") = try finish(login, state: state, code: code, secret: start.browserSecret) else {
            Issue.record("linking answers .linked")
            return
        }
        let bobLogins = try login.store.logins(userID: bob.id)
        #expect(provider.id == "mock" && bobLogins.count == 1)
        // Signing in with it now signs bob in.
        let signIn = try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil)
        let signInCode = try authorize(signIn, sub: "bob-at-mock")
        guard case .signedIn(let session, _) = try finish(login, state: signInCode.state, code: signInCode.code, secret: signIn.browserSecret) else {
            Issue.record("the linked account signs in")
            return
        }
        #expect(session.user.id == bob.id)
        // The same provider account cannot also link to carol, and bob cannot link a second account of it.
        let steal = try login.start(provider: "mock", linking: carol.id, next: "/", browserSecret: nil)
        let stealCode = try authorize(steal, sub: "bob-at-mock")
        #expect(throws: OIDCError.linkedToAnotherAccount) { try finish(login, state: stealCode.state, code: stealCode.code, secret: steal.browserSecret) }
        let twice = try login.start(provider: "mock", linking: bob.id, next: "/", browserSecret: nil)
        let twiceCode = try authorize(twice, sub: "bob-second")
        #expect(throws: OIDCError.alreadyLinked) { try finish(login, state: twiceCode.state, code: twiceCode.code, secret: twice.browserSecret) }
        // Bob has a password, so the provider can go.
        #expect(try login.unlink(userID: bob.id, provider: "mock"))
        #expect(try login.unlink(userID: bob.id, provider: "mock") == false)
        #expect(throws: OIDCError.unknownProvider) { try login.unlink(userID: bob.id, provider: "nope") }
    }

    @Test func aDiscoveryDocumentOfAnotherIssuerIsRefused() throws {
        let login = login(issuer: provider.issuer + "/")
        #expect(throws: OIDCError.self) { try login.start(provider: "mock", linking: nil, next: "/", browserSecret: nil) }
        #expect(throws: OIDCError.unknownProvider) { try login.start(provider: "other", linking: nil, next: "/", browserSecret: nil) }
    }

    @Test func providerListsAreParsedWithTheirSecrets() throws {
        let list = try OIDCProvider.parseList("corp|公司账号|https://sso.corp.example|appsuite; dev|Dev|http://127.0.0.1:9400|c2",
                                              environment: ["APPSUITE_OIDC_CORP_SECRET": "xyz"])
        #expect(list == [OIDCProvider(id: "corp", name: "公司账号", issuer: "https://sso.corp.example", clientID: "appsuite", clientSecret: "xyz"),
                         OIDCProvider(id: "dev", name: "Dev", issuer: "http://127.0.0.1:9400", clientID: "c2")])
        for bad in ["corp|C|https://x", "Corp|C|https://x|c", "c|C|http://sso.example|c", "c|C|ftp://x|c", "c|C|https://x|c;c|D|https://y|d",
                    "c||https://x|c", "c|C|https://x?q=1|c", "c|C|https://x|a b"] {
            #expect(throws: OIDCConfigurationError.self, "\(bad)") { try OIDCProvider.parseList(bad, environment: [:]) }
        }
    }
}

/// The suite's libcurl client, recording each request path and letting a test change answers.
final class RecordingClient: HTTPClient, Sendable {
    private let base = CurlHTTPClient()
    private let paths = Mutex<[String]>([])
    private let rewriter = Mutex<(@Sendable (OutboundRequest, OutboundResponse) -> OutboundResponse)?>(nil)

    func rewrite(_ body: @escaping @Sendable (OutboundRequest, OutboundResponse) -> OutboundResponse) {
        rewriter.withLock { $0 = body }
    }

    func count(path: String) -> Int { paths.withLock { $0.filter { $0 == path }.count } }

    func send(_ request: OutboundRequest) throws -> OutboundResponse {
        paths.withLock { $0.append(request.url.path) }
        let response = try base.send(request)
        return rewriter.withLock { $0 }.map { $0(request, response) } ?? response
    }
}
