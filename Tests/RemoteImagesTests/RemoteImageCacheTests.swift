import AppSuiteTesting
import Foundation
import HTTPServer
import Imaging
import OutboundHTTP
import RemoteImages
import Storage
import Synchronization
import Testing

/// The remote-image cache over real HTTP (libcurl to a local server) with real image files of the photo corpus:
/// fetched once on the work pool, re-encoded by libvips, stored, served with caching headers; refused and noted
/// when it is not an image, too large or unreachable; never fetched for an item no app resolves or a host not
/// allowed.
@Suite(.requires(.photos)) struct RemoteImageCacheTests {
    /// Serves files of the photo corpus under `/files/<path>` with the content type the test says, counting requests.
    final class ImageHost: Sendable {
        let server: Server
        let hits = Counter()

        final class Counter: Sendable { let paths = Mutex<[String]>([]) }

        init() throws {
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.isAccessLogEnabled = false
            var router = Router()
            let hits = self.hits
            router.get("/files/{path...}") { request in
                let path = try request.parameter("path")
                hits.paths.withLock { $0.append(path) }
                let bytes = try [UInt8](Data(contentsOf: SharedDataSet.photos.url(path)))
                var headers = HTTPHeaders()
                headers.set("Content-Type", request.query["type"] ?? "image/jpeg")
                return Response(status: .ok, headers: headers, body: .bytes(bytes))
            }
            server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
            try server.start()
        }

        deinit { server.stop() }

        func url(_ path: String, type: String = "image/jpeg") -> String { "http://127.0.0.1:\(server.port)/files/\(path)?type=\(type)" }
        var count: Int { hits.paths.withLock { $0.count } }
    }

    /// A cache whose app `test` resolves item names to the URLs in `items`; `fallback-…` items have a fallback.
    final class Fixture: Sendable {
        let host: ImageHost
        let directory = TemporaryDirectory("remote-images")
        let database: any Database
        let items: [String: String]
        let clock = Clock()

        final class Clock: Sendable {
            let seconds = Mutex<Int64>(1_000_000)
            func advance(by seconds: Int64) { self.seconds.withLock { $0 += seconds } }
        }

        init(_ items: [String: String], host: ImageHost) throws {
            self.host = host
            self.items = items
            database = try SQLiteDatabase.temporary()
        }

        /// A cache on a fresh work pool; `drain` runs what it queued and waits for it.
        func cache(limits: RemoteImageCache.Limits = .init(), hosts: [String] = ["127.0.0.1"]) -> (RemoteImageCache, WorkPool) {
            let items = self.items
            let source = RemoteImageSource(hosts: hosts) { _, item in
                items[item].map { ($0, item.hasPrefix("fallback-") ? "/fallback/\(item).svg" : nil) }
            }
            let pool = WorkPool(batch: WorkLaneLimits(threads: 2))
            let clock = self.clock
            return (RemoteImageCache(database: database, directory: directory.path, sources: ["test": source], client: CurlHTTPClient(),
                                     workPool: pool, limits: limits, addressPolicy: .any, allowsPlainHTTP: true,
                                     now: { clock.seconds.withLock { $0 } }), pool)
        }

        /// Asks once, lets the pool finish, and asks again.
        func fetched(_ item: String, limits: RemoteImageCache.Limits = .init()) throws -> (first: RemoteImageCache.Entry, then: RemoteImageCache.Entry) {
            let (cache, pool) = cache(limits: limits)
            let first = try cache.entry(app: "test", item: item)
            pool.shutdown()
            return (first, try cache.entry(app: "test", item: item))
        }
    }

    @Test func aJPEGIsFetchedOnceReencodedAndStoredWithoutItsMetadata() throws {
        let host = try ImageHost()
        let url = host.url("ordinary/22-canon_tags.jpg")
        let fixture = try Fixture(["fallback-photo": url], host: host)
        let (first, then) = try fixture.fetched("fallback-photo")
        #expect(first == .missing(fallback: "/fallback/fallback-photo.svg"))
        let version = RemoteImages.version(of: url)
        guard case .ready(let path, let size, let mediaType, let stored) = then else { Issue.record("not cached: \(then)"); return }
        #expect(mediaType == "image/jpeg" && stored == version && path == fixture.directory.path + "/\(version).jpg")
        let info = try Imaging.probe(contentsOf: path)
        #expect(info.format == .jpeg && max(info.width, info.height) <= 1_280 && info.camera == nil)
        #expect(size == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        // Cached: asking again (another cache on the same directory) fetches nothing.
        let (again, pool) = fixture.cache()
        #expect(try again.entry(app: "test", item: "fallback-photo") == then)
        pool.shutdown()
        #expect(host.count == 1)
        #expect(RemoteImages.path(app: "test", item: "fallback-photo", url: url) == "/images/test/fallback-photo?v=\(version)")
    }

    @Test func alphaStaysAsPNGAndWebPBecomesJPEG() throws {
        let host = try ImageHost()
        let fixture = try Fixture(["bug": host.url("edge/png_rgba_blackbug.png", type: "image/png"),
                                   "hopper": host.url("edge/webp_lossy_hopper.webp", type: "image/webp")], host: host)
        guard case .ready(let png, _, "image/png", _) = try fixture.fetched("bug").then else { Issue.record("the PNG is not cached"); return }
        #expect(try Imaging.probe(contentsOf: png).hasAlpha)
        guard case .ready(let jpeg, _, "image/jpeg", _) = try fixture.fetched("hopper").then else { Issue.record("the WebP is not cached"); return }
        #expect(try Imaging.probe(contentsOf: jpeg).format == .jpeg)
    }

    @Test(arguments: [
        ("edge/text_not_image.jpg", "image/jpeg"), ("edge/truncated_image.png", "image/png"), ("edge/bomb_png_16384x16384.png", "image/png"),
        ("ordinary/22-canon_tags.jpg", "text/html"), ("ordinary/42_IndexError.jpg", "image/jpeg"),
    ])
    func whatIsNotAnAcceptableImageIsNotedAndNotRetriedAtOnce(file: String, type: String) throws {
        let host = try ImageHost()
        let url = host.url(file, type: type)
        let fixture = try Fixture(["x": url], host: host)
        var limits = RemoteImageCache.Limits()
        limits.maximumBytes = 2 << 20   // 42_IndexError.jpg has 2.9 MB
        let (first, then) = try fixture.fetched("x", limits: limits)
        #expect(first == .missing(fallback: nil) && then == .missing(fallback: nil))
        let note = try String(contentsOfFile: fixture.directory.path + "/\(RemoteImages.version(of: url)).failed", encoding: .utf8)
        #expect(note.hasPrefix("\(1_000_000 + 300)\n1\n"))
        #expect(host.count == 1)
        // Five minutes later it is tried again, and waits twice as long after a second failure.
        fixture.clock.advance(by: 301)
        _ = try fixture.fetched("x", limits: limits)
        #expect(host.count == 2)
        let second = try String(contentsOfFile: fixture.directory.path + "/\(RemoteImages.version(of: url)).failed", encoding: .utf8)
        #expect(second.hasPrefix("\(1_000_301 + 600)\n2\n"))
    }

    @Test func unknownItemsOtherHostsAndPlainHTTPInProductionAreNeverFetched() throws {
        let host = try ImageHost()
        let url = host.url("ordinary/22-canon_tags.jpg")
        let fixture = try Fixture(["photo": url], host: host)
        let (cache, pool) = fixture.cache(hosts: ["img9.doubanio.com", ".mzstatic.com"])
        #expect(try cache.entry(app: "test", item: "photo") == .unknown)
        #expect(try cache.entry(app: "test", item: "nothing") == .unknown)
        #expect(try cache.entry(app: "other", item: "photo") == .unknown)
        // A refused URL with a fallback shows the fallback, and is not fetched either.
        let (withFallback, fallbackPool) = try Fixture(["fallback-x": url, "fallback-empty": ""], host: host).cache(hosts: ["img9.doubanio.com"])
        #expect(try withFallback.entry(app: "test", item: "fallback-x") == .missing(fallback: "/fallback/fallback-x.svg"))
        #expect(try withFallback.entry(app: "test", item: "fallback-empty") == .missing(fallback: "/fallback/fallback-empty.svg"))
        fallbackPool.shutdown()
        pool.shutdown()
        let production = RemoteImageCache(
            database: fixture.database, directory: fixture.directory.path,
            sources: ["test": RemoteImageSource(hosts: ["127.0.0.1"]) { _, _ in (url, nil) }], client: CurlHTTPClient(),
            workPool: WorkPool(batch: WorkLaneLimits(threads: 1)), now: { 0 })
        #expect(try production.entry(app: "test", item: "photo") == .unknown)
        #expect(host.count == 0)
        let source = RemoteImageSource(hosts: [".mzstatic.com", "img9.doubanio.com"]) { _, _ in nil }
        #expect(source.allows(host: "is1-ssl.mzstatic.com") && source.allows(host: "IMG9.doubanio.com"))
        #expect(!source.allows(host: "mzstatic.com") && !source.allows(host: "evilmzstatic.com") && !source.allows(host: "img1.doubanio.com"))
    }

    @Test func offlineTheFetchFailsPolitely() throws {
        let host = try ImageHost()
        let url = host.url("ordinary/22-canon_tags.jpg")
        host.server.stop()
        let fixture = try Fixture(["fallback-poster": url], host: host)
        let (first, then) = try fixture.fetched("fallback-poster")
        #expect(first == then && then == .missing(fallback: "/fallback/fallback-poster.svg"))
        #expect(FileManager.default.fileExists(atPath: fixture.directory.path + "/\(RemoteImages.version(of: url)).failed"))
    }

    @Test func theRouteServesCachedImagesWithCachingHeadersAndPlaceholdersOtherwise() throws {
        let host = try ImageHost()
        let url = host.url("ordinary/22-canon_tags.jpg")
        let fixture = try Fixture(["photo": url, "fallback-gone": host.url("edge/text_not_image.jpg")], host: host)
        _ = try fixture.fetched("photo")
        _ = try fixture.fetched("fallback-gone")
        let (cache, pool) = fixture.cache()
        defer { pool.shutdown() }
        var router = Router()
        RemoteImageRoutes(cache: cache).register(into: &router)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        let server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
        try server.start()
        defer { server.stop() }
        let version = RemoteImages.version(of: url)
        let image = try RawHTTPClient.request(port: server.port, "GET", "/images/test/photo?v=\(version)")
        #expect(image.status == 200 && image.headers["content-type"] == "image/jpeg")
        #expect(image.headers["cache-control"] == "public, max-age=31536000, immutable" && image.headers["etag"] == "\"\(version)\"")
        #expect(try Imaging.probe(image.body).format == .jpeg)
        let stale = try RawHTTPClient.request(port: server.port, "GET", "/images/test/photo?v=0123456789abcdef")
        #expect(stale.status == 200 && stale.headers["cache-control"] == "public, no-cache")
        let revalidated = try RawHTTPClient.request(port: server.port, "GET", "/images/test/photo", headers: ["If-None-Match": "\"\(version)\""])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        let gone = try RawHTTPClient.request(port: server.port, "GET", "/images/test/fallback-gone")
        #expect(gone.status == 302 && gone.headers["location"] == "/fallback/fallback-gone.svg" && gone.headers["cache-control"] == "no-store")
        for path in ["/images/test/nothing", "/images/other/photo", "/images/test/PHOTO", "/images/test/" + String(repeating: "a", count: 65)] {
            let missing = try RawHTTPClient.request(port: server.port, "GET", path)
            #expect(missing.status == 404 && missing.headers["content-type"] == "image/svg+xml; charset=utf-8", "\(path)")
        }
        #expect(host.count == 2)
    }

    @Test func pastItsBudgetTheLeastRecentlyServedImagesAreDeleted() throws {
        let host = try ImageHost()
        let urls = ["a": host.url("ordinary/22-canon_tags.jpg"), "b": host.url("ordinary/28-hex_value.jpg"), "c": host.url("ordinary/30-type_error.jpg")]
        // The stored (re-encoded) size of each, in a cache of its own.
        var sizes: [String: Int64] = [:]
        let sizing = try Fixture(urls, host: host)
        for item in urls.keys.sorted() {
            if case .ready(_, let size, _, _) = try sizing.fetched(item).then { sizes[item] = Int64(size) }
        }
        try #require(sizes.count == 3)
        // A budget that holds any two of them, not all three.
        var limits = RemoteImageCache.Limits()
        limits.maximumTotalBytes = sizes.values.reduce(0, +) - 1
        let fixture = try Fixture(urls, host: host)
        let (cache, pool) = fixture.cache(limits: limits)
        defer { pool.shutdown() }
        func path(_ item: String) -> String { fixture.directory.path + "/" + RemoteImages.version(of: urls[item]!) + ".jpg" }
        func ready(_ item: String) throws -> Bool {
            if case .ready = try cache.entry(app: "test", item: item) { return true }
            return false
        }
        #expect(try wait(until: { try ready("a") }))
        #expect(try wait(until: { try ready("b") }))
        #expect(try ready("a"), "a is served again: b is now the least recently served")
        #expect(try cache.entry(app: "test", item: "c") == .missing(fallback: nil))
        #expect(wait(until: { !FileManager.default.fileExists(atPath: path("b")) }), "b is evicted once c is stored")
        #expect(FileManager.default.fileExists(atPath: path("a")) && FileManager.default.fileExists(atPath: path("c")))
        let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).filter { $0.hasSuffix(".jpg") }
        #expect(kept.count == 2)
        // b is fetched again when asked for; then c, never served, makes room before a.
        #expect(try wait(until: { try ready("b") }))
        #expect(wait(until: { !FileManager.default.fileExists(atPath: path("c")) }))
        #expect(FileManager.default.fileExists(atPath: path("a")) && host.count == 7)
    }
}
