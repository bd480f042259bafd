public import AppHost
import Foundation
public import Identity
import Storage

extension MerchantsApp {
    /// The merchants the user submitted (with their review state), the photos they uploaded (rows, and the
    /// display-size JPEG of each that still has its files, as `photos/<id>.jpg`) and the articles they wrote as an
    /// owner; erasing deletes the submissions, the photos (their files after commit) and the articles (the owner's
    /// own words), and leaves published merchants without an owner (the place itself is public data).
    public func accountData(context: AppContext) -> AccountDataPart? {
        let photos = Self.photoStore(context)
        return AccountDataPart(
            name: "merchants",
            export: { userID, db in
                let files: [(name: String, path: String)] = try PhotoStore.photos(userID: userID, db: db).filter { $0.state != .rejected }.map { photo in
                    (name: "photos/\(photo.id).jpg", path: photos.path(photo.file, .display).path)
                }
                return AccountExport(tables: [
                    try AccountExport.rows("submissions", "SELECT id, name, category, lat, lon, address, opening_hours, phone, price_per_person, state, "
                              + "merchant_id, created_at FROM merchants_submissions WHERE user_id = ? ORDER BY id", userID: userID, db),
                    try AccountExport.rows("owned", "SELECT id, name, created_at FROM merchants WHERE owner_id = ? ORDER BY id", userID: userID, db),
                    try AccountExport.rows("photos", "SELECT id, merchant_id, submission_id, state, alt, width, height, created_at "
                              + "FROM merchants_photos WHERE user_id = ? ORDER BY id", userID: userID, db),
                    try AccountExport.rows("articles", "SELECT id, merchant_id, title, body, valid_from, valid_until, created_at, updated_at "
                              + "FROM merchants_articles WHERE author_id = ? ORDER BY id", userID: userID, db),
                ], files: files)
            },
            erase: { userID, db in
                let files: [String] = try PhotoStore.photos(userID: userID, db: db).map(\.file)
                try db.execute("DELETE FROM merchants_photos WHERE user_id = ?", userID)
                try db.execute("DELETE FROM merchants_submissions WHERE user_id = ?", userID)
                try db.execute("DELETE FROM merchants_articles WHERE author_id = ?", userID)
                try db.execute("UPDATE merchants SET owner_id = NULL WHERE owner_id = ?", userID)
                guard !files.isEmpty else { return nil }
                return { photos.discard(files) }
            })
    }
}
