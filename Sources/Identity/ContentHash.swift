/// SHA-256 of content (FIPS 180-4, through libsodium's `crypto_hash_sha256`), for content addressing: the
/// same bytes always give the same name, e.g. Photo Studio's originals under `originals/<sha256>`.
public enum ContentHash {
    /// The 32-byte digest as 64 lower-case hex digits.
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        let hex: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(64)
        for byte in Sodium.sha256(bytes) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 15)])
        }
        return text
    }
}
