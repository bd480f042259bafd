import AppHost
import Foundation
import Identity

/// `appsuite import photos PATH`: adds every image under PATH (recursively, in name order) to one
/// account's library: `APPSUITE_PHOTOS_USER` (default `demo`, created when missing with
/// `APPSUITE_PHOTOS_PASSWORD` or a random password printed once). Idempotent: files already in the
/// library are counted as duplicates. Files that are not usable images are skipped with a reason. A file's modification
/// time is its taken time when it has no EXIF date (``TakenTime``).
struct PhotoImporter: DataImporter {
    let library: PhotoLibrary
    let identity: IdentityService
    let username: String
    let password: String?

    var defaultFolder: String { "photos" }

    func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        let userID = try owner()
        let files = Self.files(under: folder)
        var imported = 0
        var duplicates = 0
        var skipped: [(item: String, reason: String)] = []
        let basePath = folder.standardizedFileURL.path
        for (index, file) in files.enumerated() {
            var relative = file.standardizedFileURL.path
            if relative.hasPrefix(basePath + "/") { relative.removeFirst(basePath.count + 1) }
            progress(ImportProgress(done: index, total: files.count, item: relative))
            do throws(IngestError) {
                let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
                let result = try library.add(fileAt: file.path, filename: file.lastPathComponent, userID: userID, check: .decode, fileTime: modified)
                if result.isDuplicate { duplicates += 1 } else { imported += 1 }
            } catch {
                skipped.append((relative, error.message))
            }
        }
        progress(ImportProgress(done: files.count, total: files.count, item: ""))
        if duplicates > 0 { skipped.append(("(\(duplicates) files)", "already in @\(username)'s library")) }
        return ImportSummary(imported: imported, skipped: skipped)
    }

    /// Regular files under `folder`, recursively, skipping hidden ones, sorted by path.
    static func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    private func owner() throws -> Int64 {
        if let user = try identity.users.user(username: username) { return user.id }
        let chosen = password ?? Self.randomPassword()
        let user = try identity.users.register(username: username, password: chosen, now: identity.clock.now())
        if password == nil {
            FileHandle.standardError.write(Data(
                "appsuite: created account '\(username)' for the photo import; its password is \(chosen) (change it under 我的 → 修改密码)\n".utf8))
        }
        return user.id
    }

    static func randomPassword() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
