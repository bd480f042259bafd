import Foundation
public import Identity
public import Storage

/// "Download my data" and "delete my account" across the suite (issue 11 item 3), over the parts the
/// platform and every app contribute (``MiniApp/accountData(context:)``).
///
/// The export reads every part in one read transaction (one consistent snapshot) and writes a zip of
/// `<part>.json` plus `<part>/<file>` (the user's photo originals, the avatar) to `<data-dir>/exports/<user>.zip`,
/// replacing the user's previous one; exports older than an hour are removed on the next export. Callers run
/// it on the work pool. The deletion runs every part's erasure in one write transaction (SQLite and PostgreSQL
/// both allow it), then the parts' file clean-ups after commit, then removes the user's export.
public struct AccountArchive: Sendable {
    public let database: any Database
    /// In erasure order: apps first, then the platform's (identity last: it deletes the `users` row).
    public let parts: [AccountDataPart]
    /// `<data-dir>/exports`, created on first use, owner-only.
    public let directory: String
    /// At most this many files (photos, avatar) in one export ...
    public static let maximumFiles = 20_000
    /// ... and this many bytes of them (4 GiB); a larger library is ``AccountDataError/tooLarge(files:bytes:)``.
    public static let maximumBytes: Int64 = 4 << 30
    /// Exports are kept this long (seconds) for the download, then removed by the next export.
    static let keptFor: TimeInterval = 3600

    public init(database: any Database, parts: [AccountDataPart], directory: String) {
        self.database = database
        self.parts = parts
        self.directory = directory
    }

    /// Builds user `userID`'s archive and returns its path and size in bytes. Slow (it copies every photo):
    /// call it on the work pool.
    /// - Throws: ``AccountDataError/tooLarge(files:bytes:)``, ``AccountDataError/archiveFailed(_:)``, a part's
    ///   `StorageError`.
    public func export(userID: Int64) throws -> (path: String, size: Int) {
        let exports = try database.read { db in try parts.map { part in (part.name, try part.export(userID, db)) } }
        var entries: [(name: String, entry: ZipFile.Entry)] = []
        var fileCount = 0
        var byteCount: Int64 = 0
        for (name, export) in exports {
            entries.append((name + ".json", .bytes(export.json)))
            for file in export.files {
                // A file a row names but the disk lacks (removed by hand, a failed upload) is left out, not fatal.
                guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int64 else { continue }
                fileCount += 1
                byteCount += size
                entries.append((name + "/" + file.name, .file(path: file.path)))
            }
        }
        guard fileCount <= Self.maximumFiles, byteCount <= Self.maximumBytes else {
            throw AccountDataError.tooLarge(files: fileCount, bytes: byteCount)
        }
        try prepareDirectory()
        let path = exportPath(userID)
        let partial = path + ".partial-" + UUID().uuidString.lowercased()
        do {
            try ZipFile.write(entries, to: partial)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw AccountDataError.archiveFailed(error.reason)
        }
        // A rename: a download still reading the previous archive keeps its open file.
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            throw AccountDataError.archiveFailed("\(path): \(reason)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        return (path, size)
    }

    /// Removes or anonymises everything of user `userID` in one write transaction, then removes their files.
    /// - Throws: a part's error; the transaction is then rolled back and no file is touched.
    public func erase(userID: Int64) throws {
        let cleanups = try database.write { db in try parts.compactMap { part in try part.erase(userID, db) } }
        for cleanup in cleanups { cleanup() }
        try? FileManager.default.removeItem(atPath: exportPath(userID))
    }

    func exportPath(_ userID: Int64) -> String { directory + "/\(userID).zip" }

    /// Creates the folder (owner-only: the archives are personal data) and removes exports past ``keptFor``.
    private func prepareDirectory() throws(AccountDataError) {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .archiveFailed("\(directory): \(error.localizedDescription)")
        }
        let cutoff = Date().addingTimeInterval(-Self.keptFor)
        for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? [] {
            let path = directory + "/" + name
            if let modified = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
                try? fileManager.removeItem(atPath: path)
            }
        }
    }
}

/// Why an export could not be made.
public enum AccountDataError: Error, Sendable, Equatable {
    /// More than ``AccountArchive/maximumFiles`` files or ``AccountArchive/maximumBytes`` bytes to copy.
    case tooLarge(files: Int, bytes: Int64)
    /// libzip or the file system failed; its reason is kept.
    case archiveFailed(String)
}
