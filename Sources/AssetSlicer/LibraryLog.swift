import CRsvg
import Foundation

/// Where the C libraries' own error texts go (issue 27 item 4): standard error — the server's log, or a slicing
/// helper's, which the server logs — never a page or an answer. Their texts may name the server's paths
/// (ImageMagick's `… /var/apps/slicer/jobs/<id>/design/huge.psd' @ error/cache.c/…`); users read our message,
/// which names only the file they uploaded.
enum LibraryLog {
    static func write(_ text: String, library: String, file: String) {
        FileHandle.standardError.write(Data("appsuite slicer: \(library) on \(file): \(text)\n".utf8))
    }

    /// Writes and frees a GError (librsvg, poppler); returns its text, for telling kinds of failure apart (never to
    /// be shown); nil when there is none.
    @discardableResult
    static func write(_ error: UnsafeMutablePointer<GError>?, library: String, file: String) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        let text = appsuite_gerror_message(error).map { String(cString: $0) } ?? "(no message)"
        write(text, library: library, file: file)
        return text
    }
}
