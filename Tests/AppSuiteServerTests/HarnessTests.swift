import AppHost
import AppSuiteTesting
import Foundation
import Storage
import Testing

/// The test harness itself: both transports answer alike, the clock and the data directory belong to the
/// server, shared data is imported once.
@Suite struct HarnessTests {
    /// The same requests over a socket and in process get the same status, headers and body (per-session
    /// CSRF tokens aside): routing, handlers, offloaded work, multipart, error pages, default headers, gzip.
    @Test func inProcessAnswersLikeTheSocket() throws {
        let start = Date(timeIntervalSince1970: 1_717_200_000)
        let answers = try [TestServer.Transport.socket, .inProcess].map { transport in
            let server = try TestServer(transport: transport, clock: FixedClock(start))
            let registered = try server.register("harness")
            let account = try server.logIn("harness")
            let avatar = MultipartFile(field: "avatar", filename: "me.png", contentType: "image/png", bytes: Array("not a picture".utf8))
            return [
                try server.get("/healthz"),
                try server.request("HEAD", "/healthz"),
                try server.get("/api/v1/me", token: account.token),
                try server.get("/api/v1/me", headers: ["Cookie": registered.cookie]),
                try server.get("/me", headers: ["Cookie": account.cookie, "Accept-Language": "en"]),
                try server.get("/login?next=%2Fme&lang=en"),
                try server.get("/api/v1/no/such"),
                try server.get("/no/such/page", headers: ["Accept": "text/html"]),
                try server.get("/%00"),
                try server.get("/assets/app%2Ecss", headers: ["Accept-Encoding": "gzip"]),
                try server.send("POST", "/api/v1/auth/login", json: #"{"username": "x", "#),
                try server.postForm("/logout", [], headers: ["Cookie": account.cookie]),
                try server.upload("/api/v1/me/avatar", method: "PUT", files: [avatar], token: account.token, headers: ["Accept-Language": "en"]),
                try server.request("PUT", "/api/v1/me/avatar", token: account.token, headers: ["Content-Type": "multipart/form-data; boundary=x"],
                                   body: Array("--x\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\r\nabc".utf8)),
            ]
        }
        let (socket, inProcess) = (answers[0], answers[1])
        #expect(socket.map(\.status) == [200, 200, 200, 200, 200, 200, 404, 404, 404, 200, 400, 403, 422, 400])
        #expect(inProcess.map(\.status) == socket.map(\.status))
        for (index, (wire, direct)) in zip(socket, inProcess).enumerated() {
            for name in ["content-type", "content-encoding", "cache-control", "etag", "location", "vary", "content-security-policy", "retry-after"] {
                #expect(wire.headers[name] == direct.headers[name], "request \(index): \(name)")
            }
            #expect(wire.setCookies.keys.sorted() == direct.setCookies.keys.sorted(), "request \(index)")
            #expect(Self.withoutCSRFTokens(wire.text) == Self.withoutCSRFTokens(direct.text), "request \(index)")
        }
        #expect(socket[1].body.isEmpty && inProcess[1].body.isEmpty, "HEAD has no body")
        #expect(inProcess[4].text.contains("harness") && inProcess[5].text.contains("Log in"))
        #expect(inProcess[12].text.contains("avatar") && inProcess[13].text.contains("closing boundary"))
    }

    static func withoutCSRFTokens(_ text: String) -> String {
        text.replacingOccurrences(of: #"name="csrf_token" value="[^"]*""#, with: "", options: .regularExpression)
    }

    @Test func theServersClockDrivesSessions() throws {
        let server = try TestServer(apps: [], transport: .inProcess)
        let account = try server.register("clock")
        #expect(try server.get("/api/v1/me", token: account.token).status == 200)
        server.clock.advance(by: 31 * 86_400)  // more than 30 days idle: expired
        #expect(try server.get("/api/v1/me", token: account.token).status == 401)
    }

    @Test func theDataDirectoryGoesWithTheServer() throws {
        var path = ""
        do {
            let server = try TestServer(apps: [], transport: .inProcess)
            path = server.dataDirectory
            // The SQLite file lives there; on PostgreSQL (APPSUITE_TEST_DATABASE_URL) the server secret does.
            let file = TemporaryDatabase.postgresURL == nil ? "/appsuite.sqlite" : "/server-secret"
            #expect(FileManager.default.fileExists(atPath: path + file))
        }
        #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path))
    }

    @Test(.requires(.movies)) func sharedDataIsImportedOncePerProcess() throws {
        let first = try TestServer.shared(importing: .movies)
        #expect(try TestServer.shared(importing: .movies) === first)
        #expect(first.imports[.movies]?.imported == 2_704 + 158 + 302 + 8_026 + 36_085 - 109)  // 109 short comments dated before their film (MovieReviews OriginalYearTests)
        #expect(try first.get("/api/v1/movies/reviews/7883050").status == 200)
    }

    @Test func waitPollsUntilTheConditionHolds() {
        var calls = 0
        #expect(wait(until: { calls += 1; return calls == 3 }))
        #expect(calls == 3)
        #expect(!wait(until: { false }, timeout: .milliseconds(20)), "false once the time is up")
    }
}
