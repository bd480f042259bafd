import Dispatch
import Foundation
import Synchronization
import Testing
@testable import OutboundHTTP

/// ``CurlHTTPClient`` against real servers on 127.0.0.1: the suite's own HTTP server and a listener that stalls.
@Suite struct CurlHTTPClientTests {
    let client = CurlHTTPClient()

    /// A request to the local server, which only ``AddressPolicy/any`` may reach.
    func local(_ server: LocalServer, _ path: String, method: String = "GET", body: [UInt8]? = nil) -> OutboundRequest {
        var request = OutboundRequest(method: method, url: server.url(path), body: body)
        request.addressPolicy = .any
        return request
    }

    @Test func postRoundTripCarriesHeadersAndBody() throws {
        let server = try LocalServer()
        let body: [UInt8] = Array("豹考通 ".utf8) + [0, 0xFF, 0x0D, 0x0A, 0x7F]
        var request = local(server, "/echo", method: "POST", body: body)
        request.headers = [("X-Test", "  value with spaces"), ("Content-Type", "application/octet-stream")]
        let response = try client.send(request)
        #expect(response.status == 201)
        #expect(response.body == body)
        #expect(response.header("x-method") == "POST")
        #expect(response.header("X-SEEN-TEST") == "value with spaces")
        #expect(response.header("X-Seen-Agent") == "AppSuite/1")
        #expect(response.header("X-Seen-Type") == "application/octet-stream")
        #expect(response.header("X-Absent") == nil)
    }

    @Test func otherMethodsAndTheUserAgent() throws {
        let server = try LocalServer()
        let named = CurlHTTPClient(userAgent: "AppSuite-Weather/2 (+https://apps.example.com)")
        let put = try named.send(local(server, "/echo", method: "PUT", body: Array(#"{"city":"101010100"}"#.utf8)))
        #expect(put.header("X-Method") == "PUT")
        #expect(String(decoding: put.body, as: UTF8.self) == #"{"city":"101010100"}"#)
        #expect(put.header("X-Seen-Agent") == "AppSuite-Weather/2 (+https://apps.example.com)")
        let delete = try client.send(local(server, "/echo", method: "DELETE"))
        #expect(delete.header("X-Method") == "DELETE")
        #expect(delete.body.isEmpty)
        let emptyPost = try client.send(local(server, "/echo", method: "POST"))
        #expect(emptyPost.status == 201)
        #expect(emptyPost.body.isEmpty)
        let untyped = try client.send(local(server, "/echo", method: "POST", body: Array("a=1".utf8)))
        #expect(untyped.header("X-Seen-Type") == "-")
        let head = try client.send(local(server, "/status/200", method: "HEAD"))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    @Test(arguments: [400, 404, 418, 500, 502])
    func errorStatusesAreAnswersNotErrors(code: Int) throws {
        let server = try LocalServer()
        let response = try client.send(local(server, "/status/\(code)"))
        #expect(response.status == code)
        #expect(String(decoding: response.body, as: UTF8.self) == "status \(code)")
    }

    @Test func retriesA503HonouringRetryAfterThenSucceeds() throws {
        let server = try LocalServer()
        var request = local(server, "/flaky/once?after=1")
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(10))
        let response = try client.send(request)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "recovered after 1")
        #expect(server.count("/flaky/once") == 2)
    }

    @Test(arguments: [429, 502, 504])
    func retriesTheOtherRetryableStatuses(code: Int) throws {
        let server = try LocalServer()
        var request = local(server, "/flaky/twice?fail=2&status=\(code)")
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(5))
        let response = try client.send(request)
        #expect(response.status == 200)
        #expect(server.count("/flaky/twice") == 3)
    }

    @Test func retriesStopAtTheAttemptCountAndReturnTheLastAnswer() throws {
        let server = try LocalServer()
        var request = local(server, "/flaky/down?fail=9")
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(5))
        let response = try client.send(request)
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "0")
        #expect(server.count("/flaky/down") == 3)
    }

    @Test func noRetryByDefaultNorForOtherStatuses() throws {
        let server = try LocalServer()
        #expect(try client.send(local(server, "/flaky/default")).status == 503)
        #expect(server.count("/flaky/default") == 1)
        var request = local(server, "/flaky/notfound?status=404")
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(5))
        #expect(try client.send(request).status == 404)
        #expect(server.count("/flaky/notfound") == 1)
    }

    @Test func aRetryAfterBeyondTheTimeOutIsNotWaitedFor() throws {
        let server = try LocalServer()
        var request = local(server, "/flaky/later?after=3600")
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(5))
        request.timeout = .seconds(5)
        let response = try client.send(request)
        #expect(response.status == 503)
        #expect(server.count("/flaky/later") == 1)
    }

    @Test func aStalledServerTimesOut() throws {
        let stalled = try StalledServer()
        var request = OutboundRequest(url: URL(string: "http://127.0.0.1:\(stalled.port)/")!)
        request.addressPolicy = .any
        request.timeout = .milliseconds(400)
        #expect(throws: OutboundHTTPError.timedOut) { try client.send(request) }
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(10))
        #expect(throws: OutboundHTTPError.timedOut) { try client.send(request) }
    }

    @Test func aRefusedConnectionIsATransportErrorInLibcurlsWords() throws {
        let port = try StalledServer().port  // closed again at once: nothing listens there
        var request = OutboundRequest(url: URL(string: "http://127.0.0.1:\(port)/")!)
        request.addressPolicy = .any
        request.retry = .idempotent(attempts: 2, baseDelay: .milliseconds(5))
        let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
        guard case .transport(let message) = error else { Issue.record("expected .transport, got \(error)"); return }
        #expect(message.contains("127.0.0.1"))
        #expect(message.contains("onnect"))
    }

    @Test func bodiesOverTheLimitAreRefusedWhileReceiving() throws {
        let server = try LocalServer()
        var request = local(server, "/bytes/5000")
        request.maxResponseBytes = 1000
        #expect(throws: OutboundHTTPError.responseTooLarge(limit: 1000)) { try client.send(request) }
        request.maxResponseBytes = 5000
        #expect(try client.send(request).body.count == 5000)
        let overDefault = local(server, "/bytes/\((4 << 20) + 1)")
        #expect(throws: OutboundHTTPError.responseTooLarge(limit: 4 << 20)) { try client.send(overDefault) }
    }

    @Test func gzipBodiesAreDecodedAndTheLimitCountsDecodedBytes() throws {
        let server = try LocalServer()
        let text = String(repeating: "天气 weather ", count: 1000)
        let response = try client.send(local(server, "/text"))
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(String(decoding: response.body, as: UTF8.self) == text)
        var limited = local(server, "/text")
        limited.maxResponseBytes = text.utf8.count - 1
        #expect(throws: OutboundHTTPError.responseTooLarge(limit: text.utf8.count - 1)) { try client.send(limited) }
    }

    @Test func redirectsAreReturnedUnlessFollowed() throws {
        let server = try LocalServer()
        let unfollowed = try client.send(local(server, "/redirect/2"))
        #expect(unfollowed.status == 302)
        #expect(unfollowed.header("Location") == "/redirect/1")

        var followed = local(server, "/redirect/3")
        followed.maxRedirects = 3
        let arrived = try client.send(followed)
        #expect(arrived.status == 200)
        #expect(String(decoding: arrived.body, as: UTF8.self) == "arrived")
        #expect(arrived.header("Location") == nil)

        var tooFar = local(server, "/redirect/4")
        tooFar.maxRedirects = 3
        #expect(throws: OutboundHTTPError.tooManyRedirects) { try client.send(tooFar) }
        tooFar.maxRedirects = 50  // clamped to 3
        #expect(throws: OutboundHTTPError.tooManyRedirects) { try client.send(tooFar) }

        var post = local(server, "/redirect/1", method: "POST", body: Array("x".utf8))
        post.maxRedirects = 1
        let seeOther = try client.send(post)
        #expect(seeOther.header("X-Method") == "GET")
    }

    @Test func credentialsStayWithTheirHostOnRedirect() throws {
        let server = try LocalServer()
        let elsewhere = "http://localhost:\(server.port)/echo".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        for (location, seen) in [("%2Fecho", "Bearer secret"), (elsewhere, "-")] {
            var request = local(server, "/to?location=\(location)")
            request.headers = [("Authorization", "Bearer secret")]
            request.maxRedirects = 1
            let response = try client.send(request)
            #expect(response.header("X-Method") == "GET")
            #expect(response.header("X-Seen-Authorization") == seen, "\(location)")
        }
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://127.0.0.1/", "dict://127.0.0.1:11211/"])
    func redirectsToOtherSchemesAreRefused(location: String) throws {
        let server = try LocalServer()
        var request = local(server, "/to?location=\(location.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        request.maxRedirects = 3
        let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
        guard case .transport(let message) = error else { Issue.record("expected .transport, got \(error)"); return }
        #expect(message.lowercased().contains("protocol"))
    }

    @Test(arguments: [
        ("http://127.0.0.1/", "127.0.0.1"), ("http://[::1]/", "::1"), ("http://10.1.2.3/", "10.1.2.3"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254"), ("http://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1"),
        ("http://0x7f000001/", "127.0.0.1"), ("http://127.1/", "127.0.0.1"), ("http://0/", "0.0.0.0"),
        ("https://192.168.1.1:8443/", "192.168.1.1"), ("http://100.64.0.1/", "100.64.0.1"), ("http://[fd00::1]/", "fd00::1"),
        ("http://[fe80::1]/", "fe80::1"), ("http://224.0.0.1/", "224.0.0.1"),
    ])
    func publicOnlyRefusesLiteralInternalAddresses(url: String, address: String) throws {
        let request = OutboundRequest(url: URL(string: url)!)
        #expect(throws: OutboundHTTPError.forbiddenAddress(address)) { try client.send(request) }
    }

    @Test func publicOnlyRefusesAHostNameThatResolvesToLoopbackBeforeConnecting() throws {
        let server = try LocalServer()
        for host in ["localhost", "api.localhost"] {  // libcurl resolves these to loopback itself
            let request = OutboundRequest(url: URL(string: "http://\(host):\(server.port)/flaky/resolved")!)
            let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
            #expect(error == .forbiddenAddress("127.0.0.1") || error == .forbiddenAddress("::1"), "\(host): \(error)")
        }
        #expect(server.count("/flaky/resolved") == 0)
        var allowed = OutboundRequest(url: URL(string: "http://localhost:\(server.port)/flaky/resolved")!)
        allowed.addressPolicy = .any
        #expect(try client.send(allowed).status == 503)
        #expect(server.count("/flaky/resolved") == 1)
    }

    @Test func anyAllowsLoopback() throws {
        let server = try LocalServer()
        for host in ["127.0.0.1", "[::ffff:127.0.0.1]"] {
            var request = OutboundRequest(url: URL(string: "http://\(host):\(server.port)/status/204")!)
            request.addressPolicy = .any
            #expect(try client.send(request).status == 204)
        }
    }

    @Test(arguments: ["ftp://example.com/file", "file:///etc/passwd", "mailto:someone@example.com", "example.com/path"])
    func onlyAbsoluteHTTPURLsAreSent(url: String) throws {
        let request = OutboundRequest(url: URL(string: url)!)
        let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
        guard case .invalidURL = error else { Issue.record("expected .invalidURL, got \(error)"); return }
    }

    @Test func overlongURLsAreRefused() throws {
        let request = OutboundRequest(url: URL(string: "https://example.com/?q=" + String(repeating: "a", count: 9000))!)
        #expect(throws: OutboundHTTPError.invalidURL("longer than 8192 bytes")) { try client.send(request) }
    }

    @Test func headerInjectionAndBadMethodsAreRefused() throws {
        let url = URL(string: "https://example.com/")!
        let cases: [OutboundRequest] = [
            OutboundRequest(url: url, headers: [("X-Test", "a\r\nInjected: yes")]),
            OutboundRequest(url: url, headers: [("X-Test", "a\nb")]),
            OutboundRequest(url: url, headers: [("Bad Name", "x")]),
            OutboundRequest(url: url, headers: [("", "x")]),
            OutboundRequest(url: url, headers: [("Content-Length", "5")]),
            OutboundRequest(method: "GET / HTTP/1.1\r\nX:", url: url),
            OutboundRequest(method: "", url: url),
        ]
        for request in cases {
            let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
            guard case .invalidRequest = error else { Issue.record("expected .invalidRequest, got \(error)"); continue }
        }
    }

    @Test func oneClientServesManyThreadsAtOnce() throws {
        let server = try LocalServer()
        let requests = (0..<16).map { index in local(server, "/echo", method: "POST", body: Array("request \(index)".utf8)) }
        let bodies = Bodies()
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let body = try? client.send(requests[index]).body
            bodies.set(index, body.map { String(decoding: $0, as: UTF8.self) })
        }
        #expect(bodies.all(count: requests.count) == (0..<16).map { "request \($0)" })
    }
}

/// What each of many threads received, by index.
final class Bodies: Sendable {
    private let values = Mutex<[Int: String]>([:])
    func set(_ index: Int, _ value: String?) { values.withLock { $0[index] = value } }
    func all(count: Int) -> [String?] { values.withLock { values in (0..<count).map { values[$0] } } }
}
