import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port that answers each request as a test scripts it,
/// including the ways a server goes wrong that AppSuite itself never shows: HTML, a body cut off, a reset
/// connection, an answer that never comes. One thread per connection; `Connection: close` after every answer.
/// Its threads keep it alive: ``stop()`` it when done.
final class FaultServer: Sendable {
    /// What the server does with one request.
    enum Action: Sendable {
        /// Sends these bytes as they are (a whole response, or the start of one), then closes.
        case raw([UInt8])
        /// Closes with a TCP reset (SO_LINGER 0) instead of answering.
        case reset
        /// Says nothing until the client goes away or the server stops.
        case hold
    }

    /// One request as it arrived.
    struct Received: Sendable {
        var method: String
        var target: String
        var headers: [String: String]
        var body: [UInt8]
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Received) -> Action
    private let log = Mutex<[Received]>([])
    private let stopped = Atomic<Bool>(false)

    /// A response with `status`, `Content-Type: type` and `body`, its length announced.
    static func response(_ status: Int, _ type: String, _ body: String, headers: [String: String] = [:]) -> Action {
        var head = "HTTP/1.1 \(status) Whatever\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return .raw(Array((head + "\r\n" + body).utf8))
    }

    init(_ handler: @escaping @Sendable (Received) -> Action) throws {
        self.handler = handler
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in order.
    var received: [Received] { log.withLock { $0 } }

    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(connection) else {
            close(connection)
            return
        }
        log.withLock { $0.append(request) }
        switch handler(request) {
        case .raw(let bytes):
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(connection, Int32(SHUT_WR))
        case .reset:
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        case .hold:
            var byte: UInt8 = 0
            while !stopped.load(ordering: .sequentiallyConsistent) {
                let count = recv(connection, &byte, 1, 0)
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { break }
            }
        }
        close(connection)
    }

    /// Reads the head and a `Content-Length` or chunked body.
    private func read(_ connection: Int32) -> Received? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data += buffer[..<count]
            headEnd = data.indices.dropLast(3).first { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }
        }
        let end = headEnd! + 4
        let lines = String(decoding: data[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let start = lines[0].split(separator: " ")
        guard start.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var rest = Array(data[end...])
        func more() -> Bool {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            rest += buffer[..<count]
            return true
        }
        guard headers["transfer-encoding"]?.lowercased() == "chunked" else {
            let length = Int(headers["content-length"] ?? "") ?? 0
            while rest.count < length { guard more() else { return nil } }
            return Received(method: String(start[0]), target: String(start[1]), headers: headers, body: rest)
        }
        // RFC 9112 §7.1: size line, data, CRLF … a zero size, trailers, CRLF (no trailers here).
        var body: [UInt8] = []
        while true {
            var lineEnd = rest.indices.dropLast().first { rest[$0] == 13 && rest[$0 + 1] == 10 }
            while lineEnd == nil {
                guard more() else { return nil }
                lineEnd = rest.indices.dropLast().first { rest[$0] == 13 && rest[$0 + 1] == 10 }
            }
            let sizeText = String(decoding: rest[..<lineEnd!], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            while rest.count < lineEnd! + 2 + size + 2 { guard more() else { return nil } }
            body += rest[(lineEnd! + 2)..<(lineEnd! + 2 + size)]
            rest.removeFirst(lineEnd! + 2 + size + 2)
            if size == 0 { break }
        }
        return Received(method: String(start[0]), target: String(start[1]), headers: headers, body: body)
    }
}
