import COpenSSL
public import Foundation
import HTTPServer
public import OutboundHTTP
public import Storage
public import WebUI

/// The application server's VAPID identity (RFC 8292): a P-256 key generated once and kept in the data directory
/// like the server secret (`vapid-key.pem`, mode 0600), and the contact (`sub`) every token carries.
public final class VAPID: Sendable {
    let key: P256Key
    /// The public key, 65 bytes uncompressed: the `applicationServerKey` browsers subscribe with.
    public let publicKey: [UInt8]
    /// `mailto:` or `https:` contact of the operator (RFC 8292 §2.1).
    public let subject: String

    init(key: P256Key, subject: String) throws(WebPushCryptoError) {
        self.key = key
        publicKey = try key.publicBytes()
        self.subject = subject
    }

    /// Reads the key at `url`, or creates it (mode 0600) when the file does not exist.
    /// - Throws: ``WebPushCryptoError/keyFile(_:)`` when it cannot be read, written or is not a P-256 key.
    public static func loadOrCreate(at url: URL, subject: String) throws(WebPushCryptoError) -> VAPID {
        if let pem = FileManager.default.contents(atPath: url.path) {
            return try VAPID(key: try P256Key.fromPEM([UInt8](pem)), subject: subject)
        }
        let key = try P256Key.generate()
        let pem = try key.privatePEM()
        guard FileManager.default.createFile(atPath: url.path, contents: Data(pem), attributes: [.posixPermissions: 0o600]) else {
            throw .keyFile("cannot create \(url.path)")
        }
        return try VAPID(key: key, subject: subject)
    }

    /// The `Authorization` header for a push to `endpoint` (RFC 8292 §3): `vapid t=<ES256 JWT>, k=<public key>`,
    /// the token's `aud` the endpoint's origin and `exp` 12 hours after `now` (at most 24 h are allowed).
    public func authorization(endpoint: URL, now: Int64) throws(WebPushCryptoError) -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw .invalidSubscriptionKey("endpoint without origin") }
        let origin = scheme + "://" + host + (endpoint.port.map { ":\($0)" } ?? "")
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        var claims = JSONWriter(capacity: 160)
        claims.object { json in
            json.field("aud", origin)
            json.field("exp", now + 12 * 3_600)
            json.field("sub", subject)
        }
        let input = header + "." + Base64URL.encode(claims.bytes)
        let signature = try key.signES256(Array(input.utf8))
        return "vapid t=" + input + "." + Base64URL.encode(signature) + ", k=" + Base64URL.encode(publicKey)
    }
}

/// Why a push subscription was refused (a `422` naming the field).
public enum PushSubscriptionError: Error, Sendable, Hashable {
    /// Not an absolute `https` URL of at most 1,024 characters on a public host (no loopback, private or link-local
    /// address, no `localhost`): the server will not be made to send requests into its own network.
    case endpoint
    /// `p256dh` is not a P-256 point or `auth` not 16 bytes.
    case keys
    /// The endpoint is another account's subscription and the request did not send its `auth` secret (a `409`): an
    /// endpoint belongs to one account; only the browser holding the subscription's keys can move it to another.
    case taken
}

/// Browsers' push subscriptions and the delivery queue: subscribe, unsubscribe, and sending what ``Inbox/deliver(_:db:now:)``
/// queued, from a scheduled job (never on a request thread). All SQL of the push tables is here.
public struct PushService: Sendable {
    public let database: any Database
    public let vapid: VAPID
    public let client: any HTTPClient
    public let kinds: NotificationKinds
    /// `.publicOnly` in production; tests name `.any` for their local receiver.
    public let addressPolicy: AddressPolicy
    /// A loopback origin (``loopbackReceiver(_:)``) whose endpoints are accepted and reached besides public https ones:
    /// the end-to-end tests' stand-in for a push service (`--test-push-receiver`). Nil in production.
    public let testReceiver: URL?
    /// Each user's subscriptions are capped (the oldest goes).
    public static let maxSubscriptionsPerUser = 10
    /// A delivery is tried this many times (backoff 30 s · 2ⁿ, at most an hour apart), then dropped.
    public static let maxAttempts = 6
    /// How long the push service keeps an undelivered message (RFC 8030 §5.2 `TTL`), seconds.
    public static let timeToLive = 86_400

    public init(database: any Database, vapid: VAPID, client: any HTTPClient, kinds: NotificationKinds,
                addressPolicy: AddressPolicy = .publicOnly, testReceiver: URL? = nil) {
        self.database = database
        self.vapid = vapid
        self.client = client
        self.kinds = kinds
        self.addressPolicy = addressPolicy
        self.testReceiver = testReceiver
    }

    /// `text` as a test receiver's origin: `http(s)://` a numeric loopback address (127.0.0.0/8 or `[::1]`) and a port,
    /// no path, query or user; nil for anything else, so the option can never open the server's network to
    /// subscribers.
    public static func loopbackReceiver(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let host = url.host?.lowercased(),
              url.port != nil, url.user == nil, url.password == nil, url.query == nil, url.fragment == nil, ["", "/"].contains(url.path)
        else { return nil }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        let isLoopback = bare == "::1" || (octets.count == 4 && octets.allSatisfy { $0 != nil } && octets[0] == 127)
        return isLoopback ? url : nil
    }

    /// Whether `url` is on the ``testReceiver`` origin (same scheme, host and port).
    func isTestReceiver(_ url: URL) -> Bool {
        guard let receiver = testReceiver else { return false }
        return url.scheme?.lowercased() == receiver.scheme?.lowercased() && url.host?.lowercased() == receiver.host?.lowercased()
            && url.port == receiver.port
    }

    // MARK: subscriptions

    /// Checks an endpoint against the SSRF rules of ``PushSubscriptionError/endpoint`` and returns it canonical
    /// (``CanonicalURL``: libcurl's reading, so `127.1`, `0x7f.0.0.1`, `2130706433`, `localhost.` and
    /// `[::ffff:127.0.0.1]` are judged as the loopback addresses they are). With `.any` (tests) plain `http` to a
    /// loopback receiver is accepted too, and so is any endpoint on the ``testReceiver`` origin.
    public func validEndpoint(_ text: String) -> URL? {
        guard text.utf8.count <= 1_024, let canonical = try? CanonicalURL(text), let url = URL(string: canonical.text) else { return nil }
        if isTestReceiver(url) { return url }
        if addressPolicy == .any { return url }
        guard canonical.scheme == "https" else { return nil }
        if let address = canonical.address { return AddressPolicy.publicOnly.permits(address) ? url : nil }
        let host = canonical.host
        let local = host == "localhost" || [".localhost", ".local", ".internal", ".lan", ".home.arpa"].contains { host.hasSuffix($0) }
        return local || !host.contains(".") ? nil : url
    }

    /// Stores a subscription under its canonical endpoint, or refreshes this user's own. An endpoint belongs to one
    /// account: another account's is moved to this user only when `auth` is the secret it was stored with (the
    /// same browser, signed in to another account), else refused with ``PushSubscriptionError/taken``.
    /// - Returns: its id, creation time and the endpoint as stored.
    /// - Throws: ``PushSubscriptionError``.
    public func subscribe(userID: Int64, endpoint given: String, p256dh: String, auth: String, language: Language,
                          now: Int64) throws -> (id: Int64, createdAt: Int64, endpoint: String) {
        guard let endpoint = validEndpoint(given)?.absoluteString else { throw PushSubscriptionError.endpoint }
        guard let point = Base64URL.decode(p256dh), let secret = Base64URL.decode(auth), secret.count == 16,
              (try? P256Key.publicKey(point)) != nil else { throw PushSubscriptionError.keys }
        return try database.write { db in
            if let owner = try db.queryFirst("SELECT user_id, auth FROM push_subscriptions WHERE endpoint = ?", endpoint),
               try owner.get("user_id", as: Int64.self) != userID {
                let stored = try owner.get("auth", as: [UInt8].self)
                guard stored.count == secret.count, CRYPTO_memcmp(stored, secret, secret.count) == 0 else { throw PushSubscriptionError.taken }
            }
            try db.execute(
                "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, language, created_at) VALUES (?, ?, ?, ?, ?, ?) "
                    + "ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, "
                    + "language = excluded.language, created_at = excluded.created_at",
                userID, endpoint, point, secret, language.code, now)
            guard let id = try db.scalar("SELECT id FROM push_subscriptions WHERE endpoint = ?", endpoint, as: Int64.self) else {
                throw StorageError.misuse("subscription vanished")
            }
            try db.execute(
                "DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN "
                    + "(SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY id DESC LIMIT ?)",
                userID, userID, Self.maxSubscriptionsPerUser)
            return (id, now, endpoint)
        }
    }

    /// Deletes one of the user's subscriptions. - Returns: `false` when it is not theirs.
    @discardableResult
    public func unsubscribe(id: Int64, userID: Int64) throws -> Bool {
        try database.write { db in try db.execute("DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?", id, userID) == 1 }
    }

    // MARK: delivery

    /// What one run of ``deliverDue(now:limit:)`` did.
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        public var sent = 0
        public var retried = 0
        public var dropped = 0
        public var unsubscribed = 0
        public var description: String { "\(sent) pushed, \(retried) to retry, \(dropped) dropped, \(unsubscribed) subscriptions gone" }
    }

    /// Sends up to `limit` queued pushes that are due: the notification as JSON `{"title","body","url"}` in the
    /// subscription's language, encrypted (``WebPushEncryption``), `TTL` a day, `Urgency: normal`, VAPID-signed.
    /// 2xx → done; 404/410 → the subscription is gone and deleted (RFC 8030 §7.3); 429, 5xx or a network failure →
    /// tried again after 30 s · 2ⁿ (at most an hour), dropped after ``maxAttempts``; another answer → dropped.
    public func deliverDue(now: Int64, limit: Int = 50) throws -> Summary {
        let due = try database.read { db in
            try db.query(
                "SELECT d.id, d.attempts, s.id AS subscription_id, s.endpoint, s.p256dh, s.auth, s.language, n.kind, n.actor, n.body, n.link "
                    + "FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id "
                    + "JOIN notifications n ON n.id = d.notification_id WHERE d.next_attempt_at <= ? ORDER BY d.next_attempt_at LIMIT ?",
                now, max(1, min(limit, 500)))
        }
        var summary = Summary()
        for row in due {
            let id: Int64 = try row.get("id")
            let attempts: Int = try row.get("attempts")
            let outcome = send(row, now: now)
            try database.write { db in
                switch outcome {
                case .sent:
                    summary.sent += 1
                    try db.execute("DELETE FROM push_deliveries WHERE id = ?", id)
                case .gone:
                    summary.unsubscribed += 1
                    let subscription: Int64 = try row.get("subscription_id")
                    try db.execute("DELETE FROM push_deliveries WHERE subscription_id = ?", subscription)
                    try db.execute("DELETE FROM push_subscriptions WHERE id = ?", subscription)
                case .retry(let error) where attempts + 1 < Self.maxAttempts:
                    summary.retried += 1
                    let delay = min(Int64(30) << Int64(attempts), 3_600)
                    try db.execute("UPDATE push_deliveries SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
                                   attempts + 1, now + delay, String(error.prefix(300)), id)
                case .retry, .dropped:
                    summary.dropped += 1
                    try db.execute("DELETE FROM push_deliveries WHERE id = ?", id)
                }
            }
        }
        return summary
    }

    enum Outcome { case sent, gone, retry(String), dropped }

    func send(_ row: Row, now: Int64) -> Outcome {
        do {
            let endpointText: String = try row.get("endpoint")
            guard let endpoint = validEndpoint(endpointText) else { return .gone }
            let language = Language(tag: try row.get("language")) ?? .zh
            var payload = JSONWriter(capacity: 512)
            let kind: String = try row.get("kind")
            let actor: String = try row.get("actor")
            let body: String = try row.get("body")
            let link: String = try row.get("link")
            payload.object { json in
                json.field("title", kinds.headline(kind: kind, actor: actor, language))
                json.field("body", kinds.detail(kind: kind, body: body, language))
                json.field("url", link)
            }
            let message = try WebPushEncryption.encrypt(payload.bytes, p256dh: try row.get("p256dh"), authSecret: try row.get("auth"))
            var request = OutboundRequest(method: "POST", url: endpoint, headers: [
                ("Authorization", try vapid.authorization(endpoint: endpoint, now: now)),
                ("TTL", String(Self.timeToLive)),
                ("Urgency", "normal"),
                ("Content-Encoding", "aes128gcm"),
                ("Content-Type", "application/octet-stream"),
            ], body: message)
            request.addressPolicy = isTestReceiver(endpoint) ? .any : addressPolicy
            request.maxResponseBytes = 64 * 1_024
            request.timeout = .seconds(15)
            let response = try client.send(request)
            switch response.status {
            case 200..<300: return .sent
            case 404, 410: return .gone
            case 429, 500..<600: return .retry("HTTP \(response.status)")
            default: return .dropped
            }
        } catch let error as OutboundHTTPError {
            if case .forbiddenAddress = error { return .gone }
            return .retry("\(error)")
        } catch {
            return .dropped
        }
    }
}
