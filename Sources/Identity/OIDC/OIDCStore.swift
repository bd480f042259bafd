public import Storage

/// The SQL of third-party sign-in, in `oidc_flows` (sign-ins in progress), `oidc_signups` (a first sign-in
/// waiting for its username) and `oidc_logins` (provider accounts linked to AppSuite accounts). Everything
/// is in the database, so the server that finishes a flow need not be the one that started it.
///
/// Secrets the browser holds (`state`, the binding cookie, the sign-up token) are stored only as BLAKE2b-256
/// hashes; each row works once (taken with `DELETE … RETURNING`). Times are UTC seconds since 1970.
public struct OIDCStore: Sendable {
    /// A sign-in in progress, as stored when it started.
    public struct Flow: Sendable, Equatable {
        public let provider: String
        public let nonce: String
        public let codeVerifier: String
        /// The signed-in user linking a provider, or nil when signing in.
        public let linkUserID: Int64?
        public let next: String
        let browserHash: [UInt8]
        let expiresAt: Int64
    }

    /// A first sign-in's verified identity, waiting for the user to choose a username.
    public struct Signup: Sendable, Equatable {
        public let provider: String
        public let issuer: String
        public let subject: String
        public let email: String?
        /// The provider's `preferred_username`, `name` or e-mail local part, a starting point for the form.
        public let suggestion: String
        public let next: String
    }

    /// One linked provider account.
    public struct Login: Sendable, Equatable {
        public let provider: String
        public let issuer: String
        public let email: String?
        public let createdAt: Int64
        public let lastUsedAt: Int64
    }

    public let database: any Database

    public init(database: any Database) { self.database = database }

    /// Stores a flow that works until `expiresAt`, and deletes the expired flows and sign-ups.
    func start(stateHash: [UInt8], browserHash: [UInt8], provider: String, nonce: String, codeVerifier: String, linkUserID: Int64?,
               next: String, now: Int64, expiresAt: Int64) throws {
        try database.write { db in
            try db.execute("DELETE FROM oidc_flows WHERE expires_at <= ?", now)
            try db.execute("DELETE FROM oidc_signups WHERE expires_at <= ?", now)
            try db.execute(
                """
                INSERT INTO oidc_flows (state_hash, browser_hash, provider, nonce, code_verifier, link_user_id, next_path, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, stateHash, browserHash, provider, nonce, codeVerifier, linkUserID, next, now, expiresAt)
        }
    }

    /// Removes and returns the flow of `stateHash` (so a `state` works once), or nil when there is none.
    func take(stateHash: [UInt8]) throws -> Flow? {
        try database.write { db in
            try db.queryFirst(
                "DELETE FROM oidc_flows WHERE state_hash = ? RETURNING provider, nonce, code_verifier, link_user_id, next_path, browser_hash, expires_at",
                stateHash
            ).map { row throws(StorageError) in
                Flow(provider: try row.get("provider"), nonce: try row.get("nonce"), codeVerifier: try row.get("code_verifier"),
                     linkUserID: try row.get("link_user_id"), next: try row.get("next_path"), browserHash: try row.get("browser_hash"),
                     expiresAt: try row.get("expires_at"))
            }
        }
    }

    /// The AppSuite account linked to provider account (`issuer`, `subject`), marking the link used, or nil.
    func userID(issuer: String, subject: String, now: Int64) throws -> Int64? {
        try database.write { db in
            try db.queryFirst("UPDATE oidc_logins SET last_used_at = ? WHERE issuer = ? AND subject = ? RETURNING user_id", now, issuer, subject)
                .map { row throws(StorageError) in try row.get("user_id") }
        }
    }

    /// Links (`issuer`, `subject`) to `userID`.
    /// - Throws: ``OIDCError/linkedToAnotherAccount``, ``OIDCError/alreadyLinked`` (another login of this issuer).
    func link(userID: Int64, provider: String, claims: IDTokenClaims, now: Int64) throws {
        try database.write { db in try Self.link(userID: userID, provider: provider, claims: claims, now: now, in: db) }
    }

    private static func link(userID: Int64, provider: String, claims: IDTokenClaims, now: Int64, in db: any SQLExecutor) throws {
        if let owner = try db.queryFirst("SELECT user_id FROM oidc_logins WHERE issuer = ? AND subject = ?", claims.issuer, claims.subject) {
            if try owner.get("user_id") as Int64 == userID { return }
            throw OIDCError.linkedToAnotherAccount
        }
        guard try db.queryFirst("SELECT 1 FROM oidc_logins WHERE user_id = ? AND issuer = ?", userID, claims.issuer) == nil else {
            throw OIDCError.alreadyLinked
        }
        try db.execute(
            """
            INSERT INTO oidc_logins (issuer, subject, user_id, provider, email, created_at, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, claims.issuer, claims.subject, userID, provider, claims.emailVerified ? claims.email : nil, now, now)
    }

    /// The user's linked logins, oldest first.
    public func logins(userID: Int64) throws -> [Login] {
        try database.read { db in
            try db.query("SELECT provider, issuer, email, created_at, last_used_at FROM oidc_logins WHERE user_id = ? ORDER BY created_at, issuer", userID)
                .map { row throws(StorageError) in
                    Login(provider: try row.get("provider"), issuer: try row.get("issuer"), email: try row.get("email"),
                          createdAt: try row.get("created_at"), lastUsedAt: try row.get("last_used_at"))
                }
        }
    }

    /// Removes the user's login of `issuer`, unless it is the account's last way to sign in (no password and no
    /// other login). Checked and deleted in one transaction, so two unlinks at once cannot remove both.
    /// - Returns: false when there was no such login.
    /// - Throws: ``OIDCError/lastSignInMethod``.
    func unlink(userID: Int64, issuer: String) throws -> Bool {
        try database.write { db in
            guard let row = try db.queryFirst(
                """
                SELECT (SELECT COUNT(*) FROM oidc_logins WHERE user_id = ?) AS logins,
                       (SELECT COUNT(*) FROM oidc_logins WHERE user_id = ? AND issuer = ?) AS this,
                       (SELECT COUNT(*) FROM users WHERE id = ? AND password_hash <> '') AS password
                """, userID, userID, issuer, userID)
            else { return false }
            let (this, logins, password): (Int64, Int64, Int64) = (try row.get("this"), try row.get("logins"), try row.get("password"))
            guard this == 1 else { return false }
            if password == 0, logins <= 1 { throw OIDCError.lastSignInMethod }
            return try db.execute("DELETE FROM oidc_logins WHERE user_id = ? AND issuer = ?", userID, issuer) == 1
        }
    }

    /// Keeps a first sign-in's verified identity until `expiresAt`, under the hash of the browser's sign-up token.
    func saveSignup(tokenHash: [UInt8], provider: String, claims: IDTokenClaims, suggestion: String, next: String,
                    now: Int64, expiresAt: Int64) throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO oidc_signups (token_hash, provider, issuer, subject, email, suggestion, next_path, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, tokenHash, provider, claims.issuer, claims.subject, claims.emailVerified ? claims.email : nil, suggestion, next,
                now, expiresAt)
        }
    }

    /// The waiting sign-up of `tokenHash`, or nil when unknown or expired.
    func signup(tokenHash: [UInt8], now: Int64) throws -> Signup? {
        try database.read { db in
            try db.queryFirst(
                "SELECT provider, issuer, subject, email, suggestion, next_path FROM oidc_signups WHERE token_hash = ? AND expires_at > ?",
                tokenHash, now
            ).map { row throws(StorageError) in
                Signup(provider: try row.get("provider"), issuer: try row.get("issuer"), subject: try row.get("subject"),
                       email: try row.get("email"), suggestion: try row.get("suggestion"), next: try row.get("next_path"))
            }
        }
    }

    /// Creates the account of a waiting sign-up, with no password and its provider login, and uses the sign-up
    /// up: all in one transaction.
    /// - Throws: ``OIDCError/signupExpired``, ``OIDCError/linkedToAnotherAccount`` (the same provider account
    ///   finished a sign-up in another tab), ``IdentityError/usernameTaken``.
    func completeSignup(tokenHash: [UInt8], username: String, now: Int64) throws -> User {
        do {
            return try database.write { db in
                guard let row = try db.queryFirst(
                    "DELETE FROM oidc_signups WHERE token_hash = ? AND expires_at > ? RETURNING provider, issuer, subject, email",
                    tokenHash, now)
                else { throw OIDCError.signupExpired }
                let user = try UserStore.insert(username: username, passwordHash: "", now: now, in: db)
                let email: String? = try row.get("email")
                let claims = IDTokenClaims(issuer: try row.get("issuer"), subject: try row.get("subject"), audience: [], expiresAt: now,
                                           issuedAt: now, nonce: nil, email: email, emailVerified: email != nil, name: nil, preferredUsername: nil)
                try Self.link(userID: user.id, provider: try row.get("provider"), claims: claims, now: now, in: db)
                return user
            }
        } catch let error as StorageError where error.isUniqueConstraintViolation {
            throw IdentityError.usernameTaken
        }
    }
}
