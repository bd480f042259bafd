import Foundation
import Synchronization

/// Serves files below one directory: `ETag` and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2), `Cache-Control`,
/// content types by extension, and pre-compressed copies of small text files kept in memory.
///
/// Paths containing `..`, a NUL byte or a hidden segment are 404, and a file must resolve (after symbolic
/// links) inside the directory.
public struct StaticFiles: Sendable {
    public let directory: String
    /// `Cache-Control` for requests that carry a `v=` version query (the URL changes when the file does).
    public var versionedCacheControl = "public, max-age=31536000, immutable"
    /// `Cache-Control` for unversioned requests.
    public var cacheControl = "public, max-age=300"

    private let cache = Cache()

    public init(directory: String) {
        self.directory = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A handler for a route pattern ending in `{path...}`.
    public func handler(parameter: String = "path") -> Handler {
        { request throws(HTTPError) in try self.serve(try request.parameter(parameter), request: request) }
    }

    public func serve(_ relativePath: String, request: Request) throws(HTTPError) -> Response {
        let segments = relativePath.split(separator: "/")
        guard !segments.isEmpty, !relativePath.contains("\0"),
            !segments.contains(where: { $0 == ".." || $0.hasPrefix(".") })
        else { throw .notFound() }
        let resolved = URL(fileURLWithPath: directory + "/" + relativePath).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(directory + "/") else { throw .notFound() }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notFound() }

        let size = Int(info.st_size)
        let etag = "\"\(String(size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))\""
        var headers: HTTPHeaders = [
            "ETag": etag,
            "Cache-Control": request.query["v"] == nil ? cacheControl : versionedCacheControl,
            "Content-Type": Self.contentType(forExtension: (resolved as NSString).pathExtension),
        ]
        if let ifNoneMatch = request.headers["If-None-Match"],
            ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingSpaces() == etag || $0.trimmingSpaces() == "*" })
        {
            return Response(status: .notModified, headers: headers)
        }
        if Gzip.isCompressible(headers["Content-Type"]), size <= 1 << 20 {
            headers.add("Vary", "Accept-Encoding")
            guard let entry = cache.entry(path: resolved, etag: etag) else { throw .notFound() }
            if Gzip.isAccepted(request.headers["Accept-Encoding"]), let gzipped = entry.gzipped, gzipped.count < entry.bytes.count {
                headers.add("Content-Encoding", "gzip")
                return Response(headers: headers, body: .bytes(gzipped))
            }
            return Response(headers: headers, body: .bytes(entry.bytes))
        }
        return Response(headers: headers, body: .file(path: resolved, size: size))
    }

    /// Media types for the extensions AppSuite serves.
    static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "webmanifest": "application/manifest+json; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "txt", "md": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    /// Small text files and their gzip form, keyed by path and revalidated by ETag.
    private final class Cache: Sendable {
        struct Entry: Sendable {
            let etag: String
            let bytes: [UInt8]
            let gzipped: [UInt8]?
        }
        private let entries = Mutex<[String: Entry]>([:])

        func entry(path: String, etag: String) -> Entry? {
            if let entry = entries.withLock({ $0[path] }), entry.etag == etag { return entry }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let bytes = [UInt8](data)
            let entry = Entry(etag: etag, bytes: bytes, gzipped: Gzip.compress(bytes, level: 9))
            entries.withLock { $0[path] = entry }
            return entry
        }
    }
}
