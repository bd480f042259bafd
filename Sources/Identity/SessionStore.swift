public import Storage

/// Server-side sessions in the `sessions` table (ASVS 5.0 7.2.1 verified on the backend).
///
/// A session is created with a new random ``SessionToken`` on every sign-in — so the session
/// identifier always changes at login (ASVS 7.2.4, no fixation) — and only the token's
/// BLAKE2b-256 hash is stored. Lifetimes follow ``SessionPolicy``: 30 days idle, 90 days
/// absolute; `last_seen_at` is written at most once a minute per session.
/// Times (`now`) are UTC seconds since 1970.
public struct SessionStore: Sendable {
    public let database: any Database
    public let policy: SessionPolicy

    /// Longest `User-Agent` kept, in characters; longer ones are cut.
    public static let maximumUserAgentLength = 256
    /// Longest client address kept, in characters.
    public static let maximumClientAddressLength = 64

    public init(database: any Database, policy: SessionPolicy = SessionPolicy()) {
        self.database = database
        self.policy = policy
    }

    /// Starts a session for `userID`.
    /// - Returns: the token to hand to the client (43 characters; set it as the
    ///   session cookie (`__Host-sid` over HTTPS, `sid` on plain HTTP) or return it once to the SDK) and the stored session.
    /// - Throws: ``IdentityError/userNotFound`` if the user does not exist.
    public func create(userID: Int64, userAgent: String, clientAddress: String, now: Int64) throws
        -> (token: String, session: Session)
    {
        let token = SessionToken.generate()
        let session = Session(
            tokenHash: token.hash, userID: userID, createdAt: now, lastSeenAt: now,
            expiresAt: policy.expiry(createdAt: now, lastSeen: now),
            userAgent: String(userAgent.prefix(Self.maximumUserAgentLength)),
            clientAddress: String(clientAddress.prefix(Self.maximumClientAddressLength)))
        do {
            _ = try database.write { db in
                try db.execute(
                    "INSERT INTO sessions (\(Session.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    session.tokenHash.bytes, session.userID, session.createdAt, session.lastSeenAt,
                    session.expiresAt, session.userAgent, session.clientAddress)
            }
        } catch let error as StorageError where error.isForeignKeyViolation {
            throw IdentityError.userNotFound
        }
        return (token.value, session)
    }

    /// The live session for a token presented by a client, with its user; `nil` for a malformed,
    /// unknown or expired token. An expired session is deleted. If the last touch is at least
    /// ``SessionPolicy/touchInterval`` old, `last_seen_at` and `expires_at` slide forward
    /// (never past the absolute lifetime); otherwise this is a single indexed read.
    public func resolve(token: String, now: Int64) throws -> (session: Session, user: User)? {
        guard let parsed = SessionToken(token) else { return nil }
        let hash = parsed.hash
        let found = try database.read { db in
            try db.queryFirst(
                """
                SELECT s.token_hash, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.user_agent,
                       s.client_address, u.id AS u_id, u.username AS u_username, u.nickname AS u_nickname,
                       u.avatar_path AS u_avatar_path, u.created_at AS u_created_at
                FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.token_hash = ?
                """, hash.bytes
            ).map { row throws(StorageError) in (try Session(row: row), try User(row: row, prefix: "u_")) }
        }
        guard let (session, user) = found else { return nil }
        // A shortened policy applies to existing sessions too.
        let expiresAt = min(session.expiresAt, policy.expiry(createdAt: session.createdAt, lastSeen: session.lastSeenAt))
        if now >= expiresAt {
            try revoke(tokenHash: hash)
            return nil
        }
        guard now - session.lastSeenAt >= policy.touchInterval else { return (session, user) }
        let touched = Session(
            tokenHash: hash, userID: session.userID, createdAt: session.createdAt, lastSeenAt: now,
            expiresAt: policy.expiry(createdAt: session.createdAt, lastSeen: now),
            userAgent: session.userAgent, clientAddress: session.clientAddress)
        _ = try database.write { db in
            try db.execute("UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?",
                           touched.lastSeenAt, touched.expiresAt, hash.bytes)
        }
        return (touched, user)
    }

    /// Ends the session of this token (logout, ASVS 7.4.1). A malformed or unknown token is a no-op.
    /// - Returns: whether a session was deleted.
    @discardableResult
    public func revoke(token: String) throws -> Bool {
        guard let parsed = SessionToken(token) else { return false }
        return try revoke(tokenHash: parsed.hash)
    }

    /// Ends the session with this token hash.
    @discardableResult
    public func revoke(tokenHash: TokenHash) throws -> Bool {
        try database.write { db in try db.execute("DELETE FROM sessions WHERE token_hash = ?", tokenHash.bytes) } == 1
    }

    /// Ends all sessions of a user except `except` (the current one), e.g. "sign out
    /// everywhere else", or all with `nil` (account disabled, ASVS 7.4.2).
    /// - Returns: how many sessions ended.
    @discardableResult
    public func revokeAll(userID: Int64, except: TokenHash? = nil) throws -> Int {
        try database.write { db in
            if let except {
                return try db.execute("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?", userID, except.bytes)
            }
            return try db.execute("DELETE FROM sessions WHERE user_id = ?", userID)
        }
    }

    /// The user's unexpired sessions, most recently seen first (for a "your devices" page), at most `limit`.
    public func sessions(userID: Int64, now: Int64, limit: Int = 100) throws -> [Session] {
        try database.read { db in
            var result: [Session] = []
            for row in try db.query(
                "SELECT \(Session.columns) FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY last_seen_at DESC LIMIT ?",
                userID, now, Int64(limit))
            {
                result.append(try Session(row: row))
            }
            return result
        }
    }

    /// Ends the user's session whose ``Session/publicID`` is `publicID` (a device signed out from the list).
    /// - Returns: whether one ended; `false` for an unknown id or one of another user.
    @discardableResult
    public func revoke(userID: Int64, publicID: String) throws -> Bool {
        let all = try database.read { db in
            var hashes: [TokenHash] = []
            for row in try db.query("SELECT \(Session.columns) FROM sessions WHERE user_id = ?", userID) {
                hashes.append(try Session(row: row).tokenHash)
            }
            return hashes
        }
        guard let hash = all.first(where: { Session.publicID(of: $0) == publicID }) else { return false }
        return try revoke(tokenHash: hash)
    }

    /// Deletes every session expired at `now` (for a periodic clean-up; ``resolve(token:now:)``
    /// already deletes the expired ones it meets). Returns how many were deleted.
    @discardableResult
    public func purgeExpired(now: Int64) throws -> Int {
        try database.write { db in try db.execute("DELETE FROM sessions WHERE expires_at <= ?", now) }
    }
}
