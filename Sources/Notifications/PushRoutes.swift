import AppSuiteAPI
import Foundation
public import HTTPServer
public import Identity
public import WebUI

extension PushSubscriptionError: HTTPErrorConvertible {
    public var httpError: HTTPError { httpError(.zh) }

    /// `endpoint` and `keys` → 422 naming the field; `taken` → 409.
    public func httpError(_ language: Language) -> HTTPError {
        switch self {
        case .taken:
            return HTTPError(.conflict, title: language == .zh ? "推送地址已被占用" : "Endpoint taken",
                             detail: language == .zh ? "这个推送地址属于另一个账号；只有持有该订阅密钥（auth）的浏览器才能把它转到这个账号。"
                                : "This push endpoint belongs to another account; only the browser holding its keys (the same auth secret) can move it here.",
                             type: "urn:appsuite:problem:push-endpoint-taken")
        case .endpoint:
            return .validation([.init(field: "endpoint", message: language == .zh
                ? "推送地址须为公网 https 地址（最多 1024 个字符）。" : "The endpoint must be a public https URL (at most 1,024 characters).")])
        case .keys:
            return .validation([.init(field: "keys", message: language == .zh
                ? "p256dh 须为 P-256 公钥，auth 须为 16 字节（base64url）。" : "p256dh must be a P-256 public key and auth 16 bytes (base64url).")])
        }
    }
}

/// Web Push routes (``APIPath/Push``): the VAPID public key (open to everyone), subscribing this browser and
/// unsubscribing (signed in; cookie requests carry CSRF like every write).
public struct PushRoutes: Sendable {
    public let push: PushService
    public let now: @Sendable () -> Int64

    public init(push: PushService, now: @escaping @Sendable () -> Int64) {
        self.push = push
        self.now = now
    }

    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var api = RouteGroup(prefix: "/api/v1", kind: .api, guard: sessionGuard)
        let (push, now) = (self.push, self.now)
        let key = Base64URL.encode(push.vapid.publicKey)
        api.anyone.get("/push/key") { _, _ in .json { $0.object { $0.field("publicKey", key) } } }
        api.post("/push/subscriptions") { request, member in
            let body = try request.decodeJSON(NewPushSubscription.self)
            let stored: (id: Int64, createdAt: Int64, endpoint: String)
            do {
                stored = try push.subscribe(userID: member.user.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth,
                                            language: member.viewer.language, now: now())
            } catch let error as PushSubscriptionError {
                throw error.httpError(member.viewer.language)
            }
            return .json(status: .created) { json in
                json.object { json in
                    json.field("id", stored.id)
                    json.field("endpoint", stored.endpoint)
                    json.field("createdAt", iso8601(stored.createdAt))
                }
            }
        }
        api.delete("/push/subscriptions/{id}") { request, member in
            guard try push.unsubscribe(id: try request.parameter("id", as: Int64.self), userID: member.user.id) else { throw HTTPError.notFound() }
            return .noContent
        }
        router.mount(api)
    }

    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(PushKey.self),
        JSONSchema.component(NewPushSubscription.self),
        JSONSchema.component(NewPushSubscription.Keys.self),
        JSONSchema.component(PushSubscriptionInfo.self),
    ]

    public static let apiOperations: [APIOperation] = [
        APIOperation(.get, APIPath.Push.key, summary: "The VAPID public key to subscribe with", tag: "Push",
                     responses: [.init(200, "The key", schema: .ref(PushKey.self))]),
        APIOperation(.post, APIPath.Push.subscriptions, summary: "Subscribe this browser to Web Push", tag: "Push",
                     requestBody: .ref(NewPushSubscription.self),
                     responses: [.init(201, "Subscribed", schema: .ref(PushSubscriptionInfo.self)),
                                 .init(401, "Login required", schema: .reference("Problem")),
                                 .init(409, "The endpoint is another account's and the auth secret differs", schema: .reference("Problem")),
                                 .init(422, "Not a public https endpoint, or bad keys", schema: .reference("Problem"))],
                     requiresAuthentication: true),
        APIOperation(.delete, APIPath.Push.subscription, summary: "Unsubscribe", tag: "Push",
                     parameters: [.init("id", in: .path, schema: .integer())],
                     responses: [.init(204, "Unsubscribed"), .init(401, "Login required", schema: .reference("Problem")),
                                 .init(404, "Not one of mine", schema: .reference("Problem"))],
                     requiresAuthentication: true),
    ]
}
