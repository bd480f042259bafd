/// A session's bearer secret: 32 bytes (256 bits) from libsodium's CSPRNG
/// (`randombytes_buf`), encoded as URL-safe base64 without padding — always 43 characters of
/// `A–Z a–z 0–9 - _`, safe in a cookie value and an `Authorization: Bearer` header.
/// ASVS 5.0 7.2.3 (≥ 128 bits from a CSPRNG).
///
/// The token itself is given to the client once and never stored: the database keeps
/// ``hash`` (BLAKE2b-256), so a leaked database or backup holds no usable session. Never put
/// it in a URL (ASVS 14.2.1) or a log line.
public struct SessionToken: Sendable, Hashable, CustomStringConvertible {
    /// Bytes of randomness in a token.
    public static let byteCount = 32
    /// Characters of the encoded form.
    public static let encodedLength = 43

    /// The encoded token (what goes into the cookie / bearer header).
    public let value: String
    private let bytes: [UInt8]

    /// A new random token.
    public static func generate() -> SessionToken {
        let bytes = Sodium.randomBytes(byteCount)
        return SessionToken(value: Sodium.base64URL(bytes), bytes: bytes)
    }

    /// Parses a token presented by a client; `nil` unless it is exactly 43 characters of the
    /// URL-safe alphabet decoding to 32 bytes (cheap rejection of garbage before any lookup).
    public init?(_ value: String) {
        guard let bytes = Sodium.fromBase64URL(value, expectedCount: Self.byteCount) else { return nil }
        self.init(value: value, bytes: bytes)
    }

    private init(value: String, bytes: [UInt8]) {
        self.value = value
        self.bytes = bytes
    }

    /// What the database stores: BLAKE2b-256 (`crypto_generichash`) of the 32 token bytes.
    /// A fast unsalted hash is right here: the input is 256 random bits, not a password.
    public var hash: TokenHash { TokenHash(unchecked: Sodium.blake2b256(bytes)) }

    /// Redacted, so a token never lands in a log by accident.
    public var description: String { "SessionToken(redacted)" }

    /// Constant-time comparison (`sodium_memcmp`).
    public static func == (lhs: SessionToken, rhs: SessionToken) -> Bool {
        Sodium.constantTimeEqual(lhs.bytes, rhs.bytes)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// The 32-byte BLAKE2b-256 hash of a ``SessionToken``: the primary key of a session row and
/// the input of its CSRF token. Not a credential by itself (it cannot be turned back into a
/// token), but still not something to show to users.
public struct TokenHash: Sendable, Hashable, CustomStringConvertible {
    /// Always 32 bytes.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` has exactly 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The first 8 hex digits — enough to correlate log lines, useless to an attacker.
    public var description: String {
        "TokenHash(" + bytes.prefix(4).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "…)"
    }

    /// Constant-time comparison (`sodium_memcmp`).
    public static func == (lhs: TokenHash, rhs: TokenHash) -> Bool {
        Sodium.constantTimeEqual(lhs.bytes, rhs.bytes)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
