import Foundation
import HTTPServer
@testable import Notifications
import OutboundHTTP
import Storage
import Synchronization
import Testing
import WebUI

/// Web Push on real OpenSSL: keys, VAPID tokens and aes128gcm messages, sent by ``PushService`` to a local HTTP
/// receiver standing in for the push service and checked by PyPI's `http_ece` and `cryptography` (Tests/E2E/push_check.py).
@Suite struct WebPushTests {
    @Test func aSubscribersPublicKeyRoundTripsAndBadPointsAreRefused() throws {
        let key = try P256Key.generate()
        let point = try key.publicBytes()
        #expect(point.count == 65 && point[0] == 4)
        #expect(try P256Key.publicKey(point).publicBytes() == point)
        var offCurve = point
        offCurve[64] ^= 1
        #expect(throws: WebPushCryptoError.invalidSubscriptionKey("p256dh is not a point on P-256")) { try P256Key.publicKey(offCurve) }
        #expect(throws: (any Error).self) { try P256Key.publicKey(Array(point.prefix(33))) }
        #expect(Base64URL.decode(Base64URL.encode(point)) == point)
        #expect(Base64URL.decode("a+b") == nil)
    }
}

/// A push service on a loopback port: records each request and answers 201, or 410 under `/gone/`.
final class PushReceiver: Sendable {
    struct Received: Sendable {
        var path: String
        var headers: [String: String]
        var body: [UInt8]
    }

    final class Store: Sendable {
        let items = Mutex<[Received]>([])
    }

    let store = Store()
    let server: Server

    init() throws {
        var router = Router()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        let store = self.store
        router.post("/push/{id}") { request in
            guard case .bytes(let body) = request.body else { return .text("no body", status: .badRequest) }
            var headers: [String: String] = [:]
            for name in ["Authorization", "TTL", "Urgency", "Content-Encoding", "Content-Type"] { headers[name] = request.headers[name] }
            store.items.withLock { $0.append(Received(path: request.path, headers: headers, body: body)) }
            return Response(status: .created)
        }
        router.post("/gone/{id}") { _ in Response(status: HTTPStatus(410, "Gone")) }
        server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
        try server.start()
    }

    var requests: [Received] { store.items.withLock { $0 } }
    var origin: String { "http://127.0.0.1:\(server.port)" }
    deinit { server.stop() }
}

extension WebPushTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("E2E/push_check.py")
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("E2E/.venv/bin/python")

    /// Runs Tests/E2E/push_check.py on one received request: the decrypted payload, or the checker's complaint.
    static func check(_ request: PushReceiver.Received, subscriber: P256Key, auth: [UInt8], origin: String, now: Int64) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let document: [String: Any] = [
            "body": Base64URL.encode(request.body), "authorization": request.headers["Authorization"] ?? "", "origin": origin,
            "uaPrivateKeyPem": String(decoding: try subscriber.privatePEM(), as: UTF8.self), "auth": Base64URL.encode(auth), "now": now,
        ]
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let process = Process()
        process.executableURL = python
        process.arguments = [checker.path, file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("push_check.py: \(complaint)") }
        return text
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: python.path),
                   "needs Tests/E2E/.venv with http_ece and cryptography (scripts/test-tools installs them)"))
    func aQueuedNotificationIsPushedEncryptedAndSignedAndAGoneSubscriptionIsDeleted() throws {
        let database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, NotificationSchema.migrations())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let vapid = try VAPID.loadOrCreate(at: directory.appendingPathComponent("vapid-key.pem"), subject: "mailto:ops@example.com")
        #expect(try VAPID.loadOrCreate(at: directory.appendingPathComponent("vapid-key.pem"), subject: "x").publicKey == vapid.publicKey,
                "the key is made once")
        let mode = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("vapid-key.pem").path)[.posixPermissions]
        #expect(mode as? Int == 0o600)

        let receiver = try PushReceiver()
        let push = PushService(database: database, vapid: vapid, client: CurlHTTPClient(), kinds: NotificationKinds(), addressPolicy: .any)
        let production = PushService(database: database, vapid: vapid, client: CurlHTTPClient(), kinds: NotificationKinds())
        let subscriber = try P256Key.generate()
        var auth = [UInt8](repeating: 0, count: 16)
        for index in auth.indices { auth[index] = UInt8.random(in: 0...255) }
        let p256dh = Base64URL.encode(try subscriber.publicBytes())
        let now: Int64 = 1_800_000_000

        // SSRF: production refuses anything but public https endpoints.
        for endpoint in [receiver.origin + "/push/1", "https://127.0.0.1/x", "https://[::1]/x", "https://10.1.2.3/x", "https://192.168.0.9/x",
                         "https://169.254.169.254/latest", "https://localhost/x", "https://push.local/x", "ftp://push.example.com/x"] {
            #expect(throws: PushSubscriptionError.endpoint, "\(endpoint)") {
                try production.subscribe(userID: 1, endpoint: endpoint, p256dh: p256dh, auth: Base64URL.encode(auth), language: .zh, now: now)
            }
        }
        #expect(throws: PushSubscriptionError.keys) {
            try production.subscribe(userID: 1, endpoint: "https://push.example.com/x", p256dh: "AAAA", auth: Base64URL.encode(auth), language: .zh, now: now)
        }

        let kept = try push.subscribe(userID: 1, endpoint: receiver.origin + "/push/1", p256dh: p256dh, auth: Base64URL.encode(auth),
                                      language: .zh, now: now)
        _ = try push.subscribe(userID: 1, endpoint: receiver.origin + "/gone/2", p256dh: p256dh, auth: Base64URL.encode(auth), language: .en, now: now)
        try database.write { db in
            try Inbox.deliver(NewNotification(userID: 1, kind: .reply, actor: "bob", body: "同感，结尾太好了。", link: "/comments/9"), db: db, now: now)
        }
        let summary = try push.deliverDue(now: now)
        #expect(summary == PushService.Summary(sent: 1, retried: 0, dropped: 0, unsubscribed: 1))
        let remaining = try database.read { try $0.query("SELECT id FROM push_subscriptions", []).map { try $0.get(0, as: Int64.self) } }
        #expect(remaining == [kept.id], "the 410 subscription is deleted")
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM push_deliveries", as: Int.self) } == 0)

        let request = try #require(receiver.requests.first)
        #expect(receiver.requests.count == 1)
        #expect(request.headers["TTL"] == "86400" && request.headers["Urgency"] == "normal" && request.headers["Content-Encoding"] == "aes128gcm")
        #expect(request.body.count == 86 + 16 + Array(#"{"title":"bob 回复了你的评论","body":"同感，结尾太好了。","url":"/comments/9"}"#.utf8).count + 1)
        let payload = try Self.check(request, subscriber: subscriber, auth: auth, origin: receiver.origin, now: now)
        #expect(payload == #"{"title":"bob 回复了你的评论","body":"同感，结尾太好了。","url":"/comments/9"}"#)
    }

    /// `--test-push-receiver` (the end-to-end tests' stand-in for a push service) opens exactly one loopback origin:
    /// only a numeric loopback address with a port is taken, and with it the production service still refuses every
    /// other private or plain-http endpoint, yet reaches the receiver.
    @Test func aTestReceiverOpensOnlyItsOwnLoopbackOrigin() throws {
        for accepted in ["http://127.0.0.1:29001", "http://127.0.0.1:29001/", "https://127.8.9.10:443", "http://[::1]:29002"] {
            #expect(PushService.loopbackReceiver(accepted) != nil, "\(accepted)")
        }
        for refused in ["http://127.0.0.1", "http://localhost:29001", "http://10.0.0.1:29001", "http://192.168.1.2:80", "http://127.0.0.1.nip.io:80",
                        "http://127.0.0.1:29001/push", "http://u@127.0.0.1:29001", "http://127.0.0.1:29001?x=1", "ftp://127.0.0.1:21", "http://[::2]:80",
                        "http://128.0.0.1:80", "http://127.0.0.300:80", ""] {
            #expect(PushService.loopbackReceiver(refused) == nil, "\(refused)")
        }
        let database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, NotificationSchema.migrations())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let vapid = try VAPID.loadOrCreate(at: directory.appendingPathComponent("vapid-key.pem"), subject: "mailto:ops@example.com")
        let receiver = try PushReceiver()
        let origin = try #require(PushService.loopbackReceiver(receiver.origin))
        let push = PushService(database: database, vapid: vapid, client: CurlHTTPClient(), kinds: NotificationKinds(), testReceiver: origin)
        let port = try #require(origin.port)
        for endpoint in ["http://127.0.0.1:\(port + 1)/push/1", "http://10.1.2.3:\(port)/x", "https://127.0.0.2:\(port)/x", "https://localhost/x"] {
            #expect(push.validEndpoint(endpoint) == nil, "\(endpoint)")
        }
        #expect(push.validEndpoint("https://push.example.com/x") != nil, "public https endpoints as in production")
        let subscriber = try P256Key.generate()
        let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let now: Int64 = 1_800_000_000
        _ = try push.subscribe(userID: 1, endpoint: receiver.origin + "/push/e2e", p256dh: Base64URL.encode(try subscriber.publicBytes()),
                               auth: Base64URL.encode(auth), language: .zh, now: now)
        try database.write { db in
            try Inbox.deliver(NewNotification(userID: 1, kind: .reply, actor: "bob", body: "同感。", link: "/comments/3"), db: db, now: now)
        }
        #expect(try push.deliverDue(now: now) == PushService.Summary(sent: 1, retried: 0, dropped: 0, unsubscribed: 0))
        #expect(receiver.requests.map(\.path) == ["/push/e2e"])
    }

    /// Issue 27 item 5: an endpoint belongs to one account — another account gets `taken` (409) unless it sends the
    /// subscription's own auth secret, which moves it — and every spelling of a loopback or private host libcurl would
    /// reach (`127.1`, `0x7f.0.0.1`, decimal and octal forms, `localhost.`, IPv4-mapped IPv6) is refused as one.
    @Test func anEndpointBelongsToOneAccountAndHostsAreJudgedAsLibcurlReadsThem() throws {
        let database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, NotificationSchema.migrations())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let vapid = try VAPID.loadOrCreate(at: directory.appendingPathComponent("vapid-key.pem"), subject: "mailto:ops@example.com")
        let push = PushService(database: database, vapid: vapid, client: CurlHTTPClient(), kinds: NotificationKinds())
        let p256dh = Base64URL.encode(try P256Key.generate().publicBytes())
        let secret = Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
        let other = Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
        let now: Int64 = 1_800_000_000

        for endpoint in ["https://127.1/x", "https://0x7f.0.0.1/x", "https://2130706433/x", "https://0177.0.0.1/x", "https://017700000001/x",
                         "https://0x7f000001/x", "https://127.0.1/x", "https://%31%32%37.0.0.1/x", "https://localhost./x", "https://LOCALHOST/x",
                         "https://push.local./x", "https://[::ffff:127.0.0.1]/x", "https://[::ffff:7f00:1]/x", "https://[0:0:0:0:0:ffff:a00:1]/x",
                         "https://0xa.1/x", "https://192.168.1/x", "https://0251.0376.0251.0376/x", "https://user@push.example.com/x"] {
            #expect(push.validEndpoint(endpoint) == nil, "\(endpoint)")
            #expect(throws: PushSubscriptionError.endpoint, "\(endpoint)") {
                try push.subscribe(userID: 1, endpoint: endpoint, p256dh: p256dh, auth: secret, language: .zh, now: now)
            }
        }

        let first = try push.subscribe(userID: 1, endpoint: "https://PUSH.Example.com:443/send/abc", p256dh: p256dh, auth: secret, language: .zh, now: now)
        #expect(first.endpoint == "https://push.example.com/send/abc", "stored as libcurl reads it")
        for spelling in ["https://push.example.com/send/abc", "https://push.example.com./send/abc", "https://push.example.com:443/send/abc"] {
            #expect(throws: PushSubscriptionError.taken, "\(spelling)") {
                try push.subscribe(userID: 2, endpoint: spelling, p256dh: p256dh, auth: other, language: .en, now: now + 1)
            }
        }
        let refreshed = try push.subscribe(userID: 1, endpoint: "https://push.example.com/send/abc", p256dh: p256dh, auth: other, language: .en, now: now + 2)
        #expect(refreshed.id == first.id, "the owner refreshes its own subscription's keys")
        let moved = try push.subscribe(userID: 2, endpoint: "https://push.example.com/send/abc", p256dh: p256dh, auth: other, language: .en, now: now + 3)
        #expect(moved.id == first.id, "the same browser's secret moves it")
        #expect(try push.unsubscribe(id: first.id, userID: 1) == false)
        #expect(try push.unsubscribe(id: first.id, userID: 2) == true)
        #expect(PushSubscriptionError.taken.httpError(.en).status == .conflict)
    }
}
