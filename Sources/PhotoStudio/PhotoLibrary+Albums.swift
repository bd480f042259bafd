import Foundation
import Storage

extension PhotoLibrary {
    // MARK: albums

    public struct Album: Sendable, Hashable {
        public var id: Int64
        public var name: String
        /// Photos in it, those in 最近删除 not counted.
        public var count: Int
        /// The chosen cover when it is in the library, else the newest photo in the album; nil when it is empty.
        public var coverPhotoID: Int64?
        /// Whether `coverPhotoID` was chosen.
        public var coverChosen: Bool
    }

    /// The account's albums by name, each with its count and cover (photos in 最近删除 neither counted nor shown).
    public func albums(userID: Int64) throws -> [Album] {
        try database.read { db in
            try db.query("""
                SELECT a.id, a.name,
                    (SELECT COUNT(*) FROM photos_album_items i JOIN photos_photos p ON p.id = i.photo_id
                        WHERE i.album_id = a.id AND p.trashed_at IS NULL) AS n,
                    (SELECT c.id FROM photos_photos c WHERE c.id = a.cover_photo_id AND c.trashed_at IS NULL) AS chosen,
                    (SELECT MAX(p.id) FROM photos_album_items i JOIN photos_photos p ON p.id = i.photo_id
                        WHERE i.album_id = a.id AND p.trashed_at IS NULL) AS newest
                FROM photos_albums a WHERE a.user_id = ? ORDER BY a.name
                """, userID).map { row in
                let chosen = try row.get("chosen", as: Int64?.self)
                let newest = try row.get("newest", as: Int64?.self)
                return Album(id: try row.get("id"), name: try row.get("name"), count: try row.get("n"),
                             coverPhotoID: chosen ?? newest, coverChosen: chosen != nil)
            }
        }
    }

    /// Why an album change was refused.
    public enum AlbumChangeError: Error, Sendable, Equatable {
        /// Another album of the account has the name.
        case nameTaken
        /// The cover is not one of the account's photos (or is in 最近删除).
        case noSuchPhoto
        /// The cover is one of the account's photos but not in the album (a cover is chosen among its photos).
        case notInAlbum
    }

    /// Renames the album, sets its cover (one of its photos) or clears the chosen one (`clearCover`: the newest photo
    /// stands in again), in one transaction. - Returns: the album, nil when it is not the account's.
    /// - Throws: ``AlbumNameError`` for a name the rules refuse, ``AlbumChangeError`` (nothing changed).
    public func updateAlbum(id: Int64, userID: Int64, name: String?, coverPhotoID: Int64?, clearCover: Bool = false) throws -> Album? {
        let trimmed = try name.map { name throws(AlbumNameError) in try AlbumName.validated(name) }
        let found = try database.write { db -> Bool in
            guard try db.queryFirst("SELECT 1 FROM photos_albums WHERE id = ? AND user_id = ?", id, userID) != nil else { return false }
            if let trimmed {
                if try db.queryFirst("SELECT 1 FROM photos_albums WHERE user_id = ? AND name = ? AND id <> ?", userID, trimmed, id) != nil {
                    throw AlbumChangeError.nameTaken
                }
                try db.execute("UPDATE photos_albums SET name = ? WHERE id = ?", trimmed, id)
            }
            if let coverPhotoID {
                guard try db.queryFirst("SELECT 1 FROM photos_photos WHERE id = ? AND user_id = ? AND trashed_at IS NULL", coverPhotoID, userID) != nil
                else { throw AlbumChangeError.noSuchPhoto }
                guard try db.queryFirst("SELECT 1 FROM photos_album_items WHERE album_id = ? AND photo_id = ?", id, coverPhotoID) != nil
                else { throw AlbumChangeError.notInAlbum }
                try db.execute("UPDATE photos_albums SET cover_photo_id = ? WHERE id = ?", coverPhotoID, id)
            } else if clearCover {
                try db.execute("UPDATE photos_albums SET cover_photo_id = NULL WHERE id = ?", id)
            }
            return true
        }
        return found ? try album(id: id, userID: userID) : nil
    }

    /// Deletes the album; its photos stay in the library. - Returns: false when it is not the account's.
    public func deleteAlbum(id: Int64, userID: Int64) throws -> Bool {
        try database.write { db in try db.execute("DELETE FROM photos_albums WHERE id = ? AND user_id = ?", id, userID) == 1 }
    }

    public func album(id: Int64, userID: Int64) throws -> Album? {
        try albums(userID: userID).first { $0.id == id }
    }

    /// Creates an album (``AlbumName`` rules, unique per account) or returns the existing one of that name.
    /// - Throws: ``AlbumNameError`` for a name the rules refuse; storage errors.
    public func createAlbum(userID: Int64, name: String) throws -> Album {
        let trimmed = try AlbumName.validated(name)
        let id = try database.write { db in
            try db.execute("INSERT INTO photos_albums (user_id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, name) DO NOTHING",
                           userID, trimmed, nowSeconds)
            let row = try db.queryFirst("SELECT id FROM photos_albums WHERE user_id = ? AND name = ?", userID, trimmed)
            return try row!.get("id", as: Int64.self)
        }
        return try album(id: id, userID: userID)!
    }

    /// Puts a photo in (or takes it out of) one of its owner's albums. False when the album is not theirs.
    @discardableResult
    public func setMembership(_ photo: Photo, albumID: Int64, member: Bool) throws -> Bool {
        try database.write { db in
            guard try db.queryFirst("SELECT 1 FROM photos_albums WHERE id = ? AND user_id = ?", albumID, photo.userID) != nil else { return false }
            if member {
                try db.execute("INSERT INTO photos_album_items (album_id, photo_id) VALUES (?, ?) ON CONFLICT (album_id, photo_id) DO NOTHING", albumID, photo.id)
            } else {
                try db.execute("DELETE FROM photos_album_items WHERE album_id = ? AND photo_id = ?", albumID, photo.id)
            }
            return true
        }
    }

    public func albums(of photo: Photo) throws -> [Int64] {
        try database.read { db in
            try db.query("SELECT album_id FROM photos_album_items WHERE photo_id = ?", photo.id).map { try $0.get("album_id") }
        }
    }
}
