import APIKit
import Synchronization
import Testing
@testable import HTTPServer

/// A guard whose "session" is the `X-User` header, whose "CSRF token" is `X-Token: ok`, whose language is
/// `X-Lang`, who holds every permission as user `root`, and who counts write limits in memory.
struct HeaderGuard: RouteGuard {
    struct Visitor: Sendable {
        var user: String?
        var english = false
    }
    struct Member: Sendable { var user: String }

    func visitor(for request: Request, route: RouteInfo) throws -> Visitor {
        if !request.method.isSafe, request.headers["X-Token"] != "ok" { throw HTTPError(.forbidden, detail: "no token") }
        return Visitor(user: request.headers["X-User"], english: request.headers["X-Lang"] == "en")
    }

    func member(_ visitor: Visitor) -> Member? { visitor.user.map(Member.init) }

    func signInRequired(_ visitor: Visitor, request: Request, route: RouteInfo) -> Response {
        route.kind == .api ? .problem(HTTPError(.unauthorized)) : .redirect(to: "/login")
    }

    func finish(_ response: inout Response, visitor: Visitor, route: RouteInfo) { response.headers.set("X-Guarded", route.kind.rawValue) }

    /// Calls per limit class and caller, for the whole life of the guard (one window).
    let counts = Counts()

    final class Counts: Sendable {
        let calls = Mutex<[String: Int]>([:])
    }

    func admit(_ request: Request, _ visitor: Visitor, route: RouteInfo) throws {
        let key = route.limit.name + "/" + (visitor.user ?? request.clientAddress)
        let count = counts.calls.withLock { calls in
            calls[key, default: 0] += 1
            return calls[key] ?? 0
        }
        guard let window = route.limit.windows.first, count > window.count else { return }
        throw HTTPError(.tooManyRequests, detail: "over \(route.limit.name)", headers: ["Retry-After": String(window.seconds)])
    }

    func authorize(_ member: Member, permission: String) throws {
        guard member.user == "root" else { throw HTTPError(.forbidden, detail: "needs \(permission)") }
    }

    func prefersChinese(_ visitor: Visitor) -> Bool { !visitor.english }
}

@Suite struct RouteGroupTests {
    func router() -> Router {
        var api = RouteGroup(prefix: "/api/v1/notes", kind: .api, guard: HeaderGuard())
        api.get("/{id}") { request, member in .text("\(member.user) reads \(try request.parameter("id"))") }
        api.post("") { _, member in .text("\(member.user) wrote") }
        api.anyone.get("/public") { _, visitor in .text("hello \(visitor.user ?? "stranger")") }
        var pages = RouteGroup(prefix: "/notes", kind: .pages, guard: HeaderGuard())
        pages.get("") { _, member in .text("page of \(member.user)") }
        var root = RouteGroup(prefix: "", kind: .pages, guard: HeaderGuard())
        root.anyone.get("") { _, _ in .text("launcher") }
        var router = Router()
        router.mount(api)
        router.mount(pages)
        router.mount(root)
        router.get("/healthz") { _ in .text("ok") }
        return router
    }

    func respond(_ method: HTTPMethod, _ path: String, _ headers: HTTPHeaders = HTTPHeaders()) -> (Int, String, Response) {
        let response = Responder(router: router(), configuration: ServerConfiguration())
            .respond(to: Request(method: method, path: path, headers: headers))
        guard case .bytes(let bytes) = response.body else { return (response.status.code, "", response) }
        return (response.status.code, String(decoding: bytes, as: UTF8.self), response)
    }

    @Test func signedInIsTheDefaultAndAnyoneIsTheOptOut() {
        #expect(respond(.get, "/api/v1/notes/7", ["X-User": "ada"]).1 == "ada reads 7")
        #expect(respond(.get, "/api/v1/notes/7").0 == 401)
        #expect(respond(.get, "/api/v1/notes/public").1 == "hello stranger")
        #expect(respond(.get, "/api/v1/notes/public", ["X-User": "ada"]).1 == "hello ada")
        let page = respond(.get, "/notes")
        #expect(page.0 == 303)
        #expect(page.2.headers["Location"] == "/login")
        #expect(respond(.get, "/notes", ["X-User": "ada"]).1 == "page of ada")
        #expect(respond(.get, "/").1 == "launcher")
    }

    @Test func unsafeMethodsRunTheGuardsRulesBeforeTheHandler() {
        #expect(respond(.post, "/api/v1/notes", ["X-User": "ada"]).0 == 403)
        #expect(respond(.post, "/api/v1/notes", ["X-User": "ada", "X-Token": "ok"]).1 == "ada wrote")
        #expect(respond(.post, "/api/v1/notes", ["X-Token": "ok"]).0 == 401)
    }

    @Test func theGuardFinishesEveryResponseOfItsGroupOnly() {
        #expect(respond(.get, "/api/v1/notes/public").2.headers["X-Guarded"] == "api")
        #expect(respond(.get, "/notes").2.headers["X-Guarded"] == "pages")
        #expect(respond(.get, "/healthz").2.headers["X-Guarded"] == nil)
    }

    @Test func theRouterRemembersEachRoutesAccess() {
        let registered = router().registered.map { "\($0.method) \($0.pattern) \($0.access?.rawValue ?? "unguarded") \($0.limit.name)" }
        #expect(registered == [
            "GET /api/v1/notes/{id} signedIn none", "POST /api/v1/notes signedIn write", "GET /api/v1/notes/public anyone none",
            "GET /notes signedIn none", "GET / anyone none", "GET /healthz unguarded none",
        ])
    }
}
