import AppSuiteServer
import AppSuiteTesting
import Foundation
import Testing

/// Issue 25 item 4 on the platform's own pages: a signed-out GET of a page without a form mints no pre-session
/// cookie, and the launcher (`Keep`) is made once per language and theme and served with its ETag, its gzip and
/// `304`; a page with a form still starts a pre-session, and a signed-in visitor gets their own page.
@Suite struct KeptPageTests {
    static let built = Result { () throws -> TestServer in try TestServer(apps: [], transport: .inProcess) }
    var server: TestServer { get throws { try Self.built.get() } }

    @Test func theSignedOutLauncherIsKeptAndSetsNoCookie() throws {
        let server = try server
        let first = try server.get("/")
        #expect(first.status == 200 && first.setCookies.isEmpty, "\(first.setCookies)")
        #expect(first.headers["cache-control"] == "private, no-cache")
        let tag = try #require(first.headers["etag"])
        let again = try server.get("/")
        #expect(again.body == first.body && again.headers["etag"] == tag)
        let zipped = try server.get("/", headers: ["Accept-Encoding": "gzip"])
        #expect(zipped.headers["content-encoding"] == "gzip" && zipped.body.count < first.body.count / 2 && zipped.headers["etag"] == tag)
        let notModified = try server.get("/", headers: ["If-None-Match": tag])
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        #expect(try server.get("/", headers: ["If-None-Match": "W/\"garbage"]).status == 200)

        // Another language or theme is another kept page; `?lang=en` itself is answered afresh and sets the cookie.
        let switched = try server.get("/?lang=en")
        #expect(switched.setCookies["lang"] == "en" && switched.headers["etag"] == nil && switched.text.contains("One account for every app"))
        let english = try server.get("/", headers: ["Cookie": "lang=en"])
        #expect(english.text.contains("One account for every app") && english.headers["etag"] != tag && english.headers["etag"] != nil)
        let dark = try server.get("/", headers: ["Cookie": "theme=dark"])
        #expect(dark.headers["etag"] != tag && dark.text.contains("data-theme=\"dark\""))
    }

    @Test func aPageWithAFormStillStartsAPreSessionAndASignedInVisitorGetsTheirOwnPage() throws {
        let server = try server
        let login = try server.get("/login")
        let preSession = try #require(login.setCookies["presession"], "the login form needs a pre-session: \(login.setCookies)")
        #expect(login.headers["etag"] == nil && login.headers["cache-control"] == "no-store")
        let token = try #require(TestServer.csrfToken(in: login.text))
        // The same browser's next form page derives the same token from its cookie and sets none.
        let again = try server.get("/login", headers: ["Cookie": "presession=" + preSession])
        #expect(again.setCookies.isEmpty && TestServer.csrfToken(in: again.text) == token)

        let account = try server.register("kept", unique: true)
        let mine = try server.get("/", headers: ["Cookie": account.cookie])
        #expect(mine.text.contains("data-current-user=\"\(account.username)\""))
        #expect(mine.headers["etag"] == nil && mine.headers["cache-control"] == "no-store")
        #expect(!(try server.get("/").text.contains(account.username)), "the kept signed-out launcher stays signed out")
    }
}
