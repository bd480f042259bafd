import Foundation
internal import Storage

/// An account as the rest of the server sees it. Never carries the password hash.
public struct User: Sendable, Hashable, Identifiable {
    /// Row id in `users`.
    public let id: Int64
    /// As registered (verbatim); see ``Username`` for the rules and comparison.
    public let username: String
    /// Display name, verbatim (escape it when rendering); the username until changed.
    public let nickname: String
    /// Server-generated relative path of the avatar image under the media directory, or `nil`.
    public let avatarPath: String?
    /// Registration time, UTC seconds since 1970.
    public let createdAt: Int64

    public init(id: Int64, username: String, nickname: String, avatarPath: String?, createdAt: Int64) {
        self.id = id
        self.username = username
        self.nickname = nickname
        self.avatarPath = avatarPath
        self.createdAt = createdAt
    }

    /// Columns to select for ``init(row:prefix:)``.
    static let columns = "id, username, nickname, avatar_path, created_at"

    init(row: Row, prefix: String = "") throws(StorageError) {
        id = try row.get(prefix + "id")
        username = try row.get(prefix + "username")
        nickname = try row.get(prefix + "nickname")
        avatarPath = try row.get(prefix + "avatar_path")
        createdAt = try row.get(prefix + "created_at")
    }
}

/// One signed-in device or browser. Identified by the hash of its token; the token itself
/// exists only on the client.
public struct Session: Sendable, Hashable {
    /// BLAKE2b-256 of the session token: the row's key, and the input of its CSRF token.
    public let tokenHash: TokenHash
    public let userID: Int64
    /// UTC seconds since 1970.
    public let createdAt: Int64
    /// Last request seen, to within ``SessionPolicy/touchInterval`` (UTC seconds).
    public let lastSeenAt: Int64
    /// The session is invalid from this moment (UTC seconds).
    public let expiresAt: Int64
    /// `User-Agent` at sign-in (≤ 256 characters), for a "your devices" list.
    public let userAgent: String
    /// Client address at sign-in (≤ 64 characters).
    public let clientAddress: String

    public init(tokenHash: TokenHash, userID: Int64, createdAt: Int64, lastSeenAt: Int64, expiresAt: Int64,
                userAgent: String, clientAddress: String) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
        self.clientAddress = clientAddress
    }

    /// 16 hexadecimal digits (the first 8 bytes of ``tokenHash``) naming the session in a "your devices"
    /// list and its sign-out request; it reveals nothing of the token.
    public var publicID: String { Self.publicID(of: tokenHash) }

    static func publicID(of hash: TokenHash) -> String {
        hash.bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static let columns = "token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, client_address"

    init(row: Row) throws(StorageError) {
        let bytes: [UInt8] = try row.get("token_hash")
        guard let hash = TokenHash(bytes: bytes) else {
            throw .typeMismatch(expected: "32-byte token hash", found: .blob(bytes), column: "token_hash")
        }
        tokenHash = hash
        userID = try row.get("user_id")
        createdAt = try row.get("created_at")
        lastSeenAt = try row.get("last_seen_at")
        expiresAt = try row.get("expires_at")
        userAgent = try row.get("user_agent")
        clientAddress = try row.get("client_address")
    }
}

/// Session lifetime rules (OWASP Session Management Cheat Sheet, "Session Expiration";
/// ASVS 5.0 7.3.1 inactivity timeout and 7.3.2 absolute lifetime, documented per 7.1.1).
///
/// - **Idle (sliding) timeout**: 30 days after the last request.
/// - **Absolute lifetime**: 90 days after sign-in, however active — then sign in again.
/// - `last_seen_at`/`expires_at` are rewritten at most once per ``touchInterval`` (60 s) per
///   session, so serving requests does not mean a database write per request.
public struct SessionPolicy: Sendable, Hashable {
    /// Seconds of inactivity after which a session ends (default 30 days).
    public var idleTimeout: Int64
    /// Seconds after creation after which a session ends regardless (default 90 days).
    public var absoluteLifetime: Int64
    /// Minimum seconds between two `last_seen_at` updates (default 60).
    public var touchInterval: Int64

    public init(idleTimeout: Int64 = 30 * 86_400, absoluteLifetime: Int64 = 90 * 86_400, touchInterval: Int64 = 60) {
        self.idleTimeout = idleTimeout
        self.absoluteLifetime = absoluteLifetime
        self.touchInterval = touchInterval
    }

    /// When a session created at `createdAt` and last seen at `lastSeen` expires.
    public func expiry(createdAt: Int64, lastSeen: Int64) -> Int64 {
        min(lastSeen + idleTimeout, createdAt + absoluteLifetime)
    }
}

/// Where Identity gets "now" from: UTC seconds since 1970. Inject a fake in tests.
public struct IdentityClock: Sendable {
    public let now: @Sendable () -> Int64

    public init(now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    /// The system clock, truncated to whole seconds.
    public static let system = IdentityClock { Int64(Date().timeIntervalSince1970.rounded(.down)) }
}
