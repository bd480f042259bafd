import AppSuiteAPI
public import HTTPServer
public import Identity
import WebUI

/// `/me/data` (the page: download, delete), `GET /me/data/export`, `POST /me/data/delete`, and the API's
/// ``PlatformEndpoints/exportData`` and ``PlatformEndpoints/deleteAccount``. The archive is built and the
/// password checked (argon2id) on the work pool, keyed by the user; the zip is sent from disk.
public struct AccountDataRoutes: Sendable {
    public let archive: AccountArchive
    public let authenticator: Authenticator
    var identity: IdentityService { authenticator.identity }

    public init(archive: AccountArchive, authenticator: Authenticator) {
        self.archive = archive
        self.authenticator = authenticator
    }

    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var pages = RouteGroup(prefix: "", kind: .pages, guard: sessionGuard)
        pages.get("/me/data") { _, member in try page(member.viewer) }
        pages.get("/me/data/export") { _, member in
            let viewer = member.viewer
            return .offloaded(key: "user-\(member.user.id)", lane: .batch) {
                do {
                    return try download(userID: member.user.id, viewer: viewer)
                } catch let error as HTTPError {
                    return try page(viewer, error: error)
                }
            }
        }
        pages.post("/me/data/delete") { request, member in
            let (viewer, password) = (member.viewer, request.form()["password"] ?? "")
            return .offloaded(key: "user-\(member.user.id)", lane: .batch) {
                do {
                    try delete(userID: member.user.id, password: password, request: request, viewer: viewer)
                } catch let error as HTTPError {
                    return try page(viewer, error: error)
                }
                var response = Response.redirect(to: "/")
                response.setCookie(authenticator.clearedSessionCookie())
                response.setFlash(Toast(AccountDataText.deleted(viewer.language), kind: .success))
                return response
            }
        }
        router.mount(pages)

        var api = RouteGroup(prefix: "", kind: .api, guard: sessionGuard)
        api.reply(PlatformEndpoints.exportData) { call in
            let member = call.context
            return .response(.offloaded(key: "user-\(member.user.id)", lane: .batch) { try download(userID: member.user.id, viewer: member.viewer) })
        }
        api.reply(PlatformEndpoints.deleteAccount) { call in
            let (member, password, request) = (call.context, call.body.password, call.request)
            return .response(.offloaded(key: "user-\(member.user.id)", lane: .batch) {
                try delete(userID: member.user.id, password: password, request: request, viewer: member.viewer)
                var response = Response.noContent
                response.setCookie(authenticator.clearedSessionCookie())
                return response
            })
        }
        router.mount(api)
    }

    /// Builds the archive and answers it as `application/zip`, an attachment named `appsuite-<username>.zip`.
    private func download(userID: Int64, viewer: Viewer) throws -> Response {
        let language = viewer.language
        let made: (path: String, size: Int)
        do {
            made = try archive.export(userID: userID)
        } catch AccountDataError.tooLarge(let files, let bytes) {
            throw HTTPError(.unprocessableContent, title: "Export too large", detail: AccountDataText.tooLarge(files: files, bytes: bytes)(language),
                            type: "urn:appsuite:problem:export-too-large")
        } catch AccountDataError.archiveFailed {
            throw HTTPError(.internalServerError, detail: AccountDataText.exportFailed(language))
        }
        var response = Response(headers: ["Content-Type": "application/zip", "Cache-Control": "no-store"],
                                body: .file(path: made.path, size: made.size))
        response.headers.set("Content-Disposition", "attachment; filename=\"appsuite-data-\(userID).zip\"")
        return response
    }

    /// Checks the password (or, for an account without one, the username), then erases the account.
    private func delete(userID: Int64, password: String, request: Request, viewer: Viewer) throws {
        guard password.utf8.count <= 1024 else { throw wrongPassword(viewer) }
        do {
            try identity.users.confirm(userID: userID, password: password, clientAddress: request.clientAddress, now: identity.clock.now())
        } catch IdentityError.wrongCurrentPassword {
            throw wrongPassword(viewer)
        } catch let error as IdentityError {
            throw error.httpError(viewer.identityLanguage)
        }
        try archive.erase(userID: userID)
    }

    private func wrongPassword(_ viewer: Viewer) -> HTTPError {
        let message = IdentityError.wrongCurrentPassword.message(viewer.identityLanguage)
        return HTTPError(.unauthorized, title: "Wrong password", detail: message, errors: [.init(field: "password", message: message)])
    }

    private func page(_ viewer: Viewer, error: HTTPError? = nil) throws -> Response {
        let language = viewer.language
        let hasPassword = try viewer.user.map { try identity.users.hasPassword(userID: $0.id) } ?? true
        return viewer.page(title: AccountDataText.title(language), back: BackLink(href: "/me", label: Strings.me(language)),
                           activeTab: "me", error: error) {
            listGroup(header: AccountDataText.download(language), footer: AccountDataText.downloadFooter(language)) {
                listCell(title: AccountDataText.downloadButton(language), href: "/me/data/export", accessory: .chevron)
            }
            postForm(action: "/me/data/delete", csrfToken: viewer.csrfToken, confirm: AccountDataText.deleteConfirm(language),
                     attributes: [.id("delete-account-form")]) {
                formGroup(header: AccountDataText.delete(language), footer: AccountDataText.deleteFooter(language)) {
                    formField(label: hasPassword ? AccountDataText.password(language) : AccountDataText.usernameInstead(language),
                              name: "password", type: hasPassword ? .password : .text, error: error?.errors.first?.message ?? error?.detail,
                              autocomplete: hasPassword ? "current-password" : "off", required: true, maxLength: 256,
                              reveal: hasPassword ? (AccountDataText.show(language), AccountDataText.hide(language)) : nil)
                }
                div(.class("form-actions")) { button(AccountDataText.deleteButton(language), style: .destructive) }
            }
        }
    }
}

extension AccountDataRoutes {
    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(AccountDeletion.self, overriding: [
            "password": .string(description: "The account's password; an account without one (made through a provider) types its username",
                                maxLength: 1024),
        ]),
    ]
}
