import AppHost
public import AppSuiteAPI
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
    public var takenAt: String?
    public var camera: String?
    public var fileSize: Int
    public var createdAt: Int64
    /// Why its thumbnail and rendition cannot be made (a header that read fine over pixel data that does
    /// not decode), found after an upload that checked only the header; nil when nothing went wrong.
    public var problem: String?
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

    public static let thumbnailSide = 512
    public static let renditionSide = 2048
    /// The default of ``quotaBytes``: 2 GiB (32 originals at the 64 MiB limit, about 500 phone photos).
    public static let defaultQuotaBytes: Int64 = 2 << 30

    public init(database: any Database, directory: URL, limits: ImageLimits = ImageLimits(), quotaBytes: Int64 = PhotoLibrary.defaultQuotaBytes) {
        self.database = database
        self.directory = directory
        self.limits = limits
        self.quotaBytes = quotaBytes
    }

    // MARK: schema

    public static func migrations() -> [Migration] {
        [
            Migration(module: "photos", version: 1, name: "create_photos", sql: """
                CREATE TABLE photos_photos (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL,
                    filename TEXT NOT NULL,
                    format TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    orientation INTEGER NOT NULL,
                    color_space TEXT NOT NULL,
                    has_alpha INTEGER NOT NULL,
                    page_count INTEGER NOT NULL,
                    taken_at TEXT,
                    camera TEXT,
                    file_size INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    current_version_id INTEGER,
                    UNIQUE (user_id, sha256)
                );
                CREATE INDEX photos_photos_by_user ON photos_photos(user_id, id);
                CREATE TABLE photos_versions (
                    id INTEGER PRIMARY KEY,
                    photo_id INTEGER NOT NULL REFERENCES photos_photos(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL,
                    operations TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    format TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX photos_versions_by_photo ON photos_versions(photo_id, id);
                CREATE INDEX photos_versions_by_sha ON photos_versions(sha256);
                CREATE INDEX photos_photos_by_sha ON photos_photos(sha256);
                """),
            Migration(module: "photos", version: 2, name: "create_albums", sql: """
                CREATE TABLE photos_albums (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    UNIQUE (user_id, name)
                );
                CREATE TABLE photos_album_items (
                    album_id INTEGER NOT NULL REFERENCES photos_albums(id) ON DELETE CASCADE,
                    photo_id INTEGER NOT NULL REFERENCES photos_photos(id) ON DELETE CASCADE,
                    PRIMARY KEY (album_id, photo_id)
                );
                CREATE INDEX photos_album_items_by_photo ON photos_album_items(photo_id);
                """),
            Migration(module: "photos", version: 3, name: "version_base", sql: """
                ALTER TABLE photos_versions ADD COLUMN base_version_id INTEGER REFERENCES photos_versions(id);
                """),
            Migration(module: "photos", version: 4, name: "photo_problem", sql: """
                ALTER TABLE photos_photos ADD COLUMN problem TEXT;
                """),
            // Versions' sizes for the account quota (issue 27); NULL for versions saved before, measured on disk.
            Migration(module: "photos", version: 5, name: "version_size", sql: """
                ALTER TABLE photos_versions ADD COLUMN file_size INTEGER;
                """),
        ]
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
    public func add(fileAt path: String, filename: String, userID: Int64, check: Check) throws(IngestError) -> IngestResult {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw IngestError(code: "unreadable", message: "cannot read the file") }
        if size == 0 { throw IngestError.from(.emptyInput) }
        if size > limits.maximumBytes { throw IngestError.from(.tooManyBytes(size: size, limit: limits.maximumBytes)) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IngestError(code: "unreadable", message: "cannot read the file")
        }
        return try add([UInt8](data), filename: filename, userID: userID, check: check)
    }

    /// Validates and adds encoded bytes: the header is checked (type from the content, pixel limit)
    /// before any decoding; with `.decode` the thumbnail is made too, which decodes the whole file.
    public func add(_ bytes: [UInt8], filename: String, userID: Int64, check: Check) throws(IngestError) -> IngestResult {
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
            let now = Int64(Date().timeIntervalSince1970)
            // The duplicate check is made here, under the blob's lock, which `delete` takes too (issue 27 item 6): an
            // upload landing on a photo being deleted waits for the delete and then stores its own row; one that
            // finds the photo answers it as a duplicate (200), never as created.
            return try writeWithBlob(bytes, sha: sha) { db -> IngestResult in
                if let thumbnail { try? move(thumbnail.staged, thumbnail.bytes, to: derivedURL(sha: sha, kind: .thumbnail, hasAlpha: info.hasAlpha)) }
                if let row = try db.queryFirst("SELECT id FROM photos_photos WHERE user_id = ? AND sha256 = ?", userID, sha) {
                    return IngestResult(photo: try Self.loadPhoto(db, id: try row.get("id", as: Int64.self), userID: userID)!, isDuplicate: true)
                }
                try quota.check(userID: userID, adding: Int64(bytes.count), db: db)
                let row = try db.queryFirst("""
                    INSERT INTO photos_photos (user_id, sha256, filename, format, width, height, orientation, color_space,
                        has_alpha, page_count, taken_at, camera, file_size, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, userID, sha, Self.cleanFilename(filename), info.format.description, info.width, info.height,
                    info.orientation, Self.colorSpaceName(info), info.hasAlpha, info.pageCount, info.dateTaken,
                    info.camera, bytes.count, now)
                return IngestResult(photo: try Self.loadPhoto(db, id: try row!.get("id", as: Int64.self), userID: userID)!, isDuplicate: false)
            }
        } catch let error as IngestError {
            throw error
        } catch {
            if !(error is QuotaExceeded) && !DiskFull.isDiskFull(error) { Self.log("storing a photo of user \(userID): \(error)") }
            throw IngestError.storing(error)
        }
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

    /// Newest first (by when they were added), `limit` per page; `before` is the previous page's last id.
    /// With `album`, only that album's photos.
    public func list(userID: Int64, album: Int64? = nil, limit: Int, before: Int64?) throws -> (items: [Photo], next: Int64?) {
        try database.read { db in
            let rows = try db.query(
                Self.selectPhoto + " WHERE p.user_id = ? AND p.id < ?" + Self.albumFilter(album)
                    + " ORDER BY p.id DESC LIMIT ?",
                userID, before ?? Int64.max, limit + 1)
            var items = try rows.prefix(limit).map(Self.decodePhoto)
            let next = rows.count > limit ? items.last?.id : nil
            if items.count > limit { items.removeLast() }
            return (items, next)
        }
    }

    /// Where a photo sits in the newest-first order (of all photos, or of one album): its 1-based
    /// position, the total, and its neighbours.
    public func position(of photo: Photo, album: Int64? = nil) throws -> (index: Int, total: Int, newer: Int64?, older: Int64?) {
        try database.read { db in
            let filter = Self.albumFilter(album)
            let total: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos p WHERE p.user_id = ?" + filter, photo.userID) ?? 0
            let index: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos p WHERE p.user_id = ? AND p.id >= ?" + filter, photo.userID, photo.id) ?? 0
            let newer: Int64? = try db.scalar("SELECT MIN(p.id) FROM photos_photos p WHERE p.user_id = ? AND p.id > ?" + filter, photo.userID, photo.id)
            let older: Int64? = try db.scalar("SELECT MAX(p.id) FROM photos_photos p WHERE p.user_id = ? AND p.id < ?" + filter, photo.userID, photo.id)
            return (index, total, newer, older)
        }
    }

    /// A SQL condition on `p.id` for one album (the id is an integer we format ourselves).
    static func albumFilter(_ album: Int64?) -> String {
        album.map { " AND p.id IN (SELECT photo_id FROM photos_album_items WHERE album_id = \($0))" } ?? ""
    }

    // MARK: albums

    public struct Album: Sendable, Hashable {
        public var id: Int64
        public var name: String
        public var count: Int
    }

    public func albums(userID: Int64) throws -> [Album] {
        try database.read { db in
            try db.query("""
                SELECT a.id, a.name, (SELECT COUNT(*) FROM photos_album_items i WHERE i.album_id = a.id) AS n
                FROM photos_albums a WHERE a.user_id = ? ORDER BY a.name
                """, userID).map { Album(id: try $0.get("id"), name: try $0.get("name"), count: try $0.get("n")) }
        }
    }

    public func album(id: Int64, userID: Int64) throws -> Album? {
        try albums(userID: userID).first { $0.id == id }
    }

    /// Creates an album (``AlbumName`` rules, unique per account) or returns the existing one of that name.
    /// - Throws: ``AlbumNameError`` for a name the rules refuse; storage errors.
    public func createAlbum(userID: Int64, name: String) throws -> Album {
        let trimmed = try AlbumName.validated(name)
        return try database.write { db in
            try db.execute("INSERT INTO photos_albums (user_id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, name) DO NOTHING",
                           userID, trimmed, Int64(Date().timeIntervalSince1970))
            let row = try db.queryFirst("SELECT id FROM photos_albums WHERE user_id = ? AND name = ?", userID, trimmed)
            return Album(id: try row!.get("id"), name: trimmed, count: try db.scalar("SELECT COUNT(*) FROM photos_album_items WHERE album_id = ?", try row!.get("id", as: Int64.self)) ?? 0)
        }
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

    public func versions(of photo: Photo) throws -> [PhotoVersion] {
        try database.read { db in
            try db.query("SELECT * FROM photos_versions WHERE photo_id = ? ORDER BY id", photo.id).map(Self.decodeVersion)
        }
    }

    // MARK: files

    public enum DerivativeKind: String, Sendable { case thumbnail = "t", rendition = "r" }

    public func originalURL(sha: String) -> URL {
        directory.appendingPathComponent("originals/\(sha.prefix(2))/\(sha)")
    }

    func derivedURL(sha: String, kind: DerivativeKind, hasAlpha: Bool) -> URL {
        let ext = hasAlpha ? "webp" : "jpg"
        return directory.appendingPathComponent("derived/\(sha.prefix(2))/\(sha)-\(kind.rawValue).\(ext)")
    }

    static func derivativeFormat(hasAlpha: Bool) -> OutputFormat { hasAlpha ? .webp(quality: 85) : .jpeg(quality: 82) }

    /// Where a derivative of what the viewer shows is (or will be) cached, its media type and ETag.
    /// Pictures with alpha get WebP derivatives, others JPEG.
    func derivativeFile(_ kind: DerivativeKind, of photo: Photo) -> (url: URL, hasAlpha: Bool, mediaType: String, etag: String) {
        let sha = photo.displaySHA
        let alpha = photo.current.map { $0.format == "png" } ?? photo.hasAlpha
        return (derivedURL(sha: sha, kind: kind, hasAlpha: alpha), alpha, alpha ? "image/webp" : "image/jpeg",
                "\"\(sha.prefix(16))-\(kind.rawValue)\"")
    }

    /// Whether the derivative is cached, so serving it needs no image work.
    public func hasDerivative(_ kind: DerivativeKind, of photo: Photo) -> Bool {
        FileManager.default.fileExists(atPath: derivativeFile(kind, of: photo).url.path)
    }

    /// The cached derivative of what the viewer shows, made (with `vips_thumbnail`) when missing.
    /// Returns the file, its media type and an ETag.
    ///
    /// - Throws: `IngestError` "corrupt" when the original's pixel data does not decode (recorded as the
    ///   photo's `problem`, so pages can say so without trying again; only after `decodeInMemory` confirms
    ///   it), "missing" when its file is gone (its photo deleted meanwhile), "storage" when it cannot be read.
    public func derivative(_ kind: DerivativeKind, of photo: Photo) throws -> (path: String, mediaType: String, etag: String) {
        try derivative(kind, of: photo) { source, side, format throws(ImagingError) in
            // Streamed from disk with shrink-on-load: a 100-megapixel original never sits in memory.
            try Imaging.thumbnail(contentsOf: source, maxWidth: side, maxHeight: side, format: format, limits: limits)
        }
    }

    /// `derivative` with its streamed decode of the blob passed in (`source` path, box side in pixels, format),
    /// so a test can put a delete or an upload at the moment libvips reads the file.
    func derivative(_ kind: DerivativeKind, of photo: Photo,
                    streaming decode: (_ source: String, _ side: Int, _ format: OutputFormat) throws(ImagingError) -> EncodedImage
    ) throws -> (path: String, mediaType: String, etag: String) {
        let file = derivativeFile(kind, of: photo)
        if FileManager.default.fileExists(atPath: file.url.path) { return (file.url.path, file.mediaType, file.etag) }
        if photo.current == nil, let problem = photo.problem { throw IngestError(code: "corrupt", message: problem) }
        let source = originalURL(sha: photo.displaySHA).path
        guard FileManager.default.fileExists(atPath: source) else { throw Self.missing(photo) }
        let side = kind == .thumbnail ? Self.thumbnailSide : Self.renditionSide
        let format = Self.derivativeFormat(hasAlpha: file.hasAlpha)
        let image: EncodedImage
        do {
            image = try decode(source, side, format)
        } catch {
            image = try decodeInMemory(photo, source: source, side: side, format: format)
        }
        guard try place(image.bytes, of: photo.displaySHA, at: file.url) else { throw Self.missing(photo) }
        return (file.url.path, file.mediaType, file.etag)
    }

    /// The second try after the streamed decode of `source` failed, which says little: libvips opens the
    /// file by name again and again while it decodes, so a delete whose `collect` removes the blob meanwhile
    /// fails the read, even when an upload of the same bytes has stored the blob again by now (and SQLite
    /// may have given that upload's row the id, owner and hash of `photo`); running out of file descriptors
    /// or memory passes too. Here the blob is read whole (at most `limits.maximumBytes`) and decoded in memory,
    /// where no file can change: only a failure of these bytes is the photo's lasting `problem`, recorded so it
    /// is not tried again.
    func decodeInMemory(_ photo: Photo, source: String, side: Int, format: OutputFormat) throws -> EncodedImage {
        // Told apart by the read's own error: the file may be gone now and stored again a moment later.
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: source))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw Self.missing(photo)
        } catch {
            throw IngestError(code: "storage", message: "the stored file of photo \(photo.id) cannot be read")
        }
        do {
            return try Imaging.thumbnail([UInt8](data), maxWidth: side, maxHeight: side, format: format, limits: limits)
        } catch {
            let refusal = IngestError.from(error)
            if photo.current == nil, refusal.code == "corrupt" {
                // Matched on owner and bytes too: an id can be reused once its photo is deleted.
                try database.write { db in
                    try db.execute("UPDATE photos_photos SET problem = ? WHERE id = ? AND user_id = ? AND sha256 = ?",
                                   refusal.message, photo.id, photo.userID, photo.sha256)
                }
            }
            throw refusal
        }
    }

    static func missing(_ photo: Photo) -> IngestError {
        IngestError(code: "missing", message: "the stored file of photo \(photo.id) is missing")
    }

    /// Puts a derivative of the blob `sha` at `url`: staged first, then renamed inside a write transaction
    /// that finds a row using `sha` — the re-check `collect` makes before removing the blob's files. So a
    /// derivative finished after its photo was deleted is dropped (false) rather than left behind without
    /// its blob, and a reader never sees half a file.
    func place(_ bytes: [UInt8], of sha: String, at url: URL) throws -> Bool {
        let staged = try stage(bytes)
        defer { try? FileManager.default.removeItem(at: staged) }
        return try database.write { db in
            try db.lock("photos.blob." + sha)
            guard try Self.isUsed(sha, db) else { return false }
            try move(staged, bytes, to: url)
            return true
        }
    }

    /// Writes `bytes` to a new file under `staging/`, on the same file system as the blobs and derivatives.
    func stage(_ bytes: [UInt8]) throws -> URL {
        let file = directory.appendingPathComponent("staging/\(UUID().uuidString)")
        try write(bytes, to: file)
        return file
    }

    /// Renames the staged copy of `bytes` to `url`, or writes them there if the rename fails.
    func move(_ staged: URL?, _ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let moved = staged.map { rename($0.path, url.path) == 0 } ?? false
        if !moved { try write(bytes, to: url) }
    }

    /// Runs `body` in a write transaction with the blob `sha` on disk: a blob is put in place inside the
    /// transaction that inserts the row using it, and `collect` removes a file only inside a write
    /// transaction that finds no row using it. The blob's lock (`db.lock`; SQLite's write lock, across
    /// processes too) orders the two, so a delete can never remove the file of a row another request is adding. The bytes are
    /// staged to a temporary file first, so the lock is held for a rename, not for writing megabytes.
    /// If the transaction fails, a blob it placed is collected again.
    func writeWithBlob<T>(_ bytes: [UInt8], sha: String, _ body: (any SQLExecutor) throws -> T) throws -> T {
        let url = originalURL(sha: sha)
        let staged = FileManager.default.fileExists(atPath: url.path) ? nil : try stage(bytes)
        defer { if let staged { try? FileManager.default.removeItem(at: staged) } }
        do {
            return try database.write { db in
                try db.lock("photos.blob." + sha)
                if !FileManager.default.fileExists(atPath: url.path) { try move(staged, bytes, to: url) }
                return try body(db)
            }
        } catch {
            try? collect([sha])
            throw error
        }
    }

    /// Whether a photo or version row uses the blob `sha`.
    static func isUsed(_ sha: String, _ db: any SQLExecutor) throws -> Bool {
        let inPhotos: Int = try db.scalar("SELECT COUNT(*) FROM photos_photos WHERE sha256 = ?", sha) ?? 0
        let inVersions: Int = try db.scalar("SELECT COUNT(*) FROM photos_versions WHERE sha256 = ?", sha) ?? 0
        return inPhotos + inVersions > 0
    }

    /// Removes the files (original or version, and their thumbnails and renditions) of the blobs in
    /// `shas` that no photo or version row uses, re-checked inside a write transaction (see `writeWithBlob`
    /// and `place`).
    func collect(_ shas: Set<String>) throws {
        try database.write { db in
            for sha in shas.sorted() {
                try db.lock("photos.blob." + sha)
                guard try !Self.isUsed(sha, db) else { continue }
                try? FileManager.default.removeItem(at: originalURL(sha: sha))
                for kind in [DerivativeKind.thumbnail, .rendition] {
                    for alpha in [false, true] { try? FileManager.default.removeItem(at: derivedURL(sha: sha, kind: kind, hasAlpha: alpha)) }
                }
            }
        }
    }

    /// Writes through a temporary file and a rename, so a reader never sees half a file.
    func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url, options: .atomic)
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
    /// - Throws: `ImagingError.invalidArgument` for too many operations or one that does not fit (its
    ///   number counts from 1 in `operations`), `IngestError` "missing" when the base file is gone.
    public func saveVersion(of photo: Photo, operations: [ImageEdit]) throws -> Photo {
        guard operations.count <= Self.maximumOperations else {
            throw ImagingError.invalidArgument("an edit has at most \(Self.maximumOperations) operations, not \(operations.count)")
        }
        _ = try Imaging.plan(operations, width: photo.displayWidth, height: photo.displayHeight, limits: limits)
        let plan = try editPlan(photo, operations)
        guard let data = FileManager.default.contents(atPath: originalURL(sha: plan.sourceSHA).path) else {
            throw IngestError(code: "missing", message: "the stored file of photo \(photo.id) is missing")
        }
        let image = try Imaging.edit([UInt8](data), plan.edits, limits: limits)
        let sha = ContentHash.sha256Hex(image.bytes)
        let now = Int64(Date().timeIntervalSince1970)
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
            camera: try row.get("camera"), fileSize: try row.get("file_size"), createdAt: try row.get("created_at"),
            problem: try row.get("problem"), current: current)
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

/// The edit list as stored and as the API speaks it: `[{"op":"rotate","degrees":90}, …]`.
public enum EditCodec {
    /// One step as the API and the stored edit lists write it.
    public typealias Operation = PhotoEditOperation

    /// Turns decoded API operations into edits, or names the first one that is malformed. More than
    /// `PhotoLibrary.maximumOperations` are refused here, before any work is queued.
    public static func edits(_ operations: [Operation]) -> Result<[ImageEdit], ImagingError> {
        guard operations.count <= PhotoLibrary.maximumOperations else {
            return .failure(.invalidArgument("an edit has at most \(PhotoLibrary.maximumOperations) operations, not \(operations.count)"))
        }
        return convert(operations)
    }

    /// `edits` without the limit on their number (a stored list may be longer than one request's).
    static func convert(_ operations: [Operation]) -> Result<[ImageEdit], ImagingError> {
        var edits: [ImageEdit] = []
        for (index, operation) in operations.enumerated() {
            let step = "operation \(index + 1) (\(operation.op))"
            switch operation.op {
            case "rotate":
                guard let degrees = operation.degrees, degrees % 90 == 0 else {
                    return .failure(.invalidArgument("\(step): 'degrees' must be a multiple of 90"))
                }
                edits.append(.rotate(degrees: degrees))
            case "flip":
                switch operation.direction ?? "horizontal" {
                case "horizontal": edits.append(.flip(horizontal: true))
                case "vertical": edits.append(.flip(horizontal: false))
                default: return .failure(.invalidArgument("\(step): 'direction' must be horizontal or vertical"))
                }
            case "crop":
                guard let x = operation.x, let y = operation.y, let width = operation.width, let height = operation.height else {
                    return .failure(.invalidArgument("\(step): needs x, y, width and height"))
                }
                edits.append(.crop(x: x, y: y, width: width, height: height))
            case "resize":
                guard let width = operation.width, let height = operation.height else {
                    return .failure(.invalidArgument("\(step): needs width and height"))
                }
                edits.append(.resize(width: width, height: height))
            default:
                return .failure(.invalidArgument("\(step): unknown operation; use rotate, flip, crop or resize"))
            }
        }
        return .success(edits)
    }

    public static func operations(_ edits: [ImageEdit]) -> [Operation] {
        edits.map { edit in
            switch edit {
            case let .rotate(degrees): Operation.rotate(degrees: degrees)
            case let .flip(horizontal): Operation.flip(vertical: !horizontal)
            case let .crop(x, y, width, height): Operation.crop(x: x, y: y, width: width, height: height)
            case let .resize(width, height): Operation.resize(width: width, height: height)
            }
        }
    }

    static func encode(_ edits: [ImageEdit]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? String(decoding: encoder.encode(operations(edits)), as: UTF8.self)) ?? "[]"
    }

    static func decode(_ text: String) -> [ImageEdit] {
        guard let operations = try? JSONDecoder().decode([Operation].self, from: Data(text.utf8)),
            case let .success(edits) = convert(operations)
        else { return [] }
        return edits
    }
}
