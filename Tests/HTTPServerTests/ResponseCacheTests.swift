import APIKit
import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// A guard whose signed-out visitors share answers per language (`X-Lang`), and whose `X-Form` header stands for a
/// page that read the visitor's CSRF token.
private struct SharingGuard: RouteGuard {
    struct Visitor: Sendable {
        var user: String?
        var english: Bool
        var readToken: Bool
    }

    func visitor(for request: Request, route: RouteInfo) throws -> Visitor {
        Visitor(user: request.headers["X-User"], english: request.headers["X-Lang"] == "en", readToken: request.headers["X-Form"] != nil)
    }
    func member(_ visitor: Visitor) -> String? { visitor.user }
    func signInRequired(_ visitor: Visitor, request: Request, route: RouteInfo) -> Response { .problem(HTTPError(.unauthorized)) }
    func finish(_ response: inout Response, visitor: Visitor, route: RouteInfo) {}
    func admit(_ request: Request, _ visitor: Visitor, route: RouteInfo) throws {}
    func refund(_ request: Request, _ visitor: Visitor, route: RouteInfo) {}
    func authorize(_ member: String, permission: String) throws {}
    func prefersChinese(_ visitor: Visitor) -> Bool { !visitor.english }
    func sharedVariant(_ visitor: Visitor, kind: RouteKind) -> String? { visitor.user == nil ? (visitor.english ? "en" : "zh") : nil }
    func readPersonalData(_ visitor: Visitor) -> Bool { visitor.readToken }
}

private struct ShelfQuery: QueryDecodable, Hashable {
    var limit: Int
    init(from query: inout QueryReader) throws(QueryError) { limit = try query.value("limit", in: 1...1_000_000, default: 3, "page size") }
}

private struct Shelf: Codable, Sendable, Equatable {
    var books: [String]
}

private enum ShelfEndpoints {
    static let shelf = Endpoint<ShelfQuery, NoBody, Shelf>(.get, "/api/v1/shelf/{id}", summary: "A shelf", access: .anyone, cache: .publicFor(seconds: 60))
}

/// A version counter for the tests: `bump()` is what `DataVersion.changed()` does after a write.
private final class Version: Sendable {
    let value = Atomic<UInt64>(1)
    let listening = Atomic<Bool>(true)
    func bump() { value.add(1, ordering: .relaxed) }
    var validity: CacheValidity { CacheValidity { [self] in listening.load(ordering: .relaxed) ? value.load(ordering: .relaxed) : nil } }
}

/// Issue 25 item 4: read models and kept answers — bounded, keyed by validated parameters only, stamped with data
/// versions, served with their gzip, ETag and 304.
@Suite struct ResponseCacheTests {
    private final class Calls: Sendable {
        let count = Atomic<Int>(0)
        func next() -> Int { count.add(1, ordering: .relaxed).newValue }
        var value: Int { count.load(ordering: .relaxed) }
    }

    private func router(_ version: Version, _ calls: Calls) -> Router {
        let keep = Keep.until(version.validity, entries: 100, megabytes: 1)
        var api = RouteGroup(prefix: "/api/v1/shelf", kind: .api, guard: SharingGuard())
        api.anyone.handle(ShelfEndpoints.shelf, keep: keep) { call in
            _ = calls.next()
            return Shelf(books: (0..<call.query.limit).map { "book \($0) of shelf \(try! call.id()) 书架" })
        }
        var pages = RouteGroup(prefix: "/shelves", kind: .pages, guard: SharingGuard())
        pages.anyone.get("/{id}", keep: keep) { request, visitor in
            _ = calls.next()
            var page = Response.html(String(repeating: "<p>\(try request.parameter("id")) \(visitor.english ? "shelf" : "书架")</p>", count: 200))
            page.headers.set("Cache-Control", "no-store")
            if request.headers["X-Cookie"] != nil { page.setCookie(Cookie(name: "c", value: "1")) }
            return page
        }
        var router = Router()
        router.mount(api)
        router.mount(pages)
        return router
    }

    private func get(_ router: Router, _ target: String, _ headers: HTTPHeaders = HTTPHeaders()) -> Response {
        let parts = target.split(separator: "?", maxSplits: 1)
        let request = Request(method: .get, path: String(parts[0]), query: FormData.parse(urlEncoded: parts.count > 1 ? String(parts[1]) : ""),
                              headers: headers)
        return Responder(router: router, configuration: ServerConfiguration()).respond(to: request)
    }

    private func bytes(_ response: Response) -> [UInt8] {
        if case .bytes(let bytes) = response.body { return bytes }
        return []
    }

    @Test func anEndpointAnswerIsMadeOncePerDecodedQueryAndLanguageUntilTheDataChanges() throws {
        let (version, calls) = (Version(), Calls())
        let router = router(version, calls)
        let first = get(router, "/api/v1/shelf/7?limit=3")
        #expect(first.status == .ok && calls.value == 1)
        // The same decoded query, spelled otherwise or with a parameter the endpoint does not read: the kept answer.
        for spelling in ["/api/v1/shelf/7?limit=3", "/api/v1/shelf/7?limit=03&unknown=1", "/api/v1/shelf/7"] {
            let again = get(router, spelling)
            #expect(again.status == .ok && bytes(again) == bytes(first), "\(spelling)")
        }
        #expect(calls.value == 1)
        #expect(first.headers["Cache-Control"] == "public, max-age=60" && first.headers["ETag"]?.hasPrefix("W/\"") == true)
        // Another language, another path id, a signed-in caller: made afresh (the last one every time).
        _ = get(router, "/api/v1/shelf/7?limit=3", ["X-Lang": "en"])
        _ = get(router, "/api/v1/shelf/8?limit=3")
        #expect(calls.value == 3)
        let member = get(router, "/api/v1/shelf/7?limit=3", ["X-User": "ada"])
        _ = get(router, "/api/v1/shelf/7?limit=3", ["X-User": "ada"])
        #expect(calls.value == 5 && member.headers["Cache-Control"] == "private, no-cache")
        // A query that does not decode is a 422, and is never kept.
        #expect(get(router, "/api/v1/shelf/7?limit=0").status.code == 422)
        #expect(get(router, "/api/v1/shelf/7?limit=0").status.code == 422)
        #expect(calls.value == 5)
        // A write bumps the version: the next request makes the answer again.
        version.bump()
        _ = get(router, "/api/v1/shelf/7?limit=3")
        _ = get(router, "/api/v1/shelf/7?limit=3")
        #expect(calls.value == 6)
    }

    @Test func aKeptAnswerComesGzippedToWhoAcceptsItAnd304ToWhoHasIt() throws {
        let (version, calls) = (Version(), Calls())
        let router = router(version, calls)
        let plain = get(router, "/api/v1/shelf/1?limit=100")
        let zipped = get(router, "/api/v1/shelf/1?limit=100", ["Accept-Encoding": "gzip, br"])
        #expect(calls.value == 1)
        #expect(zipped.headers["Content-Encoding"] == "gzip" && plain.headers["Content-Encoding"] == nil)
        #expect(GzipTests.gunzip(bytes(zipped)) == bytes(plain) && bytes(zipped).count < bytes(plain).count / 3)
        #expect(plain.headers.values("Vary").filter { $0 == "Accept-Encoding" }.count == 1, "\(plain.headers.values("Vary"))")
        let tag = try #require(plain.headers["ETag"])
        #expect(zipped.headers["ETag"] == tag)
        let notModified = get(router, "/api/v1/shelf/1?limit=100", ["If-None-Match": "\"other\", " + tag])
        #expect(notModified.status == .notModified && bytes(notModified).isEmpty && notModified.headers["ETag"] == tag)
        // Garbage validators are ignored: the full answer.
        for garbage in ["W/", String(repeating: "x", count: 5_000), "\u{7f}\"", ","] {
            #expect(get(router, "/api/v1/shelf/1?limit=100", ["If-None-Match": garbage]).status == .ok, "\(garbage)")
        }
        #expect(calls.value == 1)
    }

    @Test func tenThousandDistinctKeysOnlyChurnTheBoundedCache() throws {
        let version = Version()
        let cache = BoundedCache<Int, [UInt8]>("bytes", limits: CacheLimits(entries: 1_000, bytes: 64 << 10), validity: version.validity,
                                                cost: { $0.count })
        for key in 0..<10_000 { _ = cache.value(for: key) { [UInt8](repeating: 1, count: 1_000) } }
        #expect(cache.statistics.entries <= 65 && cache.statistics.bytes <= 64 << 10, "\(cache.statistics)")
        _ = cache.value(for: -1) { [UInt8](repeating: 1, count: 9 << 10) }
        #expect(cache.value(for: -1) { [2] } == [2], "a value over an eighth of the bytes is never kept")
    }

    @Test func aValueMadeAcrossAWriteIsNotKeptAndNothingIsKeptWhileTheSignalIsDown() throws {
        let version = Version()
        let cache = BoundedCache<String, Int>("ints", limits: CacheLimits(entries: 10, bytes: 1_000), validity: version.validity, cost: { _ in 8 })
        #expect(cache.value(for: "a") { version.bump(); return 1 } == 1)
        #expect(cache.value(for: "a") { 2 } == 2, "made from data older than the write: not kept")
        #expect(cache.value(for: "a") { 3 } == 2)
        version.listening.store(false, ordering: .relaxed)
        #expect(cache.value(for: "a") { 4 } == 4 && cache.value(for: "a") { 5 } == 5)
        version.listening.store(true, ordering: .relaxed)
        #expect(cache.value(for: "a") { 6 } == 2, "the value made before the outage is still at its version")
        let expiring = BoundedCache<String, Int>("now", limits: CacheLimits(entries: 10, bytes: 1_000, maxAge: .zero), validity: .process, cost: { _ in 8 })
        #expect(expiring.value(for: "a") { 1 } == 1 && expiring.value(for: "a") { 2 } == 2, "past its age a value is made again")
    }

    @Test func aPageIsKeptOnlyWithoutAQueryCookiesOrAForm() throws {
        let (version, calls) = (Version(), Calls())
        let router = router(version, calls)
        let first = get(router, "/shelves/4")
        let second = get(router, "/shelves/4", ["Accept-Encoding": "gzip"])
        #expect(calls.value == 1 && first.headers["Cache-Control"] == "private, no-cache" && first.headers["ETag"] != nil)
        #expect(second.headers["Content-Encoding"] == "gzip")
        // A query string (its text might reach the page), a cookie set, a form's token read: made each time, not kept.
        _ = get(router, "/shelves/4?utm=x")
        _ = get(router, "/shelves/5", ["X-Cookie": "1"])
        let form = get(router, "/shelves/6", ["X-Form": "1"])
        #expect(calls.value == 4 && form.headers["Cache-Control"] == "no-store" && form.headers["ETag"] == nil)
        _ = get(router, "/shelves/5")
        _ = get(router, "/shelves/6")
        #expect(calls.value == 6)
        _ = get(router, "/shelves/5")
        _ = get(router, "/shelves/6")
        _ = get(router, "/shelves/4", ["X-Lang": "en"])
        #expect(calls.value == 7)
    }
}
