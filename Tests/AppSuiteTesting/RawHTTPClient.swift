import Foundation

/// A tiny blocking HTTP/1.1 client on a raw socket, so tests control every byte (slow senders, bad bodies).
public struct RawHTTPClient {
    /// One response, from a socket or in process (``TestServer/Transport``).
    public struct Reply: Sendable {
        public var status: Int
        /// Lower-cased names; of a repeated field, the last value.
        public var headers: [String: String]
        public var body: [UInt8]
        /// Cookies set by the reply (`Set-Cookie` name → value; a deleted cookie maps to "").
        public var setCookies: [String: String]
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// A reply from its status code, its header fields in the order received and its body.
        public init(status: Int, fields: [(name: String, value: String)], body: [UInt8]) {
            self.status = status
            self.body = body
            headers = [:]
            setCookies = [:]
            for (name, value) in fields {
                headers[name.lowercased()] = value
                if name.lowercased() == "set-cookie", let pair = value.split(separator: ";").first, let equals = pair.firstIndex(of: "=") {
                    setCookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
            }
        }
    }

    public let socket: Int32

    /// Connects to 127.0.0.1:`port`; `source` binds the client's end first (e.g. `127.0.0.5`: any 127/8
    /// address works on Linux without setup), to act as another client address.
    public init(port: UInt16, receiveTimeout: Int = 10, from source: String? = nil) throws {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                _ = Foundation.close(socket)
                throw POSIXError(.EADDRNOTAVAIL)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    public func close() { _ = Foundation.close(socket) }

    /// True once the server has closed or reset the connection, without waiting.
    public var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads one response (Content-Length bodies, or until the peer closes). Nil when the connection ended first.
    public func readReply() -> Reply? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var contentLength: Int?
        while true {
            if let end = headerEnd {
                if let length = contentLength, data.count >= end + length { break }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[..<count])
            if headerEnd == nil, let range = findHeaderEnd(data) {
                headerEnd = range
                let head = String(decoding: data[..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() where line.lowercased().hasPrefix("content-length:") {
                    contentLength = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
                }
            }
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: data[..<(end - 4)], as: UTF8.self).split(separator: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let fields = head.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Reply(status: status, fields: fields, body: Array(data[end...].prefix(contentLength ?? Int.max)))
    }

    /// One complete request and its reply on a fresh connection.
    public static func exchange(port: UInt16, _ request: String, body: [UInt8] = []) throws -> Reply? {
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        client.send(Array(request.utf8) + body)
        return client.readReply()
    }

    /// Sends `method path` with optional headers and body on a fresh connection (`Connection: close`).
    public static func request(
        port: UInt16, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" { head += "Content-Length: \(body.count)\r\n" }
        guard let reply = try exchange(port: port, head + "\r\n", body: body) else { throw POSIXError(.ECONNRESET) }
        return reply
    }

    private func findHeaderEnd(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        for index in 0...(data.count - 4) where data[index] == 13 && data[index + 1] == 10 && data[index + 2] == 13 && data[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
