public import AppSuiteAPI
public import Foundation

extension AppSuiteClient {
    /// Register, log in and log out: each changes ``session``.
    public var auth: Auth { Auth(client: self) }

    /// The signed-in user's own account.
    public var me: Me { Me(client: self) }

    /// The methods of ``AppSuiteClient/auth``.
    public struct Auth: Sendable {
        let client: AppSuiteClient

        static let register = Route("POST", APIPath.register)
        static let logIn = Route("POST", APIPath.login)
        static let logOut = Route("POST", APIPath.logout)
        static let providers = Route("GET", APIPath.providers)
        static let verifyEmail = Route("POST", APIPath.verifyEmail)
        static let requestPasswordReset = Route("POST", APIPath.passwordReset)
        static let resetPassword = Route("POST", APIPath.passwordResetConfirm)
        static let endpoints = [register, logIn, logOut, providers, verifyEmail, requestPasswordReset, resetPassword]

        /// `POST /api/v1/auth/email/verify`: follows a verification link (the `token` of its URL).
        /// - Throws: a `410` problem for an unknown, used or expired token.
        public func verifyEmail(token: String) async throws(AppSuiteError) {
            var call = try AppSuiteClient.Call(Self.verifyEmail).json(EmailVerification(token: token))
            call.authorized = false
            try await client.noContent(call)
        }

        /// `POST /api/v1/auth/password-reset`: mails a reset link to `email` if a verified account has it; the answer
        /// is the same either way.
        /// - Throws: `429` after 10 requests an hour from one address, `503` when the server has no mail server.
        public func requestPasswordReset(email: String) async throws(AppSuiteError) {
            var call = try AppSuiteClient.Call(Self.requestPasswordReset).json(PasswordResetRequest(email: email))
            call.authorized = false
            try await client.noContent(call)
        }

        /// `POST /api/v1/auth/password-reset/confirm`: sets a new password with the reset link's `token`; every
        /// session of the account ends (sign in again).
        /// - Throws: a `410` problem for a used or late token, `422` for a password that is not allowed.
        public func resetPassword(token: String, newPassword: String) async throws(AppSuiteError) {
            var call = try AppSuiteClient.Call(Self.resetPassword).json(PasswordReset(token: token, newPassword: newPassword))
            call.authorized = false
            try await client.noContent(call)
        }

        /// `GET /api/v1/auth/providers`: the third-party sign-ins the server offers (empty without any). Signing in
        /// with one happens in a browser at ``AuthProvider/loginURL``.
        public func providers() async throws(AppSuiteError) -> [AuthProvider] {
            var call = AppSuiteClient.Call(Self.providers)
            call.authorized = false
            return try await client.value(call, as: AuthProviderList.self).items
        }

        /// `POST /api/v1/auth/register`: creates the account and signs in (``SessionState/signedIn(_:)``).
        /// - Parameters:
        ///   - username: letters (Chinese included), digits, `_ . -`; 3–32 columns, a Chinese character counting 2.
        ///   - password: 8–256 characters, not one of the very common passwords.
        /// - Throws: a `409` problem when the name is taken, `422` with the field for an invalid one, `429` after
        ///   10 registrations from one address in an hour.
        @discardableResult
        public func register(username: String, password: String) async throws(AppSuiteError) -> UserProfile {
            try await signIn(Self.register, username: username, password: password)
        }

        /// `POST /api/v1/auth/login`: a new session (``SessionState/signedIn(_:)``).
        /// - Throws: a `401` problem for an unknown user or a wrong password (the same answer), `429` with
        ///   `Retry-After` after 5 failures for the account in 15 minutes.
        @discardableResult
        public func logIn(username: String, password: String) async throws(AppSuiteError) -> UserProfile {
            try await signIn(Self.logIn, username: username, password: password)
        }

        private func signIn(_ endpoint: Route, username: String, password: String) async throws(AppSuiteError) -> UserProfile {
            var call = try AppSuiteClient.Call(endpoint).json(Credentials(username: username, password: password))
            call.authorized = false
            let login = try await client.value(call, as: LoginResponse.self)
            try client.session.begin(login)
            return login.user
        }

        /// `POST /api/v1/auth/logout`: ends the session on the server and here (``SignOutReason/loggedOut``).
        /// The local session ends even when the server cannot be reached (the error is thrown after); a session
        /// the server had already ended (expired, or ended by a password change elsewhere) is no error.
        public func logOut() async throws(AppSuiteError) {
            guard let token = client.session.token else { return }
            var failure: AppSuiteError?
            var call = AppSuiteClient.Call(Self.logOut)
            call.endsSessionOn401 = false
            do throws(AppSuiteError) {
                try await client.noContent(call)
            } catch {
                // A token the server no longer knows is answered 401, or 403 CSRF (the request is then not a bearer
                // request, and a signed-out log out needs a CSRF token): either way that session is over.
                if error.status != 401 && error.problem?.type != "urn:appsuite:problem:csrf" { failure = error }
            }
            try client.session.end(.loggedOut, token: token)
            if let failure { throw failure }
        }
    }

    /// The methods of ``AppSuiteClient/me``; each needs a signed-in user (a `401` problem otherwise).
    public struct Me: Sendable {
        let client: AppSuiteClient

        static let profile = Route("GET", APIPath.me)
        static let changeNickname = Route("PATCH", APIPath.me)
        static let changePassword = Route("PUT", APIPath.password)
        static let uploadAvatar = Route("PUT", APIPath.avatar)
        static let sessions = Route("GET", APIPath.sessions)
        static let signOutOthers = Route("DELETE", APIPath.sessions)
        static let signOutSession = Route("DELETE", APIPath.session)
        static let linkedLogins = Route("GET", APIPath.logins)
        static let unlink = Route("DELETE", APIPath.linkedLogin)
        static let email = Route("GET", APIPath.email)
        static let setEmail = Route("PUT", APIPath.email)
        static let endpoints = [profile, changeNickname, changePassword, uploadAvatar, sessions, signOutOthers, signOutSession, linkedLogins, unlink,
                                email, setEmail]

        /// `GET /api/v1/me/email`: the user's address (nil without one) and whether it is verified.
        public func email() async throws(AppSuiteError) -> EmailStatus {
            try await client.value(.init(Self.email), as: EmailStatus.self)
        }

        /// `PUT /api/v1/me/email`: sets the address (unverified) and mails it a verification link.
        /// - Throws: a `401` problem for a wrong current password (the session stays), `409` when another account
        ///   verified the address, `422` for one that is not an address, `503` when the server has no mail server.
        public func setEmail(_ email: String, currentPassword: String) async throws(AppSuiteError) -> EmailStatus {
            var call = try AppSuiteClient.Call(Self.setEmail).json(EmailChange(email: email, currentPassword: currentPassword))
            call.endsSessionOn401 = false
            return try await client.value(call, as: EmailStatus.self)
        }

        /// `GET /api/v1/me/export`: everything the server keeps about the user, as the bytes of a zip — one
        /// `<part>.json` per app and platform part (`account`, `community`, `photos` …) and the photo originals
        /// under `photos/originals/`.
        /// - Throws: a `422` problem (`urn:appsuite:problem:export-too-large`) over 20,000 files or 4 GiB.
        public func exportData() async throws(AppSuiteError) -> Data {
            var call = AppSuiteClient.Call(Route(PlatformEndpoints.exportData))
            call.accept = "application/zip, application/problem+json"
            return try await client.response(call).body
        }

        /// `GET /api/v1/me/storage`: the bytes the user keeps in each app that stores uploads (Photo Studio, 切图,
        /// merchant photos) against its per-account quota. An upload past a quota fails with a `507` problem of type
        /// `urn:appsuite:problem:quota-exceeded`.
        public func storage() async throws(AppSuiteError) -> StorageUsage {
            try await client.call(PlatformEndpoints.storage)
        }

        /// `DELETE /api/v1/me`: deletes the account for good after checking `password` (an account without one
        /// types its username); its comments stay, signed "已注销用户". The session ends here too
        /// (``SignOutReason/loggedOut``).
        /// - Throws: a `401` problem naming `password` when it is wrong (the session stays), `429` after 5 wrong ones.
        public func deleteAccount(password: String) async throws(AppSuiteError) {
            let token = client.session.token
            var call = try AppSuiteClient.Call(Route(PlatformEndpoints.deleteAccount)).json(AccountDeletion(password: password))
            call.endsSessionOn401 = false
            try await client.noContent(call)
            try client.session.end(.loggedOut, token: token)
        }

        /// `GET /api/v1/me/logins`: the user's linked third-party sign-ins, oldest first, and whether the account
        /// has a password.
        public func linkedLogins() async throws(AppSuiteError) -> LinkedLoginList {
            try await client.value(.init(Self.linkedLogins), as: LinkedLoginList.self)
        }

        /// `DELETE /api/v1/me/logins/{provider}`: unlinks a provider (``AuthProvider/id``).
        /// - Throws: a `404` problem when none of it is linked, `409` when it is the account's only way to sign in.
        public func unlink(provider id: String) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.unlink, path: ["provider": id]))
        }

        /// `GET /api/v1/me`: the signed-in user (also updates ``AppSuiteSession/user``).
        /// - Throws: a `401` problem when signed out (the session then ends).
        public func profile() async throws(AppSuiteError) -> UserProfile {
            try await updating(.init(Self.profile))
        }

        /// `PATCH /api/v1/me`: the name shown next to one's comments.
        /// - Parameter nickname: 1–32 characters, no control or invisible characters (else a `422` naming `nickname`).
        public func changeNickname(_ nickname: String) async throws(AppSuiteError) -> UserProfile {
            try await updating(try AppSuiteClient.Call(Self.changeNickname).json(NicknameChange(nickname: nickname)))
        }

        /// `PUT /api/v1/me/password`: the user's other sessions end; this one stays.
        /// - Throws: a `401` problem for a wrong current password (the session stays), `422` for a new password
        ///   that is too short, too long or too common.
        public func changePassword(current: String, new: String) async throws(AppSuiteError) {
            try await client.noContent(try AppSuiteClient.Call(Self.changePassword).json(PasswordChange(currentPassword: current, newPassword: new)))
        }

        /// `PUT /api/v1/me/avatar` (multipart field `avatar`): the picture, cropped to a 256×256 JPEG.
        /// - Throws: a `413` problem above the server's upload limit, `422` for a file that is not a usable image.
        public func uploadAvatar(_ file: UploadFile, progress: UploadProgressHandler? = nil) async throws(AppSuiteError) -> UserProfile {
            let token = client.session.token
            let user = try await client.upload(.init(Self.uploadAvatar), parts: [("avatar", file)], progress: progress, as: UserProfile.self)
            client.session.update(user, token: token)
            return user
        }

        /// `GET /api/v1/me/sessions`: the user's signed-in devices, most recently seen first (at most 100);
        /// ``SessionInfo/current`` marks this one.
        public func sessions() async throws(AppSuiteError) -> [SessionInfo] {
            try await client.value(.init(Self.sessions), as: SessionList.self).items
        }

        /// `DELETE /api/v1/me/sessions`: signs out every other session of the user; this one stays.
        public func signOutOtherSessions() async throws(AppSuiteError) {
            try await client.noContent(.init(Self.signOutOthers))
        }

        /// `DELETE /api/v1/me/sessions/{id}`: signs out one session (``SessionInfo/id``).
        /// - Throws: a `404` problem for an id that names no session of this user.
        public func signOut(session id: String) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.signOutSession, path: ["id": id]))
        }

        private func updating(_ call: AppSuiteClient.Call) async throws(AppSuiteError) -> UserProfile {
            let token = client.session.token
            let user = try await client.value(call, as: UserProfile.self)
            client.session.update(user, token: token)
            return user
        }
    }
}
