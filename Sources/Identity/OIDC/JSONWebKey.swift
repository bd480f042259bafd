import COpenSSL
import Foundation

/// A provider's public signing key from its JWKS (RFC 7517), as an OpenSSL `EVP_PKEY` built with
/// `OSSL_PARAM_BLD` and `EVP_PKEY_fromdata`: RSA (`n`, `e`) for RS256, EC P-256 (`x`, `y`) for ES256
/// (RFC 7518 §3.3, §3.4). Immutable once made; OpenSSL 3 keys may verify on several threads at once.
public final class JSONWebKey: @unchecked Sendable {
    /// The JWS algorithm this key checks: `RS256` or `ES256`.
    public let algorithm: String
    /// The key id (`kid`), if the set gives one.
    public let id: String?
    let key: OpaquePointer

    private init(algorithm: String, id: String?, key: OpaquePointer) {
        self.algorithm = algorithm
        self.id = id
        self.key = key
    }

    deinit { EVP_PKEY_free(key) }

    /// The signing keys of a JWKS document (`{"keys": [...]}`): RSA keys of 2048 bits or more and P-256 EC
    /// keys whose `use` is absent or `sig`; other keys (encryption keys, other curves) are skipped.
    /// - Throws: ``OIDCError/invalidKeySet(_:)`` when the document is not a key set or holds no usable key.
    public static func keySet(_ json: [UInt8]) throws(OIDCError) -> [JSONWebKey] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
              let keys = object["keys"] as? [[String: Any]]
        else { throw .invalidKeySet("not a JSON Web Key Set") }
        let usable = keys.compactMap { try? key($0) }
        guard !usable.isEmpty else { throw .invalidKeySet("no RS256 or ES256 signing key") }
        return usable
    }

    static func key(_ jwk: [String: Any]) throws(OIDCError) -> JSONWebKey {
        if let use = jwk["use"] as? String, use != "sig" { throw .invalidKeySet("not a signing key") }
        let id = jwk["kid"] as? String
        switch jwk["kty"] as? String {
        case "RSA":
            guard let n = (jwk["n"] as? String).flatMap(Base64URL.decode), let e = (jwk["e"] as? String).flatMap(Base64URL.decode),
                  n.count >= 256, (jwk["alg"] as? String ?? "RS256") == "RS256"
            else { throw .invalidKeySet("RSA key without n/e, shorter than 2048 bits or not RS256") }
            return JSONWebKey(algorithm: "RS256", id: id, key: try build("RSA", numbers: [("n", n), ("e", e)]))
        case "EC":
            guard jwk["crv"] as? String == "P-256", let x = (jwk["x"] as? String).flatMap(Base64URL.decode),
                  let y = (jwk["y"] as? String).flatMap(Base64URL.decode), x.count == 32, y.count == 32,
                  (jwk["alg"] as? String ?? "ES256") == "ES256"
            else { throw .invalidKeySet("EC key that is not P-256 / ES256") }
            return JSONWebKey(algorithm: "ES256", id: id, key: try build("EC", group: "prime256v1", point: [0x04] + x + y))
        default:
            throw .invalidKeySet("unsupported key type")
        }
    }

    /// `true` when `signature` (JWS form: PKCS #1 v1.5 for RS256, `r‖s` for ES256) signs `data` with SHA-256.
    func verify(_ signature: [UInt8], of data: [UInt8]) -> Bool {
        var der = signature
        if algorithm == "ES256" {
            guard signature.count == 64, let converted = Self.derSignature(signature) else { return false }
            der = converted
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        return EVP_DigestVerify(context, der, der.count, data, data.count) == 1
    }

    /// JWS's fixed-size `r‖s` as the DER `ECDSA-Sig-Value` OpenSSL verifies (RFC 7518 §3.4).
    private static func derSignature(_ raw: [UInt8]) -> [UInt8]? {
        guard let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        guard let r = BN_bin2bn(raw, 32, nil), let s = raw.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + 32, 32, nil) }) else { return nil }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }

    /// A C string with static storage: `OSSL_PARAM_BLD` keeps the pointers to names and strings until
    /// `OSSL_PARAM_BLD_to_param`, so they must outlive the call that pushes them.
    private static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Builds a public key of `type` (`"RSA"` from big-endian `numbers`; `"EC"` from a named `group` and an
    /// uncompressed `point`) with `EVP_PKEY_fromdata`.
    private static func build(_ type: StaticString, numbers: [(StaticString, [UInt8])] = [], group: StaticString? = nil,
                              point: [UInt8] = []) throws(OIDCError) -> OpaquePointer {
        guard let builder = OSSL_PARAM_BLD_new() else { throw .invalidKeySet("out of memory") }
        var made: [OpaquePointer] = []
        let pointBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(point.count, 1))
        _ = pointBuffer.initialize(from: point)
        defer {
            OSSL_PARAM_BLD_free(builder)
            made.forEach { BN_clear_free($0) }
            pointBuffer.deallocate()
        }
        var pushed = true
        for (name, bytes) in numbers {
            guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else { pushed = false; break }
            made.append(number)
            pushed = pushed && OSSL_PARAM_BLD_push_BN(builder, cString(name), number) == 1
        }
        if let group {
            pushed = pushed && OSSL_PARAM_BLD_push_utf8_string(builder, cString("group"), cString(group), 0) == 1
                && OSSL_PARAM_BLD_push_octet_string(builder, cString("pub"), pointBuffer.baseAddress, point.count) == 1
        }
        guard pushed, let parameters = OSSL_PARAM_BLD_to_param(builder) else { throw .invalidKeySet("bad key parameters") }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, cString(type), nil) else { throw .invalidKeySet("no key support") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        // EVP_PKEY_PUBLIC_KEY: OSSL_KEYMGMT_SELECT_ALL_PARAMETERS (0x84) | OSSL_KEYMGMT_SELECT_PUBLIC_KEY (0x02).
        guard EVP_PKEY_fromdata_init(context) == 1, EVP_PKEY_fromdata(context, &key, 0x86, parameters) == 1, let key else {
            throw .invalidKeySet("OpenSSL refused the key")
        }
        return key
    }
}

/// Base64url without padding (RFC 4648 §5), as JOSE uses it.
enum Base64URL {
    static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
