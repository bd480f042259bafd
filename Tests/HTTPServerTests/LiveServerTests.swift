import AppSuiteTesting
import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// The real server on 127.0.0.1 and an ephemeral port, driven byte by byte through raw sockets.
@Suite(.serialized) struct LiveServerTests {
    struct Echo: Decodable { var name: String; var score: Int }

    static func makeRouter() -> Router {
        var router = Router()
        router.get("/hello") { _ in .json(Array(#"{"message":"Hello, World!"}"#.utf8)) }
        router.post("/api/echo") { request in
            let echo = try request.decodeJSON(Echo.self)
            return .json { $0.object { $0.field("name", echo.name); $0.field("score", echo.score) } }
        }
        router.post("/form") { request in .text("title=\(request.form()["title"] ?? "")") }
        router.post("/upload") { request in
            let file = try #require(request.uploadedFiles.first)
            let bytes = FileManager.default.contents(atPath: file.temporaryPath)?.count ?? -1
            return .text("\(request.form()["title"] ?? "") \(file.filename) \(file.size) \(bytes)")
        }
        router.get("/big") { _ in .text(String(repeating: "AppSuite 豹考通 ", count: 2000)) }
        router.get("/query") { request in .text("\(request.query["q"] ?? "-")|\(request.query.values("t").joined(separator: ","))") }
        return router
    }

    static func withServer(router: Router = makeRouter(), workPool: WorkPool = WorkPool(),
                           _ configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (Server) throws -> Void) throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        configuration.maximumBodySize = 1024
        configuration.maximumUploadSize = 64 * 1024
        configure(&configuration)
        let server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration), workPool: workPool)
        try server.start()
        defer { server.stop() }
        try body(server)
    }

    @Test func servesJSONWithKeepAlive() throws {
        try Self.withServer { server in
            let client = try RawHTTPClient(port: server.port)
            defer { client.close() }
            for _ in 0..<3 {
                client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                let reply = try #require(client.readReply())
                #expect(reply.status == 200)
                #expect(reply.text == #"{"message":"Hello, World!"}"#)
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
                #expect(reply.headers["x-content-type-options"] == "nosniff")
            }
        }
    }

    @Test func jsonBodiesAndMalformedJSON() throws {
        try Self.withServer { server in
            let good = #"{"name":"小明","score":620}"#
            let ok = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(good.utf8.count)\r\n\r\n\(good)"))
            #expect(ok.status == 200)
            #expect(ok.text == good)

            let bad = #"{"name": "x", "score": }"#
            let malformed = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(bad.utf8.count)\r\n\r\n\(bad)"))
            #expect(malformed.status == 400)
            #expect(malformed.headers["content-type"] == "application/problem+json; charset=utf-8")
            #expect(malformed.text.contains("not valid JSON"))

            let wrongType = #"{"name":"x","score":"high"}"#
            let mistyped = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(wrongType.utf8.count)\r\n\r\n\(wrongType)"))
            #expect(mistyped.status == 400)
            #expect(mistyped.text.contains("'score' has the wrong type; expected a number"))
        }
    }

    @Test func oversizedBodiesAre413() throws {
        try Self.withServer { server in
            // Declared too large: refused before the body is read.
            let declared = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n"))
            #expect(declared.status == 413)
            #expect(declared.text.contains("1024 bytes"))
            // Chunked, so the size is only known while streaming.
            let chunk = String(repeating: "a", count: 800)
            let hex = String(chunk.utf8.count, radix: 16)
            let streamed = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n\(hex)\r\n\(chunk)\r\n\(hex)\r\n\(chunk)\r\n0\r\n\r\n"))
            #expect(streamed.status == 413)
        }
    }

    @Test func urlEncodedFormsAndQueryStrings() throws {
        try Self.withServer { server in
            let body = "title=%E8%B1%B9+%E8%80%83"
            let form = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"))
            #expect(form.text == "title=豹 考")
            let query = try #require(try RawHTTPClient.exchange(port: server.port, "GET /query?q=%E6%B2%B3%E5%8D%97+x&t=1&t=2 HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(query.text == "河南 x|1,2")
        }
    }

    @Test func multipartUploadsStreamToDisk() throws {
        try Self.withServer { server in
            let boundary = "XyZ"
            let file = [UInt8](repeating: 0xFF, count: 20_000)
            var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n照片\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"猫.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            body += file + Array("\r\n--\(boundary)--\r\n".utf8)
            let reply = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(body.count)\r\n\r\n", body: body))
            #expect(reply.status == 200)
            #expect(reply.text == "照片 猫.jpg 20000 20000")
            // Temporary files are gone once the request ends.
            let leftovers = { try FileManager.default.contentsOfDirectory(atPath: server.configuration.uploadDirectory) }
            #expect(try wait(until: { try leftovers().filter { $0.hasPrefix("upload-") }.isEmpty }))

            let tooBig = [UInt8](repeating: 1, count: 70 * 1024)
            let declared = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(tooBig.count)\r\n\r\n"))
            #expect(declared.status == 413)
        } 
    }

    @Test func gzipForLargeTextWhenAccepted() throws {
        try Self.withServer { server in
            let plain = try #require(try RawHTTPClient.exchange(port: server.port, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.body.count == "AppSuite 豹考通 ".utf8.count * 2000)
            let gzipped = try #require(try RawHTTPClient.exchange(port: server.port, "GET /big HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"))
            #expect(gzipped.headers["content-encoding"] == "gzip")
            #expect(gzipped.headers["vary"] == "Accept-Encoding")
            #expect(gzipped.body.count < plain.body.count / 10)
            #expect(Array(gzipped.body.prefix(2)) == [0x1F, 0x8B])
        }
    }

    @Test func notFoundAndMethodNotAllowedOverTheWire() throws {
        try Self.withServer { server in
            let missing = try #require(try RawHTTPClient.exchange(port: server.port, "GET /api/v1/none HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(missing.status == 404)
            let wrong = try #require(try RawHTTPClient.exchange(port: server.port, "DELETE /hello HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(wrong.status == 405)
            #expect(wrong.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func oversizedHeadersAreRefusedByTheMemoryLimit() throws {
        try Self.withServer { server in
            let huge = String(repeating: "a", count: 100_000)
            let reply = try RawHTTPClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\nHost: x\r\nX-Big: \(huge)\r\n\r\n")
            #expect(reply.map { $0.status == 431 || $0.status == 413 } ?? true)
        }
    }

    /// Framing a proxy and this server could read differently is refused (RFC 9112 §6.3), not guessed at.
    @Test(arguments: [
        ("POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 60\r\n\r\n", 400),
        ("POST /form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("GET /hello HTTP/1.1\r\n\r\n", 400),
    ])
    func ambiguousFramingIsRefused(request: String, status: Int) throws {
        try Self.withServer { server in
            let reply = try RawHTTPClient.exchange(port: server.port, request)
            #expect(reply?.status == status)
        }
    }

    @Test func headersOverTheLimitGet431AndJustUnderItAreServed() throws {
        try Self.withServer { server in
            let under = try #require(try RawHTTPClient.exchange(port: server.port,
                "GET /hello HTTP/1.1\r\nHost: x\r\nCookie: a=\(String(repeating: "x", count: 7_900))\r\n\r\n"))
            #expect(under.status == 200)
            let over = try #require(try RawHTTPClient.exchange(port: server.port,
                "GET /hello HTTP/1.1\r\nHost: x\r\nCookie: a=\(String(repeating: "x", count: 9_000))\r\n\r\n"))
            #expect(over.status == 431)
        }
    }

    @Test func aBodyForNoRouteIsRefusedBeforeItIsRead() throws {
        try Self.withServer { server in
            // Only the headers are sent; the answer must not wait for the 60,000 promised bytes.
            let reply = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 60000\r\n\r\n"))
            #expect(reply.status == 404)
        }
    }

    @Test func allPartsOfAMultipartBodyCountAgainstTheUploadLimit() throws {
        try Self.withServer { server in
            let part = [UInt8](repeating: 7, count: 40 * 1024)
            var body = [UInt8]()
            for name in ["a", "b"] {
                body += Array("--b\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(name).bin\"\r\n\r\n".utf8) + part + Array("\r\n".utf8)
            }
            body += Array("--b--\r\n".utf8)
            let hex = String(body.count, radix: 16)
            let reply = try #require(try RawHTTPClient.exchange(port: server.port,
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n\(hex)\r\n",
                body: body + Array("\r\n0\r\n\r\n".utf8)))
            #expect(reply.status == 413, "two 40 KiB files exceed the 64 KiB limit together")
        }
    }

    @Test func anEncodedNULDoesNotCutThePath() throws {
        try Self.withServer { server in
            let truncated = try RawHTTPClient.exchange(port: server.port, "GET /hello%00.png HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(truncated?.status == 404)
            let query = try RawHTTPClient.exchange(port: server.port, "GET /query?q=%E6%B2%B3%00x HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(query?.text == "河%00x|")
        }
    }

    @Test func aFileThatCannotBeSentGetsAProblemNotADroppedConnection() throws {
        let directory = NSTemporaryDirectory() + "appsuite-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: directory + "/five.txt"))
        var router = Router()
        // As if the file had been deleted (or had shrunk) between the handler's check and the send.
        router.get("/gone") { _ in Response(body: .file(path: directory + "/deleted.jpg", size: 1234)) }
        router.get("/shrunk") { _ in Response(body: .file(path: directory + "/five.txt", size: 100)) }
        router.get("/directory") { _ in Response(body: .file(path: directory, size: 4096)) }
        try Self.withServer(router: router) { server in
            let gone = try #require(try RawHTTPClient.exchange(port: server.port, "GET /gone HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n"))
            #expect(gone.status == 404)
            #expect(gone.headers["content-type"] == "application/problem+json; charset=utf-8")
            #expect(gone.text.contains("no longer available"))
            let page = try #require(try RawHTTPClient.exchange(port: server.port, "GET /gone HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n"))
            #expect(page.status == 404)
            let shrunk = try #require(try RawHTTPClient.exchange(port: server.port, "GET /shrunk HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(shrunk.status == 200)
            #expect(shrunk.text == "hello")
            let notAFile = try #require(try RawHTTPClient.exchange(port: server.port, "GET /directory HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n"))
            #expect(notAFile.status == 500)
            #expect(notAFile.headers["content-type"] == "application/problem+json; charset=utf-8")
            #expect(!notAFile.text.contains(directory), "the path stays in the log")
        }
    }

    @Test func logLinesCannotBeForged() {
        #expect(ServerCore.loggable("/x\n127.0.0.1 POST /login 200") == "/x\\x0a127.0.0.1 POST /login 200")
        #expect(ServerCore.loggable("/\u{1B}[31mred") == "/\\x1b[31mred")
        #expect(ServerCore.loggable("/照片/ok") == "/照片/ok")
    }

    @Test func aClientTricklingOneByteASecondIsCutOff() throws {
        try Self.withServer({ $0.headerTimeout = .seconds(2) }) { server in
            let client = try RawHTTPClient(port: server.port, receiveTimeout: 8)
            defer { client.close() }
            let started = Date()
            var sentAll = true
            for byte in Array("GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: abcdefghijklmnop".utf8) {
                if !client.send([byte]) { sentAll = false; break }
                Thread.sleep(forTimeInterval: 0.5)
                if Date().timeIntervalSince(started) > 7 { break }
            }
            // Either a send failed (connection reset) or the read sees the end of the stream.
            let reply = client.readReply()
            #expect(reply == nil || !sentAll)
            #expect(Date().timeIntervalSince(started) < 9)
        }
    }

    @Test func gracefulStopFinishesTheRequestInFlight() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        let gate = Gate()
        var router = Self.makeRouter()
        router.get("/slow") { _ in
            gate.pass()
            return .text("finished")
        }
        let server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
        try server.start()
        let port = server.port
        let result = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let reply = try? RawHTTPClient.exchange(port: port, "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            result.withLock { $0 = reply?.text }
            done.signal()
        }
        #expect(gate.waitUntilEntered(), "the request is in flight")
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop()
            stopped.signal()
        }
        // Stopping has begun once new connections are refused; the request is still held at the gate.
        #expect(wait(until: {
            guard let probe = try? RawHTTPClient(port: port) else { return true }
            probe.close()
            return false
        }))
        gate.open()
        done.wait()
        stopped.wait()
        #expect(result.withLock { $0 } == "finished")
        #expect(throws: (any Error).self) { _ = try RawHTTPClient(port: port) }
    }

    @Test func invalidHostIsAClearError() {
        var configuration = ServerConfiguration()
        configuration.host = "not-an-ip"
        let server = Server(configuration: configuration, responder: Responder(router: Router(), configuration: configuration))
        #expect(throws: ServerError.self) { try server.start() }
    }
}
