import AppHost
import Community
import Foundation
import Imaging
import Storage
import WebUI

/// 商户照片: users' photos of a merchant (or of a merchant they submit). An upload holds at most ``perUpload``
/// pictures, each within ``limits`` (Photo Studio's defaults: 100 megapixels read from the header before any
/// decoding, so a decompression bomb is refused unopened, and 64 MiB); a user may send ``perHour`` an hour.
/// libvips decodes each one (on the work pool, never on the request thread), turns it upright by its EXIF
/// orientation, strips its metadata and re-encodes two JPEGs under `<data>/apps/merchants/photos/`: the display
/// size (fits ``displaySide`` px) and a square thumbnail (``thumbnailSide`` px); the upload itself is not kept.
/// A merchant's photo waits in the moderation queue as item `photo:{id}` and is shown once approved; a
/// submission's photos wait with the submission and are published with it. Rejected or hidden photos lose their files.
struct PhotoStore: Sendable {
    let database: any Database
    /// `<data>/apps/merchants/photos`.
    let directory: URL
    /// Bytes one account's photos may keep on disk (their JPEGs; a rejected photo has none).
    var quotaBytes: Int64 = PhotoStore.defaultQuotaBytes

    /// The default of ``quotaBytes``: 256 MiB, several hundred photos at 1280 px.
    static let defaultQuotaBytes: Int64 = 256 << 20

    /// The uploader's quota over the photos it keeps (pending and approved).
    var quota: StorageQuota {
        StorageQuota(app: "merchants", title: LocalizedText(zh: "商户 · 上传的照片", en: "Merchants · uploaded photos"), limitBytes: quotaBytes) { [self] userID, db in
            let known: Int64 = try db.scalar("SELECT COALESCE(SUM(bytes), 0) FROM merchants_photos WHERE user_id = ? AND state <> 'rejected'",
                                              userID) ?? 0
            let unsized = try db.query("SELECT file FROM merchants_photos WHERE user_id = ? AND state <> 'rejected' AND bytes IS NULL", userID)
                .map { try $0.get(0, as: String.self) }
            return known + unsized.reduce(0) { total, name in
                total + Size.allCases.reduce(0) { $0 + Int64((try? FileManager.default.attributesOfItem(atPath: path(name, $1).path)[.size] as? Int) ?? 0) }
            }
        }
    }

    static let perUpload = 9
    static let perHour = 30
    static let limits = ImageLimits()
    static let displaySide = 1_280
    static let thumbnailSide = 240
    static let maxAlt = 100

    /// The two files of a photo.
    enum Size: String, CaseIterable, Sendable {
        case thumbnail = "thumb"
        case display
    }

    enum State: String, Sendable {
        case pending, approved, rejected
    }

    struct Photo: Sendable, Equatable {
        var id: Int64
        var merchantID: Int64?
        var submissionID: Int64?
        var userID: Int64
        var state: State
        var alt: String?
        var file: String
        var width: Int
        var height: Int
        var createdAt: Int64

        /// Where the page and the API link the picture: `/merchants/photos/{id}/thumb.jpg`.
        func url(_ size: Size) -> String { "/merchants/photos/\(id)/\(size.rawValue).jpg" }
    }

    /// One picture made ready for storing: its JPEGs, not yet on disk.
    struct Processed: Sendable {
        var name: String
        var thumbnail: EncodedImage
        var display: EncodedImage
        /// What its two files take on disk.
        var bytes: Int64 { Int64(thumbnail.bytes.count + display.bytes.count) }
    }

    /// Why an upload was refused.
    enum Refusal: Error, Equatable {
        case noPicture
        case tooMany(count: Int)
        case tooManyThisHour(retryAfter: Int64)
        /// The `index`th file (from 1) named `name` is not a picture we accept.
        case picture(index: Int, name: String, ImagingError)
        case altTooLong
    }

    static let columns = "id, merchant_id, submission_id, user_id, state, alt, file, width, height, created_at"

    static func photo(_ row: Row) throws(StorageError) -> Photo {
        Photo(id: try row.get("id"), merchantID: try row.get("merchant_id"), submissionID: try row.get("submission_id"),
              userID: try row.get("user_id"), state: State(rawValue: try row.get("state")) ?? .pending, alt: try row.get("alt"),
              file: try row.get("file"), width: try row.get("width"), height: try row.get("height"),
              createdAt: try row.get("created_at"))
    }

    // MARK: processing (slow: on the work pool)

    /// Decodes and re-encodes the uploads at `files` (path and the client's file name). All or nothing: the first
    /// file that is not an acceptable picture refuses the upload.
    /// - Throws: ``Refusal`` (`noPicture`, `tooMany`, `picture`).
    static func process(_ files: [(path: String, name: String)]) throws(Refusal) -> [Processed] {
        guard !files.isEmpty else { throw .noPicture }
        guard files.count <= perUpload else { throw .tooMany(count: files.count) }
        var processed: [Processed] = []
        for (index, file) in files.enumerated() {
            do {
                let display = try Imaging.thumbnail(contentsOf: file.path, maxWidth: displaySide, maxHeight: displaySide,
                                                    format: .jpeg(quality: 85), limits: limits)
                let thumbnail = try Imaging.thumbnail(contentsOf: file.path, maxWidth: thumbnailSide, maxHeight: thumbnailSide, crop: .attention,
                                                      format: .jpeg(quality: 80), limits: limits)
                processed.append(Processed(name: file.name, thumbnail: thumbnail, display: display))
            } catch {
                throw .picture(index: index + 1, name: String(file.name.prefix(60)), error)
            }
        }
        return processed
    }

    // MARK: storing

    /// The photos uploaded by `userID` in the hour before `now`.
    static func recent(userID: Int64, now: Int64, db: any SQLExecutor) throws(StorageError) -> Int {
        try db.scalar("SELECT count(*) FROM merchants_photos WHERE user_id = ? AND created_at > ?", userID, now - 3_600, as: Int.self) ?? 0
    }

    /// Refuses before any image work when `count` more photos would pass ``perHour``.
    func checkQuota(userID: Int64, adding count: Int, now: Int64) throws {
        let recent = try database.read { db in try Self.recent(userID: userID, now: now, db: db) }
        if recent + count > Self.perHour { throw Refusal.tooManyThisHour(retryAfter: 3_600) }
    }

    /// Writes the files of `pictures`, then inserts them in `db` (the caller's transaction) for merchant
    /// `merchantID` (each queued for a moderator, titled with `merchantName`) or for submission `submissionID`
    /// (decided with it). The files are removed again when this or the transaction fails (``discard(_:)``).
    /// - Returns: the photos, pending.
    func insert(_ pictures: [Processed], files: [String], merchant: (id: Int64, name: String)?, submissionID: Int64?, userID: Int64,
                alt: String?, now: Int64, db: any SQLExecutor) throws -> [Photo] {
        guard try Self.recent(userID: userID, now: now, db: db) + pictures.count <= Self.perHour else { throw Refusal.tooManyThisHour(retryAfter: 3_600) }
        try quota.check(userID: userID, adding: pictures.reduce(0) { $0 + $1.bytes }, db: db)
        var photos: [Photo] = []
        for (picture, file) in zip(pictures, files) {
            guard let id = try db.scalar(
                """
                INSERT INTO merchants_photos (merchant_id, submission_id, user_id, state, alt, file, width, height, created_at, bytes)
                VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?) RETURNING id
                """, merchant?.id, submissionID, userID, alt, file, Int64(picture.display.width), Int64(picture.display.height), now,
                picture.bytes, as: Int64.self) else { throw StorageError.misuse("no photo id") }
            let photo = Photo(id: id, merchantID: merchant?.id, submissionID: submissionID, userID: userID, state: .pending, alt: alt, file: file,
                              width: picture.display.width, height: picture.display.height, createdAt: now)
            if let merchant {
                try ModerationQueue.submit(app: "merchants", item: Self.item(id), author: userID, title: merchant.name,
                                           excerpt: (alt.map { "“\($0)” · " } ?? "") + "\(picture.display.width)×\(picture.display.height)", db: db, now: now)
            }
            photos.append(photo)
        }
        return photos
    }

    /// Writes each picture's two JPEGs under a server-made name (`<random>`); returns the names.
    func write(_ pictures: [Processed]) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var names: [String] = []
        do {
            for picture in pictures {
                let name = UUID().uuidString.lowercased()
                names.append(name)
                try Data(picture.thumbnail.bytes).write(to: path(name, .thumbnail), options: .atomic)
                try Data(picture.display.bytes).write(to: path(name, .display), options: .atomic)
            }
        } catch {
            discard(names)
            throw error
        }
        return names
    }

    /// Removes the files of `names` (a failed upload's, a rejected photo's, an erased account's).
    func discard(_ names: [String]) {
        for name in names {
            for size in Size.allCases { try? FileManager.default.removeItem(at: path(name, size)) }
        }
    }

    func path(_ name: String, _ size: Size) -> URL { directory.appendingPathComponent("\(name)-\(size.rawValue).jpg") }

    // MARK: moderation

    /// The queue item of photo `id`.
    static func item(_ id: Int64) -> String { "photo:\(id)" }

    /// The photo id of a queue item, nil for a submission's item.
    static func photoID(item: String) -> Int64? {
        guard item.hasPrefix("photo:"), let id = Int64(item.dropFirst(6)), item == Self.item(id) else { return nil }
        return id
    }

    /// The moderator's decision on photo `id`, inside the decision's transaction.
    static func decided(_ db: any SQLExecutor, photo id: Int64, approved: Bool) throws(StorageError) {
        try db.execute("UPDATE merchants_photos SET state = ? WHERE id = ? AND state = 'pending'", (approved ? State.approved : .rejected).rawValue, id)
    }

    /// A submission's photos follow its decision: published with the merchant, or rejected.
    static func decided(_ db: any SQLExecutor, submission id: Int64, merchantID: Int64?) throws(StorageError) {
        if let merchantID {
            try db.execute("UPDATE merchants_photos SET state = 'approved', merchant_id = ? WHERE submission_id = ? AND state = 'pending'", merchantID, id)
        } else {
            try db.execute("UPDATE merchants_photos SET state = 'rejected' WHERE submission_id = ? AND state = 'pending'", id)
        }
    }

    /// After a rejection has committed: removes the files of the rejected photos of queue `item` (a photo, or a submission's).
    func removeRejected(item: String) {
        let names: [String] = (try? database.read { db throws(StorageError) -> [String] in
            let rows: [Row] = if let id = Self.photoID(item: item) {
                try db.query("SELECT file FROM merchants_photos WHERE id = ? AND state = 'rejected'", id)
            } else if let id = Int64(item) {
                try db.query("SELECT file FROM merchants_photos WHERE submission_id = ? AND state = 'rejected'", id)
            } else {
                [Row]()
            }
            return try rows.map { row throws(StorageError) in try row.get(0, as: String.self) }
        }) ?? []
        discard(names)
    }

    /// What the moderator sees with queue `item`: the display size of the photo, or of each of a submission's.
    static func previews(_ db: any SQLExecutor, item: String) throws(StorageError) -> [String] {
        let rows: [Row] = if let id = photoID(item: item) {
            try db.query("SELECT \(columns) FROM merchants_photos WHERE id = ?", id)
        } else if let id = Int64(item) {
            try db.query("SELECT \(columns) FROM merchants_photos WHERE submission_id = ? ORDER BY id", id)
        } else {
            [Row]()
        }
        return try rows.map { row throws(StorageError) in try photo(row).url(.display) }
    }

    // MARK: reading

    func photo(_ id: Int64) throws -> Photo? {
        try database.read { db in try db.queryFirst("SELECT \(Self.columns) FROM merchants_photos WHERE id = ?", id).map(Self.photo) }
    }

    /// Merchant `merchantID`'s approved photos, oldest first (at most `limit`), and the pending ones of `viewerID`.
    func photos(merchantID: Int64, viewerID: Int64?, limit: Int = 60) throws -> (approved: [Photo], pending: [Photo]) {
        try database.read { db in
            let approved = try db.query(
                "SELECT \(Self.columns) FROM merchants_photos WHERE merchant_id = ? AND state = 'approved' ORDER BY id LIMIT ?", merchantID, limit
            ).map(Self.photo)
            let pending = try viewerID.map { viewer throws(StorageError) in
                try db.query("SELECT \(Self.columns) FROM merchants_photos WHERE merchant_id = ? AND user_id = ? AND state = 'pending' ORDER BY id",
                             merchantID, viewer).map(Self.photo)
            } ?? []
            return (approved, pending)
        }
    }

    // MARK: account data

    /// Every photo row of `userID` (inside the caller's transaction).
    static func photos(userID: Int64, db: any SQLExecutor) throws(StorageError) -> [Photo] {
        try db.query("SELECT \(columns) FROM merchants_photos WHERE user_id = ? ORDER BY id", userID).map(photo)
    }
}
