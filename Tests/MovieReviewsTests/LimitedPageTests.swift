import AppSuiteTesting
import Foundation
import Testing

/// A page form past its write limit (issue 27 item 2): the error page names the limit and the wait, not a bare
/// "try again later"; on a server of its own (its writes fill a minute's budget).
@Suite(.requires(.movies)) struct LimitedPageTests {
    /// Past the content limit a page says which limit and how long to wait (issue 27), in the reader's language.
    @Test func aPageOverTheLimitSaysHowLongToWait() throws {
        let server = try TestServer(transport: .inProcess, importing: [.movies])
        let ida = try server.register("mvida", unique: true)
        let cookie = ["Cookie": ida.cookie + "; lang=zh"]
        let csrf = try #require(TestServer.csrfToken(in: try server.get("/movies/films/26266893", headers: cookie).text))
        var last = try server.postForm("/movies/films/26266893/mark", [("csrf_token", csrf), ("status", "wish")], headers: cookie)
        for _ in 0..<20 { last = try server.postForm("/movies/films/26266893/mark", [("csrf_token", csrf), ("status", "wish")], headers: cookie) }
        #expect(last.status == 429 && last.headers["retry-after"] != nil)
        #expect(last.text.contains("操作太频繁了（上限：每分钟 20 次、每天 200 次），请 ") && last.text.contains("后再试。"), "\(last.text.prefix(2000))")
    }

}
