import Foundation
import Testing
import OutboundHTTP

/// What happens below HTTP: dropped connections, TLS verification, big bodies and big headers.
@Suite struct CurlTransportTests {
    let client = CurlHTTPClient()

    @Test func anEmptyReplyIsRetriedWhenIdempotent() throws {
        let server = try RawReplyServer(drops: 2)
        defer { server.stop() }
        var request = OutboundRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!)
        request.addressPolicy = .any
        let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
        guard case .transport(let message) = error else { Issue.record("expected .transport, got \(error)"); return }
        #expect(message.contains("Empty reply"))
        request.retry = .idempotent(attempts: 3, baseDelay: .milliseconds(5))
        let response = try client.send(request)
        #expect(response.status == 200)
        #expect(response.body == Array("ok".utf8))
        #expect(server.connections == 3)
    }

    static let keepAlive = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)

    @Test func oneClientKeepsItsConnectionAlive() throws {
        let server = try RawReplyServer(reply: Self.keepAlive)
        defer { server.stop() }
        var request = OutboundRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!)
        request.addressPolicy = .any
        for _ in 0..<3 { #expect(try client.send(request).body == Array("ok".utf8)) }
        #expect(server.requests == 3)
        #expect(server.connections == 1)
    }

    @Test func aConnectionOpenedUnderAnyNeverCarriesAPublicOnlyRequest() throws {
        let server = try RawReplyServer(reply: Self.keepAlive)
        defer { server.stop() }
        var request = OutboundRequest(url: URL(string: "http://localhost:\(server.port)/")!)
        request.addressPolicy = .any
        #expect(try client.send(request).status == 200)
        request.addressPolicy = .publicOnly
        let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
        #expect(error == .forbiddenAddress("127.0.0.1") || error == .forbiddenAddress("::1"))
        #expect(server.requests == 1)
    }

    @Test func aSelfSignedCertificateIsRefused() throws {
        let server = try SelfSignedTLSServer()
        var request = OutboundRequest(url: URL(string: "https://localhost:\(server.port)/")!)
        request.addressPolicy = .any
        let error = try #require(throws: OutboundHTTPError.self) { try client.send(request) }
        guard case .transport(let message) = error else { Issue.record("expected .transport, got \(error)"); return }
        #expect(message.contains("certificate"))
    }

    @Test func largeRequestBodiesArriveWhole() throws {
        let server = try LocalServer()
        let body = (0..<(900 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var request = OutboundRequest(method: "POST", url: server.url("/echo"), body: body)
        request.addressPolicy = .any
        let response = try client.send(request)
        #expect(response.status == 201)
        #expect(response.body == body)
    }

    @Test(arguments: [40, 70])
    func headersOverTheirLimitAreRefused(count: Int) throws {
        let filler = (0..<count).map { "X-Filler-\($0): \(String(repeating: "h", count: 1000))\r\n" }.joined()
        let server = try RawReplyServer(reply: Array("HTTP/1.1 200 OK\r\n\(filler)Content-Length: 2\r\nConnection: close\r\n\r\nok".utf8))
        defer { server.stop() }
        var request = OutboundRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!)
        request.addressPolicy = .any
        if count * 1015 < 64 * 1024 {
            let response = try client.send(request)
            #expect(response.header("X-Filler-\(count - 1)")?.count == 1000)
            #expect(response.headers.count == count + 2)
        } else {
            #expect(throws: OutboundHTTPError.responseTooLarge(limit: 64 * 1024)) { try client.send(request) }
        }
    }

    @Test func foldedHeaderLinesAreJoined() throws {
        let server = try RawReplyServer(reply: Array("HTTP/1.1 200 OK\r\nX-Folded: first\r\n  second\r\n\tthird\r\nContent-Length: 0\r\n\r\n".utf8))
        defer { server.stop() }
        var request = OutboundRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!)
        request.addressPolicy = .any
        #expect(try client.send(request).header("x-folded") == "first second third")
    }
}
