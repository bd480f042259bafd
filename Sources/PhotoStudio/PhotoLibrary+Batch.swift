import AppHost
public import AppSuiteAPI
import Foundation
import Storage

/// Batch actions on a selection (issue 29 item 2): all or nothing — every id is checked before anything changes,
/// and the change is one write transaction.
extension PhotoLibrary {
    /// Why a selection was refused: each failing id with its position in the list sent.
    public struct BatchRefusal: Error, Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            /// More ids than ``PhotoBatch/maximumIDs`` (the count), or none (0).
            case count(Int)
            /// An id sent twice (its earlier position).
            case duplicate(of: Int)
            /// Not one of the account's photos (another account's, purged, or never made).
            case notFound
            /// In 最近删除: not downloaded until it is restored.
            case trashed
        }

        public var failures: [(index: Int, id: Int64, reason: Reason)]

        public static func == (a: Self, b: Self) -> Bool {
            a.failures.map { "\($0.index) \($0.id) \($0.reason)" } == b.failures.map { "\($0.index) \($0.id) \($0.reason)" }
        }
    }

    /// Checks a selection before any change: 1…``PhotoBatch/maximumIDs`` ids, each once.
    static func checkSelection(_ ids: [Int64]) throws(BatchRefusal) {
        guard (1...PhotoBatch.maximumIDs).contains(ids.count) else { throw BatchRefusal(failures: [(0, 0, .count(ids.count))]) }
        var first: [Int64: Int] = [:]
        var failures: [(index: Int, id: Int64, reason: BatchRefusal.Reason)] = []
        for (index, id) in ids.enumerated() {
            if let earlier = first[id] { failures.append((index, id, .duplicate(of: earlier))) } else { first[id] = index }
        }
        if !failures.isEmpty { throw BatchRefusal(failures: failures) }
    }

    /// The ids of `ids` that are not the account's photos, with their positions (checked inside `db`'s transaction).
    static func foreign(_ ids: [Int64], userID: Int64, _ db: any SQLExecutor) throws -> [(index: Int, id: Int64, reason: BatchRefusal.Reason)] {
        var failures: [(index: Int, id: Int64, reason: BatchRefusal.Reason)] = []
        for (index, id) in ids.enumerated() where try db.queryFirst("SELECT 1 FROM photos_photos WHERE id = ? AND user_id = ?", id, userID) == nil {
            failures.append((index, id, .notFound))
        }
        return failures
    }

    /// Does `action` to every photo of `ids`, or to none. `albumID` (an album of the account) is needed by
    /// `addToAlbum` and `removeFromAlbum`.
    /// - Returns: how many photos changed; nil when the album is not the account's.
    /// - Throws: ``BatchRefusal`` naming every failing id; storage errors.
    public func batch(_ ids: [Int64], action: PhotoBatchAction, albumID: Int64?, userID: Int64) throws -> Int? {
        try Self.checkSelection(ids)
        let now = nowSeconds
        return try database.write { db -> Int? in
            if action == .addToAlbum || action == .removeFromAlbum {
                guard let albumID, try db.queryFirst("SELECT 1 FROM photos_albums WHERE id = ? AND user_id = ?", albumID, userID) != nil
                else { return nil }
            }
            let failures = try Self.foreign(ids, userID: userID, db)
            if !failures.isEmpty { throw BatchRefusal(failures: failures) }
            var changed = 0
            for id in ids {
                switch action {
                case .trash:
                    changed += try db.execute("UPDATE photos_photos SET trashed_at = ? WHERE id = ? AND trashed_at IS NULL", now, id)
                case .restore:
                    changed += try db.execute("UPDATE photos_photos SET trashed_at = NULL WHERE id = ? AND trashed_at IS NOT NULL", id)
                case .addToAlbum:
                    changed += try db.execute(
                        "INSERT INTO photos_album_items (album_id, photo_id) VALUES (?, ?) ON CONFLICT (album_id, photo_id) DO NOTHING", albumID!, id)
                case .removeFromAlbum:
                    changed += try db.execute("DELETE FROM photos_album_items WHERE album_id = ? AND photo_id = ?", albumID!, id)
                case .unknown:
                    // Refused by the route before it gets here; changes nothing.
                    break
                }
            }
            return changed
        }
    }

    /// The files a download of `ids` puts in its zip: each photo's current version (or original) under its download
    /// name, made unique. - Throws: ``BatchRefusal`` naming every id that is not the account's.
    public func downloadEntries(_ ids: [Int64], userID: Int64) throws -> [(name: String, path: String)] {
        try Self.checkSelection(ids)
        return try database.read { db in
            var failures = try Self.foreign(ids, userID: userID, db)
            for (index, id) in ids.enumerated()
            where try db.queryFirst("SELECT 1 FROM photos_photos WHERE id = ? AND user_id = ? AND trashed_at IS NOT NULL", id, userID) != nil {
                failures.append((index, id, .trashed))
            }
            if !failures.isEmpty { throw BatchRefusal(failures: failures.sorted { $0.index < $1.index }) }
            var used: Set<String> = []
            return try ids.map { id in
                let photo = try Self.loadPhoto(db, id: id, userID: userID)!
                var name = Self.downloadName(photo, edited: photo.current != nil)
                if !used.insert(name).inserted {
                    name = "\(photo.id)-" + name
                    used.insert(name)
                }
                return (name, originalURL(sha: photo.displaySHA).path)
            }
        }
    }

    /// Writes the zip of a download to `downloads/<user>.zip` (through a partial file and a rename, so a download
    /// still being sent keeps its file), stored as they are: photos are compressed already.
    /// - Returns: its path and size. - Throws: ``ZipFile/Failure`` with libzip's reason, or a storage error.
    func writeDownload(_ entries: [(name: String, path: String)], userID: Int64) throws -> (path: String, size: Int) {
        let folder = directory.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(userID).zip").path
        let partial = path + ".partial-" + UUID().uuidString.lowercased()
        do {
            try ZipFile.write(entries.map { (name: $0.name, entry: .file(path: $0.path)) }, to: partial)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        guard rename(partial, path) == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw IngestError(code: "storage", message: "the download could not be written")
        }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return (path, size)
    }

    /// Removes batch downloads made more than a day ago (each account keeps only its latest anyway).
    /// - Returns: how many went.
    func removeOldDownloads() -> Int {
        let folder = directory.appendingPathComponent("downloads")
        let cutoff = clock.now().addingTimeInterval(-86_400)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names {
            let url = folder.appendingPathComponent(name)
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date, modified < cutoff
            else { continue }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }

    /// "IMG_5195.heic" for the original, "IMG_5195-edited.jpg" for an edited version.
    static func downloadName(_ photo: Photo, edited: Bool) -> String {
        var stem = photo.filename
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        if edited, let version = photo.current { return stem + "-edited." + fileExtension(version.format) }
        return stem + "." + fileExtension(photo.format)
    }

    static func fileExtension(_ format: String) -> String {
        switch format {
        case "jpeg": "jpg"
        case "heif": "heic"
        default: format
        }
    }
}
