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
        headers.set("Content-Type", "application/octet-stream")
        let body: [UInt8] = if case .bytes(let bytes) = request.body { bytes } else { [] }
        return Response(status: HTTPStatus(201, "Created"), headers: headers, body: .bytes(body))
    }
}

/// A TCP listener on 127.0.0.1 that never accepts: the kernel completes the handshake, then nothing is ever
/// answered, as with a hung server.
final class StalledServer {
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
