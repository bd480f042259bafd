import Mail
public import Storage

/// An account's optional e-mail address, its verification and password reset by e-mail, in `users` and
/// `email_tokens`.
///
/// Links carry a ``SessionToken``-sized random token (256 bits, base64url); only its BLAKE2b-256 hash is
/// stored, with the purpose, the address it went to and its expiry. A token works once: using it deletes
/// it in the same transaction as its effect (OWASP Forgot Password Cheat Sheet: "single use, expire after
/// an appropriate period"). Reset links live 30 minutes and only go to verified addresses; verification
/// links live 24 hours. Times are UTC seconds since 1970.
public struct EmailStore: Sendable {
    public enum Purpose: String, Sendable {
        case verify
        case reset
    }

    /// Seconds a reset link works (30 minutes).
    public static let resetLifetime: Int64 = 30 * 60
    /// Seconds a verification link works (24 hours).
    public static let verificationLifetime: Int64 = 24 * 60 * 60

    public let database: any Database
    public let hasher: PasswordHasher
    /// Reset requests per client address follow ``LoginThrottle/registration`` (10 an hour).
    public let throttle: LoginThrottle

    public init(database: any Database, hasher: PasswordHasher, throttle: LoginThrottle = LoginThrottle()) {
        self.database = database
        self.hasher = hasher
        self.throttle = throttle
    }

    /// The account's address and whether it is verified, or `nil` without one.
    public func email(userID: Int64) throws -> (address: String, isVerified: Bool)? {
        try database.read { db in
            guard let row = try db.queryFirst("SELECT email, email_verified_at FROM users WHERE id = ?", userID),
                  let address: String = try row.get("email")
            else { return nil }
            let verifiedAt: Int64? = try row.get("email_verified_at")
            return (address, verifiedAt != nil)
        }
    }

    /// Sets the account's address (unverified) after checking its current password, and returns a
    /// verification token for the link to send there. Older verification links of the user stop working.
    /// - Throws: ``IdentityError/emailInvalid`` (``MailAddress/validate(_:)``), ``IdentityError/emailTaken``
    ///   (another account verified it), ``IdentityError/wrongCurrentPassword``, ``IdentityError/userNotFound``.
    public func setEmail(userID: Int64, email: String, currentPassword: String, now: Int64) throws -> SessionToken {
        do { try MailAddress.validate(email) } catch { throw IdentityError.emailInvalid }
        let key = email.lowercased()
        let found = try database.read { db in
            try db.queryFirst("SELECT password_hash, (SELECT COUNT(*) FROM users o WHERE o.email_key = ? AND o.id <> ? "
                              + "AND o.email_verified_at IS NOT NULL) AS taken FROM users WHERE id = ?", key, userID, userID)
        }
        guard let found else { throw IdentityError.userNotFound }
        guard try found.get("taken") as Int64 == 0 else { throw IdentityError.emailTaken }
        guard hasher.verify(currentPassword, against: try found.get("password_hash")) else { throw IdentityError.wrongCurrentPassword }
        let token = SessionToken.generate()
        try database.write { db in
            try db.execute("UPDATE users SET email = ?, email_key = ?, email_verified_at = NULL, updated_at = ? WHERE id = ?",
                           email, key, now, userID)
            try db.execute("DELETE FROM email_tokens WHERE user_id = ? AND purpose = ?", userID, Purpose.verify.rawValue)
            try insert(token, userID: userID, purpose: .verify, email: email, now: now, in: db)
        }
        return token
    }

    /// A new verification link for the account's current unverified address, or `nil` when it has none.
    public func newVerification(userID: Int64, now: Int64) throws -> (token: SessionToken, email: String)? {
        guard let current = try email(userID: userID), !current.isVerified else { return nil }
        let token = SessionToken.generate()
        try database.write { db in
            try db.execute("DELETE FROM email_tokens WHERE user_id = ? AND purpose = ?", userID, Purpose.verify.rawValue)
            try insert(token, userID: userID, purpose: .verify, email: current.address, now: now, in: db)
        }
        return (token, current.address)
    }

    /// The address a verification link is for while it works (for its confirmation page), else `nil`.
    public func verificationTarget(token text: String, now: Int64) throws -> String? {
        guard let token = SessionToken(text) else { return nil }
        return try database.read { db in
            try db.queryFirst("SELECT email FROM email_tokens WHERE token_hash = ? AND purpose = ? AND expires_at > ?",
                              token.hash.bytes, Purpose.verify.rawValue, now).map { row throws(StorageError) in try row.get("email") }
        }
    }

    /// Marks the address the link went to as verified, if it is still the account's address; the token is used up.
    /// - Returns: the user's id.
    /// - Throws: ``IdentityError/linkInvalid`` (unknown, used, expired, or the address changed since),
    ///   ``IdentityError/emailTaken`` (another account verified it meanwhile).
    @discardableResult
    public func verify(token text: String, now: Int64) throws -> Int64 {
        guard let token = SessionToken(text) else { throw IdentityError.linkInvalid }
        do {
            return try database.write { db in
                guard let row = try db.queryFirst(
                    "DELETE FROM email_tokens WHERE token_hash = ? AND purpose = ? AND expires_at > ? RETURNING user_id, email",
                    token.hash.bytes, Purpose.verify.rawValue, now)
                else { throw IdentityError.linkInvalid }
                let userID: Int64 = try row.get("user_id")
                let email: String = try row.get("email")
                let changed = try db.execute("UPDATE users SET email_verified_at = ?, updated_at = ? WHERE id = ? AND email = ?",
                                             now, now, userID, email)
                guard changed == 1 else { throw IdentityError.linkInvalid }
                return userID
            }
        } catch let error as StorageError where error.isUniqueConstraintViolation {
            throw IdentityError.emailTaken
        }
    }

    /// A reset token for the account whose **verified** address is `email` (compared case-insensitively), or
    /// `nil` when there is none — the caller answers the same either way. Earlier reset links of that account
    /// stop working. Every request counts against `clientAddress` (10 an hour), known address or not.
    /// - Throws: ``IdentityError/tooManyAttempts(retryAfter:)``.
    public func requestReset(email: String, clientAddress: String?, now: Int64) throws -> (token: SessionToken, user: User, email: String)? {
        if let clientAddress {
            let subject = LoginThrottle.addressSubject(forClientAddress: clientAddress)
            let rule = throttle.registration
            try database.write { db in
                let state = try ThrottleStore.state(.reset, subject, in: db)
                if let wait = rule.retryAfter(state, now: now) { throw IdentityError.tooManyAttempts(retryAfter: wait) }
                try ThrottleStore.save(rule.recordingEvent(state, now: now), .reset, subject, in: db)
            }
        }
        guard (try? MailAddress.validate(email)) != nil else { return nil }
        let token = SessionToken.generate()
        return try database.write { db in
            guard let row = try db.queryFirst(
                "SELECT \(User.columns), email FROM users WHERE email_key = ? AND email_verified_at IS NOT NULL", email.lowercased())
            else { return nil }
            let user = try User(row: row)
            let address: String = try row.get("email")
            try db.execute("DELETE FROM email_tokens WHERE user_id = ? AND purpose = ?", user.id, Purpose.reset.rawValue)
            try insert(token, userID: user.id, purpose: .reset, email: address, now: now, in: db)
            return (token, user, address)
        }
    }

    /// The account a reset link is for while it works (for the form), else `nil`.
    public func resetTarget(token text: String, now: Int64) throws -> User? {
        guard let token = SessionToken(text) else { return nil }
        return try database.read { db in
            try db.queryFirst(
                "SELECT u.id, u.username, u.nickname, u.avatar_path, u.created_at FROM email_tokens t JOIN users u ON u.id = t.user_id "
                    + "WHERE t.token_hash = ? AND t.purpose = ? AND t.expires_at > ?",
                token.hash.bytes, Purpose.reset.rawValue, now
            ).map { row throws(StorageError) in try User(row: row) }
        }
    }

    /// Sets a new password through a reset link: checks the policy first (a refused password leaves the link
    /// working), then in one transaction uses up the token, stores the hash and ends **every** session of the
    /// account (ASVS 5.0 6.4.3, 7.4.3). The address is verified by the same proof.
    /// - Throws: ``IdentityError/linkInvalid`` (unknown, used or expired), the password policy errors.
    /// - Returns: the account.
    @discardableResult
    public func resetPassword(token text: String, newPassword: String, now: Int64) throws -> User {
        guard let user = try resetTarget(token: text, now: now), let token = SessionToken(text) else { throw IdentityError.linkInvalid }
        try PasswordPolicy.validate(newPassword, username: user.username)
        let hash = try hasher.hash(newPassword)
        return try database.write { db in
            guard try db.execute("DELETE FROM email_tokens WHERE token_hash = ? AND purpose = ? AND expires_at > ?",
                                 token.hash.bytes, Purpose.reset.rawValue, now) == 1
            else { throw IdentityError.linkInvalid }
            try db.execute("UPDATE users SET password_hash = ?, email_verified_at = COALESCE(email_verified_at, ?), updated_at = ? WHERE id = ?",
                           hash, now, now, user.id)
            try db.execute("DELETE FROM sessions WHERE user_id = ?", user.id)
            try ThrottleStore.clear(.account, LoginThrottle.accountSubject(forUsername: user.username), in: db)
            return user
        }
    }

    /// Deletes expired links (with the session purge).
    @discardableResult
    public func purgeExpired(now: Int64) throws -> Int {
        try database.write { db in try db.execute("DELETE FROM email_tokens WHERE expires_at <= ?", now) }
    }

    private func insert(_ token: SessionToken, userID: Int64, purpose: Purpose, email: String, now: Int64,
                        in db: any SQLExecutor) throws(StorageError) {
        let lifetime = purpose == .reset ? Self.resetLifetime : Self.verificationLifetime
        try db.execute("INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                       token.hash.bytes, userID, purpose.rawValue, email, now, now + lifetime)
    }
}
