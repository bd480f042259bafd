import Identity
import Storage
import Synchronization
import Testing
import WebUI

/// A clock the test moves by hand (UTC seconds).
final class FakeClock: Sendable {
    private let seconds: Mutex<Int64>
    init(_ start: Int64 = 1_800_000_000) { seconds = Mutex(start) }
    var now: Int64 { seconds.withLock { $0 } }
    func advance(_ delta: Int64) { seconds.withLock { $0 += delta } }
    var identityClock: IdentityClock { IdentityClock { [self] in self.now } }
}

/// A fresh temporary SQLite database with Identity's migrations applied.
func migratedDatabase() throws -> any Database {
    let database = try TemporaryDatabase.make()
    try Migrator.migrate(database, IdentitySchema.migrations())
    return database
}

let sharedHasher = PasswordHasher()

@Suite("UserStore")
struct UserStoreTests {
    let database: any Database
    let users: UserStore
    let now: Int64 = 1_800_000_000

    init() throws {
        database = try migratedDatabase()
        users = UserStore(database: database, hasher: sharedHasher)
    }

    @Test("register, then the same name in another case or normal form is taken")
    func duplicates() throws {
        let alice = try users.register(username: "Alice", password: "a long passphrase", now: now)
        #expect(alice.username == "Alice" && alice.nickname == "Alice" && alice.avatarPath == nil && alice.createdAt == now)
        #expect(throws: IdentityError.usernameTaken) {
            try users.register(username: "alice", password: "another passphrase", now: now)
        }
        #expect(throws: IdentityError.usernameTaken) {
            try users.register(username: "ALICE", password: "another passphrase", now: now)
        }
        _ = try users.register(username: "Ren\u{E9}e", password: "a long passphrase", now: now)
        #expect(throws: IdentityError.usernameTaken) {
            try users.register(username: "rene\u{301}e", password: "a long passphrase", now: now)
        }
        #expect(try users.user(username: "ALICE")?.id == alice.id)
        #expect(try users.user(id: alice.id) == alice)
        let stored = try database.read { db in try db.scalar("SELECT password_hash FROM users WHERE id = ?", alice.id, as: String.self) }
        #expect(stored?.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$") == true)
    }

    @Test("registration runs the username rules and password policy first")
    func registrationValidation() throws {
        #expect(throws: IdentityError.usernameInvalidCharacters) {
            try users.register(username: "robert'); DROP TABLE users;--", password: "a long passphrase", now: now)
        }
        #expect(throws: IdentityError.usernameInvalidCharacters) {
            try users.register(username: "<script>", password: "a long passphrase", now: now)
        }
        #expect(throws: IdentityError.passwordTooCommon) {
            try users.register(username: "bob", password: "password", now: now)
        }
        #expect(throws: IdentityError.passwordMatchesUsername) {
            try users.register(username: "bobbybobby", password: "BobbyBobby", now: now)
        }
        #expect(try database.read { db in try db.scalar("SELECT count(*) FROM users", as: Int.self) } == 0)
    }

    @Test("unknown user and wrong password give the identical error")
    func enumeration() throws {
        _ = try users.register(username: "carol", password: "carol's passphrase", now: now)
        var errors: [IdentityError] = []
        for (name, password) in [("nobody", "carol's passphrase"), ("carol", "wrong passphrase")] {
            do {
                _ = try users.authenticate(username: name, password: password, clientAddress: "203.0.113.1", now: now)
                Issue.record("\(name) authenticated")
            } catch let error as IdentityError {
                errors.append(error)
            }
        }
        #expect(errors == [.invalidCredentials, .invalidCredentials])
        #expect(errors[0].message(.english) == errors[1].message(.english))
        let carol = try users.authenticate(username: "CAROL", password: "carol's passphrase", clientAddress: "203.0.113.1", now: now)
        #expect(carol.username == "carol")
    }

    @Test("5 wrong passwords lock the account even for the right one; it opens again after the wait")
    func accountLockout() throws {
        _ = try users.register(username: "dave", password: "dave's passphrase", now: now)
        for _ in 0..<5 {
            #expect(throws: IdentityError.invalidCredentials) {
                try users.authenticate(username: "dave", password: "guess", clientAddress: "203.0.113.2", now: now)
            }
        }
        #expect(throws: IdentityError.tooManyAttempts(retryAfter: 60)) {
            try users.authenticate(username: "dave", password: "dave's passphrase", clientAddress: "203.0.113.3", now: now)
        }
        #expect(throws: IdentityError.tooManyAttempts(retryAfter: 30)) {
            try users.authenticate(username: "DAVE", password: "dave's passphrase", clientAddress: "203.0.113.3", now: now + 30)
        }
        let dave = try users.authenticate(username: "dave", password: "dave's passphrase", clientAddress: "203.0.113.3", now: now + 60)
        #expect(dave.username == "dave")
        // Success cleared the account's counter: 4 new failures do not lock.
        for _ in 0..<4 {
            #expect(throws: IdentityError.invalidCredentials) {
                try users.authenticate(username: "dave", password: "guess", clientAddress: "203.0.113.4", now: now + 61)
            }
        }
        _ = try users.authenticate(username: "dave", password: "dave's passphrase", clientAddress: "203.0.113.4", now: now + 62)
    }

    @Test("unknown usernames are throttled exactly like known ones")
    func unknownThrottled() throws {
        for _ in 0..<5 {
            #expect(throws: IdentityError.invalidCredentials) {
                try users.authenticate(username: "ghost", password: "guess", clientAddress: nil, now: now)
            }
        }
        #expect(throws: IdentityError.tooManyAttempts(retryAfter: 60)) {
            try users.authenticate(username: "ghost", password: "guess", clientAddress: nil, now: now)
        }
    }

    @Test("one address: 20 failures across different accounts lock that address, not others")
    func addressLimit() throws {
        _ = try users.register(username: "erin", password: "erin's passphrase", now: now)
        for index in 0..<20 {
            #expect(throws: IdentityError.invalidCredentials) {
                try users.authenticate(username: "victim\(index)", password: "guess", clientAddress: "198.51.100.9", now: now)
            }
        }
        #expect(throws: IdentityError.tooManyAttempts(retryAfter: 900)) {
            try users.authenticate(username: "erin", password: "erin's passphrase", clientAddress: "198.51.100.9", now: now)
        }
        _ = try users.authenticate(username: "erin", password: "erin's passphrase", clientAddress: "198.51.100.10", now: now)
        _ = try users.authenticate(username: "erin", password: "erin's passphrase", clientAddress: "198.51.100.9", now: now + 900)
    }

    @Test("10 registrations per hour per address")
    func registrationLimit() throws {
        let cheap = UserStore(database: database, hasher: PasswordHasher(parameters: .init(iterations: 1, memoryBytes: 8192 * 1024)))
        for index in 0..<10 {
            _ = try cheap.register(username: "bulk\(index)", password: "bulk passphrase", clientAddress: "192.0.2.1", now: now)
        }
        #expect(throws: IdentityError.tooManyAttempts(retryAfter: 3600)) {
            try cheap.register(username: "bulk10", password: "bulk passphrase", clientAddress: "192.0.2.1", now: now)
        }
        _ = try cheap.register(username: "bulk10", password: "bulk passphrase", clientAddress: "192.0.2.2", now: now)
        _ = try cheap.register(username: "bulk11", password: "bulk passphrase", clientAddress: "192.0.2.1", now: now + 3600)
    }

    @Test("a hash made with weaker parameters is upgraded at the next successful login")
    func rehashOnLogin() throws {
        let weak = UserStore(database: database, hasher: PasswordHasher(parameters: .init(iterations: 1, memoryBytes: 8192 * 1024)))
        let frank = try weak.register(username: "frank", password: "frank's passphrase", now: now)
        func storedHash() throws -> String? {
            try database.read { db in try db.scalar("SELECT password_hash FROM users WHERE id = ?", frank.id, as: String.self) }
        }
        #expect(try storedHash()?.hasPrefix("$argon2id$v=19$m=8192,t=1,p=1$") == true)
        _ = try users.authenticate(username: "frank", password: "frank's passphrase", clientAddress: nil, now: now)
        #expect(try storedHash()?.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$") == true)
        _ = try users.authenticate(username: "frank", password: "frank's passphrase", clientAddress: nil, now: now)
    }

    @Test("nicknames that look like SQL or script are stored and returned verbatim")
    func nicknameVerbatim() throws {
        let grace = try users.register(username: "grace", password: "grace's passphrase", now: now)
        for nickname in ["robert'); DROP TABLE users;--", "<script>alert(1)</script>", "  小明 🐼 \"q\" & 'x'  "] {
            let updated = try users.updateProfile(userID: grace.id, nickname: nickname, now: now + 1)
            #expect(updated.nickname == nickname)
            #expect(try users.user(id: grace.id)?.nickname == nickname)
        }
        #expect(try database.read { db in try db.scalar("SELECT count(*) FROM users", as: Int.self) } == 1)
        #expect(throws: IdentityError.nicknameInvalidCharacters(UserText.Refusal(kind: .lineBreak, scalar: "\n", position: 5))) {
            try users.updateProfile(userID: grace.id, nickname: "line\nbreak", now: now)
        }
        #expect(throws: IdentityError.userNotFound) {
            try users.updateProfile(userID: 9_999, nickname: "nobody", now: now)
        }
    }

    @Test("avatar paths must be server-generated relative paths")
    func avatarPaths() throws {
        let heidi = try users.register(username: "heidi", password: "heidi's passphrase", now: now)
        #expect(try users.setAvatar(userID: heidi.id, path: "avatars/ab/3f9c.webp", now: now).avatarPath == "avatars/ab/3f9c.webp")
        for bad in ["../etc/passwd", "/etc/passwd", "avatars//x.webp", "avatars/./x.webp", "a b.webp", "", "x\u{0}.webp"] {
            #expect(throws: IdentityError.invalidAvatarPath) { try users.setAvatar(userID: heidi.id, path: bad, now: now) }
        }
        #expect(try users.setAvatar(userID: heidi.id, path: nil, now: now).avatarPath == nil)
    }
}

@Suite("SessionStore and IdentityService")
struct SessionTests {
    let database: any Database
    let clock = FakeClock()
    let service: IdentityService

    init() throws {
        database = try migratedDatabase()
        service = IdentityService(database: database, secret: .ephemeral(), hasher: sharedHasher, clock: clock.identityClock)
    }

    func sessionCount() throws -> Int {
        try database.read { db in try db.scalar("SELECT count(*) FROM sessions", as: Int.self) } ?? -1
    }

    @Test("each login rotates the token; both resolve; the database holds only hashes")
    func rotation() throws {
        let registered = try service.register(username: "ivan", password: "ivan's passphrase", userAgent: "UA/1", clientAddress: "203.0.113.5")
        let first = try service.logIn(username: "ivan", password: "ivan's passphrase", userAgent: "UA/2", clientAddress: "203.0.113.5")
        let second = try service.logIn(username: "Ivan", password: "ivan's passphrase", userAgent: "UA/3", clientAddress: "203.0.113.5")
        #expect(Set([registered.token, first.token, second.token]).count == 3)
        #expect(first.session.tokenHash != second.session.tokenHash)
        let resolved = try #require(try service.currentUser(token: first.token))
        #expect(resolved.user == registered.user)
        #expect(resolved.session.tokenHash == first.session.tokenHash)
        #expect(resolved.session.userAgent == "UA/2")
        let storedKeys = try database.read { db in try db.query("SELECT token_hash FROM sessions").map { try $0.get(0, as: [UInt8].self) } }
        #expect(storedKeys.count == 3)
        for token in [registered.token, first.token, second.token] {
            #expect(!storedKeys.contains(Array(token.utf8)))
        }
    }

    @Test("logging in with an old token presented revokes it")
    func previousTokenRevoked() throws {
        let old = try service.register(username: "judy", password: "judy's passphrase", userAgent: "UA", clientAddress: "203.0.113.6")
        let fresh = try service.logIn(username: "judy", password: "judy's passphrase", userAgent: "UA", clientAddress: "203.0.113.6",
                                      previousToken: old.token)
        #expect(try service.currentUser(token: old.token) == nil)
        #expect(try service.currentUser(token: fresh.token) != nil)
    }

    @Test("logout revokes; malformed and unknown tokens resolve to nil")
    func revoke() throws {
        let signIn = try service.register(username: "ken", password: "ken's passphrase", userAgent: "UA", clientAddress: "203.0.113.7")
        #expect(try service.currentUser(token: "") == nil)
        #expect(try service.currentUser(token: "robert'); DROP TABLE sessions;--") == nil)
        #expect(try service.currentUser(token: SessionToken.generate().value) == nil)
        try service.logOut(token: signIn.token)
        #expect(try service.currentUser(token: signIn.token) == nil)
        try service.logOut(token: signIn.token)  // idempotent
        try service.logOut(token: "garbage")
    }

    @Test("idle expiry after 30 days with a fake clock; expired rows are deleted")
    func idleExpiry() throws {
        let signIn = try service.register(username: "lena", password: "lena's passphrase", userAgent: "UA", clientAddress: "203.0.113.8")
        #expect(signIn.session.expiresAt == clock.now + 30 * 86_400)
        clock.advance(30 * 86_400 - 1)
        #expect(try service.currentUser(token: signIn.token) != nil)  // touched: slides forward
        clock.advance(30 * 86_400)
        #expect(try service.currentUser(token: signIn.token) == nil)
        #expect(try sessionCount() == 0)
    }

    @Test("sliding expiry never passes the 90-day absolute lifetime")
    func absoluteLifetime() throws {
        let signIn = try service.register(username: "mona", password: "mona's passphrase", userAgent: "UA", clientAddress: "203.0.113.9")
        let created = clock.now
        for _ in 0..<4 {
            clock.advance(20 * 86_400)
            let current = try #require(try service.currentUser(token: signIn.token))
            #expect(current.session.expiresAt == min(clock.now + 30 * 86_400, created + 90 * 86_400))
        }
        clock.advance(10 * 86_400)  // day 90
        #expect(try service.currentUser(token: signIn.token) == nil)
    }

    @Test("last_seen_at is written at most once a minute")
    func touchInterval() throws {
        let signIn = try service.register(username: "nina", password: "nina's passphrase", userAgent: "UA", clientAddress: "203.0.113.10")
        let created = clock.now
        clock.advance(59)
        #expect(try service.currentUser(token: signIn.token)?.session.lastSeenAt == created)
        clock.advance(1)
        #expect(try service.currentUser(token: signIn.token)?.session.lastSeenAt == created + 60)
        let stored = try database.read { db in try db.scalar("SELECT last_seen_at FROM sessions", as: Int64.self) }
        #expect(stored == created + 60)
    }

    @Test("deleting a user cascades to their sessions")
    func cascade() throws {
        let signIn = try service.register(username: "oscar", password: "oscar's passphrase", userAgent: "UA", clientAddress: "203.0.113.11")
        _ = try service.logIn(username: "oscar", password: "oscar's passphrase", userAgent: "UA", clientAddress: "203.0.113.11")
        #expect(try sessionCount() == 2)
        #expect(try service.users.deleteUser(id: signIn.user.id))
        #expect(try sessionCount() == 0)
        #expect(try service.currentUser(token: signIn.token) == nil)
        #expect(throws: IdentityError.userNotFound) {
            try service.sessions.create(userID: signIn.user.id, userAgent: "UA", clientAddress: "x", now: clock.now)
        }
    }

    @Test("changing the password keeps this session and ends the others")
    func changePassword() throws {
        let phone = try service.register(username: "peggy", password: "peggy's passphrase", userAgent: "Phone", clientAddress: "203.0.113.12")
        let laptop = try service.logIn(username: "peggy", password: "peggy's passphrase", userAgent: "Laptop", clientAddress: "203.0.113.12")
        let tablet = try service.logIn(username: "peggy", password: "peggy's passphrase", userAgent: "Tablet", clientAddress: "203.0.113.12")
        #expect(throws: IdentityError.wrongCurrentPassword) {
            try service.changePassword(session: laptop.session, current: "not it", new: "peggy's new passphrase", clientAddress: "203.0.113.12")
        }
        #expect(throws: IdentityError.passwordTooCommon) {
            try service.changePassword(session: laptop.session, current: "peggy's passphrase", new: "iloveyou", clientAddress: "203.0.113.12")
        }
        try service.changePassword(session: laptop.session, current: "peggy's passphrase", new: "peggy's new passphrase",
                                   clientAddress: "203.0.113.12")
        #expect(try service.currentUser(token: laptop.token) != nil)
        #expect(try service.currentUser(token: phone.token) == nil)
        #expect(try service.currentUser(token: tablet.token) == nil)
        #expect(throws: IdentityError.invalidCredentials) {
            try service.logIn(username: "peggy", password: "peggy's passphrase", userAgent: "UA", clientAddress: "203.0.113.12")
        }
        _ = try service.logIn(username: "peggy", password: "peggy's new passphrase", userAgent: "UA", clientAddress: "203.0.113.12")
    }

    @Test("revokeAll ends every session but the excepted one; sessions(userID:) lists the live ones")
    func revokeAll() throws {
        let a = try service.register(username: "quinn", password: "quinn's passphrase", userAgent: "A", clientAddress: "203.0.113.13")
        _ = try service.logIn(username: "quinn", password: "quinn's passphrase", userAgent: "B", clientAddress: "203.0.113.13")
        _ = try service.logIn(username: "quinn", password: "quinn's passphrase", userAgent: "C", clientAddress: "203.0.113.13")
        #expect(try service.sessions.sessions(userID: a.user.id, now: clock.now).count == 3)
        #expect(try service.sessions.revokeAll(userID: a.user.id, except: a.session.tokenHash) == 2)
        #expect(try service.sessions.sessions(userID: a.user.id, now: clock.now).map(\.userAgent) == ["A"])
        #expect(try service.sessions.revokeAll(userID: a.user.id) == 1)
    }

    @Test("the facade's CSRF token belongs to its session only")
    func csrf() throws {
        let one = try service.register(username: "rita", password: "rita's passphrase", userAgent: "UA", clientAddress: "203.0.113.14")
        let two = try service.logIn(username: "rita", password: "rita's passphrase", userAgent: "UA", clientAddress: "203.0.113.14")
        let token = service.csrfToken(for: one.session)
        #expect(service.verifyCSRF(token, for: one.session))
        #expect(!service.verifyCSRF(token, for: two.session))
        #expect(!service.verifyCSRF("", for: one.session))
        let resolved = try #require(try service.currentUser(token: one.token))
        #expect(service.verifyCSRF(token, for: resolved.session))
    }

    @Test("migrations are recorded under module identity, versions 1…9, and re-running is a no-op")
    func migrations() throws {
        try Migrator.migrate(database, IdentityService.migrations())
        let versions = try database.read { db in
            try db.query("SELECT version FROM schema_migrations WHERE module = 'identity' ORDER BY version").map { try $0.get(0, as: Int.self) }
        }
        #expect(versions == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
}
