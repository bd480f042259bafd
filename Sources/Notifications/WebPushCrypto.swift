import COpenSSL
import Foundation

/// Why Web Push cryptography failed: OpenSSL's own error text is kept.
public enum WebPushCryptoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A subscription key is not a P-256 point (65 bytes, uncompressed, on the curve) or the auth secret is not 16 bytes.
    case invalidSubscriptionKey(String)
    /// The VAPID key file cannot be read or written.
    case keyFile(String)
    /// An OpenSSL call failed.
    case openSSL(String)

    public var description: String {
        switch self {
        case .invalidSubscriptionKey(let detail): "invalid subscription key: \(detail)"
        case .keyFile(let detail): "VAPID key file: \(detail)"
        case .openSSL(let detail): "OpenSSL: \(detail)"
        }
    }

    /// The OpenSSL error queue's oldest message after `call` failed.
    static func failed(_ call: String) -> WebPushCryptoError {
        let code = ERR_get_error()
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        ERR_clear_error()
        return .openSSL(call + ": " + String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

/// OpenSSL's selection bits for `EVP_PKEY_fromdata` (`openssl/core_dispatch.h`; the macros combining them do not
/// import into Swift): domain parameters 0x04 | other parameters 0x80, with the public key 0x02 and private key 0x01.
private let selectPublicKey: Int32 = 0x04 | 0x80 | 0x02
private let selectKeyPair: Int32 = selectPublicKey | 0x01
/// `EVP_CTRL_AEAD_GET_TAG` (`openssl/evp.h`).
private let controlGetTag: Int32 = 0x10

/// OpenSSL parameter names as C strings that live as long as the process: `OSSL_PARAM`s and their builder keep
/// the name's pointer, so a Swift string's temporary bridge would dangle before OpenSSL reads it.
private enum ParameterName {
    nonisolated(unsafe) static let group = strdup(OSSL_PKEY_PARAM_GROUP_NAME)!
    nonisolated(unsafe) static let publicKey = strdup(OSSL_PKEY_PARAM_PUB_KEY)!
    nonisolated(unsafe) static let privateKey = strdup(OSSL_PKEY_PARAM_PRIV_KEY)!
    nonisolated(unsafe) static let digest = strdup(OSSL_KDF_PARAM_DIGEST)!
    nonisolated(unsafe) static let salt = strdup(OSSL_KDF_PARAM_SALT)!
    nonisolated(unsafe) static let key = strdup(OSSL_KDF_PARAM_KEY)!
    nonisolated(unsafe) static let info = strdup(OSSL_KDF_PARAM_INFO)!
    nonisolated(unsafe) static let curve = strdup("prime256v1")!
}

/// A P-256 key in OpenSSL (an application server's VAPID key, a message's ephemeral key, a subscriber's public key).
final class P256Key: @unchecked Sendable {
    // Immutable after init; OpenSSL's EVP_PKEY is safe for concurrent use in operations that take it as `const`.
    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { EVP_PKEY_free(pointer) }

    /// A new random key pair.
    static func generate() throws(WebPushCryptoError) -> P256Key {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .failed("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
              EVP_PKEY_generate(context, &key) == 1, let key else { throw .failed("EVP_PKEY_generate") }
        return P256Key(key)
    }

    /// The public key of a subscriber: 65 bytes, uncompressed (`0x04 || x || y`), checked to be on the curve.
    static func publicKey(_ bytes: [UInt8]) throws(WebPushCryptoError) -> P256Key {
        guard bytes.count == 65, bytes[0] == 0x04 else { throw .invalidSubscriptionKey("p256dh must be a 65-byte uncompressed point") }
        let key = try fromData(public: bytes, private: nil)
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else { throw .failed("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_public_check(context) == 1 else {
            ERR_clear_error()
            throw .invalidSubscriptionKey("p256dh is not a point on P-256")
        }
        return key
    }

    /// A key pair from its 32-byte private scalar and 65-byte public point (the RFC 8291 test vector).
    static func keyPair(private scalar: [UInt8], public point: [UInt8]) throws(WebPushCryptoError) -> P256Key {
        try fromData(public: point, private: scalar)
    }

    private static func fromData(public point: [UInt8], private scalar: [UInt8]?) throws(WebPushCryptoError) -> P256Key {
        guard let builder = OSSL_PARAM_BLD_new() else { throw .failed("OSSL_PARAM_BLD_new") }
        defer { OSSL_PARAM_BLD_free(builder) }
        var number: OpaquePointer?
        defer { BN_free(number) }
        var pushed = OSSL_PARAM_BLD_push_utf8_string(builder, ParameterName.group, ParameterName.curve, 0) == 1
            && point.withUnsafeBytes { OSSL_PARAM_BLD_push_octet_string(builder, ParameterName.publicKey, $0.baseAddress, point.count) } == 1
        if let scalar {
            number = BN_bin2bn(scalar, Int32(scalar.count), nil)
            pushed = pushed && number != nil && OSSL_PARAM_BLD_push_BN(builder, ParameterName.privateKey, number) == 1
        }
        guard pushed, let parameters = OSSL_PARAM_BLD_to_param(builder) else { throw .failed("OSSL_PARAM_BLD_push") }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .failed("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
              EVP_PKEY_fromdata(context, &key, scalar == nil ? selectPublicKey : selectKeyPair, parameters) == 1, let key else {
            ERR_clear_error()
            throw .invalidSubscriptionKey("p256dh is not a point on P-256")
        }
        return P256Key(key)
    }

    /// The public point, 65 bytes uncompressed.
    func publicBytes() throws(WebPushCryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 65)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(pointer, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, &bytes, bytes.count, &length) == 1, length == 65
        else { throw .failed("EVP_PKEY_get_octet_string_param") }
        return bytes
    }

    /// ECDH (SP 800-56A) with `peer`: the 32-byte x coordinate of the shared point.
    func sharedSecret(with peer: P256Key) throws(WebPushCryptoError) -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { throw .failed("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        var length = 0
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.pointer) == 1,
              EVP_PKEY_derive(context, nil, &length) == 1 else { throw .failed("EVP_PKEY_derive") }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1 else { throw .failed("EVP_PKEY_derive") }
        return Array(secret.prefix(length))
    }

    /// An ES256 signature (ECDSA P-256 with SHA-256) as JWS wants it: `r || s`, 32 bytes each (RFC 7518 §3.4).
    func signES256(_ message: [UInt8]) throws(WebPushCryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw .failed("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1,
              EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { throw .failed("EVP_DigestSign") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else { throw .failed("EVP_DigestSign") }
        let signature: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, length)
        }
        guard let signature else { throw .failed("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        var raw = [UInt8](repeating: 0, count: 64)
        guard BN_bn2binpad(r, &raw, 32) == 32, raw.withUnsafeMutableBufferPointer({ BN_bn2binpad(s, $0.baseAddress! + 32, 32) }) == 32
        else { throw .failed("BN_bn2binpad") }
        return raw
    }

    /// The private key as PKCS #8 PEM, for the key file.
    func privatePEM() throws(WebPushCryptoError) -> [UInt8] {
        guard let bio = BIO_new(BIO_s_mem()) else { throw .failed("BIO_new") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else { throw .failed("PEM_write_bio_PrivateKey") }
        var pem: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let count = BIO_read(bio, &chunk, Int32(chunk.count))
            if count <= 0 { break }
            pem += chunk.prefix(Int(count))
        }
        return pem
    }

    /// A key from PKCS #8 PEM; it must be a P-256 key.
    static func fromPEM(_ pem: [UInt8]) throws(WebPushCryptoError) -> P256Key {
        guard let bio = pem.withUnsafeBytes({ BIO_new_mem_buf($0.baseAddress, Int32($0.count)) }) else { throw .failed("BIO_new_mem_buf") }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else { throw .failed("PEM_read_bio_PrivateKey") }
        let wrapped = P256Key(key)
        guard EVP_PKEY_get_bits(key) == 256, (try? wrapped.publicBytes()) != nil else { throw .keyFile("not a P-256 key") }
        return wrapped
    }
}

/// Message encryption for Web Push: RFC 8291 keys, RFC 8188 `aes128gcm` content coding, one record.
public enum WebPushEncryption {
    /// The record size written into the header (RFC 8188 §2.1); a push message is one record, well below it.
    static let recordSize: UInt32 = 4_096
    /// The largest plaintext that fits a 4,096-byte push message: 4,096 − 86 header − 16 tag − 1 delimiter.
    public static let maximumPayload = 3_993

    /// Encrypts `payload` for the subscriber with public key `p256dh` and `authSecret` (RFC 8291 §3.4), with a fresh
    /// key pair and salt unless given (tests pass the RFC's). The result is the request body:
    /// `salt(16) || rs(4) || idlen(1)=65 || as_public(65) || AES-128-GCM(payload || 0x02) || tag(16)`.
    /// - Throws: ``WebPushCryptoError/invalidSubscriptionKey(_:)`` for a bad key or secret, or a payload over ``maximumPayload``.
    public static func encrypt(_ payload: [UInt8], p256dh: [UInt8], authSecret: [UInt8]) throws(WebPushCryptoError) -> [UInt8] {
        var salt = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&salt, 16) == 1 else { throw .failed("RAND_bytes") }
        return try encrypt(payload, p256dh: p256dh, authSecret: authSecret, serverKey: try P256Key.generate(), salt: salt)
    }

    static func encrypt(_ payload: [UInt8], p256dh: [UInt8], authSecret: [UInt8], serverKey: P256Key, salt: [UInt8]) throws(WebPushCryptoError) -> [UInt8] {
        guard authSecret.count == 16 else { throw .invalidSubscriptionKey("auth must be 16 bytes") }
        guard payload.count <= maximumPayload else { throw .invalidSubscriptionKey("payload over \(maximumPayload) bytes") }
        let subscriber = try P256Key.publicKey(p256dh)
        let serverPublic = try serverKey.publicBytes()
        let shared = try serverKey.sharedSecret(with: subscriber)
        // RFC 8291 §3.3–3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32).
        let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + serverPublic
        let ikm = try hkdf(salt: authSecret, key: shared, info: keyInfo, length: 32)
        // RFC 8188 §2.2–2.3.
        let contentKey = try hkdf(salt: salt, key: ikm, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = try hkdf(salt: salt, key: ikm, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
        let sealed = try aes128gcm(key: contentKey, nonce: nonce, plaintext: payload + [0x02])
        let size = recordSize
        return salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xff), UInt8(size >> 8 & 0xff), UInt8(size & 0xff)]
            + [UInt8(serverPublic.count)] + serverPublic + sealed
    }

    /// HKDF with SHA-256 (RFC 5869) through OpenSSL's `EVP_KDF` "HKDF" (extract then expand).
    static func hkdf(salt: [UInt8], key: [UInt8], info: [UInt8], length: Int) throws(WebPushCryptoError) -> [UInt8] {
        guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { throw .failed("EVP_KDF_fetch") }
        defer { EVP_KDF_free(kdf) }
        guard let context = EVP_KDF_CTX_new(kdf) else { throw .failed("EVP_KDF_CTX_new") }
        defer { EVP_KDF_CTX_free(context) }
        var salt = salt, key = key, info = info, digest = Array("SHA256".utf8CString)
        var output = [UInt8](repeating: 0, count: length)
        let status = digest.withUnsafeMutableBufferPointer { digest in
            salt.withUnsafeMutableBytes { salt in
                key.withUnsafeMutableBytes { key in
                    info.withUnsafeMutableBytes { info in
                        var parameters = [
                            OSSL_PARAM_construct_utf8_string(ParameterName.digest, digest.baseAddress, 0),
                            OSSL_PARAM_construct_octet_string(ParameterName.salt, salt.baseAddress, salt.count),
                            OSSL_PARAM_construct_octet_string(ParameterName.key, key.baseAddress, key.count),
                            OSSL_PARAM_construct_octet_string(ParameterName.info, info.baseAddress, info.count),
                            OSSL_PARAM_construct_end(),
                        ]
                        return EVP_KDF_derive(context, &output, length, &parameters)
                    }
                }
            }
        }
        guard status == 1 else { throw .failed("EVP_KDF_derive") }
        return output
    }

    /// AES-128-GCM through `EVP`: the ciphertext followed by the 16-byte tag.
    static func aes128gcm(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws(WebPushCryptoError) -> [UInt8] {
        guard let context = EVP_CIPHER_CTX_new() else { throw .failed("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: Int32 = 0
        var finished: Int32 = 0
        guard EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1,
              EVP_EncryptUpdate(context, &output, &written, plaintext, Int32(plaintext.count)) == 1,
              output.withUnsafeMutableBufferPointer({ EVP_EncryptFinal_ex(context, $0.baseAddress! + Int(written), &finished) }) == 1
        else { throw .failed("EVP_Encrypt") }
        let length = Int(written + finished)
        var tag = [UInt8](repeating: 0, count: 16)
        guard EVP_CIPHER_CTX_ctrl(context, controlGetTag, 16, &tag) == 1 else { throw .failed("EVP_CIPHER_CTX_ctrl GET_TAG") }
        return Array(output.prefix(length)) + tag
    }
}

/// base64url without padding (RFC 4648 §5), as Web Push and JWTs use it.
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// nil for text that is not base64url (padding is accepted).
    public static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= 4_096, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "=") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/").replacingOccurrences(of: "=", with: "")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}
