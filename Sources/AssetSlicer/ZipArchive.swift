import CZip
import Foundation

/// Writes files into a new .zip with libzip (deflate, UTF-8 names).
enum ZipArchive {
    /// Writes `files` (relative path → bytes), sorted by path, to `path`, replacing any file there.
    /// - Throws: `.outputNotWritable` with libzip's reason.
    static func write(_ files: [String: [UInt8]], to path: String) throws(SlicerError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw .outputNotWritable(path: path, detail: "libzip error \(code)")
        }
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            // libzip reads the buffer at zip_close and frees it then (freep = 1).
            let copy = malloc(max(1, bytes.count))!
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { copy.copyMemory(from: base, byteCount: raw.count) }
            }
            guard let source = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1) else {
                free(copy)
                zip_discard(archive)
                throw .outputNotWritable(path: path, detail: "libzip cannot take \(name)")
            }
            guard zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8)) >= 0 else {
                zip_source_free(source)
                let reason = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw .outputNotWritable(path: path, detail: "\(name): \(reason)")
            }
        }
        guard zip_close(archive) == 0 else {
            let reason = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw .outputNotWritable(path: path, detail: reason)
        }
    }
}
