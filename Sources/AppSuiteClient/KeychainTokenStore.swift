#if canImport(Security)
public import AppSuiteAPI
public import Foundation
import Security

/// Keeps the session in the Keychain as one generic password item (service and account as given), readable
/// after the device's first unlock and never synced or restored to another device.
public final class KeychainTokenStore: TokenStore {
    /// `kSecAttrService` of the item.
    public let service: String
    /// `kSecAttrAccount` of the item.
    public let account: String

    /// The error of a Keychain call: its `OSStatus` and the system's message.
    public struct KeychainError: Error, CustomStringConvertible {
        /// What the Keychain call returned.
        public let status: OSStatus
        /// The status with the system's message for it.
        public var description: String {
            "Keychain error \(status): " + ((SecCopyErrorMessageString(status, nil) as String?) ?? "unknown")
        }
    }

    /// The item named by `service` and `account` (use the app's bundle identifier as the service).
    public init(service: String = "AppSuite", account: String = "session") {
        self.service = service
        self.account = account
    }

    private var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    /// The saved session, nil without an item.
    /// - Throws: ``KeychainError``, or a `DecodingError` for an item that is not a session.
    public func load() throws -> LoginResponse? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &item)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = item as? Data else { throw KeychainError(status: status) }
        return try APICoding.makeDecoder().decode(LoginResponse.self, from: data)
    }

    /// Updates the item, or adds it when missing.
    /// - Throws: ``KeychainError``.
    public func save(_ session: LoginResponse) throws {
        let data = try APICoding.makeEncoder().encode(session)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            status = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    /// Deletes the item; no error when there is none.
    /// - Throws: ``KeychainError``.
    public func remove() throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }
}
#endif
