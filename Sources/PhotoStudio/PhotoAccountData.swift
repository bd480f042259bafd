public import AppHost
public import Identity
import Foundation
import Storage

extension PhotoStudioApp {
    /// The user's photos (facts, saved edits, albums) and their originals as uploaded, named
    /// `originals/<id>-<file name>`. Erasing deletes the rows (versions and album entries go with them), then
    /// removes the files no other account's photo uses (``PhotoLibrary/collect(_:)``: the blob store keeps one
    /// copy of equal bytes).
    public func accountData(context: AppContext) -> AccountDataPart? {
        let library = library(context)
        return AccountDataPart(
            name: "photos",
            export: { userID, db in
                let photos = try AccountExport.rows(
                    "photos", "SELECT id, sha256, filename, format, width, height, orientation, taken_at, camera, file_size, created_at, "
                        + "current_version_id FROM photos_photos WHERE user_id = ? ORDER BY id", userID: userID, db)
                let files = try photos.rows.map { row in
                    let id: Int64 = try row.get("id")
                    let name = PhotoLibrary.cleanFilename(try row.get("filename"))
                    return (name: "originals/\(id)-\(name)", path: library.originalURL(sha: try row.get("sha256")).path)
                }
                return AccountExport(tables: [
                    photos,
                    try AccountExport.rows("versions", "SELECT v.id, v.photo_id, v.operations, v.width, v.height, v.format, v.created_at FROM photos_versions v "
                              + "JOIN photos_photos p ON p.id = v.photo_id WHERE p.user_id = ? ORDER BY v.id", userID: userID, db),
                    try AccountExport.rows("albums", "SELECT id, name, created_at FROM photos_albums WHERE user_id = ? ORDER BY id", userID: userID, db),
                    try AccountExport.rows("albumItems", "SELECT i.album_id, i.photo_id FROM photos_album_items i JOIN photos_albums a ON a.id = i.album_id "
                              + "WHERE a.user_id = ? ORDER BY i.album_id, i.photo_id", userID: userID, db),
                ], files: files)
            },
            erase: { userID, db in
                let shas = try db.query("SELECT sha256 FROM photos_photos WHERE user_id = ? UNION SELECT v.sha256 FROM photos_versions v "
                                        + "JOIN photos_photos p ON p.id = v.photo_id WHERE p.user_id = ?", userID, userID)
                    .map { try $0.get("sha256", as: String.self) }
                try db.execute("DELETE FROM photos_albums WHERE user_id = ?", userID)
                try db.execute("DELETE FROM photos_photos WHERE user_id = ?", userID)
                return { try? library.collect(Set(shas)) }
            })
    }
}
