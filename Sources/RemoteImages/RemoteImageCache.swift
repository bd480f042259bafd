import Foundation
public import HTTPServer
import Imaging
public import OutboundHTTP
public import Storage
import Synchronization

/// The platform's cache of remote images (App Store icons and screenshots, film posters; issue 12 item 6): each
/// image is fetched once through ``OutboundHTTP`` on the work pool (never on a request thread), checked and
/// re-encoded with libvips (metadata stripped, at most ``Limits/maximumSide`` px, JPEG or PNG when it has
/// alpha), and kept under `<data-dir>/remote-images/` as `<version>.jpg|png` (``RemoteImages/version(of:)``),
/// so pages load it from our origin and the CSP stays same-origin. A failed fetch leaves a `<version>.failed`
/// note (time, attempts, reason) and is tried again after 5 min, doubling to a day. The images together stay within
/// ``Limits/maximumTotalBytes``: after each stored image the least recently served ones are deleted, on the work pool.
public final class RemoteImageCache: Sendable {
    /// The limits on what is fetched.
    public struct Limits: Sendable {
        /// Bytes of one answer (more is refused while it arrives). Default 8 MiB.
        public var maximumBytes = 8 << 20
        /// Pixels of the image, from its header before decoding. Default 40 megapixels.
        public var maximumPixels = 40_000_000
        /// The longest side kept (larger images are scaled down). Default 1,280 px.
        public var maximumSide = 1_280
        /// The whole exchange, redirects included. Default 10 s.
        public var timeout: Duration = .seconds(10)
        /// Bytes of all cached images together (`--remote-images-max-mb`); over it the least recently served are
        /// deleted after a fetch (those not served since the server started first, oldest file first). Default 512 MiB.
        public var maximumTotalBytes: Int64 = 512 << 20
        public init() {}
    }

    /// What the cache holds for an item.
    public enum Entry: Sendable, Equatable {
        /// Cached: the file, its size, media type and version (its ETag).
        case ready(path: String, size: Int, mediaType: String, version: String)
        /// Not cached (being fetched, or failed): show the fallback, or a placeholder.
        case missing(fallback: String?)
        /// The app does not know the item, or its URL is not an allowed `https` URL and it has no fallback.
        case unknown
    }

    let database: any Database
    let directory: String
    let sources: [String: RemoteImageSource]
    let client: any HTTPClient
    let workPool: WorkPool
    let limits: Limits
    let addressPolicy: AddressPolicy
    let allowsPlainHTTP: Bool
    let now: @Sendable () -> Int64
    let log: @Sendable (String) -> Void
    private let inFlight = Mutex<Set<String>>([])
    /// When each image was last served, as a running count (no clock, no file write on a hit).
    private let uses = Mutex<(next: Int, last: [String: Int])>((1, [:]))

    /// - Parameters:
    ///   - directory: `<data-dir>/remote-images`, created on first use (mode 0700 like the data directory).
    ///   - sources: each app's ``RemoteImageSource``, by app id.
    ///   - addressPolicy, allowsPlainHTTP: `.publicOnly` and `https` only in production; tests fetch from a local
    ///     `http` server with `.any` and `true`.
    public init(database: any Database, directory: String, sources: [String: RemoteImageSource], client: any HTTPClient,
                workPool: WorkPool, limits: Limits = Limits(), addressPolicy: AddressPolicy = .publicOnly, allowsPlainHTTP: Bool = false,
                now: @escaping @Sendable () -> Int64, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.database = database
        self.directory = directory
        self.sources = sources
        self.client = client
        self.workPool = workPool
        self.limits = limits
        self.addressPolicy = addressPolicy
        self.allowsPlainHTTP = allowsPlainHTTP
        self.now = now
        self.log = log
    }

    /// The cached image of `item` of `app`; when it is not cached (and not waiting after a failure), queues its
    /// fetch on the work pool and answers `.missing` at once. A full pool only postpones the fetch to a later ask.
    public func entry(app: String, item: String) throws -> Entry {
        guard let source = sources[app], let resolved = try database.read({ db in try source.resolve(db, item) }) else { return .unknown }
        guard let url = URL(string: resolved.url), url.scheme == "https" || (allowsPlainHTTP && url.scheme == "http"),
              let host = url.host, source.allows(host: host)
        else { return resolved.fallback.map { .missing(fallback: $0) } ?? .unknown }
        let version = RemoteImages.version(of: resolved.url)
        for (ext, mediaType) in [("jpg", "image/jpeg"), ("png", "image/png")] {
            let path = directory + "/" + version + "." + ext
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int {
                uses.withLock { uses in
                    uses.last[version] = uses.next
                    uses.next += 1
                }
                return .ready(path: path, size: size, mediaType: mediaType, version: version)
            }
        }
        if let failure = failure(version), failure.retryAt > now() { return .missing(fallback: resolved.fallback) }
        let claimed = inFlight.withLock { $0.insert(version).inserted }
        if claimed {
            do {
                try workPool.submit(.batch, key: "remote-images") { [self] in
                    defer { _ = inFlight.withLock { $0.remove(version) } }
                    fetch(url, version: version, app: app)
                }
            } catch {
                _ = inFlight.withLock { $0.remove(version) }
            }
        }
        return .missing(fallback: resolved.fallback)
    }

    /// Fetches, checks, re-encodes and stores one image; a failure is noted, never thrown.
    func fetch(_ url: URL, version: String, app: String) {
        do {
            let image = try download(url)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let final = directory + "/" + version + (image.format == .png ? ".png" : ".jpg")
            let temporary = directory + "/." + version + "-" + UUID().uuidString
            guard FileManager.default.createFile(atPath: temporary, contents: Data(image.bytes)) else {
                throw RemoteImageError.storage("cannot write \(temporary)")
            }
            guard rename(temporary, final) == 0 else {
                try? FileManager.default.removeItem(atPath: temporary)
                throw RemoteImageError.storage("cannot rename into \(final): \(String(cString: strerror(errno)))")
            }
            try? FileManager.default.removeItem(atPath: directory + "/" + version + ".failed")
            evict(keeping: final)
        } catch {
            let attempts = (failure(version)?.attempts ?? 0) + 1
            let wait = min(Int64(300) << min(attempts - 1, 10), 86_400)
            let note = "\(now() + wait)\n\(attempts)\n\(String(describing: error))\n"
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            _ = FileManager.default.createFile(atPath: directory + "/" + version + ".failed", contents: Data(note.utf8))
            log("remote image \(app) \(url.host ?? ""): \(String(describing: error)) (attempt \(attempts), next in \(wait) s)")
        }
    }

    /// Deletes the least recently served images until all fit ``Limits/maximumTotalBytes``, never `kept` (the image
    /// just stored). Runs on the work pool after a fetch; a file that cannot be deleted is skipped.
    func evict(keeping kept: String) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory) else { return }
        let last = uses.withLock { $0.last }
        var images: [(path: String, version: String, size: Int64, order: (Int, Double))] = []
        var total: Int64 = 0
        for name in names where !name.hasPrefix(".") && (name.hasSuffix(".jpg") || name.hasSuffix(".png")) {
            let path = directory + "/" + name
            guard let attributes = try? files.attributesOfItem(atPath: path), let size = (attributes[.size] as? NSNumber)?.int64Value else { continue }
            let version = String(name.dropLast(4))
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            images.append((path, version, size, (last[version] ?? 0, modified)))
            total += size
        }
        guard total > limits.maximumTotalBytes else { return }
        var evicted: [String] = []
        for image in images.sorted(by: { $0.order < $1.order }) where total > limits.maximumTotalBytes && image.path != kept {
            guard (try? files.removeItem(atPath: image.path)) != nil else { continue }
            total -= image.size
            evicted.append(image.version)
        }
        uses.withLock { uses in for version in evicted { uses.last[version] = nil } }
        log("remote images: evicted \(evicted.count) least recently served, \(total) bytes kept of \(limits.maximumTotalBytes)")
    }

    /// The bytes of `url` as a re-encoded image. Throws ``RemoteImageError``.
    func download(_ url: URL) throws -> EncodedImage {
        var request = OutboundRequest(url: url, headers: [(name: "Accept", value: "image/jpeg, image/png, image/webp, image/gif")])
        request.timeout = limits.timeout
        request.maxResponseBytes = limits.maximumBytes
        request.retry = .idempotent(attempts: 2, baseDelay: .milliseconds(500))
        request.addressPolicy = addressPolicy
        request.maxRedirects = 2
        let response: OutboundResponse
        do { response = try client.send(request) } catch { throw RemoteImageError.fetch("\(error)") }
        guard response.status == 200 else { throw RemoteImageError.fetch("HTTP \(response.status)") }
        let type = response.header("Content-Type")?.lowercased() ?? ""
        guard type.hasPrefix("image/") || type.hasPrefix("application/octet-stream") else {
            throw RemoteImageError.notAnImage("content type \(type.isEmpty ? "missing" : type)")
        }
        let imageLimits = ImageLimits(maximumPixels: limits.maximumPixels, maximumBytes: limits.maximumBytes)
        do {
            let info = try Imaging.probe(response.body, limits: imageLimits)
            return try Imaging.thumbnail(response.body, maxWidth: limits.maximumSide, maxHeight: limits.maximumSide,
                                         format: info.hasAlpha ? .png : .jpeg(quality: 85), limits: imageLimits)
        } catch {
            throw RemoteImageError.notAnImage(error.description)
        }
    }

    /// The note a failed fetch left: when to try again, after how many attempts.
    func failure(_ version: String) -> (retryAt: Int64, attempts: Int)? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + version + ".failed") else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count >= 2, let retryAt = Int64(lines[0]), let attempts = Int(lines[1]) else { return nil }
        return (retryAt, attempts)
    }
}

/// Why a remote image was not cached (logged and noted beside the cache; the page shows the fallback).
public enum RemoteImageError: Error, Sendable, CustomStringConvertible {
    /// No answer, a time-out, a refused address, too many bytes, or a status other than 200.
    case fetch(String)
    /// The answer is not an image libvips accepts within the limits.
    case notAnImage(String)
    /// The cache directory cannot be written.
    case storage(String)

    public var description: String {
        switch self {
        case .fetch(let detail): "fetch failed: \(detail)"
        case .notAnImage(let detail): "not an acceptable image: \(detail)"
        case .storage(let detail): "cannot store: \(detail)"
        }
    }
}
