/// What a handler answers. Bodies are bytes in memory or a file streamed by the server.
public struct Response: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// A file sent from disk without reading it into memory; `size` in bytes.
        case file(path: String, size: Int)
    }

    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Body
    /// Set by ``offloaded(key:lane:_:)``: the work that makes the real response.
    var offload: Offload?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `application/json; charset=utf-8` from bytes a `JSONWriter` made.
    public static func json(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: .bytes(bytes))
    }

    /// Builds the JSON body with a `JSONWriter`.
    public static func json(status: HTTPStatus = .ok, capacity: Int = 1024, _ write: (inout JSONWriter) -> Void) -> Response {
        var writer = JSONWriter(capacity: capacity)
        write(&writer)
        return .json(writer.bytes, status: status)
    }

    public static func html(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(bytes))
    }

    public static func html(_ text: String, status: HTTPStatus = .ok) -> Response { .html(Array(text.utf8), status: status) }

    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
    }

    /// A redirect; `303 See Other` after a form POST (RFC 9110 §15.4.4).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// RFC 9457 problem details.
    public static func problem(_ error: HTTPError, instance: String? = nil) -> Response {
        var response = Response(status: error.status, headers: error.headers, body: .bytes(error.problemJSON(instance: instance)))
        response.headers.set("Content-Type", "application/problem+json; charset=utf-8")
        return response
    }

    public static let noContent = Response(status: .noContent)

    public mutating func setCookie(_ cookie: Cookie) { headers.add("Set-Cookie", cookie.headerValue) }

    /// The number of body bytes.
    public var contentLength: Int {
        switch body {
        case .bytes(let bytes): bytes.count
        case .file(_, let size): size
        }
    }
}

/// The slow part of a response, the work-pool lane and the key it runs under.
struct Offload: Sendable {
    let key: String
    let lane: WorkLane
    let work: @Sendable () throws -> Response
}

extension Response {
    /// The slow part of a handler (libvips, argon2id, outbound HTTP): the server suspends the connection
    /// (MHD_suspend_connection), runs `work` on its WorkPool under `key`, then resumes it and sends the result.
    /// Errors thrown by `work` become the usual error responses. In-process use (Responder.respond without a
    /// server, i.e. tests) runs `work` inline.
    ///
    /// `key` is a user id, else the client address (``WorkPool`` limits and serves each key fairly); `lane` is
    /// ``WorkLane/interactive`` for short work someone waits for (argon2id, small pictures) and
    /// ``WorkLane/batch`` for long or large work. A full lane answers `503`, a key over its quota `429`, work
    /// that waited past the lane's limit `503`, all with `Retry-After` (``WorkPoolError``). Headers set on the
    /// returned placeholder (by a wrapping handler) are added to the final response unless it sets them itself.
    public static func offloaded(key: String, lane: WorkLane = .interactive, _ work: @escaping @Sendable () throws -> Response) -> Response {
        var response = Response()
        response.offload = Offload(key: key, lane: lane, work: work)
        return response
    }
}
