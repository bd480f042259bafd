public import Foundation
public import HTTPServer
import Synchronization

/// A local HTTP server on 127.0.0.1 and an ephemeral port that answers recorded replies of an outside service
/// (a weather provider): one reply per path, for any method and query, counted. Tests change a path's reply
/// while it runs (a provider that fails after answering) with ``set(_:_:)``. Stops when the last reference goes.
public final class ReplayServer: Sendable {
    /// What a path answers: status, `Content-Type`, body, and an optional wait before answering (a slow provider).
    public struct Reply: Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]
        public var delay: Duration?

        public init(status: Int = 200, contentType: String = "application/json", body: [UInt8], delay: Duration? = nil) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.delay = delay
        }

        /// A recorded file's bytes as the reply.
        public static func file(_ url: URL, status: Int = 200, contentType: String = "application/json") throws -> Reply {
            guard let data = FileManager.default.contents(atPath: url.path) else { throw TestFailure("no recorded reply at \(url.path)") }
            return Reply(status: status, contentType: contentType, body: [UInt8](data))
        }
    }

    private final class State: Sendable {
        let replies: Mutex<[String: Reply]>
        let counts = Mutex<[String: Int]>([:])
        let requests = Mutex<[(method: String, path: String, query: FormData, body: [UInt8])]>([])
        init(_ replies: [String: Reply]) { self.replies = Mutex(replies) }
    }

    private let server: Server
    private let state: State

    public init(_ replies: [String: Reply]) throws {
        let state = State(replies)
        var router = Router()
        let handler: Handler = { request in
            state.counts.withLock { $0[request.path, default: 0] += 1 }
            let body: [UInt8] = if case .bytes(let bytes) = request.body { bytes } else { [] }
            state.requests.withLock { $0.append((request.method.rawValue, request.path, request.query, body)) }
            guard let reply = state.replies.withLock({ $0[request.path] }) else { return .text("no recorded reply", status: .notFound) }
            if let delay = reply.delay { Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18) }
            var response = Response(status: HTTPStatus(reply.status, "Replayed"), body: .bytes(reply.body))
            response.headers.set("Content-Type", reply.contentType)
            return response
        }
        for path in replies.keys {
            router.get(path, handler)
            router.post(path, handler)
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
        self.state = state
        try server.start()
    }

    deinit { server.stop() }

    /// `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(server.port)" }

    /// Requests that reached `path` so far.
    public func count(_ path: String) -> Int { state.counts.withLock { $0[path] ?? 0 } }

    /// Every request so far: method, path, raw query and body.
    public var received: [(method: String, path: String, query: FormData, body: [UInt8])] { state.requests.withLock { $0 } }

    /// Replaces what `path` answers (it must be one of the paths given at start).
    public func set(_ path: String, _ reply: Reply) { state.replies.withLock { $0[path] = reply } }
}
