import AppSuiteAPI
import Foundation
import HTTPServer

/// The e-mail and password-reset API: the same rules as the pages (`IdentityPages+Email`), JSON in and out.
/// Without a mail server (`--smtp-url`) sending a link is `503` rather than pretending.
extension IdentityAPI {
    func registerEmail(into api: inout RouteGroup<SessionGuard>) {
        api.get(APIPath.email) { _, member in
            let current = try identity.emails.email(userID: member.user.id)
            return .json { Self.write(EmailStatus(email: current?.address, verified: current?.isVerified ?? false), to: &$0) }
        }
        api.put(APIPath.email) { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let body = try request.decodeJSON(EmailChange.self)
            guard let mail else { throw IdentityError.mailUnavailable.httpError(viewer.identityLanguage) }
            let email = body.email.trimmingCharacters(in: .whitespaces)
            // argon2id (the current password) runs on the work pool.
            return .offloaded(key: request.clientAddress) {
                let now = identity.clock.now()
                let token = try mapped(viewer) {
                    try identity.emails.setEmail(userID: user.id, email: email, currentPassword: body.currentPassword, now: now)
                }
                mail.sendVerification(to: email, username: user.username, token: token, now: now)
                return .json { Self.write(EmailStatus(email: email, verified: false), to: &$0) }
            }
        }
        api.anyone.post(APIPath.verifyEmail, limit: .signIn) { request, viewer in
            let body = try request.decodeJSON(EmailVerification.self)
            _ = try mapped(viewer) { try identity.emails.verify(token: body.token, now: identity.clock.now()) }
            return .noContent
        }
        api.anyone.post(APIPath.passwordReset, limit: .signIn) { request, viewer in
            let body = try request.decodeJSON(PasswordResetRequest.self)
            guard let mail else { throw IdentityError.mailUnavailable.httpError(viewer.identityLanguage) }
            let now = identity.clock.now()
            let found = try mapped(viewer) {
                try identity.emails.requestReset(email: body.email.trimmingCharacters(in: .whitespaces), clientAddress: request.clientAddress, now: now)
            }
            if let found { mail.sendReset(to: found.email, username: found.user.username, token: found.token, now: now) }
            // The same answer whether or not the address belongs to an account (the mail goes out in the background).
            return .noContent
        }
        api.anyone.post(APIPath.passwordResetConfirm, limit: .signIn) { request, viewer in
            let body = try request.decodeJSON(PasswordReset.self)
            return .offloaded(key: request.clientAddress) {
                _ = try mapped(viewer) { try identity.emails.resetPassword(token: body.token, newPassword: body.newPassword, now: identity.clock.now()) }
                return .noContent
            }
        }
    }

    /// An `EmailStatus` as JSON.
    static func write(_ status: EmailStatus, to json: inout JSONWriter) {
        json.object {
            $0.field("email", status.email)
            $0.field("verified", status.verified)
        }
    }
}
