import CZip
import Foundation

/// Writes a new .zip with libzip (Debian libzip-dev): bytes made in memory (deflated) and files copied from
/// disk as they are (stored: photos and zips are compressed already), streamed by libzip when the archive closes.
/// Used by the account archive and the asset slicer.
public enum ZipFile {
    public enum Entry: Sendable {
        case bytes([UInt8])
        /// A file on disk, read when the archive is written.
        case file(path: String)
    }

    /// Why an archive could not be written: libzip's reason, with the path or entry name it concerns.
    public struct Failure: Error, Sendable, Equatable {
        public var reason: String
    }

    /// Writes `entries` (archive path → content, names UTF-8), in order, to `path`, replacing any file there.
    /// - Throws: ``Failure`` with libzip's reason.
    public static func write(_ entries: [(name: String, entry: Entry)], to path: String) throws(Failure) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw Failure(reason: "\(path): libzip error \(code)")
        }
        for (name, entry) in entries {
            let source: OpaquePointer?
            switch entry {
            case .bytes(let bytes):
                // libzip reads the buffer at zip_close and frees it then (freep = 1).
                let copy = malloc(max(1, bytes.count))!
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { copy.copyMemory(from: base, byteCount: raw.count) }
                }
                source = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1)
                if source == nil { free(copy) }
            case .file(let file):
                source = zip_source_file(archive, file, 0, -1)
            }
            guard let source else {
                let reason = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw Failure(reason: "\(name): \(reason)")
            }
            let index = zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                let reason = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw Failure(reason: "\(name): \(reason)")
            }
            if case .file = entry { zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0) }
        }
        guard zip_close(archive) == 0 else {
            let reason = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw Failure(reason: reason)
        }
    }
}
