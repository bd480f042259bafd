import Testing
@testable import HTTPServer

/// A guard whose "session" is the `X-User` header and whose "CSRF token" is `X-Token: ok`.
private struct HeaderGuard: RouteGuard {
    struct Visitor: Sendable { var user: String? }
    struct Member: Sendable { var user: String }

    func visitor(for request: Request, route: RouteInfo) throws -> Visitor {
        if !request.method.isSafe, request.headers["X-Token"] != "ok" { throw HTTPError(.forbidden, detail: "no token") }
        return Visitor(user: request.headers["X-User"])
    }

    func member(_ visitor: Visitor) -> Member? { visitor.user.map(Member.init) }

    func signInRequired(_ visitor: Visitor, request: Request, route: RouteInfo) -> Response {
        route.kind == .api ? .problem(HTTPError(.unauthorized)) : .redirect(to: "/login")
    }

    func finish(_ response: inout Response, visitor: Visitor, route: RouteInfo) { response.headers.set("X-Guarded", route.kind.rawValue) }
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
        let registered = router().registered.map { "\($0.method) \($0.pattern) \($0.access?.rawValue ?? "unguarded")" }
        #expect(registered == [
            "GET /api/v1/notes/{id} signedIn", "POST /api/v1/notes signedIn", "GET /api/v1/notes/public anyone",
            "GET /notes signedIn", "GET / anyone", "GET /healthz unguarded",
        ])
    }
}
