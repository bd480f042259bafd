import Testing
@testable import HTTPServer

@Suite struct RouterTests {
    func makeRouter() -> Router {
        var router = Router()
        router.get("/") { _ in .text("root") }
        router.get("/api/v1/photos/{id}") { request in .text("photo \(try request.parameter("id"))") }
        router.delete("/api/v1/photos/{id}") { request in .text("deleted \(try request.parameter("id"))") }
        router.get("/api/v1/photos/{id}/thumbnail") { request in .text("thumb \(try request.parameter("id"))") }
        router.post("/api/v1/auth/login") { _ in .text("login") }
        router.get("/assets/{path...}") { request in .text(try request.parameter("path")) }
        return router
    }

    func body(_ response: Response) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    func respond(_ method: HTTPMethod, _ path: String) -> Response {
        Responder(router: makeRouter(), configuration: ServerConfiguration()).respond(to: Request(method: method, path: path))
    }

    @Test func literalAndParameterRoutes() {
        #expect(body(respond(.get, "/")) == "root")
        #expect(body(respond(.get, "/api/v1/photos/42")) == "photo 42")
        #expect(body(respond(.delete, "/api/v1/photos/42")) == "deleted 42")
        #expect(body(respond(.get, "/api/v1/photos/42/thumbnail")) == "thumb 42")
        #expect(body(respond(.get, "/assets/css/app.css")) == "css/app.css")
    }

    @Test func theMostSpecificRemainderRouteWins() {
        var router = makeRouter()
        router.get("/assets/apps/{id}/{path...}") { request in .text("app \(try request.parameter("id")) \(try request.parameter("path"))") }
        let responder = Responder(router: router, configuration: ServerConfiguration())
        #expect(body(responder.respond(to: Request(method: .get, path: "/assets/apps/gaokao/gaokao.css"))) == "app gaokao gaokao.css")
        #expect(body(responder.respond(to: Request(method: .get, path: "/assets/app.css"))) == "app.css")
    }

    @Test func trailingSlashMatchesTheSameRoute() {
        #expect(respond(.post, "/api/v1/auth/login/").status == .ok)
    }

    @Test func headIsServedByGet() {
        #expect(respond(.head, "/api/v1/photos/1").status == .ok)
    }

    @Test func unknownPathIsA404ProblemForTheAPI() {
        let response = respond(.get, "/api/v1/nothing")
        #expect(response.status.code == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json; charset=utf-8")
        #expect(body(response).contains(#""status":404"#))
    }

    @Test func wrongMethodIs405WithAllow() {
        let response = respond(.post, "/api/v1/photos/7")
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "GET, DELETE, HEAD")
        let login = respond(.get, "/api/v1/auth/login")
        #expect(login.status.code == 405)
        #expect(login.headers["Allow"] == "POST")
    }

    @Test func missingParameterDoesNotMatch() {
        #expect(respond(.get, "/api/v1/photos/").status.code == 404)
        #expect(respond(.get, "/api/v1/photos").status.code == 404)
    }

    @Test func thrownErrorsBecomeProblemsAndUnknownErrorsA500WithoutDetails() {
        struct Secret: Error {}
        var router = Router()
        router.get("/api/fail") { _ in throw HTTPError.validation([.init(field: "score", message: "0…750")]) }
        router.get("/api/crash") { _ in throw Secret() }
        let responder = Responder(router: router, configuration: ServerConfiguration())
        let fail = responder.respond(to: Request(method: .get, path: "/api/fail"))
        #expect(fail.status.code == 422)
        #expect(body(fail).contains(#""errors":[{"field":"score","message":"0…750"}]"#))
        let crash = responder.respond(to: Request(method: .get, path: "/api/crash"))
        #expect(crash.status.code == 500)
        #expect(!body(crash).contains("Secret"))
    }

    @Test func htmlClientsGetTheErrorPage() {
        let responder = Responder(router: Router(), configuration: ServerConfiguration()) { error, _ in
            .html("<p>friendly \(error.status.code)</p>")
        }
        let response = responder.respond(to: Request(method: .get, path: "/nowhere", headers: ["Accept": "text/html"]))
        #expect(response.status.code == 404)
        #expect(body(response) == "<p>friendly 404</p>")
    }
}
