import Foundation
import HTTPServer
import WebUI

/// The account pages: `/login`, `/register`, `/logout`, `/me` and its forms. Every form posts with a
/// CSRF token and answers with a redirect (POST → 303 → GET), so reloading never resubmits.
struct IdentityPages: Sendable {
    let auth: Authenticator
    let api: IdentityAPI
    /// Where verification and reset links go out; `nil` without a mail server.
    let mail: AccountMail?
    /// Third-party sign-in; nil when no provider is configured (`--oidc-providers`).
    let oidc: OIDCLogin?
    /// A section `/me` shows after the account's own (the storage quotas); nil for none.
    let profileSection: (@Sendable (Viewer, User) -> Node?)?
    var identity: IdentityService { auth.identity }

    /// Logging in, registering and logging out are open to everyone; the account pages need a session.
    func register(into pages: inout RouteGroup<SessionGuard>) {
        pages.anyone.get("/login") { request, viewer in
            if viewer.isSignedIn { return viewer.redirect(to: Self.safeNext(request.query["next"])) }
            return credentialsPage(viewer, mode: .logIn, next: request.query["next"])
        }
        pages.anyone.post("/login", limit: .signIn) { request, viewer in submitCredentials(request, viewer, mode: .logIn) }
        pages.anyone.get("/register") { request, viewer in
            if viewer.isSignedIn { return viewer.redirect(to: "/") }
            return credentialsPage(viewer, mode: .register, next: request.query["next"])
        }
        pages.anyone.post("/register", limit: .signIn) { request, viewer in submitCredentials(request, viewer, mode: .register) }
        pages.anyone.post("/logout", limit: .signIn) { _, viewer in
            if let token = viewer.token { try identity.logOut(token: token) }
            var response = viewer.redirect(to: "/", flash: Toast(IdentityText.loggedOut(viewer.language), kind: .success))
            response.setCookie(auth.clearedSessionCookie())
            return response
        }
        pages.get("/me") { _, member in profilePage(member.viewer) }
        pages.post("/me/profile") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let nickname = request.form()["nickname"] ?? ""
            do {
                try identity.updateProfile(userID: user.id, nickname: nickname)
            } catch let error as IdentityError {
                return profilePage(viewer, status: .unprocessableContent, nicknameError: error.message(viewer.identityLanguage), nickname: nickname)
            }
            return viewer.redirect(to: "/me", flash: Toast(IdentityText.profileSaved(viewer.language), kind: .success))
        }
        pages.post("/me/avatar") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            // Errors come back through a redirect too, so reloading /me never re-posts the upload.
            guard let upload = request.uploadedFiles.first(where: { $0.fieldName == "avatar" && $0.size > 0 }) else {
                return viewer.redirect(to: "/me", flash: Toast(IdentityText.chooseAvatar(viewer.language), kind: .error))
            }
            do {
                _ = try api.replaceAvatar(of: user, with: upload, viewer: viewer)
            } catch let error as HTTPError {
                return viewer.redirect(to: "/me", flash: Toast(error.detail ?? IdentityText.avatarUnreadable(viewer.language), kind: .error))
            }
            return viewer.redirect(to: "/me", flash: Toast(IdentityText.avatarSaved(viewer.language), kind: .success))
        }
        pages.get("/me/password") { _, member in passwordPage(member.viewer, hasPassword: try identity.users.hasPassword(userID: member.user.id)) }
        pages.post("/me/password") { request, member in
            let (viewer, session) = (member.viewer, member.session)
            let form = request.form()
            let hasPassword = try identity.users.hasPassword(userID: session.userID)
            if let mismatch = Self.confirmationError(form) { return passwordPage(viewer, hasPassword: hasPassword, error: mismatch) }
            // argon2id (verify the current password, hash the new one) runs on the work pool.
            return .offloaded(key: request.clientAddress) {
                do {
                    try identity.changePassword(session: session, current: form["current_password"] ?? "", new: form["new_password"] ?? "",
                                                clientAddress: request.clientAddress)
                } catch let error as IdentityError {
                    return passwordPage(viewer, hasPassword: hasPassword, error: error)
                }
                return viewer.redirect(to: "/me", flash: Toast(IdentityText.passwordChanged(viewer.language), kind: .success))
            }
        }
        registerSessions(into: &pages)
        registerEmail(into: &pages)
        registerOIDC(into: &pages)
    }

    // MARK: log in and register

    enum Mode { case logIn, register }

    /// Registers or logs in; the password hashing (argon2id) runs on the work pool, keyed by the client address.
    private func submitCredentials(_ request: Request, _ viewer: Viewer, mode: Mode) -> Response {
        return .offloaded(key: request.clientAddress) { try signIn(request, mode: mode, viewer: viewer) }
    }

    private func signIn(_ request: Request, mode: Mode, viewer requestViewer: Viewer) throws -> Response {
        var viewer = requestViewer
        let form = request.form()
        let username = form["username"] ?? ""
        let password = form["password"] ?? ""
        let next = Self.safeNext(form["next"])
        if mode == .register, let mismatch = Self.confirmationError(form, new: "password") {
            return credentialsPage(viewer, mode: mode, next: next, username: username, error: mismatch)
        }
        let userAgent = request.headers["User-Agent"] ?? ""
        do {
            let signIn = mode == .register
                ? try identity.register(username: username, password: password, userAgent: userAgent, clientAddress: request.clientAddress)
                : try identity.logIn(username: username, password: password, userAgent: userAgent,
                                     clientAddress: request.clientAddress, previousToken: viewer.token)
            viewer.cookies.append(auth.sessionCookie(token: signIn.token, expiresAt: signIn.session.expiresAt, now: identity.clock.now()))
            let message = mode == .register ? IdentityText.registered : IdentityText.welcome
            return viewer.redirect(to: next, flash: Toast(message(viewer.language), kind: .success))
        } catch let error as IdentityError {
            return credentialsPage(viewer, mode: mode, next: next, username: username, error: error)
        }
    }

    private func credentialsPage(_ viewer: Viewer, mode: Mode, next: String?, username: String = "", error: IdentityError? = nil) -> Response {
        let language = viewer.language
        let isLogIn = mode == .logIn
        let title = isLogIn ? Strings.logIn(language) : Strings.register(language)
        let message = error?.message(viewer.identityLanguage)
        return viewer.page(
            title: title, back: BackLink(href: "/", label: Strings.home(language)), activeTab: "me", error: error?.httpError,
            trailing: [languageSwitch(language, currentURL: viewer.currentURL)]
        ) {
            div(.class("auth-hero")) {
                img(.class("auth-logo"), .src(WebAssets.url("icon.svg")), .alt(""), .width(64), .height(64))
                h1(.class("auth-title")) { IdentityText.account(language) }
                p(.class("auth-subtitle")) { IdentityText.oneAccount(language) }
            }
            postForm(action: isLogIn ? "/login" : "/register", csrfToken: viewer.csrfToken,
                     attributes: [.id(isLogIn ? "login-form" : "register-form"), .class("auth-form")]) {
                if let next { input(.type("hidden"), .name("next"), .value(next)) }
                if let message, error?.field == nil { p(.class("form-error"), .role("alert")) { message } }
                formGroup {
                    formField(
                        label: IdentityText.username(language), name: "username", value: username,
                        error: error?.field == "username" ? message : nil,
                        hint: isLogIn ? nil : IdentityText.usernameHint(language), autocomplete: "username",
                        required: true, maxLength: 64, autofocus: username.isEmpty)
                    formField(
                        label: IdentityText.password(language), name: "password", type: .password,
                        error: error?.field == "password" ? message : nil,
                        hint: isLogIn ? nil : IdentityText.passwordHint(language),
                        autocomplete: isLogIn ? "current-password" : "new-password", required: true,
                        minLength: isLogIn ? nil : 8, maxLength: 256, autofocus: !username.isEmpty, reveal: Self.reveal(language))
                    if !isLogIn {
                        formField(
                            label: IdentityText.confirmPassword(language), name: "password_confirmation", type: .password,
                            error: error?.field == "password_confirmation" ? message : nil, autocomplete: "new-password",
                            required: true, minLength: 8, maxLength: 256, reveal: Self.reveal(language))
                    }
                }
                div(.class("form-actions")) {
                    button(title)
                    a(.class("auth-switch"), .href((isLogIn ? "/register" : "/login") + (next.map { "?next=" + percentEncode($0) } ?? ""))) {
                        isLogIn ? IdentityText.noAccount(language) : IdentityText.haveAccount(language)
                    }
                    if isLogIn {
                        a(.class("auth-switch"), .href("/forgot-password"), .id("forgot-password")) { IdentityText.forgotPasswordLink(language) }
                    }
                }
            }
            providerButtons(language, next: next)
        }
    }

    // MARK: profile

    private func profilePage(
        _ viewer: Viewer, status: HTTPStatus = .ok, nicknameError: String? = nil, nickname: String? = nil
    ) -> Response {
        let language = viewer.language
        guard let user = viewer.user, let summary = viewer.userSummary else {
            return viewer.page(title: Strings.me(language), activeTab: "me", largeTitle: true,
                               trailing: [languageSwitch(language, currentURL: viewer.currentURL)]) {
                emptyState(icon: .person, title: IdentityText.signInToSeeProfile(language), message: IdentityText.signInMessage(language),
                           action: LinkAction(label: Strings.logIn(language), href: "/login?next=%2Fme"))
                div(.class("form-actions")) {
                    a(.class("auth-switch"), .href("/register")) { IdentityText.noAccount(language) }
                }
            }
        }
        return viewer.page(title: Strings.me(language), activeTab: "me", status: status, largeTitle: true) {
            div(.class("profile-header")) {
                avatar(summary, size: 72)
                div(.class("profile-names")) {
                    p(.class("profile-nickname"), .attribute("data-current-user", user.username)) { user.nickname }
                    p(.class("profile-username")) { "@" + user.username }
                    p(.class("profile-joined")) { IdentityText.joined(language) + " " + BeijingTime.date(user.createdAt, language) }
                }
            }
            postForm(action: "/me/profile", csrfToken: viewer.csrfToken, attributes: [.id("profile-form")]) {
                formGroup(header: IdentityText.profile(language)) {
                    formField(label: IdentityText.nickname(language), name: "nickname", value: nickname ?? user.nickname,
                              error: nicknameError, autocomplete: "nickname", required: true, maxLength: 32)
                }
                div(.class("form-actions")) { button(IdentityText.saveNickname(language), style: .secondary) }
            }
            postForm(action: "/me/avatar", csrfToken: viewer.csrfToken, multipart: true, attributes: [.id("avatar-form")]) {
                formGroup(header: IdentityText.avatar(language), footer: IdentityText.avatarHint(language)) {
                    div(.class("field")) {
                        label(.class("field-label"), .for("field-avatar")) { IdentityText.avatar(language) }
                        input(.class("field-input"), .id("field-avatar"), .type("file"), .name("avatar"), .accept("image/*"))
                    }
                }
                div(.class("form-actions")) { button(IdentityText.uploadAvatar(language), style: .secondary) }
            }
            // The tab's badge counts unread notices: this is where they are read; moderators reach their queue here.
            let unread = viewer.unreadCount?()
            let moderates = (try? auth.roles.has(.moderate, userID: user.id)) ?? false
            if unread != nil || moderates {
                listGroup {
                    if let unread {
                        listCell(title: IdentityText.inbox(language), subtitle: unread > 0 ? IdentityText.unread(unread)(language) : nil,
                                 href: "/inbox", accessory: unread > 0 ? .badge(String(unread)) : .chevron)
                    }
                    if moderates {
                        listCell(title: IdentityText.moderation(language), href: "/admin/moderation", accessory: .chevron)
                    }
                }
            }
            listGroup(header: IdentityText.security(language)) {
                listCell(title: IdentityText.changePassword(language), href: "/me/password", accessory: .chevron)
                listCell(title: IdentityText.signedInDevices(language), href: "/me/sessions", accessory: .chevron)
                listCell(title: IdentityText.email(language), href: "/me/email", accessory: .chevron)
                if oidc?.providers.isEmpty == false {
                    listCell(title: IdentityText.linkedAccounts(language), href: "/me/logins", accessory: .chevron)
                }
            }
            if let section = profileSection?(viewer, user) { section }
            listGroup {
                listCell(title: IdentityText.myData(language), subtitle: IdentityText.myDataSubtitle(language), href: "/me/data", accessory: .chevron)
            }
            listGroup(header: IdentityText.settings(language)) {
                listCell(title: Strings.language(language), detail: IdentityText.languageValue(language),
                         href: "/me?lang=" + language.other.code, accessory: .chevron)
            }
            listGroup {
                listFormCell(title: Strings.logOut(language), action: "/logout", csrfToken: viewer.csrfToken, destructive: true,
                             confirm: IdentityText.logOutConfirm(language), formID: "logout-form")
            }
        }
    }

    /// The password form; an account without a password (made through a provider) sets its first one without a current one.
    private func passwordPage(_ viewer: Viewer, hasPassword: Bool, error: IdentityError? = nil) -> Response {
        let language = viewer.language
        let message = error?.message(viewer.identityLanguage)
        return viewer.page(
            title: IdentityText.changePassword(language), back: BackLink(href: "/me", label: Strings.me(language)), activeTab: "me",
            error: error?.httpError
        ) {
            postForm(action: "/me/password", csrfToken: viewer.csrfToken, attributes: [.id("password-form")]) {
                if let message, error?.field == nil { p(.class("form-error"), .role("alert")) { message } }
                formGroup {
                    if hasPassword {
                        formField(label: IdentityText.currentPassword(language), name: "current_password", type: .password,
                                  error: error?.field == "current_password" ? message : nil, autocomplete: "current-password",
                                  required: true, reveal: Self.reveal(language))
                    }
                    formField(label: IdentityText.newPassword(language), name: "new_password", type: .password,
                              error: error?.field == "password" ? message : nil, hint: IdentityText.passwordHint(language),
                              autocomplete: "new-password", required: true, minLength: 8, maxLength: 256, reveal: Self.reveal(language))
                    formField(label: IdentityText.confirmNewPassword(language), name: "new_password_confirmation", type: .password,
                              error: error?.field == "password_confirmation" ? message : nil, autocomplete: "new-password",
                              required: true, minLength: 8, maxLength: 256, reveal: Self.reveal(language))
                }
                div(.class("form-actions")) { button(IdentityText.changePassword(language)) }
            }
        }
    }

    /// The labels of a password field's show/hide button.
    static func reveal(_ language: Language) -> (show: String, hide: String) {
        (IdentityText.showPassword(language), IdentityText.hidePassword(language))
    }

    /// ``IdentityError/passwordConfirmationMismatch`` when the form's new password (field `new`) and its
    /// confirmation (`new` + `_confirmation`) differ, compared exactly as typed; `nil` when they match.
    static func confirmationError(_ form: FormData, new: String = "new_password") -> IdentityError? {
        (form[new] ?? "") == (form[new + "_confirmation"] ?? "") ? nil : .passwordConfirmationMismatch
    }

    /// Only same-site paths are followed after login (no open redirect): `/x` yes; `//evil`, `/\\evil`, `http://…`
    /// no. Browsers drop tabs and newlines from URLs and treat `\\` as `/`, so a path with any ASCII control
    /// character or backslash is refused outright (`/\t/evil` would become `//evil`).
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"),
            !next.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" })
        else { return "/" }
        return next
    }
}
