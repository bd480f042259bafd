public import AppSuiteAPI
public import Foundation

/// Where the client keeps the signed-in session (the bearer token with its user and expiry) between launches.
/// ``KeychainTokenStore`` on Apple platforms; ``FileTokenStore`` or ``InMemoryTokenStore`` elsewhere.
///
/// Calls come from any thread, one at a time per client.
public protocol TokenStore: Sendable {
    /// The saved session, nil when none is saved.
    func load() throws -> LoginResponse?
    /// Replaces the saved session.
    func save(_ session: LoginResponse) throws
    /// Forgets the saved session; no error when none is saved.
    func remove() throws
}

/// Keeps the session in memory only: signed out at every launch.
public final class InMemoryTokenStore: TokenStore {
    private let session = Locked<LoginResponse?>(nil)

    /// An empty store.
    public init() {}

    /// The session saved since launch, if any.
    public func load() -> LoginResponse? { session.withLock { $0 } }
    /// Keeps `session` until the process ends.
    public func save(_ session: LoginResponse) { self.session.withLock { $0 = session } }
    /// Forgets the session.
    public func remove() { session.withLock { $0 = nil } }
}

/// Keeps the session as JSON in one file, readable and writable by its owner only (mode 0600), replaced
/// atomically. For command-line tools and Linux; on iOS and macOS prefer ``KeychainTokenStore``.
public final class FileTokenStore: TokenStore {
    /// The file holding the session's JSON.
    public let url: URL

    /// - Parameter url: the file; its folder is created when missing (mode 0700).
    public init(url: URL) {
        self.url = url
    }

    /// The saved session, nil when the file does not exist.
    /// - Throws: the file's read error, or a `DecodingError` for a file that is not a session.
    public func load() throws -> LoginResponse? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try APICoding.makeDecoder().decode(LoginResponse.self, from: Data(contentsOf: url))
    }

    /// Writes a new file beside the old one (mode 0600) and renames it over it.
    /// - Throws: the file system's error.
    public func save(_ session: LoginResponse) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try APICoding.makeEncoder().encode(session)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(code)
        }
    }

    /// Deletes the file; no error when it does not exist.
    public func remove() throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
