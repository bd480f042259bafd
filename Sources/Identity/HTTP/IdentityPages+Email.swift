import Foundation
import HTTPServer
import WebUI

/// E-mail pages: `/me/email` (add or change the address, send the link again), `/verify-email` (the link),
/// `/forgot-password` and `/reset-password` (the reset link's form). Without a mail server (`--smtp-url`)
/// they say so instead of pretending.
extension IdentityPages {
    func registerEmail(into pages: inout RouteGroup<SessionGuard>) {
        pages.get("/me/email") { _, member in try emailPage(member.viewer, userID: member.user.id) }
        pages.post("/me/email") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let form = request.form()
            let email = (form["email"] ?? "").trimmingCharacters(in: .whitespaces)
            guard let mail else { return try emailPage(viewer, userID: user.id, error: .mailUnavailable, email: email) }
            // argon2id (the current password) runs on the work pool.
            return .offloaded(key: request.clientAddress) {
                let now = identity.clock.now()
                do {
                    let token = try identity.emails.setEmail(userID: user.id, email: email, currentPassword: form["current_password"] ?? "", now: now)
                    mail.sendVerification(to: email, username: user.username, token: token, now: now)
                } catch let error as IdentityError {
                    return try emailPage(viewer, userID: user.id, error: error, email: email)
                }
                return viewer.redirect(to: "/me/email", flash: Toast(IdentityText.verificationSent(viewer.language), kind: .success))
            }
        }
        pages.post("/me/email/resend") { _, member in
            let (viewer, user) = (member.viewer, member.user)
            let now = identity.clock.now()
            guard let mail, let fresh = try identity.emails.newVerification(userID: user.id, now: now) else {
                return viewer.redirect(to: "/me/email")
            }
            mail.sendVerification(to: fresh.email, username: user.username, token: fresh.token, now: now)
            return viewer.redirect(to: "/me/email", flash: Toast(IdentityText.verificationSent(viewer.language), kind: .success))
        }
        // The link opens a page with a button: mail scanners that fetch links do not verify anything.
        pages.anyone.get("/verify-email") { request, viewer in
            let token = request.query["token"] ?? ""
            guard let email = try identity.emails.verificationTarget(token: token, now: identity.clock.now()) else {
                return linkProblemPage(viewer, error: .linkInvalid, retry: viewer.isSignedIn ? "/me/email" : "/login?next=%2Fme%2Femail")
            }
            return verifyPage(viewer, token: token, email: email)
        }
        pages.anyone.post("/verify-email", limit: .signIn) { request, viewer in
            do {
                try identity.emails.verify(token: request.form()["token"] ?? "", now: identity.clock.now())
            } catch let error as IdentityError {
                return linkProblemPage(viewer, error: error, retry: viewer.isSignedIn ? "/me/email" : "/login?next=%2Fme%2Femail")
            }
            return viewer.redirect(to: viewer.isSignedIn ? "/me/email" : "/login",
                                   flash: Toast(IdentityText.emailVerified(viewer.language), kind: .success))
        }
        pages.anyone.get("/forgot-password") { _, viewer in forgotPage(viewer) }
        pages.anyone.post("/forgot-password", limit: .signIn) { request, viewer in
            guard let mail else { return forgotPage(viewer, error: .mailUnavailable) }
            let email = (request.form()["email"] ?? "").trimmingCharacters(in: .whitespaces)
            let now = identity.clock.now()
            do {
                if let found = try identity.emails.requestReset(email: email, clientAddress: request.clientAddress, now: now) {
                    mail.sendReset(to: found.email, username: found.user.username, token: found.token, now: now)
                }
            } catch let error as IdentityError {
                return forgotPage(viewer, error: error, email: email)
            }
            // The same answer whether or not the address belongs to an account (the mail goes out in the background).
            return viewer.redirect(to: "/login", flash: Toast(IdentityText.resetSent(viewer.language), kind: .info))
        }
        pages.anyone.get("/reset-password") { request, viewer in
            let token = request.query["token"] ?? ""
            guard try identity.emails.resetTarget(token: token, now: identity.clock.now()) != nil else {
                return linkProblemPage(viewer, error: .linkInvalid, retry: "/forgot-password")
            }
            return resetPage(viewer, token: token)
        }
        pages.anyone.post("/reset-password", limit: .signIn) { request, viewer in
            let form = request.form()
            let token = form["token"] ?? ""
            if let mismatch = Self.confirmationError(form) { return resetPage(viewer, token: token, error: mismatch) }
            return .offloaded(key: request.clientAddress) {
                do {
                    try identity.emails.resetPassword(token: token, newPassword: form["new_password"] ?? "", now: identity.clock.now())
                } catch IdentityError.linkInvalid {
                    return linkProblemPage(viewer, error: .linkInvalid, retry: "/forgot-password")
                } catch let error as IdentityError {
                    return resetPage(viewer, token: token, error: error)
                }
                var response = viewer.redirect(to: "/login", flash: Toast(IdentityText.passwordReset(viewer.language), kind: .success))
                if viewer.isSignedIn { response.setCookie(auth.clearedSessionCookie()) }
                return response
            }
        }
    }

    private func emailPage(_ viewer: Viewer, userID: Int64, error: IdentityError? = nil, email: String? = nil) throws -> Response {
        let language = viewer.language
        let current = try identity.emails.email(userID: userID)
        let message = error?.message(viewer.identityLanguage)
        return viewer.page(title: IdentityText.email(language), back: BackLink(href: "/me", label: Strings.me(language)), activeTab: "me",
                           error: error?.httpError) {
            if mail == nil {
                p(.class("form-error"), .role("status"), .id("mail-unavailable")) { IdentityError.mailUnavailable.message(viewer.identityLanguage) }
            }
            if let current {
                listGroup(header: IdentityText.email(language)) {
                    listCell(title: current.address,
                             detail: current.isVerified ? IdentityText.verified(language) : IdentityText.notVerified(language),
                             accessory: current.isVerified ? .check : .none)
                }
                if !current.isVerified, mail != nil {
                    listGroup(footer: IdentityText.verifyHint(language)) {
                        listFormCell(title: IdentityText.resendVerification(language), action: "/me/email/resend", csrfToken: viewer.csrfToken,
                                     formID: "resend-verification")
                    }
                }
            }
            postForm(action: "/me/email", csrfToken: viewer.csrfToken, attributes: [.id("email-form")]) {
                if let message, error?.field == nil { p(.class("form-error"), .role("alert")) { message } }
                formGroup(header: current == nil ? IdentityText.addEmail(language) : IdentityText.changeEmail(language),
                          footer: IdentityText.emailFooter(language)) {
                    formField(label: IdentityText.email(language), name: "email", type: .email, value: email ?? "",
                              error: error?.field == "email" ? message : nil, autocomplete: "email", required: true, maxLength: 254,
                              inputMode: "email")
                    formField(label: IdentityText.currentPassword(language), name: "current_password", type: .password,
                              error: error?.field == "current_password" ? message : nil, autocomplete: "current-password",
                              required: true, reveal: Self.reveal(language))
                }
                div(.class("form-actions")) { button(IdentityText.sendVerification(language)) }
            }
        }
    }

    private func forgotPage(_ viewer: Viewer, error: IdentityError? = nil, email: String = "") -> Response {
        let language = viewer.language
        let message = error?.message(viewer.identityLanguage)
        return viewer.page(title: IdentityText.forgotPassword(language), back: BackLink(href: "/login", label: Strings.logIn(language)),
                           activeTab: "me", error: error?.httpError) {
            if mail == nil {
                emptyState(icon: .person, title: IdentityText.resetUnavailable(language),
                           message: IdentityError.mailUnavailable.message(viewer.identityLanguage),
                           action: LinkAction(label: Strings.logIn(language), href: "/login"))
            } else {
                postForm(action: "/forgot-password", csrfToken: viewer.csrfToken, attributes: [.id("forgot-form")]) {
                    if let message, error?.field == nil { p(.class("form-error"), .role("alert")) { message } }
                    formGroup(footer: IdentityText.forgotFooter(language)) {
                        formField(label: IdentityText.email(language), name: "email", type: .email, value: email,
                                  error: error?.field == "email" ? message : nil, autocomplete: "email", required: true,
                                  maxLength: 254, inputMode: "email", autofocus: true)
                    }
                    div(.class("form-actions")) { button(IdentityText.sendResetLink(language)) }
                }
            }
        }
    }

    private func resetPage(_ viewer: Viewer, token: String, error: IdentityError? = nil) -> Response {
        let language = viewer.language
        let message = error?.message(viewer.identityLanguage)
        var response = viewer.page(title: IdentityText.resetPassword(language), back: BackLink(href: "/login", label: Strings.logIn(language)),
                                   activeTab: "me", error: error?.httpError) {
            postForm(action: "/reset-password", csrfToken: viewer.csrfToken, attributes: [.id("reset-form")]) {
                input(.type("hidden"), .name("token"), .value(token))
                if let message, error?.field == nil { p(.class("form-error"), .role("alert")) { message } }
                formGroup(footer: IdentityText.resetFooter(language)) {
                    formField(label: IdentityText.newPassword(language), name: "new_password", type: .password,
                              error: error?.field == "password" ? message : nil, hint: IdentityText.passwordHint(language),
                              autocomplete: "new-password", required: true, minLength: 8, maxLength: 256, autofocus: true,
                              reveal: Self.reveal(language))
                    formField(label: IdentityText.confirmNewPassword(language), name: "new_password_confirmation", type: .password,
                              error: error?.field == "password_confirmation" ? message : nil, autocomplete: "new-password",
                              required: true, minLength: 8, maxLength: 256, reveal: Self.reveal(language))
                }
                div(.class("form-actions")) { button(IdentityText.resetPassword(language)) }
            }
        }
        // The token is in this page's URL: no other site may see it in a Referer.
        response.headers.set("Referrer-Policy", "no-referrer")
        return response
    }

    private func verifyPage(_ viewer: Viewer, token: String, email: String) -> Response {
        let language = viewer.language
        var response = viewer.page(title: IdentityText.verifyEmail(language), activeTab: "me") {
            postForm(action: "/verify-email", csrfToken: viewer.csrfToken, attributes: [.id("verify-form")]) {
                input(.type("hidden"), .name("token"), .value(token))
                listGroup(header: IdentityText.verifyEmail(language), footer: IdentityText.verifyFooter(language)) {
                    listCell(title: email)
                }
                div(.class("form-actions")) { button(IdentityText.confirmEmail(language)) }
            }
        }
        response.headers.set("Referrer-Policy", "no-referrer")
        return response
    }

    private func linkProblemPage(_ viewer: Viewer, error: IdentityError, retry: String) -> Response {
        let language = viewer.language
        return viewer.page(title: IdentityText.linkProblem(language), activeTab: "me", error: error.httpError) {
            emptyState(icon: .person, title: IdentityText.linkProblem(language), message: error.message(viewer.identityLanguage),
                       action: LinkAction(label: IdentityText.tryAgain(language), href: retry))
        }
    }
}
