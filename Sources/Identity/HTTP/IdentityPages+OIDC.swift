import Foundation
import HTTPServer
import WebUI

/// Third-party sign-in pages (``OIDCLogin``): `/login/oidc/{provider}` (start signing in),
/// `/login/oidc/callback` (where the provider sends the browser back), `/login/oidc/username` (a first sign-in
/// chooses its username), and `/me/logins` (link and unlink providers).
///
/// Starting is a GET link, not a form: the page's CSP (`form-action 'self'`) stops a form post from being
/// redirected to the provider, and starting changes no account — only the callback does, and it needs the
/// `state` and the binding cookie of the browser that started.
extension IdentityPages {
    /// The cookie binding a flow to its browser, and the one carrying a first sign-in to its username form.
    var bindingCookie: String { (auth.usesSecureCookies ? "__Host-" : "") + "oidc" }
    var signupCookie: String { (auth.usesSecureCookies ? "__Host-" : "") + "oidc_signup" }

    func registerOIDC(into pages: inout RouteGroup<SessionGuard>) {
        guard let oidc else { return }
        pages.anyone.get("/login/oidc/{provider}") { request, viewer in
            start(request, viewer, oidc: oidc, linking: nil, next: Self.safeNext(request.query["next"]))
        }
        pages.get("/me/logins/{provider}/link") { request, member in
            start(request, member.viewer, oidc: oidc, linking: member.user.id, next: "/me/logins")
        }
        pages.anyone.get("/login/oidc/callback") { request, viewer in
            let query = request.query
            let (state, code, error) = (query["state"] ?? "", query["code"], query["error"])
            let secret = request.cookies[bindingCookie]
            let userAgent = request.headers["User-Agent"] ?? ""
            // The code exchange and the key set are outbound HTTP: on the work pool.
            return .offloaded(key: request.clientAddress) {
                let outcome: OIDCLogin.Outcome
                do {
                    outcome = try oidc.finish(state: state, code: code, error: error, browserSecret: secret, userAgent: userAgent,
                                              clientAddress: request.clientAddress, previousToken: viewer.token)
                } catch let error as OIDCError {
                    // The page says little (nothing was signed in); the operator needs the reason.
                    FileHandle.standardError.write(Data("appsuite: third-party sign-in refused: \(error)\n".utf8))
                    return oidcProblemPage(viewer, error: error)
                }
                var viewer = viewer
                switch outcome {
                case .signedIn(let signIn, let next):
                    viewer.cookies.append(auth.sessionCookie(token: signIn.token, expiresAt: signIn.session.expiresAt, now: identity.clock.now()))
                    return viewer.redirect(to: next, flash: Toast(IdentityText.welcome(viewer.language), kind: .success))
                case .linked(let provider, let next):
                    return viewer.redirect(to: next, flash: Toast(IdentityText.providerLinked(viewer.language) + provider.name, kind: .success))
                case .needsUsername(let token):
                    var response = viewer.redirect(to: "/login/oidc/username")
                    response.setCookie(cookie(signupCookie, token, maxAge: Int(OIDCLogin.signupLifetime)))
                    return response
                }
            }
        }
        pages.anyone.get("/login/oidc/username") { request, viewer in
            guard let signup = try oidc.signup(token: request.cookies[signupCookie]) else {
                return oidcProblemPage(viewer, error: .signupExpired)
            }
            return usernamePage(viewer, signup: signup, oidc: oidc, username: signup.suggestion)
        }
        pages.anyone.post("/login/oidc/username", limit: .signIn) { request, viewer in
            let username = request.form()["username"] ?? ""
            let token = request.cookies[signupCookie]
            do {
                let (signIn, next) = try oidc.completeSignup(token: token, username: username, userAgent: request.headers["User-Agent"] ?? "",
                                                             clientAddress: request.clientAddress)
                var viewer = viewer
                viewer.cookies.append(auth.sessionCookie(token: signIn.token, expiresAt: signIn.session.expiresAt, now: identity.clock.now()))
                var response = viewer.redirect(to: next, flash: Toast(IdentityText.registered(viewer.language), kind: .success))
                response.setCookie(Cookie.expired(signupCookie, isSecure: auth.usesSecureCookies))
                return response
            } catch let error as OIDCError {
                return oidcProblemPage(viewer, error: error)
            } catch let error as IdentityError {
                guard let signup = try oidc.signup(token: token) else { return oidcProblemPage(viewer, error: .signupExpired) }
                return usernamePage(viewer, signup: signup, oidc: oidc, username: username, error: error)
            }
        }
        pages.get("/me/logins") { _, member in try loginsPage(member.viewer, userID: member.user.id, oidc: oidc) }
        pages.post("/me/logins/{provider}/unlink") { request, member in
            let viewer = member.viewer
            do {
                try oidc.unlink(userID: member.user.id, provider: request.pathParameters["provider"] ?? "")
            } catch let error as OIDCError {
                return viewer.redirect(to: "/me/logins", flash: Toast(error.message(viewer.identityLanguage), kind: .error))
            }
            return viewer.redirect(to: "/me/logins", flash: Toast(IdentityText.providerUnlinked(viewer.language), kind: .success))
        }
    }

    /// Stores the flow and sends the browser to the provider (discovery may be fetched: on the work pool).
    private func start(_ request: Request, _ viewer: Viewer, oidc: OIDCLogin, linking: Int64?, next: String) -> Response {
        let id = request.pathParameters["provider"] ?? ""
        let secret = request.cookies[bindingCookie]
        return .offloaded(key: request.clientAddress) {
            do {
                let start = try oidc.start(provider: id, linking: linking, next: next, browserSecret: secret)
                var response = viewer.redirect(to: start.authorizationURL)
                response.setCookie(cookie(bindingCookie, start.browserSecret, maxAge: Int(OIDCLogin.flowLifetime)))
                return response
            } catch let error as OIDCError {
                return oidcProblemPage(viewer, error: error)
            }
        }
    }

    private func cookie(_ name: String, _ value: String, maxAge: Int) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, isSecure: auth.usesSecureCookies)
    }

    /// "使用 X 登录" buttons for the login page (nothing without providers).
    func providerButtons(_ language: Language, next: String?) -> [Node] {
        guard let oidc, !oidc.providers.isEmpty else { return [] }
        return [div(.class("oidc-providers")) {
            p(.class("oidc-divider")) { IdentityText.orSignInWith(language) }
            for provider in oidc.providers {
                button(IdentityText.signInWith(language, provider.name), style: .secondary,
                       href: "/login/oidc/\(provider.id)" + (next.map { "?next=" + percentEncode($0) } ?? ""))
            }
        }]
    }

    private func usernamePage(_ viewer: Viewer, signup: OIDCStore.Signup, oidc: OIDCLogin, username: String, error: IdentityError? = nil) -> Response {
        let language = viewer.language
        let message = error?.message(viewer.identityLanguage)
        let providerName = oidc.client(signup.provider)?.provider.name ?? signup.provider
        return viewer.page(title: IdentityText.chooseUsername(language), back: BackLink(href: "/login", label: Strings.logIn(language)),
                           activeTab: "me", error: error?.httpError) {
            postForm(action: "/login/oidc/username", csrfToken: viewer.csrfToken, attributes: [.id("oidc-username-form"), .class("auth-form")]) {
                if let message, error?.field == nil { p(.class("form-error"), .role("alert")) { message } }
                formGroup(header: IdentityText.newAccountWith(language, providerName),
                          footer: signup.email.map { IdentityText.providerEmail(language) + $0 }) {
                    formField(label: IdentityText.username(language), name: "username", value: username,
                              error: error?.field == "username" ? message : nil, hint: IdentityText.usernameHint(language),
                              autocomplete: "username", required: true, maxLength: 64, autofocus: true)
                }
                div(.class("form-actions")) { button(IdentityText.createAccount(language)) }
            }
        }
    }

    private func loginsPage(_ viewer: Viewer, userID: Int64, oidc: OIDCLogin) throws -> Response {
        let language = viewer.language
        let logins = try oidc.store.logins(userID: userID)
        let hasPassword = try oidc.hasPassword(userID: userID)
        return viewer.page(title: IdentityText.linkedAccounts(language), back: BackLink(href: "/me", label: Strings.me(language)), activeTab: "me") {
            for provider in oidc.providers {
                let login = logins.first { $0.issuer == provider.issuer }
                listGroup(header: provider.name, footer: login != nil && !hasPassword && logins.count == 1 ? IdentityText.onlySignIn(language) : nil) {
                    if let login {
                        listCell(title: login.email ?? IdentityText.linked(language),
                                 subtitle: IdentityText.linkedOn(language) + BeijingTime.date(login.createdAt, language), accessory: .check)
                        if hasPassword || logins.count > 1 {
                            listFormCell(title: IdentityText.unlink(language), action: "/me/logins/\(provider.id)/unlink", csrfToken: viewer.csrfToken,
                                         destructive: true, confirm: IdentityText.unlinkConfirm(language), formID: "unlink-\(provider.id)")
                        }
                    } else {
                        listCell(title: IdentityText.link(language), href: "/me/logins/\(provider.id)/link")
                    }
                }
            }
        }
    }

    private func oidcProblemPage(_ viewer: Viewer, error: OIDCError) -> Response {
        let language = viewer.language
        return viewer.page(title: IdentityText.signInProblem(language), activeTab: "me", error: error.httpError(viewer.identityLanguage)) {
            emptyState(icon: .person, title: IdentityText.signInProblem(language), message: error.message(viewer.identityLanguage),
                       action: LinkAction(label: IdentityText.signInAgain(language), href: viewer.isSignedIn ? "/me/logins" : "/login"))
        }
    }
}
