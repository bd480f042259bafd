import Foundation
import Identity
import Testing

@Suite("SessionToken")
struct SessionTokenTests {
    static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test("43 URL-safe base64 characters, no padding; 1,000 tokens all distinct")
    func shapeAndUniqueness() {
        var seen = Set<String>()
        for _ in 0..<1000 {
            let token = SessionToken.generate()
            #expect(token.value.count == 43)
            #expect(token.value.allSatisfy(Self.alphabet.contains))
            seen.insert(token.value)
        }
        #expect(seen.count == 1000)
    }

    @Test("the stored hash is 32 bytes, not the token, and the same for the parsed token")
    func hash() throws {
        let token = SessionToken.generate()
        #expect(token.hash.bytes.count == 32)
        #expect(token.hash.bytes != Array(token.value.utf8))
        let hashAsText = String(decoding: token.hash.bytes, as: UTF8.self)
        #expect(hashAsText != token.value)
        let parsed = try #require(SessionToken(token.value))
        #expect(parsed == token)
        #expect(parsed.hash == token.hash)
        #expect(SessionToken.generate().hash != token.hash)
    }

    @Test("parsing refuses anything but 43 URL-safe characters")
    func parsing() {
        let token = SessionToken.generate().value
        #expect(SessionToken("") == nil)
        #expect(SessionToken(String(token.dropLast())) == nil)
        #expect(SessionToken(token + "A") == nil)
        #expect(SessionToken(token + "=") == nil)
        #expect(SessionToken(String(token.dropLast()) + "+") == nil)
        #expect(SessionToken(String(repeating: "A", count: 10_000)) == nil)
    }

    @Test("tokens never print")
    func redacted() {
        let token = SessionToken.generate()
        #expect(!"\(token)".contains(token.value))
        #expect("\(ServerSecret.ephemeral())" == "ServerSecret(redacted)")
    }
}

@Suite("CSRFProtection")
struct CSRFTests {
    let csrf = CSRFProtection(secret: .ephemeral())

    @Test("session tokens: right one accepted; other session, truncated, empty, altered, other key refused")
    func sessionBound() throws {
        let session = SessionToken.generate().hash
        let other = SessionToken.generate().hash
        let token = csrf.token(forSessionHash: session)
        #expect(token.count == CSRFProtection.tokenLength)
        #expect(token == csrf.token(forSessionHash: session))  // stable within a session
        #expect(csrf.verify(token, forSessionHash: session))
        #expect(!csrf.verify(csrf.token(forSessionHash: other), forSessionHash: session))
        #expect(!csrf.verify(token, forSessionHash: other))
        #expect(!csrf.verify(String(token.dropLast()), forSessionHash: session))
        #expect(!csrf.verify(String(token.prefix(20)), forSessionHash: session))
        #expect(!csrf.verify("", forSessionHash: session))
        let flipped = String(token.dropLast()) + (token.last == "A" ? "B" : "A")
        #expect(!csrf.verify(flipped, forSessionHash: session))
        let otherServer = CSRFProtection(secret: .ephemeral())
        #expect(!otherServer.verify(token, forSessionHash: session))
    }

    @Test("pre-session (double submit): matching cookie accepted, anything else refused")
    func preSession() throws {
        let cookie = csrf.newPreSessionValue()
        #expect(cookie.count == 43)
        let token = try #require(csrf.token(forPreSession: cookie))
        #expect(token != cookie)
        #expect(csrf.verify(token, forPreSession: cookie))
        #expect(!csrf.verify(token, forPreSession: csrf.newPreSessionValue()))
        #expect(!csrf.verify(cookie, forPreSession: cookie))  // echoing the cookie is not enough
        #expect(!csrf.verify("", forPreSession: cookie))
        #expect(!csrf.verify(token, forPreSession: ""))
        #expect(csrf.token(forPreSession: "not-a-cookie") == nil)
    }

    @Test("the two kinds of token use separate keys")
    func domainSeparation() throws {
        let session = SessionToken.generate()
        // Use the session token's text as a pre-session cookie value: same bytes, other key.
        let preToken = try #require(csrf.token(forPreSession: session.value))
        #expect(!csrf.verify(preToken, forSessionHash: session.hash))
    }
}

@Suite("ServerSecret")
struct ServerSecretTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("identity-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("created with 32 bytes and mode 0600, loaded back unchanged")
    func createAndLoad() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("server-secret")
        let first = try ServerSecret.loadOrCreate(at: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == 32)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let second = try ServerSecret.loadOrCreate(at: url)
        let session = SessionToken.generate().hash
        #expect(CSRFProtection(secret: first).token(forSessionHash: session)
            == CSRFProtection(secret: second).token(forSessionHash: session))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["server-secret"])
    }

    @Test("a group/world-readable or wrongly sized key file is refused")
    func refusesBadFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("server-secret")
        _ = try ServerSecret.loadOrCreate(at: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        #expect(throws: IdentityError.self) { try ServerSecret.loadOrCreate(at: url) }

        let short = directory.appendingPathComponent("short-secret")
        _ = FileManager.default.createFile(atPath: short.path, contents: Data(repeating: 7, count: 16),
                                       attributes: [.posixPermissions: 0o600])
        #expect(throws: IdentityError.self) { try ServerSecret.loadOrCreate(at: short) }
        #expect(ServerSecret(bytes: [UInt8](repeating: 1, count: 31)) == nil)
        #expect(ServerSecret(bytes: [UInt8](repeating: 1, count: 32)) != nil)
    }
}
