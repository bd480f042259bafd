import AppSuiteAPI
import Foundation
import HTTPServer
import HTTPTestSupport
import Testing
@testable import AppSuiteServer

@Suite struct APITests {
    @Test func healthAndOpenAPI() throws {
        let server = try TestServer()
        let health = try server.get("/healthz")
        #expect(health.status == 200)
        #expect(try APICoding.makeDecoder().decode(HealthStatus.self, from: Data(health.body)).status == "ok")
        let openAPI = try server.get("/api/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(openAPI.body)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(paths["/api/v1/auth/login"]?["post"] != nil)
    }

    /// Every API route the server mounts is in the OpenAPI document, with the same method.
    @Test func everyAPIRouteIsDocumented() throws {
        let server = try TestServer()
        let documented = Set(PlatformRoutes.operations(apps: server.suite.apps).map { "\($0.method) \($0.path)" })
        let mounted = server.suite.router.registered
            .filter { $0.pattern.hasPrefix("/api/") || $0.pattern == "/healthz" }
            .map { "\($0.method) \($0.pattern)" }
        #expect(!mounted.isEmpty)
        for route in mounted { #expect(documented.contains(route), "undocumented API route \(route)") }
        for operation in documented { #expect(mounted.contains(operation), "documented but not mounted: \(operation)") }
    }

    @Test func registerLogInMeLogOut() throws {
        let server = try TestServer()
        let decoder = APICoding.makeDecoder()
        let registered = try server.send("POST", "/api/v1/auth/register", json: #"{"username":"小明2008","password":"correct horse battery"}"#)
        #expect(registered.status == 201)
        let first = try decoder.decode(LoginResponse.self, from: Data(registered.body))
        #expect(first.user.username == "小明2008")
        #expect(first.user.nickname == "小明2008")

        let login = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"小明2008","password":"correct horse battery"}"#)
        #expect(login.status == 200)
        let session = try decoder.decode(LoginResponse.self, from: Data(login.body))
        #expect(session.token != first.token, "a login always issues a new session id")
        #expect(session.expiresAt.timeIntervalSinceNow > 29 * 86_400)
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.hasPrefix("sid=\(session.token);"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

        let me = try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(session.token)"])
        #expect(me.status == 200)
        #expect(try decoder.decode(UserProfile.self, from: Data(me.body)) == session.user)
        #expect(try server.get("/api/v1/me").status == 401)

        let logout = try RawHTTPClient.request(port: server.port, "POST", "/api/v1/auth/logout", headers: ["Authorization": "Bearer \(session.token)"])
        #expect(logout.status == 204)
        #expect(try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(session.token)"]).status == 401,
                "logout invalidates the token on the server")
        #expect(try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(first.token)"]).status == 200,
                "other sessions stay")
    }

    @Test func unknownUserAndWrongPasswordGetTheSameAnswer() throws {
        let server = try TestServer()
        try server.register("lihua")
        let wrong = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"lihua","password":"not the password"}"#)
        let unknown = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"nobody","password":"not the password"}"#)
        #expect(wrong.status == 401)
        #expect(unknown.status == 401)
        #expect(wrong.text == unknown.text)
    }

    @Test func duplicateUsernameIs409AndWeakPasswordIs422() throws {
        let server = try TestServer()
        try server.register("wangfang")
        let duplicate = try server.send("POST", "/api/v1/auth/register", json: #"{"username":"WangFang","password":"correct horse battery"}"#)
        #expect(duplicate.status == 409)
        #expect(duplicate.headers["content-type"] == "application/problem+json; charset=utf-8")
        let weak = try server.send("POST", "/api/v1/auth/register", json: #"{"username":"zhangwei","password":"password"}"#,
                                   headers: ["Accept-Language": "en"])
        #expect(weak.status == 422)
        #expect(weak.text.contains(#""field":"password""#))
        #expect(weak.text.contains("too common"))
    }

    @Test func repeatedWrongPasswordsAreThrottledWithRetryAfter() throws {
        let server = try TestServer()
        try server.register("chenjing")
        for _ in 0..<5 {
            #expect(try server.send("POST", "/api/v1/auth/login", json: #"{"username":"chenjing","password":"wrong password 1"}"#).status == 401)
        }
        let blocked = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"chenjing","password":"correct horse battery"}"#)
        #expect(blocked.status == 429)
        #expect(Int(blocked.headers["retry-after"] ?? "") ?? 0 > 0)
    }

    @Test func badInputGetsProblemDetails() throws {
        let server = try TestServer()
        let malformed = try server.send("POST", "/api/v1/auth/login", json: #"{"username": "x", "#)
        #expect(malformed.status == 400)
        #expect(malformed.text.contains("not valid JSON"))
        let missing = try server.send("POST", "/api/v1/auth/login", json: #"{"username": "x"}"#)
        #expect(missing.status == 400)
        #expect(missing.text.contains("'password' is missing"))
        #expect(try server.get("/api/v1/nope").status == 404)
        #expect(try server.get("/api/v1/auth/login").status == 405)
        let huge = try server.send("POST", "/api/v1/auth/login", json: String(repeating: " ", count: 2 << 20))
        #expect(huge.status == 413)
    }

    @Test(arguments: [#"<img src=x onerror=alert(1)>"#, #"'); DROP TABLE users;--"#, "小明 😀 \"&amp;\""])
    func nicknameIsStoredVerbatimAndEscapedOnPages(nickname: String) throws {
        let server = try TestServer()
        let token = try server.register("zhaolei")
        let body = try JSONSerialization.data(withJSONObject: ["nickname": nickname])
        let changed = try server.send("PATCH", "/api/v1/me", json: String(decoding: body, as: UTF8.self), headers: ["Authorization": "Bearer \(token)"])
        #expect(changed.status == 200, "\(changed.text)")
        let me = try APICoding.makeDecoder().decode(UserProfile.self, from: Data(changed.body))
        #expect(me.nickname == nickname)
        let page = try server.get("/me", headers: ["Cookie": "sid=\(token)"])
        let escaped = nickname.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        #expect(page.text.contains(">\(escaped)<"))
        #expect(!page.text.contains("<img src=x"))
        #expect(try server.get("/healthz").status == 200, "the database is intact")
    }

    @Test func avatarUploadIsReencodedToASquareJPEG() throws {
        let server = try TestServer()
        let token = try server.register("sunli")
        // A 3×2 PNG (red, green, blue columns) made with zlib: a real image with a non-square aspect.
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8DAAMFwFgA72AX73hA3ZQAAAABJRU5ErkJggg=="))
        var body = Array("--b\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += [UInt8](png) + Array("\r\n--b--\r\n".utf8)
        let reply = try RawHTTPClient.request(port: server.port, "PUT", "/api/v1/me/avatar",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "multipart/form-data; boundary=b"], body: body)
        #expect(reply.status == 200, "\(reply.text)")
        let user = try APICoding.makeDecoder().decode(UserProfile.self, from: Data(reply.body))
        let url = try #require(user.avatarURL)
        let image = try server.get(url)
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/jpeg")
        #expect(Array(image.body.prefix(3)) == [0xFF, 0xD8, 0xFF])

        let text = Array("--b\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"x.jpg\"\r\n\r\nnot an image\r\n--b--\r\n".utf8)
        let refused = try RawHTTPClient.request(port: server.port, "PUT", "/api/v1/me/avatar",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "multipart/form-data; boundary=b"], body: text)
        #expect(refused.status == 422)
    }
}
