import AppSuiteTesting
import Foundation
import Testing
@testable import AppSuiteServer

@Suite struct PageTests {
    @Test func launcherWithoutAppsHasNoTiles() throws {
        let server = try TestServer(apps: [])
        let page = try server.get("/")
        #expect(!page.text.contains("tile-grid"))
        #expect(page.text.contains("还没有安装应用"))
    }

    @Test func launcherOffersSignInAndShowsTheInstalledApps() throws {
        let server = try TestServer()
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.text.contains(#"class="launcher""#))
        #expect(page.text.contains(#"href="/login""#) && page.text.contains(#"href="/register""#))
        #expect(page.text.contains("tile-grid"))
        #expect(page.text.contains(#"href="/movies""#) && page.text.contains("影评"))
        #expect(page.text.contains(#"href="/gaokao""#) && page.text.contains("豹考通"))
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(!page.text.contains("<script>"), "no inline script")
    }

    @Test func launcherShowsAnInstalledAppsTile() throws {
        let page = try TestServer().get("/")
        #expect(page.text.contains("tile-grid") && page.text.contains(#"href="/photos""#) && page.text.contains("图片处理器"))
    }

    @Test func englishByAcceptLanguageOrSwitch() throws {
        let server = try TestServer()
        #expect(try server.get("/", headers: ["Accept-Language": "en-US,en;q=0.9"]).text.contains("Movie Reviews"))
        let switched = try server.get("/login?lang=en")
        #expect(switched.text.contains("Log in"))
        #expect(switched.setCookies["lang"] == "en")
        #expect(try server.get("/login", headers: ["Cookie": "lang=en", "Accept-Language": "zh-CN"]).text.contains("Log in"))
    }

    @Test func registerAndLogInThroughFormsWithCSRF() throws {
        let server = try TestServer()
        let form = try server.get("/register")
        let preSession = try #require(form.setCookies["presession"])
        let token = try #require(TestServer.csrfToken(in: form.text))

        let fields = [("username", "liuyang"), ("password", "correct horse battery"), ("password_confirmation", "correct horse battery")]
        let forged = try server.postForm("/register", fields, headers: ["Cookie": "presession=\(preSession)"])
        #expect(forged.status == 403, "no CSRF token")
        // One character changed (a token that starts with "x" would not change by replacing it with "x": 1 run in 64).
        let tampered = (token.first == "x" ? "y" : "x") + token.dropFirst()
        let wrongToken = try server.postForm("/register", fields + [("csrf_token", tampered)], headers: ["Cookie": "presession=\(preSession)"])
        #expect(wrongToken.status == 403)
        #expect(try server.send("POST", "/api/v1/auth/login", json: #"{"username":"liuyang","password":"correct horse battery"}"#).status == 401,
                "the forged registrations created nothing")

        let registered = try server.postForm("/register", fields + [("csrf_token", token)], headers: ["Cookie": "presession=\(preSession)"])
        #expect(registered.status == 303)
        #expect(registered.headers["location"] == "/")
        let session = try #require(registered.setCookies["sid"])
        let home = try server.get("/", headers: ["Cookie": "sid=\(session); flash=\(registered.setCookies["flash"] ?? "")"])
        #expect(home.text.contains(#"data-current-user="liuyang""#))
        #expect(home.text.contains("注册成功"))

        // Log out needs the session's own CSRF token.
        let me = try server.get("/me", headers: ["Cookie": "sid=\(session)"])
        let sessionToken = try #require(TestServer.csrfToken(in: me.text))
        #expect(sessionToken != token)
        #expect(try server.postForm("/logout", [], headers: ["Cookie": "sid=\(session)"]).status == 403)
        let loggedOut = try server.postForm("/logout", [("csrf_token", sessionToken)], headers: ["Cookie": "sid=\(session)"])
        #expect(loggedOut.status == 303)
        #expect(loggedOut.setCookies["sid"] == "")
        #expect(!(try server.get("/", headers: ["Cookie": "sid=\(session)"]).text.contains("data-current-user")),
                "the old session id no longer works")
    }

    @Test func wrongPasswordStaysOnTheLoginPageWithAMessage() throws {
        let server = try TestServer()
        try server.register("zhouqi")
        let form = try server.get("/login?next=%2Fme")
        let preSession = try #require(form.setCookies["presession"])
        let token = try #require(TestServer.csrfToken(in: form.text))
        let failed = try server.postForm("/login", [("username", "zhouqi"), ("password", "wrong password"), ("next", "/me"), ("csrf_token", token)],
                                         headers: ["Cookie": "presession=\(preSession)"])
        #expect(failed.status == 401)
        #expect(failed.text.contains("用户名或密码不正确") || failed.text.contains("form-error"))
        #expect(failed.text.contains(#"value="zhouqi""#), "the username is kept")
        let ok = try server.postForm("/login", [("username", "zhouqi"), ("password", "correct horse battery"), ("next", "/me"), ("csrf_token", token)],
                                     headers: ["Cookie": "presession=\(preSession)"])
        #expect(ok.status == 303)
        #expect(ok.headers["location"] == "/me", "brought back to where login was asked")
    }

    /// `next` after login never leaves the site, including the forms browsers normalise into `//host`.
    @Test(arguments: ["//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example", "javascript:alert(1)", "evil.example"])
    func loginNeverRedirectsOffSite(next: String) throws {
        let server = try TestServer()
        let token = try server.register("wuhao").token
        let form = try server.get("/login")
        let preSession = try #require(form.setCookies["presession"])
        let csrf = try #require(TestServer.csrfToken(in: form.text))
        let posted = try server.postForm("/login", [("username", "wuhao"), ("password", "correct horse battery"), ("next", next), ("csrf_token", csrf)],
                                         headers: ["Cookie": "presession=\(preSession)"])
        #expect(posted.status == 303)
        #expect(posted.headers["location"] == "/")
        let signedIn = try server.get("/login?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                                      headers: ["Cookie": "sid=\(token)"])
        #expect(signedIn.headers["location"] == "/")
    }

    @Test func browsersGetAFriendlyErrorPageAndAPIClientsProblemJSON() throws {
        let server = try TestServer()
        let page = try server.get("/no/such/page", headers: ["Accept": "text/html"])
        #expect(page.status == 404)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("页面不存在"))
        let api = try server.get("/api/v1/no/such")
        #expect(api.headers["content-type"] == "application/problem+json; charset=utf-8")
    }

    @Test func staticAssetsAreCachedAndTheManifestIsServed() throws {
        let server = try TestServer()
        let css = try server.get("/assets/app.css?v=1", headers: ["Accept-Encoding": "gzip"])
        #expect(css.status == 200)
        #expect(css.headers["content-encoding"] == "gzip")
        #expect(css.headers["cache-control"] == "public, max-age=31536000, immutable")
        let etag = try #require(css.headers["etag"])
        #expect(try server.get("/assets/app.css", headers: ["If-None-Match": etag]).status == 304)
        let manifest = try server.get("/manifest.webmanifest")
        #expect(manifest.headers["content-type"] == "application/manifest+json; charset=utf-8")
        #expect(manifest.text.contains("\"start_url\""))
    }
}
