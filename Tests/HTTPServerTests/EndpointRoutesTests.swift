import APIKit
import Foundation
import Testing
@testable import HTTPServer

private struct Note: Codable, Sendable, Equatable {
    var id: Int64
    var text: String
}

private struct NoteDraft: Codable, Sendable {
    var text: String
}

private struct NoteQuery: QueryDecodable {
    var limit: Int
    var tag: String?
    init(from query: inout QueryReader) throws(QueryError) {
        limit = try query.value("limit", in: 1...5, default: 2, "page size")
        tag = try query.text("tag", maxLength: 8, "a tag")
    }
}

private struct NoteList: Codable, Sendable, Equatable {
    var items: [Note]
}

private enum NoteEndpoints {
    static let list = Endpoint<NoteQuery, NoBody, NoteList>(.get, "/api/v1/notes", summary: "Notes", access: .anyone, cache: .publicFor(seconds: 30))
    static let add = Endpoint<NoQuery, NoteDraft, Note>(.post, "/api/v1/notes", summary: "Add a note", limit: .content, status: 201)
    static let purge = Endpoint<NoQuery, NoBody, NoContent>(.delete, "/api/v1/notes/{id}", summary: "Purge a note", access: .permission("moderate"),
                                                           errors: [.init(404, "No such note")])
    static let mine = Endpoint<NoQuery, NoBody, NoteList>(.get, "/api/v1/notes/mine", summary: "My notes", cache: .revalidate)
    static let slow = Endpoint<NoQuery, NoBody, Note>(.get, "/api/v1/notes/slow", summary: "Computed on the work pool", access: .anyone)
}

/// The route group serving `Endpoint` values: decoding, access, the write limit, answers and cache validators.
@Suite struct EndpointRoutesTests {
    func router() -> Router {
        var api = RouteGroup(prefix: "/api/v1/notes", kind: .api, guard: HeaderGuard())
        api.anyone.handle(NoteEndpoints.list) { call in
            NoteList(items: (1...Int64(call.query.limit)).map { Note(id: $0, text: call.query.tag ?? "untagged") })
        }
        api.handle(NoteEndpoints.add) { call in Note(id: 9, text: call.context.user + ": " + call.body.text) }
        api.handle(NoteEndpoints.purge) { call in
            guard try call.id() == 1 else { throw HTTPError.notFound("No note \(try call.id()).") }
            return NoContent()
        }
        api.handle(NoteEndpoints.mine) { call in NoteList(items: [Note(id: 1, text: call.context.user)]) }
        api.anyone.reply(NoteEndpoints.slow) { _ in .offloaded(key: "test") { Note(id: 2, text: "slow") } }
        var router = Router()
        router.mount(api)
        return router
    }

    private func send(_ router: Router, _ method: HTTPMethod, _ target: String, _ headers: HTTPHeaders = HTTPHeaders(),
                      body: String? = nil) -> (status: Int, text: String, response: Response) {
        let parts = target.split(separator: "?", maxSplits: 1)
        var request = Request(method: method, path: String(parts[0]), query: FormData.parse(urlEncoded: parts.count > 1 ? String(parts[1]) : ""),
                              headers: headers)
        if let body {
            request.body = .bytes(Array(body.utf8))
            request.headers.set("Content-Type", "application/json")
        }
        let response = Responder(router: router, configuration: ServerConfiguration()).respond(to: request)
        guard case .bytes(let bytes) = response.body else { return (response.status.code, "", response) }
        return (response.status.code, String(decoding: bytes, as: UTF8.self), response)
    }

    @Test func theQueryIsDecodedAndABadFieldIsNamedInTheCallersLanguage() throws {
        let router = router()
        let list = send(router, .get, "/api/v1/notes?limit=3&tag=swift&other=ignored")
        #expect(list.status == 200)
        #expect(try JSONDecoder().decode(NoteList.self, from: Data(list.text.utf8)).items.map(\.text) == ["swift", "swift", "swift"])
        let zh = send(router, .get, "/api/v1/notes?limit=9")
        #expect(zh.status == 422)
        #expect(zh.response.headers["Content-Type"] == "application/problem+json; charset=utf-8")
        #expect(zh.text.contains(#""field":"limit","message":"limit 须在 1 到 5 之间。""#))
        let en = send(router, .get, "/api/v1/notes?limit=1&limit=2", ["X-Lang": "en"])
        #expect(en.text.contains(#""field":"limit","message":"limit may be given only once.""#))
    }

    @Test func accessIsCheckedBeforeTheHandler() {
        let router = router()
        #expect(send(router, .post, "/api/v1/notes", ["X-Token": "ok"], body: #"{"text":"hi"}"#).status == 401)
        let added = send(router, .post, "/api/v1/notes", ["X-Token": "ok", "X-User": "ada"], body: #"{"text":"hi"}"#)
        #expect(added.status == 201)
        #expect(added.text == #"{"id":9,"text":"ada: hi"}"#)
        #expect(send(router, .post, "/api/v1/notes", ["X-Token": "ok", "X-User": "ada"], body: #"{"txt":"hi"}"#).status == 400)
        #expect(send(router, .delete, "/api/v1/notes/1", ["X-Token": "ok", "X-User": "ada"]).status == 403)
        #expect(send(router, .delete, "/api/v1/notes/1", ["X-Token": "ok", "X-User": "root"]).status == 204)
        #expect(send(router, .delete, "/api/v1/notes/2", ["X-Token": "ok", "X-User": "root"]).status == 404)
    }

    @Test func theWriteLimitRefusesPastItsWindowWithRetryAfter() {
        let router = router()
        let headers: HTTPHeaders = ["X-Token": "ok", "X-User": "ada"]
        for _ in 0..<20 { #expect(send(router, .post, "/api/v1/notes", headers, body: #"{"text":"x"}"#).status == 201) }
        let refused = send(router, .post, "/api/v1/notes", headers, body: #"{"text":"x"}"#)
        #expect(refused.status == 429)
        #expect(refused.response.headers["Retry-After"] == "60")
        #expect(send(router, .post, "/api/v1/notes", ["X-Token": "ok", "X-User": "bob"], body: #"{"text":"x"}"#).status == 201)
        #expect(router.registered.allSatisfy { $0.method.isSafe || !$0.limit.windows.isEmpty })
    }

    @Test func cachedAnswersCarryValidatorsAndAnswer304() throws {
        let router = router()
        let first = send(router, .get, "/api/v1/notes?limit=1")
        #expect(first.response.headers["Cache-Control"] == "public, max-age=30")
        let tag = try #require(first.response.headers["ETag"])
        #expect(tag.hasPrefix("W/\""))
        let again = send(router, .get, "/api/v1/notes?limit=1", ["If-None-Match": "\"other\", " + tag])
        #expect(again.status == 304 && again.text.isEmpty)
        #expect(again.response.headers["ETag"] == tag)
        #expect(send(router, .get, "/api/v1/notes?limit=1", ["If-None-Match": String(tag.dropFirst(2))]).status == 304)
        #expect(send(router, .get, "/api/v1/notes?limit=1", ["If-None-Match": "garbage, W/"]).status == 200)
        #expect(send(router, .get, "/api/v1/notes?limit=2", ["If-None-Match": tag]).status == 200)
        #expect(send(router, .get, "/api/v1/notes?limit=1", ["X-User": "ada"]).response.headers["Cache-Control"] == "private, no-cache")
        let mine = send(router, .get, "/api/v1/notes/mine", ["X-User": "ada"])
        #expect(mine.response.headers["Cache-Control"] == "private, no-cache" && mine.response.headers["ETag"] != nil)
        let added = send(router, .post, "/api/v1/notes", ["X-Token": "ok", "X-User": "cy"], body: #"{"text":"x"}"#)
        #expect(added.response.headers["Cache-Control"] == "no-store" && added.response.headers["ETag"] == nil)
    }

    @Test func slowWorkRunsOffloadedAndIsEncodedTheSameWay() {
        let slow = send(router(), .get, "/api/v1/notes/slow")
        #expect(slow.status == 200 && slow.text == #"{"id":2,"text":"slow"}"#)
    }

    @Test func theOpenAPIOperationComesFromTheDeclaration() {
        let list = APIOperation(NoteEndpoints.list, tag: "Notes")
        #expect(list.parameters.map(\.name) == ["limit", "tag"])
        #expect(list.parameters.map(\.isRequired) == [false, false])
        #expect(list.parameters.first?.description == "page size (default 2)")
        #expect(list.responses.map(\.status) == [200, 422])
        #expect(!list.requiresAuthentication)
        let purge = APIOperation(NoteEndpoints.purge, tag: "Notes")
        #expect(purge.parameters.map(\.name) == ["id"] && purge.parameters.first?.location == .path)
        #expect(purge.responses.map(\.status) == [204, 404, 401, 403, 429])
        #expect(purge.requiresAuthentication)
        let add = APIOperation(NoteEndpoints.add, tag: "Notes")
        #expect(add.responses.map(\.status) == [201, 400, 415, 401, 422, 429])
        #expect(add.responses.last?.description == "Over the content limit (20 a minute, 200 a day); Retry-After")
    }
}
