import AppSuiteAPI
import HTTPServer
import WebUI

/// `/api/v1/me/sessions`: the signed-in devices of the user, and signing them out.
extension IdentityAPI {
    func registerSessions(into api: inout RouteGroup<SessionGuard>) {
        api.get(APIPath.sessions) { _, member in
            let sessions = try identity.sessions.sessions(userID: member.user.id, now: identity.clock.now())
            let language = member.viewer.language
            return .json { json in
                json.object {
                    $0.array("items") {
                        for session in sessions { Self.write(session, current: session.tokenHash == member.session.tokenHash, language, to: &$0) }
                    }
                }
            }
        }
        api.delete(APIPath.sessions) { _, member in
            try identity.sessions.revokeAll(userID: member.user.id, except: member.session.tokenHash)
            return .noContent
        }
        api.delete(APIPath.session) { request, member in
            let id = try request.parameter("id")
            guard try identity.sessions.revoke(userID: member.user.id, publicID: id) else {
                throw HTTPError.notFound(member.viewer.language == .zh ? "没有这个登录设备。" : "No such session.")
            }
            return .noContent
        }
    }

    /// A session as `SessionInfo` JSON.
    static func write(_ session: Session, current: Bool, _ language: Language, to json: inout JSONWriter) {
        json.object {
            $0.field("id", session.publicID)
            $0.field("device", DeviceName.describe(userAgent: session.userAgent) ?? IdentityText.unknownDevice(language))
            $0.field("signedInAt", iso8601(session.createdAt))
            $0.field("lastSeenAt", iso8601(session.lastSeenAt))
            $0.field("current", current)
        }
    }
}
