import AppSuiteAPI
import Foundation
import HTTPServer
import Imaging
import WebUI

/// The account API: `/api/v1/auth/*` and `/api/v1/me*`. Bodies and answers are the shapes in `AppSuiteAPI`.
struct IdentityAPI: Sendable {
    let auth: Authenticator
    let avatars: AvatarStore
    /// Third-party sign-in; nil when no provider is configured.
    let oidc: OIDCLogin?
    /// Verification and reset mail; nil without `--smtp-url` (sending a link is then `503`).
    let mail: AccountMail?
    var identity: IdentityService { auth.identity }

    /// Registering, logging in and logging out are open to everyone; the rest needs a session.
    func register(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.post(APIPath.register, limit: .signIn) { request, viewer in try signIn(request, viewer, creating: true) }
        api.anyone.post(APIPath.login, limit: .signIn) { request, viewer in try signIn(request, viewer, creating: false) }
        api.anyone.post(APIPath.logout, limit: .signIn) { request, viewer in
            // A bearer token that names no live session (expired, ended elsewhere) is told so: 401, not a silent 204.
            if viewer.token == nil, request.bearerToken != nil { throw auth.signInRequired(viewer) }
            if let token = viewer.token { try identity.logOut(token: token) }
            var response = Response.noContent
            response.setCookie(auth.clearedSessionCookie())
            return response
        }
        api.get(APIPath.me) { _, member in .json { Self.write(member.user, to: &$0) } }
        api.patch(APIPath.me) { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let body = try request.decodeJSON(NicknameChange.self)
            let updated = try mapped(viewer) { try identity.updateProfile(userID: user.id, nickname: body.nickname) }
            return .json { Self.write(updated, to: &$0) }
        }
        api.put(APIPath.password) { request, member in
            let (viewer, session) = (member.viewer, member.session)
            let body = try request.decodeJSON(PasswordChange.self)
            // argon2id (verify the current password, hash the new one) runs on the work pool.
            return .offloaded(key: request.clientAddress) {
                try mapped(viewer) {
                    try identity.changePassword(session: session, current: body.currentPassword, new: body.newPassword,
                                                clientAddress: request.clientAddress)
                }
                return .noContent
            }
        }
        api.put(APIPath.avatar) { request, member in
            let (viewer, user) = (member.viewer, member.user)
            guard let upload = request.uploadedFiles.first(where: { $0.fieldName == "avatar" }) else {
                throw HTTPError.validation([.init(field: "avatar", message: "Send the picture as the multipart field 'avatar'.")])
            }
            let updated = try replaceAvatar(of: user, with: upload, viewer: viewer)
            return .json { Self.write(updated, to: &$0) }
        }
        registerSessions(into: &api)
        registerOIDC(into: &api)
        registerEmail(into: &api)
    }

    /// Register (`201`) or log in (`200`): `{"token","user","expiresAt"}` plus the session cookie. The
    /// password hashing (argon2id) runs on the work pool, keyed by the client address.
    private func signIn(_ request: Request, _ viewer: Viewer, creating: Bool) throws -> Response {
        let credentials = try request.decodeJSON(Credentials.self)
        return .offloaded(key: request.clientAddress) { try signIn(request, creating: creating, viewer: viewer, credentials: credentials) }
    }

    private func signIn(_ request: Request, creating: Bool, viewer: Viewer, credentials: Credentials) throws -> Response {
        let userAgent = request.headers["User-Agent"] ?? ""
        let signIn = try mapped(viewer) {
            creating
                ? try identity.register(username: credentials.username, password: credentials.password,
                                        userAgent: userAgent, clientAddress: request.clientAddress)
                : try identity.logIn(username: credentials.username, password: credentials.password, userAgent: userAgent,
                                     clientAddress: request.clientAddress, previousToken: viewer.token)
        }
        var response = Response.json(status: creating ? .created : .ok) { json in
            json.object {
                $0.field("token", signIn.token)
                $0.key("user")
                Self.write(signIn.user, to: &$0)
                $0.field("expiresAt", iso8601(signIn.session.expiresAt))
            }
        }
        response.setCookie(auth.sessionCookie(token: signIn.token, expiresAt: signIn.session.expiresAt, now: identity.clock.now()))
        return response
    }

    /// Validates and stores a new avatar, then deletes the old file.
    func replaceAvatar(of user: User, with upload: UploadedFile, viewer: Viewer) throws -> User {
        let path: String
        do {
            path = try avatars.store(uploadAt: upload.temporaryPath, userID: user.id)
        } catch let refusal as AvatarStore.Refusal {
            let text: LocalizedText
            switch refusal {
            case .unreadable: text = IdentityText.avatarUnreadable
            case .tooLarge: text = IdentityText.avatarTooLarge
            case .badShape: text = IdentityText.avatarBadShape
            }
            throw HTTPError.validation([.init(field: "avatar", message: text(viewer.language))])
        }
        let updated = try mapped(viewer) { try identity.setAvatar(userID: user.id, path: path) }
        avatars.removeOthers(of: user.id, keeping: path)
        return updated
    }

    /// Runs `body`, turning `IdentityError` into the viewer's language.
    func mapped<T>(_ viewer: Viewer, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as IdentityError { throw error.httpError(viewer.identityLanguage) }
    }

    /// A user as `UserProfile` JSON.
    static func write(_ user: User, to json: inout JSONWriter) {
        json.object {
            $0.field("id", user.id)
            $0.field("username", user.username)
            $0.field("nickname", user.nickname)
            $0.field("avatarURL", user.avatarPath.map { "/media/\($0)" })
            $0.field("createdAt", iso8601(user.createdAt))
        }
    }
}
