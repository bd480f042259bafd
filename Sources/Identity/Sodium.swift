internal import CSodium

/// Thin, internal wrappers around the libsodium calls Identity uses.
///
/// Every entry point calls ``Sodium/ensureInitialized()`` first: `sodium_init()` runs exactly
/// once per process, from a `static let` initialiser (Swift runs those lazily and thread-safely,
/// once), before any other libsodium function. Nothing here is public: C types never leave the
/// module.
enum Sodium {
    /// `sodium_init()` returns 0 on first success, 1 if already initialised, −1 on failure.
    /// A failure (no usable entropy source) is unrecoverable for an authentication service.
    private static let initialised: Bool = {
        let result = sodium_init()
        precondition(result >= 0, "sodium_init() failed (\(result)): libsodium is unusable")
        return true
    }()

    /// Runs `sodium_init()` once; cheap on every later call.
    @inline(__always)
    static func ensureInitialized() {
        _ = initialised
    }

    /// SHA-256 of `bytes` (`crypto_hash_sha256`): 32 bytes.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        ensureInitialized()
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        bytes.withUnsafeBufferPointer { input in _ = crypto_hash_sha256(&digest, input.baseAddress, UInt64(input.count)) }
        return digest
    }

    /// `count` bytes from libsodium's CSPRNG (`randombytes_buf`, getrandom(2) on Linux).
    static func randomBytes(_ count: Int) -> [UInt8] {
        ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) }
        return bytes
    }

    /// URL-safe base64 without padding (`sodium_base64_VARIANT_URLSAFE_NO_PADDING`):
    /// alphabet `A–Z a–z 0–9 - _`, length ⌈4n/3⌉ (43 characters for 32 bytes).
    static func base64URL(_ bytes: [UInt8]) -> String {
        ensureInitialized()
        let variant = Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        let capacity = sodium_base64_encoded_len(bytes.count, variant)  // includes the NUL
        var out = [CChar](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { input in
            _ = sodium_bin2base64(&out, capacity, input.baseAddress, input.count, variant)
        }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes URL-safe base64 without padding; `nil` for any other character, padding,
    /// trailing garbage or a length other than `expectedCount` bytes.
    static func fromBase64URL(_ text: String, expectedCount: Int) -> [UInt8]? {
        ensureInitialized()
        let variant = Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        let encoded = Array(text.utf8)
        // Reject early: no allocation proportional to an attacker's input.
        guard encoded.count == sodium_base64_encoded_len(expectedCount, variant) - 1 else { return nil }
        var out = [UInt8](repeating: 0, count: expectedCount)
        var written = 0
        var end: UnsafePointer<CChar>? = nil
        let status = encoded.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { chars in
                sodium_base642bin(
                    &out, out.count, chars.baseAddress, chars.count, nil, &written, &end, variant)
            }
        }
        guard status == 0, written == expectedCount else { return nil }
        return out
    }

    /// BLAKE2b (`crypto_generichash`) with a 32-byte output, optionally keyed (16–64-byte key).
    static func blake2b256(_ message: [UInt8], key: [UInt8]? = nil) -> [UInt8] {
        ensureInitialized()
        var out = [UInt8](repeating: 0, count: 32)
        let status: Int32 = message.withUnsafeBufferPointer { input in
            if let key {
                return key.withUnsafeBufferPointer { k in
                    crypto_generichash(&out, 32, input.baseAddress, UInt64(input.count), k.baseAddress, k.count)
                }
            }
            return crypto_generichash(&out, 32, input.baseAddress, UInt64(input.count), nil, 0)
        }
        precondition(status == 0, "crypto_generichash failed")
        return out
    }

    /// HMAC-SHA-512-256 (`crypto_auth`) with a 32-byte key; 32-byte tag.
    static func hmacSHA512256(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        ensureInitialized()
        precondition(key.count == Int(crypto_auth_keybytes()), "crypto_auth needs a 32-byte key")
        var tag = [UInt8](repeating: 0, count: Int(crypto_auth_bytes()))
        _ = message.withUnsafeBufferPointer { input in
            key.withUnsafeBufferPointer { k in
                crypto_auth(&tag, input.baseAddress, UInt64(input.count), k.baseAddress!)
            }
        }
        return tag
    }

    /// Derives a 32-byte subkey from a 32-byte master key (`crypto_kdf_derive_from_key`,
    /// BLAKE2b). `context` is exactly 8 ASCII characters; `id` separates subkeys in a context.
    static func deriveKey(from master: [UInt8], context: StaticString, id: UInt64) -> [UInt8] {
        ensureInitialized()
        precondition(master.count == Int(crypto_kdf_keybytes()), "crypto_kdf needs a 32-byte key")
        precondition(context.utf8CodeUnitCount == Int(crypto_kdf_contextbytes()), "KDF context is 8 bytes")
        var subkey = [UInt8](repeating: 0, count: 32)
        let status = master.withUnsafeBufferPointer { m in
            context.withUTF8Buffer { c in
                c.withMemoryRebound(to: CChar.self) { chars in
                    crypto_kdf_derive_from_key(&subkey, subkey.count, id, chars.baseAddress!, m.baseAddress!)
                }
            }
        }
        precondition(status == 0, "crypto_kdf_derive_from_key failed")
        return subkey
    }

    /// Constant-time equality (`sodium_memcmp`): the time depends on the length only.
    /// Different lengths compare unequal (lengths are public: both sides have fixed sizes).
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        ensureInitialized()
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in sodium_memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// Overwrites the bytes with zeros in a way the compiler may not elide (`sodium_memzero`).
    static func wipe(_ bytes: inout [UInt8]) {
        ensureInitialized()
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
        }
    }
}
