import Dispatch
import Foundation
import HTTPServer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The suite's own HTTP server on 127.0.0.1 and an ephemeral port, with routes that answer the way remote
/// servers do (echo, any status, flaky with `Retry-After`, large, gzip, redirect chains).
final class LocalServer: Sendable {
    let server: Server
    /// Requests seen per path.
    let hits = Hits()

    final class Hits: Sendable {
        let counts = Mutex<[String: Int]>([:])
        func add(_ path: String) -> Int { counts.withLock { $0[path, default: 0] += 1; return $0[path]! } }
        func count(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
    }

    init() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        configuration.threadCount = 4
        let hits = self.hits
        var router = Router()
        router.post("/echo") { request in Self.echo(request) }
        router.put("/echo") { request in Self.echo(request) }
        router.delete("/echo") { request in Self.echo(request) }
        router.get("/echo") { request in Self.echo(request) }
        router.get("/status/{code}") { request in
            let code = Int(try request.parameter("code")) ?? 500
            return Response(status: HTTPStatus(code, "Status"), body: .bytes(Array("status \(code)".utf8)))
        }
        router.get("/flaky/{name}") { request in
            let count = hits.add(request.path)
            let wanted = Int(request.query["fail"] ?? "1") ?? 1
            guard count > wanted else {
                var headers = HTTPHeaders()
                headers.set("Retry-After", request.query["after"] ?? "0")
                return Response(status: HTTPStatus(Int(request.query["status"] ?? "503") ?? 503, "Try Later"), headers: headers)
            }
            return .text("recovered after \(count - 1)")
        }
        router.get("/bytes/{count}") { request in
            let count = Int(try request.parameter("count")) ?? 0
            var headers = HTTPHeaders()
            headers.set("Content-Type", "application/octet-stream")
            return Response(headers: headers, body: .bytes([UInt8](repeating: 0x61, count: count)))
        }
        router.get("/text") { _ in .text(String(repeating: "天气 weather ", count: 1000)) }
        router.get("/redirect/{hops}") { request in
            let hops = Int(try request.parameter("hops")) ?? 0
            return hops == 0 ? .text("arrived") : .redirect(to: "/redirect/\(hops - 1)", status: HTTPStatus(302, "Found"))
        }
        router.post("/redirect/{hops}") { request in
            .redirect(to: "/echo", status: HTTPStatus(303, "See Other"))
        }
        router.get("/to") { request in .redirect(to: request.query["location"] ?? "/", status: HTTPStatus(302, "Found")) }
        server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
        try server.start()
    }

    deinit { server.stop() }

    var port: UInt16 { server.port }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func count(_ path: String) -> Int { hits.count(path) }

    /// Answers with the request's body, its method in `X-Method` and the headers it got in `X-Seen-*`.
    private static func echo(_ request: Request) -> Response {
        var headers = HTTPHeaders()
        headers.set("X-Method", request.method.rawValue)
        headers.set("X-Seen-Test", request.headers["X-Test"] ?? "-")
        headers.set("X-Seen-Agent", request.headers["User-Agent"] ?? "-")
        headers.set("X-Seen-Type", request.headers["Content-Type"] ?? "-")
        headers.set("X-Seen-Authorization", request.headers["Authorization"] ?? "-")
        headers.set("Content-Type", "application/octet-stream")
        let body: [UInt8] = if case .bytes(let bytes) = request.body { bytes } else { [] }
        return Response(status: HTTPStatus(201, "Created"), headers: headers, body: .bytes(body))
    }
}

/// A TCP listener on 127.0.0.1 that never accepts: the kernel completes the handshake, then nothing is ever
/// answered, as with a hung server.
final class StalledServer: Sendable {
    let socketDescriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socketDescriptor) }
}

/// A TCP server on 127.0.0.1, one connection at a time, that reads each request's head, then closes its first
/// `drops` connections without a word (libcurl: "Empty reply from server") and answers the rest with `reply` as
/// it is, keeping the connection for the next request unless `reply` says `Connection: close`. Counts
/// connections and requests.
final class RawReplyServer: Sendable {
    let port: UInt16
    private let listener: StalledServer
    private let counts = LocalServer.Hits()
    /// The connection being served, so ``stop()`` can end it.
    private let current = Mutex<Int32>(-1)
    private let done = DispatchSemaphore(value: 0)

    init(drops: Int = 0, reply: [UInt8] = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".utf8)) throws {
        listener = try StalledServer()
        port = listener.port
        Thread { [self] in
            while true {
                let connection = accept(listener.socketDescriptor, nil, nil)
                guard connection >= 0 else { break }
                current.withLock { $0 = connection }
                let index = counts.add("connections")
                while readHead(connection) {
                    _ = counts.add("requests")
                    guard index > drops else { break }
                    _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                    if String(decoding: reply, as: UTF8.self).contains("Connection: close") { break }
                }
                current.withLock { $0 = -1 }
                close(connection)
            }
            done.signal()
        }.start()
    }

    var connections: Int { counts.count("connections") }
    var requests: Int { counts.count("requests") }

    /// Stops accepting, ends the connection being served and waits for the thread.
    func stop() {
        shutdown(listener.socketDescriptor, Int32(SHUT_RDWR))
        current.withLock { if $0 >= 0 { shutdown($0, Int32(SHUT_RDWR)) } }
        done.wait()
    }

    /// Reads up to the blank line ending a request head; false when the client closed first.
    private func readHead(_ connection: Int32) -> Bool {
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            guard read(connection, &byte, 1) == 1 else { return false }
            head.append(byte)
        }
        return true
    }
}

/// `openssl s_server` on 127.0.0.1 with a fresh self-signed certificate for `localhost`, serving one connection.
final class SelfSignedTLSServer {
    let port: UInt16
    private let process = Process()
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbound-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        do {
            try Self.run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=localhost",
                          "-days", "1", "-keyout", key, "-out", certificate])
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www", "-naccept", "1"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Its first lines on stdout: "Using default temp DH parameters", then "ACCEPT 127.0.0.1:43031".
        var text = ""
        var port: UInt16?
        while port == nil, text.utf8.count < 4096 {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
            let accept = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first { $0.hasPrefix("ACCEPT") }
            port = accept?.split(separator: ":").last.flatMap { UInt16($0) }
        }
        guard let port else {
            process.terminate()
            try? FileManager.default.removeItem(at: directory)
            throw POSIXError(.EIO)
        }
        self.port = port
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw POSIXError(.EIO) }
    }
}
