import AppSuiteTesting
import Foundation
import Testing
@testable import AppSuiteServer

/// Issue 8 item 10: every throttled route answers `429` with `Retry-After` (whole seconds), pages and API
/// alike: form and API login, form and API registration, form and API password change.
@Suite struct RetryAfterTests {
    /// Repeats `attempt` until it answers 429 (at most `limit` times) and returns that answer.
    static func untilThrottled(limit: Int = 30, _ attempt: () throws -> RawHTTPClient.Reply) throws -> RawHTTPClient.Reply {
        for _ in 0..<limit {
            let reply = try attempt()
            if reply.status == 429 { return reply }
            #expect([401, 201, 303, 200, 422].contains(reply.status), "before the throttle: \(reply.status) \(reply.text.prefix(200))")
        }
        throw TestFailure("no 429 after \(limit) attempts")
    }

    static func expectRetryAfter(_ reply: RawHTTPClient.Reply, _ route: String, html: Bool) throws {
        #expect(reply.status == 429, "\(route)")
        let seconds = try #require(reply.headers["retry-after"].flatMap { Int($0) }, "\(route): no Retry-After")
        #expect((1...3_600).contains(seconds), "\(route): Retry-After \(seconds)")
        let type = reply.headers["content-type"] ?? ""
        #expect(html ? type.hasPrefix("text/html") : type.hasPrefix("application/problem+json"), "\(route): \(type)")
    }

    /// A page form's presession cookie and CSRF token.
    static func form(_ server: TestServer, _ path: String, cookie: String? = nil) throws -> (cookie: String, token: String) {
        let page = try server.get(path, headers: cookie.map { ["Cookie": $0] } ?? [:])
        let token = try #require(TestServer.csrfToken(in: page.text))
        if let cookie { return (cookie, token) }
        return ("presession=" + (try #require(page.setCookies["presession"])), token)
    }

    @Test func loginFormAndAPI() throws {
        let server = try TestServer(apps: [])
        try server.register("wangwu")
        let form = try Self.form(server, "/login")
        let page = try Self.untilThrottled {
            try server.postForm("/login", [("username", "wangwu"), ("password", "wrong password"), ("csrf_token", form.token)],
                                headers: ["Cookie": form.cookie])
        }
        try Self.expectRetryAfter(page, "POST /login", html: true)
        #expect(page.text.contains("尝试次数过多"))

        try server.register("zhaoliu")
        let api = try Self.untilThrottled {
            try server.send("POST", "/api/v1/auth/login", json: #"{"username":"zhaoliu","password":"wrong password"}"#)
        }
        try Self.expectRetryAfter(api, "POST /api/v1/auth/login", html: false)
    }

    @Test func registrationAPIThenForm() throws {
        let server = try TestServer(apps: [])
        var index = 0
        let api = try Self.untilThrottled {
            index += 1
            return try server.send("POST", "/api/v1/auth/register", json: #"{"username":"reg\#(index)x","password":"correct horse battery"}"#)
        }
        try Self.expectRetryAfter(api, "POST /api/v1/auth/register", html: false)
        let form = try Self.form(server, "/register")
        let page = try server.postForm("/register", [("username", "formuser"), ("password", "correct horse battery"),
                                                          ("password_confirmation", "correct horse battery"), ("csrf_token", form.token)],
                                       headers: ["Cookie": form.cookie])
        try Self.expectRetryAfter(page, "POST /register", html: true)
    }

    @Test func passwordChangeFormAndAPI() throws {
        let server = try TestServer(apps: [])
        let token = try server.register("sunqi").token
        let session = "sid=" + token
        let form = try Self.form(server, "/me/password", cookie: session)
        let page = try Self.untilThrottled {
            try server.postForm("/me/password", [("current_password", "not my password"), ("new_password", "another good passphrase"),
                                                 ("new_password_confirmation", "another good passphrase"),
                                                 ("csrf_token", form.token)], headers: ["Cookie": session])
        }
        try Self.expectRetryAfter(page, "POST /me/password", html: true)

        let other = try server.register("zhouba").token
        let api = try Self.untilThrottled {
            try server.send("PUT", "/api/v1/me/password", json: #"{"currentPassword":"not my password","newPassword":"another good passphrase"}"#,
                            headers: ["Authorization": "Bearer " + other])
        }
        try Self.expectRetryAfter(api, "PUT /api/v1/me/password", html: false)
    }
}
