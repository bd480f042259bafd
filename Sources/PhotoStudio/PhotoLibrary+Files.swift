public import Foundation
import HTTPServer
import Imaging
import Storage

extension PhotoLibrary {
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
}
