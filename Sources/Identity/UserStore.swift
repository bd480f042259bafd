public import Storage

/// Accounts in the `users` table: registration, password login with rate limits, profile
/// fields and password changes. All SQL is parameterised (`?`), ASVS 5.0 1.2.4.
///
/// Times (`now`) are UTC seconds since 1970, passed in so tests control the clock. Errors are
/// ``IdentityError`` for everything a user can cause, and the storage layer's `StorageError`
/// (SQLite's own text kept) for database failures.
///
/// Password work (13 ms, 19 MiB each) always runs **outside** write transactions, so a slow hash
/// never holds SQLite's single writer lock.
public struct UserStore: Sendable {
    public let database: any Database
    public let hasher: PasswordHasher
    public let throttle: LoginThrottle

    public init(database: any Database, hasher: PasswordHasher, throttle: LoginThrottle = LoginThrottle()) {
        self.database = database
        self.hasher = hasher
        self.throttle = throttle
    }

    // MARK: registration

    /// Creates an account. The nickname starts as the username.
    ///
    /// Order: username rules → password policy → registration rate limit for `clientAddress`
    /// (10 per hour, every attempt that passes validation counts — also for a taken name) →
    /// availability → hash (outside any transaction) → insert.
    /// - Parameter clientAddress: the request's address for ``ThrottleRule/registration``;
    ///   `nil` skips the limit (command-line tools, tests).
    /// - Throws: ``IdentityError/usernameLength(minimum:maximum:)``,
    ///   ``IdentityError/usernameInvalidCharacters``, the password policy errors,
    ///   ``IdentityError/tooManyAttempts(retryAfter:)``, ``IdentityError/usernameTaken`` (also
    ///   when a concurrent registration wins the UNIQUE index), ``IdentityError/hashingFailed``.
    public func register(username: String, password: String, clientAddress: String? = nil, now: Int64) throws -> User {
        try Username.validate(username)
        try PasswordPolicy.validate(password, username: username)
        if let clientAddress {
            let subject = LoginThrottle.addressSubject(forClientAddress: clientAddress)
            let rule = throttle.registration
            try database.write { db in
                let state = try ThrottleStore.state(.register, subject, in: db)
                if let wait = rule.retryAfter(state, now: now) { throw IdentityError.tooManyAttempts(retryAfter: wait) }
                try ThrottleStore.save(rule.recordingEvent(state, now: now), .register, subject, in: db)
            }
        }
        let key = Username.key(for: username)
        let taken = try database.read { db in
            try db.queryFirst("SELECT 1 FROM users WHERE username_key = ?", key) != nil
        }
        if taken { throw IdentityError.usernameTaken }
        let passwordHash = try hasher.hash(password)
        do {
            return try database.write { db in try Self.insert(username: username, passwordHash: passwordHash, now: now, in: db) }
        } catch let error as StorageError where error.isUniqueConstraintViolation {
            throw IdentityError.usernameTaken
        }
    }

    /// Inserts an account with a username that passed ``Username/validate(_:)``; `passwordHash` is an argon2id
    /// string, or empty for an account that signs in only through a provider (no password verifies against it).
    /// Throws the storage error of a taken username (the UNIQUE index) for the caller to map.
    static func insert(username: String, passwordHash: String, now: Int64, in db: any SQLExecutor) throws -> User {
        let id = try db.scalar(
            """
            INSERT INTO users (username, username_key, password_hash, nickname, avatar_path, created_at, updated_at)
            VALUES (?, ?, ?, ?, NULL, ?, ?) RETURNING id
            """,
            username, Username.key(for: username), passwordHash, username, now, now, as: Int64.self)
        guard let id else { throw StorageError.misuse("INSERT … RETURNING id returned no row") }
        return User(id: id, username: username, nickname: username, avatarPath: nil, createdAt: now)
    }

    // MARK: login

    /// Checks a username and password and returns the account.
    ///
    /// 1. Refuses with ``IdentityError/tooManyAttempts(retryAfter:)`` while the account name or
    ///    the client address is locked out (``LoginThrottle``); nothing is hashed then.
    /// 2. Looks the user up by ``Username/key(for:)``. For an unknown name it runs
    ///    ``PasswordHasher/dummyVerify(_:)``, so both failure kinds cost one Argon2id verify
    ///    and throw the same ``IdentityError/invalidCredentials`` (ASVS 5.0 6.3.8).
    /// 3. A failure is counted against the account name and the address; a success clears
    ///    the account's counter (not the address's).
    /// 4. After a success, a hash made with older parameters is replaced
    ///    (`crypto_pwhash_str_needs_rehash`; OWASP Password Storage Cheat Sheet, "Upgrading").
    ///
    /// The throttle is checked before and updated after the (13 ms) verify, outside one
    /// transaction, so attempts already in flight when a lockout starts still finish: at most
    /// the hasher's concurrency width of extra guesses — no lost updates, since each failure is a
    /// read-modify-write inside one write transaction.
    /// - Parameter clientAddress: the request's address, or `nil` to skip the address limit.
    public func authenticate(username: String, password: String, clientAddress: String?, now: Int64) throws -> User {
        let (accountSubject, addressSubject) = try requireNotThrottled(username: username, clientAddress: clientAddress, now: now)

        let found = try credentials(forUsername: username)
        // An account without a password (provider sign-in only) costs the same verify as an unknown name.
        let verified = if let found, !found.hash.isEmpty { hasher.verify(password, against: found.hash) } else { hasher.dummyVerify(password) }
        guard verified, let found else {
            try database.write { db in
                try ThrottleStore.record(.account, accountSubject, rule: throttle.account, now: now, in: db)
                if let addressSubject {
                    try ThrottleStore.record(.address, addressSubject, rule: throttle.clientAddress, now: now, in: db)
                }
                try ThrottleStore.purge(throttle: throttle, now: now, in: db)
            }
            throw IdentityError.invalidCredentials
        }
        try database.write { db in try ThrottleStore.clear(.account, accountSubject, in: db) }
        if hasher.needsRehash(found.hash), let upgraded = try? hasher.hash(password) {
            _ = try database.write { db in
                // Only if nobody changed the password meanwhile.
                try db.execute("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?",
                               upgraded, found.user.id, found.hash)
            }
        }
        return found.user
    }

    // MARK: reading

    /// The account with this id, or `nil`.
    public func user(id: Int64) throws -> User? {
        try database.read { db in
            try db.queryFirst("SELECT \(User.columns) FROM users WHERE id = ?", id).map { row throws(StorageError) in
                try User(row: row)
            }
        }
    }

    /// The accounts with these ids in one query (256 ids a statement), keyed by id; unknown ids are left out.
    /// For lists that show many authors at once (their nicknames and avatars).
    public func users(ids: [Int64]) throws -> [Int64: User] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [:] }
        return try database.read { db in
            var found: [Int64: User] = [:]
            var start = 0
            while start < unique.count {
                let chunk = Array(unique[start..<min(start + 256, unique.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                for row in try db.query("SELECT \(User.columns) FROM users WHERE id IN (\(marks))", chunk.map { SQLValue.integer($0) }) {
                    let user = try User(row: row)
                    found[user.id] = user
                }
                start += 256
            }
            return found
        }
    }

    /// The account with this username (compared by ``Username/key(for:)``), or `nil`.
    public func user(username: String) throws -> User? {
        try credentials(forUsername: username)?.user
    }

    /// Whether the account has a password (an account made through a provider has none until it sets one).
    public func hasPassword(userID: Int64) throws -> Bool {
        try database.read { db in try db.queryFirst("SELECT 1 FROM users WHERE id = ? AND password_hash <> ''", userID) != nil }
    }

    // MARK: profile

    /// Sets the nickname, stored verbatim after ``Nickname/validate(_:)``.
    /// - Throws: ``IdentityError/nicknameLength(maximum:)``,
    ///   ``IdentityError/nicknameInvalidCharacters(_:)``, ``IdentityError/userNotFound``.
    @discardableResult
    public func updateProfile(userID: Int64, nickname: String, now: Int64) throws -> User {
        try Nickname.validate(nickname)
        return try updateReturning(userID: userID, "UPDATE users SET nickname = ?, updated_at = ? WHERE id = ?",
                                   [nickname.sqlValue, now.sqlValue, userID.sqlValue])
    }

    /// Sets (or with `nil`, clears) the avatar's path, which must be server-generated and
    /// relative (ASVS 5.0 5.3.2): 1…255 bytes of `A–Z a–z 0–9 . _ - /`, no empty, `.` or `..`
    /// segment, not starting with `/`. The caller stores and deletes the files.
    /// - Throws: ``IdentityError/invalidAvatarPath``, ``IdentityError/userNotFound``.
    @discardableResult
    public func setAvatar(userID: Int64, path: String?, now: Int64) throws -> User {
        if let path { try Self.validateAvatarPath(path) }
        return try updateReturning(userID: userID, "UPDATE users SET avatar_path = ?, updated_at = ? WHERE id = ?",
                                   [path.sqlValue, now.sqlValue, userID.sqlValue])
    }

    // MARK: password change

    /// Changes the password after checking the current one (none for an account without a password), then ends every other session of
    /// the user (ASVS 5.0 7.4.3: terminate other sessions after a password change).
    ///
    /// Wrong current passwords count against the account (and address) like failed logins, so a
    /// stolen session cannot be used to guess the password faster.
    /// - Parameters:
    ///   - keepingSession: the session making the change, which stays signed in; `nil` ends all.
    /// - Throws: ``IdentityError/userNotFound``, ``IdentityError/tooManyAttempts(retryAfter:)``,
    ///   the password policy errors for `new`, ``IdentityError/wrongCurrentPassword`` for a wrong
    ///   `current`, ``IdentityError/hashingFailed``.
    public func changePassword(userID: Int64, current: String, new: String, keepingSession: TokenHash?,
                               clientAddress: String? = nil, now: Int64) throws {
        let row = try database.read { db in
            try db.queryFirst("SELECT username, password_hash FROM users WHERE id = ?", userID)
        }
        guard let row else { throw IdentityError.userNotFound }
        let username: String = try row.get("username")
        let storedHash: String = try row.get("password_hash")
        let (accountSubject, addressSubject) = try requireNotThrottled(username: username, clientAddress: clientAddress, now: now)
        try PasswordPolicy.validate(new, username: username)
        // An account made through a provider has no password yet: its first one needs no current one (the signed-in
        // session is then its only credential anyway).
        guard storedHash.isEmpty || hasher.verify(current, against: storedHash) else {
            try database.write { db in
                try ThrottleStore.record(.account, accountSubject, rule: throttle.account, now: now, in: db)
                if let addressSubject {
                    try ThrottleStore.record(.address, addressSubject, rule: throttle.clientAddress, now: now, in: db)
                }
            }
            throw IdentityError.wrongCurrentPassword
        }
        let newHash = try hasher.hash(new)
        try database.write { db in
            let changed = try db.execute("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?",
                                         newHash, now, userID)
            guard changed == 1 else { throw IdentityError.userNotFound }
            if let keepingSession {
                try db.execute("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?", userID, keepingSession.bytes)
            } else {
                try db.execute("DELETE FROM sessions WHERE user_id = ?", userID)
            }
            try ThrottleStore.clear(.account, accountSubject, in: db)
        }
    }

    // MARK: deletion

    /// Deletes the account; its sessions go with it (`ON DELETE CASCADE`).
    /// - Returns: `false` if there was no such account.
    @discardableResult
    public func deleteUser(id: Int64) throws -> Bool {
        try database.write { db in try db.execute("DELETE FROM users WHERE id = ?", id) } == 1
    }

    // MARK: private

    private struct Credentials {
        var user: User
        var hash: String
    }

    private func credentials(forUsername username: String) throws -> Credentials? {
        // Longer than any valid username: cannot exist, skip normalising and the query.
        guard username.utf8.count <= Username.maximumInputBytes else { return nil }
        let key = Username.key(for: username)
        return try database.read { db in
            try db.queryFirst("SELECT \(User.columns), password_hash FROM users WHERE username_key = ?", key)
                .map { row throws(StorageError) in Credentials(user: try User(row: row), hash: try row.get("password_hash")) }
        }
    }

    private func updateReturning(userID: Int64, _ sql: String, _ arguments: [SQLValue]) throws -> User {
        try database.write { db in
            guard try db.execute(sql, arguments) == 1,
                  let row = try db.queryFirst("SELECT \(User.columns) FROM users WHERE id = ?", userID)
            else { throw IdentityError.userNotFound }
            return try User(row: row)
        }
    }

    /// Throws ``IdentityError/tooManyAttempts(retryAfter:)`` while the account or the address is locked;
    /// returns the throttle subjects for recording the outcome.
    func requireNotThrottled(username: String, clientAddress: String?, now: Int64) throws -> (account: String, address: String?) {
        let accountSubject = LoginThrottle.accountSubject(forUsername: username)
        let addressSubject = clientAddress.map(LoginThrottle.addressSubject(forClientAddress:))
        let throttle = self.throttle
        let wait = try database.read { db in
            let account = try ThrottleStore.state(.account, accountSubject, in: db)
            let address = try addressSubject.map { s throws(StorageError) in try ThrottleStore.state(.address, s, in: db) }
            return throttle.loginRetryAfter(account: account, address: address ?? ThrottleState(), now: now)
        }
        if let wait { throw IdentityError.tooManyAttempts(retryAfter: wait) }
        return (accountSubject, addressSubject)
    }

    static func validateAvatarPath(_ path: String) throws(IdentityError) {
        let bytes = Array(path.utf8)
        guard (1...255).contains(bytes.count), bytes.first != UInt8(ascii: "/") else { throw .invalidAvatarPath }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "-"), UInt8(ascii: "/"):
                continue
            default:
                throw .invalidAvatarPath
            }
        }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false)
        where segment.isEmpty || segment == "." || segment == ".." {
            throw .invalidAvatarPath
        }
    }
}
