internal import CSodium
import Dispatch
import Foundation

/// Argon2id password hashing with libsodium (`crypto_pwhash_str_alg`,
/// `crypto_pwhash_ALG_ARGON2ID13`), producing self-describing PHC strings such as
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (≤ 128 bytes of ASCII).
///
/// **Parameters.** ``Parameters/owasp``: m = 19 MiB (19,456 KiB = 19,922,944 bytes), t = 2,
/// p = 1 — one of the equal-strength Argon2id settings of the OWASP Password Storage Cheat
/// Sheet; libsodium always uses p = 1. Measured at 13.4 ms per hash on this class of machine
/// (`research/platform.md` §4.2). Approved KDF: ASVS 5.0 11.4.2.
///
/// **Concurrency bound.** Each hash allocates m = 19 MiB and keeps a core busy for ~13 ms, so
/// a burst of logins could starve page serving and spike memory. A counting semaphore inside
/// lets at most ``maximumConcurrentHashes`` hashes/verifies run at once (default: cores − 1,
/// at least 1); further callers block their (synchronous handler) thread until a slot frees.
/// Peak hashing memory is therefore `maximumConcurrentHashes × 19 MiB`.
///
/// **Passwords are hashed exactly as given**: their UTF-8 bytes, no trimming, no Unicode
/// normalisation, no truncation (Argon2 has no 72-byte limit) — ASVS 5.0 6.2.8. Length limits
/// are ``PasswordPolicy``'s job; ``verify(_:against:)`` additionally refuses inputs over
/// ``maximumInputBytes`` without hashing them, so nobody can make us hash megabytes.
public final class PasswordHasher: Sendable {
    /// Argon2id cost parameters as libsodium takes them.
    public struct Parameters: Sendable, Hashable {
        /// Iterations `t` (libsodium's `opslimit`).
        public var iterations: Int
        /// Memory `m` in bytes (libsodium's `memlimit`); encoded as KiB in the hash string.
        public var memoryBytes: Int

        public init(iterations: Int, memoryBytes: Int) {
            self.iterations = iterations
            self.memoryBytes = memoryBytes
        }

        /// OWASP Password Storage Cheat Sheet: Argon2id m = 19 MiB (19,456 KiB), t = 2, p = 1.
        public static let owasp = Parameters(iterations: 2, memoryBytes: 19_456 * 1024)
    }

    /// Hard cap on the bytes ``verify(_:against:)`` will hash (1 KiB covers 256 scalars of
    /// 4-byte UTF-8, the policy maximum).
    public static let maximumInputBytes = 1024

    /// The parameters new hashes are made with, and that ``needsRehash(_:)`` compares against.
    public let parameters: Parameters
    /// How many hashes may run at once (see the type's documentation).
    public let maximumConcurrentHashes: Int

    private let slots: DispatchSemaphore
    /// A hash of a random, discarded password with ``parameters``, for ``dummyVerify(_:)``.
    /// Made in `init` (one hash, ~13 ms at start-up) so that even the first probe for an unknown
    /// user costs the same as a real verify.
    private let dummyHash: String

    /// Computes one hash (for ``dummyVerify(_:)``), so construction takes ~13 ms: make one
    /// hasher per server, not one per request.
    /// - Parameters:
    ///   - parameters: cost; defaults to ``Parameters/owasp``.
    ///   - maximumConcurrentHashes: semaphore width; `nil` means `max(1, cores − 1)` using
    ///     the active processor count.
    public init(parameters: Parameters = .owasp, maximumConcurrentHashes: Int? = nil) {
        Sodium.ensureInitialized()
        let width = maximumConcurrentHashes ?? max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        precondition(width >= 1, "at least one concurrent hash")
        self.parameters = parameters
        self.maximumConcurrentHashes = width
        self.slots = DispatchSemaphore(value: width)
        let random = Array(Sodium.base64URL(Sodium.randomBytes(32)).utf8CString)
        self.dummyHash = Self.rawHash(random, parameters)
            ?? "$argon2id$v=19$m=\(parameters.memoryBytes / 1024),t=\(parameters.iterations),p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    }

    /// Hashes `password` with a fresh random salt.
    /// - Returns: the PHC string to store (ASCII, ≤ 127 characters).
    /// - Throws: ``IdentityError/hashingFailed`` if libsodium cannot allocate its work area;
    ///   ``IdentityError/passwordTooLong(maximum:)`` over ``maximumInputBytes`` UTF-8 bytes.
    public func hash(_ password: String) throws(IdentityError) -> String {
        let bytes = Array(password.utf8CString)  // NUL-terminated: never an empty buffer
        guard bytes.count - 1 <= Self.maximumInputBytes else {
            throw .passwordTooLong(maximum: PasswordPolicy.maximumLength)
        }
        guard let encoded = withSlot({ Self.rawHash(bytes, parameters) }) else { throw .hashingFailed }
        return encoded
    }

    /// One `crypto_pwhash_str_alg` call; `nil` on failure (out of memory).
    private static func rawHash(_ bytes: [CChar], _ parameters: Parameters) -> String? {
        var out = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let status = bytes.withUnsafeBufferPointer { input in
            crypto_pwhash_str_alg(
                &out, input.baseAddress!, UInt64(input.count - 1),
                UInt64(parameters.iterations), parameters.memoryBytes, crypto_pwhash_alg_argon2id13())
        }
        guard status == 0 else { return nil }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `true` if `password` matches `storedHash` (`crypto_pwhash_str_verify`, which compares in
    /// constant time). A malformed hash, or a password over ``maximumInputBytes``, is `false`.
    public func verify(_ password: String, against storedHash: String) -> Bool {
        let bytes = Array(password.utf8CString)  // NUL-terminated: never an empty buffer
        guard bytes.count - 1 <= Self.maximumInputBytes else { return false }
        var hashChars = Array(storedHash.utf8CString)
        guard hashChars.count <= crypto_pwhash_strbytes() else { return false }
        let status: Int32 = withSlot {
            bytes.withUnsafeBufferPointer { input in
                crypto_pwhash_str_verify(&hashChars, input.baseAddress!, UInt64(input.count - 1))
            }
        }
        return status == 0
    }

    /// Spends the same work as ``verify(_:against:)`` against a hash no password matches, and
    /// returns `false`. Call it when the username is unknown, so that "no such user" and "wrong
    /// password" take the same time (ASVS 5.0 6.3.8).
    @discardableResult
    public func dummyVerify(_ password: String) -> Bool {
        _ = verify(password, against: dummyHash)
        return false
    }

    /// `true` if `storedHash` was made with other parameters or another algorithm than
    /// ``parameters`` (`crypto_pwhash_str_needs_rehash`), or is not a valid hash string:
    /// re-hash the password after the next successful login.
    public func needsRehash(_ storedHash: String) -> Bool {
        Sodium.ensureInitialized()
        let status = storedHash.withCString {
            crypto_pwhash_str_needs_rehash($0, UInt64(parameters.iterations), parameters.memoryBytes)
        }
        return status != 0
    }

    private func withSlot<T>(_ body: () -> T) -> T {
        slots.wait()
        defer { slots.signal() }
        return body()
    }
}
