public import HTTPServer
public import WebUI

extension Authenticator {
    /// Roles, bans and the audit log on the suite's database.
    public var roles: RoleStore { RoleStore(database: identity.users.database) }

    /// The one permission check of route guards, pages and API alike: the member's roles when one of them
    /// carries `permission`, else a `403` problem (a page shows it as its error page).
    /// - Throws: `HTTPError` 403 (``RoleError/forbidden(_:)``), or the database's error.
    @discardableResult
    public func require(_ permission: Permission, _ member: SignedIn) throws -> Set<Role> {
        let held = try roles.roles(of: member.user.id)
        guard !held.isDisjoint(with: permission.roles) else {
            throw RoleError.forbidden(permission).httpError(member.viewer.language)
        }
        return held
    }
}

extension RoleError: HTTPErrorConvertible {
    /// The HTTP form with a Chinese message; handlers that know the viewer's language use ``httpError(_:)``.
    public var httpError: HTTPError { httpError(.zh) }

    /// Every case in one place: no permission, outranked and banned → 403 (each with its own problem type so
    /// a client can tell them apart), an invalid ban → 422 naming the field.
    public func httpError(_ language: Language) -> HTTPError {
        let message = message(language == .zh)
        switch self {
        case .forbidden:
            return HTTPError(.forbidden, title: "Permission required", detail: message, type: "urn:appsuite:problem:forbidden")
        case .outranked:
            return HTTPError(.forbidden, title: "Outranked", detail: message, type: "urn:appsuite:problem:outranked")
        case .banned:
            return HTTPError(.forbidden, title: "Banned", detail: message, type: "urn:appsuite:problem:banned")
        case .invalidBan(let field):
            return .validation([.init(field: field.rawValue, message: message)])
        }
    }
}
