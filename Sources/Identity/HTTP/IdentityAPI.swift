import AppSuiteAPI
import Foundation
public import HTTPServer
import Imaging
import WebUI

/// The account API: `/api/v1/auth/*` and `/api/v1/me*`. Bodies and answers are the shapes in `AppSuiteAPI`.
struct IdentityAPI: Sendable {
    let auth: Authenticator
    let avatars: AvatarStore
    var identity: IdentityService { auth.identity }

    func register(into router: inout Router) {
        router.post(APIPath.register) { request in try signIn(request, creating: true) }
        router.post(APIPath.login) { request in try signIn(request, creating: false) }
        router.post(APIPath.logout) { request in
            let viewer = auth.viewer(for: request)
            try auth.verifyCSRF(request, viewer: viewer)
            if let token = viewer.token { try identity.logOut(token: token) }
            var response = Response.noContent
            response.setCookie(auth.clearedSessionCookie())
            return response
        }
        router.get(APIPath.me) { request in
            let user = try auth.requireUser(auth.viewer(for: request))
            return .json { Self.write(user, to: &$0) }
        }
        router.patch(APIPath.me) { request in
            let viewer = auth.viewer(for: request)
            let user = try auth.requireUser(viewer)
            try auth.verifyCSRF(request, viewer: viewer)
            let body = try request.decodeJSON(NicknameChange.self)
            let updated = try mapped(viewer) { try identity.updateProfile(userID: user.id, nickname: body.nickname) }
            return .json { Self.write(updated, to: &$0) }
        }
        router.put(APIPath.password) { request in
            let viewer = auth.viewer(for: request)
            _ = try auth.requireUser(viewer)
            try auth.verifyCSRF(request, viewer: viewer)
            let body = try request.decodeJSON(PasswordChange.self)
            // argon2id (verify the current password, hash the new one) runs on the work pool.
            return .offloaded(key: request.clientAddress) {
                try mapped(viewer) {
                    try identity.changePassword(session: viewer.session!, current: body.currentPassword, new: body.newPassword,
                                                clientAddress: request.clientAddress)
                }
                return .noContent
            }
        }
        router.put(APIPath.avatar) { request in
            let viewer = auth.viewer(for: request)
            let user = try auth.requireUser(viewer)
            try auth.verifyCSRF(request, viewer: viewer)
            guard let upload = request.uploadedFiles.first(where: { $0.fieldName == "avatar" }) else {
                throw HTTPError.validation([.init(field: "avatar", message: "Send the picture as the multipart field 'avatar'.")])
            }
            let updated = try replaceAvatar(of: user, with: upload, viewer: viewer)
            return .json { Self.write(updated, to: &$0) }
        }
    }

    /// Register (`201`) or log in (`200`): `{"token","user","expiresAt"}` plus the session cookie. The
    /// password hashing (argon2id) runs on the work pool, keyed by the client address.
    private func signIn(_ request: Request, creating: Bool) throws -> Response {
        let viewer = auth.viewer(for: request)
        try auth.verifyCSRF(request, viewer: viewer)
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
