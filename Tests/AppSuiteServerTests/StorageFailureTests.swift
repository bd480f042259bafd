import AppSuiteTesting
import Foundation
import HTTPServer
import Storage
import Testing
@testable import AppHost
@testable import AppSuiteServer

/// A database that cannot be read is an error the client sees as such, never "you are signed out", and a
/// busy database asks the client to retry (issue 9 item 7).
@Suite struct StorageFailureTests {
    @Test func aSessionThatCannotBeReadIsAnErrorNotASignedOutVisitor() throws {
        let server = try TestServer()
        let token = try server.register("reader").token
        #expect(try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        try server.suite.database.write { db in try db.executeScript("ALTER TABLE sessions RENAME TO sessions_moved") }
        let me = try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(token)"])
        #expect(me.status == 500, "a failing session lookup answered \(me.status) (401 would mean 'signed out')")
        #expect(me.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        let page = try server.get("/me", headers: ["Cookie": "sid=\(token)"])
        #expect(page.status == 500)
        #expect(page.text.contains("<html"), "the error page still renders, as for a signed-out visitor")
    }

    @Test func aBusyDatabaseIs503WithRetryAfter() {
        var router = Router()
        router.get("/busy") { _ in throw StorageError(kind: .database, condition: .busy, backendCode: "5", message: "database is locked") }
        router.get("/broken") { _ in throw StorageError(kind: .database, backendCode: "1", message: "no such table: secrets", sql: "SELECT 1") }
        let responder = Responder(router: router, configuration: ServerConfiguration())
        let busy = responder.respond(to: Request(method: .get, path: "/busy", headers: ["Accept": "application/json"]))
        #expect(busy.status == .serviceUnavailable)
        #expect(busy.headers["Retry-After"] == "1")
        let broken = responder.respond(to: Request(method: .get, path: "/broken", headers: ["Accept": "application/json"]))
        #expect(broken.status.code == 500)
        guard case .bytes(let body) = broken.body else { Issue.record("no body"); return }
        #expect(!String(decoding: body, as: UTF8.self).contains("secrets"), "SQLite's text is logged, not sent")
    }
}
