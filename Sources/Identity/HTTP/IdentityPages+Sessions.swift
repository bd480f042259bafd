import HTTPServer
import WebUI

/// `/me/sessions`: the signed-in devices, "sign out other devices" and signing out one device.
extension IdentityPages {
    func registerSessions(into pages: inout RouteGroup<SessionGuard>) {
        pages.get("/me/sessions") { _, member in try sessionsPage(member.viewer, current: member.session) }
        pages.post("/me/sessions/others") { _, member in
            let ended = try identity.sessions.revokeAll(userID: member.user.id, except: member.session.tokenHash)
            let language = member.viewer.language
            return member.viewer.redirect(to: "/me/sessions", flash: Toast(IdentityText.otherSessionsEnded(language) + " (\(ended))", kind: .success))
        }
        pages.post("/me/sessions/{id}/end") { request, member in
            let id = try request.parameter("id")
            let language = member.viewer.language
            guard try identity.sessions.revoke(userID: member.user.id, publicID: id) else {
                return member.viewer.redirect(to: "/me/sessions", flash: Toast(IdentityText.noSuchSession(language), kind: .error))
            }
            if id == member.session.publicID {
                var response = member.viewer.redirect(to: "/", flash: Toast(IdentityText.loggedOut(language), kind: .success))
                response.setCookie(auth.clearedSessionCookie())
                return response
            }
            return member.viewer.redirect(to: "/me/sessions", flash: Toast(IdentityText.sessionEnded(language), kind: .success))
        }
    }

    private func sessionsPage(_ viewer: Viewer, current: Session) throws -> Response {
        let language = viewer.language
        let sessions = try identity.sessions.sessions(userID: current.userID, now: identity.clock.now())
        return viewer.page(title: IdentityText.signedInDevices(language), back: BackLink(href: "/me", label: Strings.me(language)),
                           activeTab: "me") {
            listGroup(header: IdentityText.signedInDevices(language), footer: IdentityText.devicesFooter(language)) {
                for session in sessions {
                    let isCurrent = session.tokenHash == current.tokenHash
                    let device = DeviceName.describe(userAgent: session.userAgent) ?? IdentityText.unknownDevice(language)
                    let seen = IdentityText.lastSeen(language) + " " + BeijingTime.dateTime(session.lastSeenAt)
                    li(.class("cell"), .attribute("data-session", session.publicID)) {
                        div(.classes("cell-body", "session-row")) {
                            span(.class("cell-text")) {
                                span(.class("cell-title")) { device }
                                span(.class("cell-subtitle")) {
                                    seen + " · " + IdentityText.signedIn(language) + " " + BeijingTime.date(session.createdAt, language)
                                }
                            }
                            if isCurrent {
                                span(.class("cell-detail")) { IdentityText.thisDevice(language) }
                            } else {
                                postForm(action: "/me/sessions/\(session.publicID)/end", csrfToken: viewer.csrfToken,
                                         attributes: [.class("session-end")]) {
                                    button(.classes("cell-button", "is-destructive", "session-end-button"), .type("submit")) {
                                        IdentityText.signOutDevice(language)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if sessions.count > 1 {
                listGroup {
                    listFormCell(title: IdentityText.signOutOthers(language), action: "/me/sessions/others", csrfToken: viewer.csrfToken,
                                 destructive: true, confirm: IdentityText.signOutOthersConfirm(language), formID: "sign-out-others")
                }
            }
        }
    }
}
