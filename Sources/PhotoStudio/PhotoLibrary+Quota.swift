public import AppHost
import Foundation
import Storage
import WebUI

/// Photo Studio's per-account storage quota (issue 27 item 3), checked by `add` and `saveVersion` in the transaction
/// that stores the bytes.
extension PhotoLibrary {
    /// The account's quota: the bytes of its originals (each counted in full, even when another account has the same
    /// file) and of its edited versions; thumbnails and renditions, which are remade when missing, are not counted.
    public var quota: StorageQuota {
        StorageQuota(app: "photos", title: LocalizedText(zh: "图片处理器 · 原图与编辑版本", en: "Photo Studio · originals and edits"),
                     limitBytes: quotaBytes) { [self] userID, db in try usedBytes(userID: userID, db: db) }
    }

    /// Bytes of `userID`'s originals and versions; a version saved before sizes were recorded is measured on disk.
    func usedBytes(userID: Int64, db: any SQLExecutor) throws -> Int64 {
        let originals: Int64 = try db.scalar("SELECT COALESCE(SUM(file_size), 0) FROM photos_photos WHERE user_id = ?", userID) ?? 0
        let versions: Int64 = try db.scalar("""
            SELECT COALESCE(SUM(v.file_size), 0) FROM photos_versions v JOIN photos_photos p ON p.id = v.photo_id WHERE p.user_id = ?
            """, userID) ?? 0
        let unsized = try db.query("""
            SELECT v.sha256 FROM photos_versions v JOIN photos_photos p ON p.id = v.photo_id WHERE p.user_id = ? AND v.file_size IS NULL
            """, userID).map { try $0.get("sha256", as: String.self) }
        let measured = unsized.reduce(Int64(0)) { total, sha in
            total + Int64((try? FileManager.default.attributesOfItem(atPath: originalURL(sha: sha).path)[.size] as? Int) ?? 0)
        }
        return originals + versions + measured
    }

    static func log(_ text: String) {
        FileHandle.standardError.write(Data("appsuite: photos: \(text)\n".utf8))
    }
}
