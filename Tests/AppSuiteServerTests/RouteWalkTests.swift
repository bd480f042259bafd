import AppSuiteTesting
import Foundation
import HTTPServer
import Testing
@testable import AppSuiteServer

/// Walks every route the suite registers (platform and every installed app) and proves the guards are on
/// (issue 9 item 1): no unsafe route is mounted outside a guarded group or without a write limit (issue 27 item 2),
/// every unsafe route refuses a
/// cookie-authenticated request without a CSRF token, and every route that needs a user refuses a
/// signed-out request (`401` from the API, a redirect to `/login` from pages).
@Suite struct RouteWalkTests {
    /// `{id}`-style segments filled with plausible values; the guard answers before any handler looks them up.
    static func concrete(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            switch segment {
            case "{app}": "movies"
            case _ where segment.hasPrefix("{") && segment.hasSuffix("...}"): "x"
            case _ where segment.hasPrefix("{"): "1"
            default: String(segment)
            }
        }.joined(separator: "/")
    }

    @Test func everyUnsafeRouteIsGuardedAndRefusesACookieRequestWithoutCSRFToken() throws {
        let server = try TestServer()
        let token = try server.register("walker").token
        let routes = server.suite.router.registered.filter { !$0.method.isSafe }
        #expect(routes.count >= 30)
        for route in routes {
            #expect(route.access != nil, "\(route.method) \(route.pattern) is mounted without the session guard")
            #expect(!route.limit.windows.isEmpty, "\(route.method) \(route.pattern) has no write limit")
            let path = Self.concrete(route.pattern)
            let form = try server.request(route.method.rawValue, path,
                                          headers: ["Cookie": "sid=\(token)", "Content-Type": "application/x-www-form-urlencoded"],
                                          body: Array("x=1".utf8))
            #expect(form.status == 403, "\(route.method) \(path) with a session cookie and no CSRF token answered \(form.status)")
            let json = try server.send(route.method.rawValue, path, json: "{}", headers: ["Cookie": "sid=\(token)"])
            #expect(json.status == 403, "\(route.method) \(path) as cookie JSON without a CSRF token answered \(json.status)")
        }
    }

    @Test func everyRouteThatNeedsAUserRefusesSignedOutRequests() throws {
        let server = try TestServer()
        // A signed-out browser's valid pre-session CSRF pair, so unsafe page routes get past CSRF to the sign-in check.
        let login = try server.get("/login")
        let preSession = try #require(login.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let csrf = try #require(TestServer.csrfToken(in: login.text))
        let routes = server.suite.router.registered.filter { $0.access == .signedIn }
        #expect(routes.count >= 30)
        for route in routes {
            let path = Self.concrete(route.pattern)
            let isAPI = route.pattern.hasPrefix("/api/")
            let reply: RawHTTPClient.Reply
            if isAPI {
                reply = route.method.isSafe
                    ? try server.get(path)
                    : try server.send(route.method.rawValue, path, json: "{}")
            } else {
                reply = route.method.isSafe
                    ? try server.get(path)
                    : try server.postForm(path, [("csrf_token", csrf)], headers: ["Cookie": preSession])
            }
            if isAPI {
                #expect(reply.status == 401, "\(route.method) \(path) signed out answered \(reply.status)")
                #expect(reply.headers["www-authenticate"] == "Bearer")
            } else {
                #expect(reply.status == 303, "\(route.method) \(path) signed out answered \(reply.status)")
                #expect(reply.headers["location"]?.hasPrefix("/login?next=") == true, "\(route.method) \(path) → \(reply.headers["location"] ?? "")")
            }
        }
    }

    @Test func aSignedOutFormPostReturnsToThePageTheFormWasOn() throws {
        let server = try TestServer()
        let login = try server.get("/login")
        let preSession = try #require(login.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let csrf = try #require(TestServer.csrfToken(in: login.text))
        let reply = try server.postForm("/me/profile", [("csrf_token", csrf), ("nickname", "x")],
                                        headers: ["Cookie": preSession, "Referer": "http://127.0.0.1/me?tab=1"])
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == "/login?next=" + percentEncode("/me?tab=1"))
    }

    /// A form may name its page in a hidden `next` (browsers may send no `Referer`); only a same-site path counts,
    /// else the `Referer`, else the route's first segment.
    @Test func aSignedOutFormPostReturnsToItsNextField() throws {
        let server = try TestServer()
        let login = try server.get("/login")
        let preSession = try #require(login.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let csrf = try #require(TestServer.csrfToken(in: login.text))
        func location(next: String, referer: String? = nil) throws -> String? {
            try server.postForm("/me/profile", [("csrf_token", csrf), ("nickname", "x"), ("next", next)],
                                headers: ["Cookie": preSession].merging(referer.map { ["Referer": $0] } ?? [:]) { $1 }).headers["location"]
        }
        #expect(try location(next: "/me?tab=2") == "/login?next=" + percentEncode("/me?tab=2"))
        #expect(try location(next: "/me?tab=2", referer: "http://127.0.0.1/me?tab=1") == "/login?next=" + percentEncode("/me?tab=2"))
        for evil in ["//evil.example/", "https://evil.example/", "/\\evil.example", "/\t/evil.example"] {
            #expect(try location(next: evil) == "/login?next=%2Fme", "\(evil)")
            #expect(try location(next: evil, referer: "http://127.0.0.1/me?tab=1") == "/login?next=" + percentEncode("/me?tab=1"), "\(evil)")
        }
    }
}
