public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's 32-byte master key, from which Identity derives its keyed-hash keys (CSRF).
/// Kept in a file in the data directory, readable by the server's user only (0600), so it
/// survives restarts and is shared by every instance on the same data directory.
///
/// The value never appears in `description`/logs. Deleting the file (and restarting) rotates it,
/// which invalidates all CSRF tokens but no sessions.
public struct ServerSecret: Sendable, CustomStringConvertible {
    /// Key length in bytes.
    public static let byteCount = 32

    let bytes: [UInt8]

    /// A secret from exactly 32 bytes (e.g. from a secrets manager); `nil` otherwise.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A fresh random secret that lives only in memory (tests, throwaway servers).
    public static func ephemeral() -> ServerSecret {
        ServerSecret(bytes: Sodium.randomBytes(byteCount))!
    }

    public var description: String { "ServerSecret(redacted)" }

    /// Reads the key file at `url`, or creates it with 32 random bytes and mode 0600.
    ///
    /// Creation is atomic and race-free between processes: the bytes go to a uniquely named
    /// temporary file (mode 0600, fsynced) that is then `link(2)`ed to `url` — which fails if
    /// another process got there first, in which case its file is read instead. A reader never
    /// sees a half-written key.
    ///
    /// - Throws: ``IdentityError/serverSecret(_:)`` if the file cannot be read or created, is not
    ///   exactly 32 bytes, or is readable or writable by group or others (fix with
    ///   `chmod 600`); the text names the path and the system error.
    public static func loadOrCreate(at url: URL) throws(IdentityError) -> ServerSecret {
        let path = url.path
        if let existing = try readKey(path) { return existing }
        let key = Sodium.randomBytes(byteCount)
        let temporary = path + ".tmp-" + Sodium.base64URL(Sodium.randomBytes(9))
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot create", temporary) }
        defer { unlink(temporary) }
        let written = key.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == byteCount, synced else { throw failure("cannot write", temporary) }
        if link(temporary, path) != 0 {
            let error = errno
            guard error == EEXIST else { throw failure("cannot create", path, errno: error) }
            // Lost a creation race: use the winner's key.
            guard let existing = try readKey(path) else { throw failure("vanished while creating", path) }
            return existing
        }
        syncDirectory(of: path)
        return ServerSecret(bytes: key)!
    }

    /// `nil` if the file does not exist.
    private static func readKey(_ path: String) throws(IdentityError) -> ServerSecret? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let error = errno
            if error == ENOENT { return nil }
            throw failure("cannot open", path, errno: error)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot stat", path) }
        guard info.st_mode & 0o077 == 0 else {
            throw .serverSecret("\(path): permissions \(String(info.st_mode & 0o777, radix: 8)) allow group/other access; run chmod 600")
        }
        var buffer = [UInt8](repeating: 0, count: byteCount + 1)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", path)
            }
            if count == 0 { break }
            total += count
        }
        defer { Sodium.wipe(&buffer) }
        guard total == byteCount else {
            throw .serverSecret("\(path): expected \(byteCount) bytes, found \(total == byteCount + 1 ? "more" : String(total))")
        }
        return ServerSecret(bytes: Array(buffer.prefix(byteCount)))
    }

    private static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func failure(_ what: String, _ path: String, errno code: Int32 = errno) -> IdentityError {
        .serverSecret("\(path): \(what): \(String(cString: strerror(code)))")
    }
}
