import AppSuiteServer
import AppSuiteTesting
import Foundation
import Testing
import WebUI

/// Issue 8 item 7: share links and Open Graph tags use the configured public URL; a request's `Host` header
/// (`curl -H 'Host: evil.example' …/s/CODE`) never reaches them.
@Suite struct PublicURLTests {
    /// One request whose only `Host` header is `host` (the shared client always sends its own).
    static func get(_ port: UInt16, _ path: String, host: String, token: String? = nil) throws -> RawHTTPClient.Reply {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        var head = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nX-Forwarded-Host: \(host)\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        client.send(head + "\r\n")
        return try #require(client.readReply())
    }

    @Test(.requires(.movies)) func hostHeaderNeverReachesShareLinksOrOpenGraph() throws {
        let server = try TestServer.shared(importing: .movies)
        let token = try server.register("mvhost", unique: true).token
        let share = try server.send("PUT", "/api/v1/shares/movies/7885559", json: "{}", token: token).json()
        let path = try #require(share["url"] as? String)

        let origin = "http://127.0.0.1:\(server.port)"
        #expect(server.suite.publicURL.origin == origin)
        let preview = try Self.get(server.port, path, host: "evil.example")
        #expect(preview.status == 200)
        #expect(!preview.text.contains("evil.example"))
        #expect(preview.text.contains(#"<meta property="og:url" content="\#(origin)/movies/reviews/7885559">"#))
        #expect(preview.text.contains(#"<meta property="og:image" content="\#(origin)/movies/posters/"#))
        let sharePage = try Self.get(server.port, "/share/movies/7885559", host: "evil.example", token: token)
        #expect(sharePage.status == 200)
        #expect(!sharePage.text.contains("evil.example"))
        #expect(sharePage.text.contains(origin + path))

        // A configured public URL (a second suite on the same imported data) is what links carry.
        let behindProxy = try TestServer(directory: server.directory, options: ["public-url": "https://apps.example.com/"])
        let proxied = try Self.get(behindProxy.port, path, host: "evil.example")
        #expect(!proxied.text.contains("evil.example"))
        #expect(proxied.text.contains(#"<meta property="og:url" content="https://apps.example.com/movies/reviews/7885559">"#))
        let proxiedShare = try Self.get(behindProxy.port, "/share/movies/7885559", host: "evil.example", token: token)
        #expect(proxiedShare.text.contains("https://apps.example.com" + path))
    }
}
