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

/// Web Push routes (``NotificationEndpoints``: `/api/v1/push…`): the VAPID public key (open to everyone), subscribing this browser and
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
        let key = PushKey(publicKey: Base64URL.encode(push.vapid.publicKey))
        api.anyone.handle(NotificationEndpoints.pushKey) { _ in key }
        api.handle(NotificationEndpoints.subscribe) { call in
            let (body, member) = (call.body, call.context)
            do {
                let stored = try push.subscribe(userID: member.user.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth,
                                                language: member.viewer.language, now: now())
                return PushSubscriptionInfo(id: stored.id, endpoint: stored.endpoint, createdAt: Date(timeIntervalSince1970: TimeInterval(stored.createdAt)))
            } catch let error as PushSubscriptionError {
                throw error.httpError(member.viewer.language)
            }
        }
        api.handle(NotificationEndpoints.unsubscribe) { call in
            guard try push.unsubscribe(id: try call.id(), userID: call.context.user.id) else { throw HTTPError.notFound() }
            return NoContent()
        }
        router.mount(api)
    }

    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(PushKey.self),
        JSONSchema.component(NewPushSubscription.self),
        JSONSchema.component(NewPushSubscription.Keys.self),
        JSONSchema.component(PushSubscriptionInfo.self),
    ]
}
