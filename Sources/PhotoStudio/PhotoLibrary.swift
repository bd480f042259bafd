public import AppHost
import AppSuiteAPI
public import Foundation
import HTTPServer
import Identity
public import Imaging
public import Storage
import WebUI

/// One photo of one account: the original's facts plus the version the viewer shows.
public struct Photo: Sendable, Hashable {
    public var id: Int64
    public var userID: Int64
    /// SHA-256 of the original's bytes (hex): its name in the blob store.
    public var sha256: String
    /// The uploaded file's name, cleaned (only for display and download names; never a path).
    public var filename: String
    public var format: String
    /// Upright (displayed) size of the original.
    public var width: Int
    public var height: Int
    public var orientation: Int
    public var colorSpace: String
    public var hasAlpha: Bool
    public var pageCount: Int
    /// EXIF DateTimeOriginal (else DateTime) as written in the file, nil when absent.
    public var takenAt: String?
    /// When it was taken, as the timeline sorts and groups it.
    public var taken: TakenTime
    public var camera: String?
    /// Where it was taken, from its EXIF GPS tags (WGS-84); nil when the file has none (never guessed).
    public var place: ExifLocation?
    public var fileSize: Int
    public var createdAt: Int64
    /// Why its thumbnail and rendition cannot be made (a header that read fine over pixel data that does
    /// not decode), found after an upload that checked only the header; nil when nothing went wrong.
    public var problem: String?
    /// When it was moved to 最近删除 (seconds since 1970), nil when it is in the library; purged
    /// ``PhotoLibrary/trashDays`` later.
    public var trashedAt: Int64?
    /// The version shown instead of the original, nil when the original is shown.
    public var current: PhotoVersion?

    /// What the viewer shows: the current version's blob and size, or the original's.
    public var displaySHA: String { current?.sha256 ?? sha256 }
    public var displayWidth: Int { current?.width ?? width }
    public var displayHeight: Int { current?.height ?? height }
    /// Animated GIF/WebP originals are shown as they are, so they play.
    public var isAnimated: Bool { current == nil && pageCount > 1 && (format == "gif" || format == "webp") }
}

/// A saved edit: the edit list applied to its base (the original, or an earlier version's file when
/// the list would otherwise grow past `Imaging.maximumEditSteps`), and the rendered result.
public struct PhotoVersion: Sendable, Hashable {
    public var id: Int64
    public var photoID: Int64
    public var sha256: String
    /// In `Imaging.canonical` form (rows saved before it may hold the list as it was sent).
    public var operations: [ImageEdit]
    /// The version whose file `operations` apply to; nil when they apply to the original.
    public var baseVersionID: Int64?
    public var width: Int
    public var height: Int
    public var format: String
    public var createdAt: Int64
}

/// The result of adding one file.
public struct IngestResult: Sendable {
    public var photo: Photo
    /// True when this account already had these exact bytes; nothing new was stored.
    public var isDuplicate: Bool
    /// True when those bytes were a photo in 最近删除: the upload took it out of the trash (with its versions).
    public var isRestored = false
}

/// Per-account photo libraries: originals content-addressed on disk (stored once, byte for byte),
/// facts in SQLite, derivatives (thumbnail, screen rendition) cached on disk and remade when missing.
public struct PhotoLibrary: Sendable {
    public let database: any Database
    /// `<data>/apps/photos`: `originals/ab/<sha256>`, `derived/ab/<sha256>-<kind>.<ext>`.
    public let directory: URL
    public let limits: ImageLimits
    /// Bytes of originals and edited versions one account may keep (``quota``).
    public let quotaBytes: Int64
    /// Stamps trashed photos and tells the purge job when 30 days have passed (a ``FixedClock`` in tests).
    public let clock: AppClock

    public static let thumbnailSide = 512
    public static let renditionSide = 2048
    /// The default of ``quotaBytes``: 2 GiB (32 originals at the 64 MiB limit, about 500 phone photos).
    public static let defaultQuotaBytes: Int64 = 2 << 30

    public init(database: any Database, directory: URL, limits: ImageLimits = ImageLimits(), quotaBytes: Int64 = PhotoLibrary.defaultQuotaBytes,
                clock: AppClock = .system) {
        self.database = database
        self.clock = clock
        self.directory = directory
        self.limits = limits
        self.quotaBytes = quotaBytes
    }

    // MARK: adding

    /// How much of a file `add` checks before storing it.
    public enum Check: Sendable {
        /// The header only (type from the content, pixel and byte limits): an upload answers as soon as the
        /// original is stored, and its thumbnail and rendition are made afterwards (`makeDerivatives`),
        /// which records a `problem` if the pixel data does not decode.
        case header
        /// The header, then the whole file decoded strictly while making the thumbnail: a truncated or
        /// corrupt file is refused and nothing is stored (imports, which report what they skipped).
        case decode
    }

    /// Adds a file from disk (an upload's temporary file or a file being imported).
    /// `fileTime` is the file's own time (its modification time on import, the browser's `lastModified` on upload),
    /// the timeline's second choice after the EXIF date (``TakenTime``).
    public func add(fileAt path: String, filename: String, userID: Int64, check: Check, fileTime: Date? = nil) throws(IngestError) -> IngestResult {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw IngestError(code: "unreadable", message: "cannot read the file") }
        if size == 0 { throw IngestError.from(.emptyInput) }
        if size > limits.maximumBytes { throw IngestError.from(.tooManyBytes(size: size, limit: limits.maximumBytes)) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IngestError(code: "unreadable", message: "cannot read the file")
        }
        return try add([UInt8](data), filename: filename, userID: userID, check: check, fileTime: fileTime)
    }

    /// Validates and adds encoded bytes: the header is checked (type from the content, pixel limit)
    /// before any decoding; with `.decode` the thumbnail is made too, which decodes the whole file.
    public func add(_ bytes: [UInt8], filename: String, userID: Int64, check: Check, fileTime: Date? = nil) throws(IngestError) -> IngestResult {
        let info: ImageInfo
        do {
            info = try Imaging.probe(bytes, limits: limits)
        } catch { throw IngestError.from(error) }
        let sha = ContentHash.sha256Hex(bytes)
        // With `.decode`, the thumbnail made while checking is staged now and put in place in the transaction
        // that stores the row (see `place`); a file the account has already is not decoded again.
        var thumbnail: (bytes: [UInt8], staged: URL?)?
        if check == .decode, (try? photo(sha256: sha, userID: userID)) == nil {
            do {
                let image = try Imaging.thumbnail(bytes, maxWidth: Self.thumbnailSide, maxHeight: Self.thumbnailSide,
                                                  format: Self.derivativeFormat(hasAlpha: info.hasAlpha), limits: limits)
                thumbnail = (image.bytes, try? stage(image.bytes))
            } catch { throw IngestError.from(error) }
        }
        defer { if let staged = thumbnail?.staged { try? FileManager.default.removeItem(at: staged) } }
        do {
            let now = Int64(clock.now().timeIntervalSince1970)
            let taken = TakenTime.resolve(dateTimeOriginal: info.dateTimeOriginal, offsetTimeOriginal: info.offsetTimeOriginal,
                                          fileTime: fileTime, uploadTime: Date(timeIntervalSince1970: Double(now)))
            // The duplicate check is made here, under the blob's lock, which `delete` takes too (issue 27 item 6): an
            // upload landing on a photo being deleted waits for the delete and then stores its own row; one that
            // finds the photo answers it as a duplicate (200), never as created.
            return try writeWithBlob(bytes, sha: sha) { db -> IngestResult in
                if let thumbnail { try? move(thumbnail.staged, thumbnail.bytes, to: derivedURL(sha: sha, kind: .thumbnail, hasAlpha: info.hasAlpha)) }
                if let row = try db.queryFirst("SELECT id, trashed_at FROM photos_photos WHERE user_id = ? AND sha256 = ?", userID, sha) {
                    // The bytes of a photo in 最近删除: uploading them again takes it out (issue 29 item 1).
                    let id = try row.get("id", as: Int64.self)
                    let restored = try row.get("trashed_at", as: Int64?.self) != nil
                    if restored { try db.execute("UPDATE photos_photos SET trashed_at = NULL WHERE id = ?", id) }
                    return IngestResult(photo: try Self.loadPhoto(db, id: id, userID: userID)!, isDuplicate: true, isRestored: restored)
                }
                try quota.check(userID: userID, adding: Int64(bytes.count), db: db)
                let row = try db.queryFirst("""
                    INSERT INTO photos_photos (id, user_id, sha256, filename, format, width, height, orientation, color_space,
                        has_alpha, page_count, taken_at, camera, file_size, created_at, taken_local, taken_offset, taken_basis,
                        place_latitude, place_longitude)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, try Self.nextPhotoID(db), userID, sha, Self.cleanFilename(filename), info.format.description, info.width, info.height,
                    info.orientation, Self.colorSpaceName(info), info.hasAlpha, info.pageCount, info.dateTaken,
                    info.camera, bytes.count, now, taken.local, taken.offset, taken.basis.rawValue,
                    info.location?.latitude, info.location?.longitude)
                return IngestResult(photo: try Self.loadPhoto(db, id: try row!.get("id", as: Int64.self), userID: userID)!, isDuplicate: false)
            }
        } catch let error as IngestError {
            throw error
        } catch {
            if !(error is QuotaExceeded) && !DiskFull.isDiskFull(error) { Self.log("storing a photo of user \(userID): \(error)") }
            throw IngestError.storing(error)
        }
    }

    /// The id of a new photo: one past the highest ever given (`photos_ids`) or present, so a purged photo's id is never
    /// given again (SQLite would reuse the highest rowid once its row is gone). In the storing transaction.
    static func nextPhotoID(_ db: any SQLExecutor) throws -> Int64 {
        let row = try db.queryFirst("""
            UPDATE photos_ids SET last_id = 1 + (SELECT CASE WHEN COALESCE(MAX(id), 0) > photos_ids.last_id THEN MAX(id)
                ELSE photos_ids.last_id END FROM photos_photos)
            WHERE name = 'photo' RETURNING last_id
            """)
        return try row!.get("last_id", as: Int64.self)
    }

    // MARK: reading

    public func photo(id: Int64, userID: Int64) throws -> Photo? {
        try database.read { db in try Self.loadPhoto(db, id: id, userID: userID) }
    }

    func photo(sha256: String, userID: Int64) throws -> Photo? {
        try database.read { db in
            guard let row = try db.queryFirst("SELECT id FROM photos_photos WHERE user_id = ? AND sha256 = ?", userID, sha256)
            else { return nil }
            return try Self.loadPhoto(db, id: try row.get("id", as: Int64.self), userID: userID)
        }
    }

    /// The timeline: newest taken first, then highest id (``TakenTime``), `limit` per page, starting strictly after
    /// `after` (the previous page's last photo, ``TimelineCursor``). With `album`, only that album's photos. Photos in
    /// 最近删除 are left out (``trashed(userID:limit:after:)``). Keyset paging: a photo added or removed between two pages
    /// never makes another one repeat or go missing. `filter` narrows it by date taken and camera.
    public func list(userID: Int64, album: Int64? = nil, filter: PhotoFilter = .none, limit: Int,
                     after: TimelineCursor?) throws -> (items: [Photo], next: TimelineCursor?) {
        try database.read { db in
            let start = after ?? TimelineCursor(local: "9999-12-31T23:59:59", id: Int64.max)
            let condition = filter.condition
            let rows = try db.query(
                Self.selectPhoto + " WHERE p.user_id = ? AND (p.taken_local < ? OR (p.taken_local = ? AND p.id < ?)) AND p.trashed_at IS NULL"
                    + Self.albumFilter(album) + condition.sql + " ORDER BY p.taken_local DESC, p.id DESC LIMIT ?",
                [.integer(userID), .text(start.local), .text(start.local), .integer(start.id)] + condition.arguments + [.integer(Int64(limit + 1))])
            let items = try rows.prefix(limit).map(Self.decodePhoto)
            let next = rows.count > limit ? items.last.map { TimelineCursor(local: $0.taken.local, id: $0.id) } : nil
            return (items, next)
        }
    }

    /// How many photos (of the library, or of one album; none in the trash) were taken in each month, newest month
    /// first: the timeline's scrubber. Months are `yyyy-MM` of ``TakenTime/local``.
    public func months(userID: Int64, album: Int64? = nil, filter: PhotoFilter = .none) throws -> [(month: String, count: Int)] {
        try database.read { db in
            let condition = filter.condition
            return try db.query("SELECT substr(p.taken_local, 1, 7) AS month, COUNT(*) AS n FROM photos_photos p WHERE p.user_id = ? AND p.trashed_at IS NULL"
                                + Self.albumFilter(album) + condition.sql + " GROUP BY substr(p.taken_local, 1, 7) ORDER BY month DESC",
                                [.integer(userID)] + condition.arguments)
                .map { (try $0.get("month", as: String.self), try $0.get("n", as: Int.self)) }
        }
    }

    /// Where a photo sits in the timeline's order (of the library's photos, or of one album; trashed ones in neither):
    /// its 1-based position, the total, and its neighbours (newer: the one before it on the grid; older: after it).
    public func position(of photo: Photo, album: Int64? = nil) throws -> (index: Int, total: Int, newer: Int64?, older: Int64?) {
        try database.read { db in
            let filter = " AND p.trashed_at IS NULL" + Self.albumFilter(album)
            let (t, id) = (photo.taken.local, photo.id)
            let before = "(p.taken_local > ? OR (p.taken_local = ? AND p.id > ?))"
            let after = "(p.taken_local < ? OR (p.taken_local = ? AND p.id < ?))"
            let total: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos p WHERE p.user_id = ?" + filter, photo.userID) ?? 0
            let ahead: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos p WHERE p.user_id = ? AND " + before + filter,
                                           photo.userID, t, t, id) ?? 0
            let newer: Int64? = try db.scalar("SELECT p.id FROM photos_photos p WHERE p.user_id = ? AND " + before + filter
                                              + " ORDER BY p.taken_local, p.id LIMIT 1", photo.userID, t, t, id)
            let older: Int64? = try db.scalar("SELECT p.id FROM photos_photos p WHERE p.user_id = ? AND " + after + filter
                                              + " ORDER BY p.taken_local DESC, p.id DESC LIMIT 1", photo.userID, t, t, id)
            return (ahead + 1, total, newer, older)
        }
    }

    /// A SQL condition on `p.id` for one album (the id is an integer we format ourselves).
    static func albumFilter(_ album: Int64?) -> String {
        album.map { " AND p.id IN (SELECT photo_id FROM photos_album_items WHERE album_id = \($0))" } ?? ""
    }


    public func versions(of photo: Photo) throws -> [PhotoVersion] {
        try database.read { db in
            try db.query("SELECT * FROM photos_versions WHERE photo_id = ? ORDER BY id", photo.id).map(Self.decodeVersion)
        }
    }

    // MARK: edits

    /// Most operations one edit may send (`maxItems` in the API document). The editor sends at most five.
    public static let maximumOperations = 20

    /// Applies `operations` (at most `maximumOperations`, in the coordinates of what the viewer shows) on
    /// top of the current version and makes the result the current version. The original and every
    /// earlier version stay. The current version's list and the new one are merged (`Imaging.canonical`)
    /// and rendered from the current version's base, so the picture is encoded once from the original;
    /// only when the merged list would pass `Imaging.maximumEditSteps` does the new version start from
    /// the current version's file instead. Either way one edit's libvips pipeline is short.
    ///
    /// - Throws: `ImagingError.invalidArgument` for too many operations, ``EditRefusal`` for one that does not fit (its
    ///   number counts from 1 in `operations`), `IngestError` "missing" when the base file is gone.
    public func saveVersion(of photo: Photo, operations: [ImageEdit]) throws -> Photo {
        guard operations.count <= Self.maximumOperations else {
            throw ImagingError.invalidArgument("an edit has at most \(Self.maximumOperations) operations, not \(operations.count)")
        }
        try EditRefusal.check(operations, width: photo.displayWidth, height: photo.displayHeight, maximumPixels: limits.maximumPixels)
        let plan = try editPlan(photo, operations)
        guard let data = FileManager.default.contents(atPath: originalURL(sha: plan.sourceSHA).path) else {
            throw IngestError(code: "missing", message: "the stored file of photo \(photo.id) is missing")
        }
        let image = try Imaging.edit([UInt8](data), plan.edits, limits: limits)
        let sha = ContentHash.sha256Hex(image.bytes)
        let now = Int64(clock.now().timeIntervalSince1970)
        return try writeWithBlob(image.bytes, sha: sha) { db in
            try quota.check(userID: photo.userID, adding: Int64(image.bytes.count), db: db)
            let row = try db.queryFirst("""
                INSERT INTO photos_versions (photo_id, sha256, operations, width, height, format, created_at, base_version_id, file_size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, photo.id, sha, EditCodec.encode(plan.edits), image.width, image.height, image.format.description, now,
                plan.baseVersionID, image.bytes.count)
            let versionID = try row!.get("id", as: Int64.self)
            try db.execute("UPDATE photos_photos SET current_version_id = ? WHERE id = ?", versionID, photo.id)
            return try Self.loadPhoto(db, id: photo.id, userID: photo.userID)!
        }
    }

    /// What `saveVersion` renders: `edits` applied to the file `sourceSHA`, recorded as based on `baseVersionID`.
    struct EditPlan {
        var sourceSHA: String
        var baseVersionID: Int64?
        var edits: [ImageEdit]
    }

    func editPlan(_ photo: Photo, _ operations: [ImageEdit]) throws -> EditPlan {
        guard let current = photo.current else {
            return EditPlan(sourceSHA: photo.sha256, baseVersionID: nil,
                            edits: try Imaging.canonical(operations, width: photo.width, height: photo.height, limits: limits))
        }
        var base = (sha: photo.sha256, width: photo.width, height: photo.height)
        if let baseID = current.baseVersionID {
            guard let version = try database.read({ db in
                try db.queryFirst("SELECT * FROM photos_versions WHERE id = ? AND photo_id = ?", baseID, photo.id).map(Self.decodeVersion)
            }) else { throw IngestError(code: "missing", message: "version \(baseID) of photo \(photo.id) is missing") }
            base = (version.sha256, version.width, version.height)
        }
        let merged = try Imaging.canonical(current.operations + operations, width: base.width, height: base.height, limits: limits)
        if merged.count <= Imaging.maximumEditSteps {
            return EditPlan(sourceSHA: base.sha, baseVersionID: current.baseVersionID, edits: merged)
        }
        return EditPlan(sourceSHA: current.sha256, baseVersionID: current.id,
                        edits: try Imaging.canonical(operations, width: current.width, height: current.height, limits: limits))
    }

    /// Shows the original again; the versions stay in the history.
    public func revert(_ photo: Photo) throws -> Photo {
        try database.write { db in
            try db.execute("UPDATE photos_photos SET current_version_id = NULL WHERE id = ?", photo.id)
            return try Self.loadPhoto(db, id: photo.id, userID: photo.userID)!
        }
    }

    /// Shows version `versionID` of the photo again (any earlier one, or the one a revert left; issue 29 item 6); the
    /// other versions stay. - Returns: the photo, nil when the version is not one of this photo's.
    public func useVersion(_ photo: Photo, versionID: Int64) throws -> Photo? {
        try database.write { db in
            guard try db.execute("UPDATE photos_photos SET current_version_id = ? WHERE id = ? AND EXISTS "
                                 + "(SELECT 1 FROM photos_versions v WHERE v.id = ? AND v.photo_id = ?)", versionID, photo.id, versionID, photo.id) == 1
            else { return nil }
            return try Self.loadPhoto(db, id: photo.id, userID: photo.userID)
        }
    }

    /// Deletes the photo and its versions, then `collect`s their files (those no other row uses). The original's
    /// blob lock is held while the row goes, so an upload of the same bytes either finds the photo before (a
    /// duplicate) or stores a row of its own after, never answers with a photo this removes meanwhile.
    public func delete(_ photo: Photo) throws {
        let shas = try database.write { db -> Set<String> in
            try db.lock("photos.blob." + photo.sha256)
            let versionSHAs = try db.query("SELECT sha256 FROM photos_versions WHERE photo_id = ?", photo.id)
                .map { try $0.get("sha256", as: String.self) }
            try db.execute("DELETE FROM photos_photos WHERE id = ? AND user_id = ? AND sha256 = ?", photo.id, photo.userID, photo.sha256)
            return Set([photo.sha256] + versionSHAs)
        }
        try collect(shas)
    }

    // MARK: rows

    static let selectPhoto = """
        SELECT p.*, v.id AS v_id, v.sha256 AS v_sha256, v.operations AS v_operations, v.width AS v_width,
               v.height AS v_height, v.format AS v_format, v.created_at AS v_created_at, v.base_version_id AS v_base_version_id
        FROM photos_photos p LEFT JOIN photos_versions v ON v.id = p.current_version_id
        """

    static func loadPhoto(_ db: any SQLExecutor, id: Int64, userID: Int64) throws -> Photo? {
        try db.queryFirst(selectPhoto + " WHERE p.id = ? AND p.user_id = ?", id, userID).map(decodePhoto)
    }

    static func decodePhoto(_ row: Row) throws -> Photo {
        var current: PhotoVersion?
        if let versionID = try row.get("v_id", as: Int64?.self) {
            current = PhotoVersion(
                id: versionID, photoID: try row.get("id"), sha256: try row.get("v_sha256"),
                operations: EditCodec.decode(try row.get("v_operations", as: String.self)),
                baseVersionID: try row.get("v_base_version_id"), width: try row.get("v_width"), height: try row.get("v_height"), format: try row.get("v_format"),
                createdAt: try row.get("v_created_at"))
        }
        return Photo(
            id: try row.get("id"), userID: try row.get("user_id"), sha256: try row.get("sha256"),
            filename: try row.get("filename"), format: try row.get("format"), width: try row.get("width"),
            height: try row.get("height"), orientation: try row.get("orientation"), colorSpace: try row.get("color_space"),
            hasAlpha: try row.get("has_alpha"), pageCount: try row.get("page_count"), takenAt: try row.get("taken_at"),
            taken: TakenTime(local: try row.get("taken_local"), offset: try row.get("taken_offset"),
                             basis: PhotoTakenBasis(rawValue: try row.get("taken_basis", as: String.self))),
            camera: try row.get("camera"), place: try place(row), fileSize: try row.get("file_size"), createdAt: try row.get("created_at"),
            problem: try row.get("problem"), trashedAt: try row.get("trashed_at"), current: current)
    }

    static func place(_ row: Row) throws -> ExifLocation? {
        guard let latitude = try row.get("place_latitude", as: Double?.self),
              let longitude = try row.get("place_longitude", as: Double?.self) else { return nil }
        return ExifLocation(latitude: latitude, longitude: longitude)
    }

    static func decodeVersion(_ row: Row) throws -> PhotoVersion {
        PhotoVersion(
            id: try row.get("id"), photoID: try row.get("photo_id"), sha256: try row.get("sha256"),
            operations: EditCodec.decode(try row.get("operations", as: String.self)),
            baseVersionID: try row.get("base_version_id"), width: try row.get("width"),
            height: try row.get("height"), format: try row.get("format"), createdAt: try row.get("created_at"))
    }

    // MARK: helpers

    static func colorSpaceName(_ info: ImageInfo) -> String {
        switch info.colorSpace {
        case .rgb: "rgb"
        case .gray: "gray"
        case .cmyk: "cmyk"
        case .other(let name): name
        }
    }

    /// The last path component without the characters single-line ``UserText`` refuses (control,
    /// bidirectional and invisible characters: a name comes from the device, so they are dropped rather than
    /// the photo refused), quotes, slashes or leading dots, at most 120 characters; "photo" when nothing is
    /// left. Only ever shown or used in Content-Disposition.
    public static func cleanFilename(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var cleaned = UserText.removingRefused(last, lines: .single).replacingOccurrences(of: "\"", with: "")
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        cleaned = cleaned.trimmingCharacters(in: .whitespaces)
        if cleaned.isEmpty { return "photo" }
        return String(cleaned.prefix(120))
    }
}
