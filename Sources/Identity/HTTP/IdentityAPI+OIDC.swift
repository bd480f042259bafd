import AppSuiteAPI
import HTTPServer

/// `/api/v1/auth/providers` (open to everyone) and `/api/v1/me/logins`: the third-party sign-ins and the user's
/// linked ones. Signing in with a provider happens in a browser (``AuthProvider/loginURL``).
extension IdentityAPI {
    func registerOIDC(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.get(APIPath.providers) { _, _ in
            .json { json in
                json.object {
                    $0.array("items") {
                        for provider in oidc?.providers ?? [] {
                            $0.object {
                                $0.field("id", provider.id)
                                $0.field("name", provider.name)
                                $0.field("loginURL", "/login/oidc/" + provider.id)
                            }
                        }
                    }
                }
            }
        }
        api.get(APIPath.logins) { _, member in
            let logins = try oidc?.store.logins(userID: member.user.id) ?? []
            let hasPassword = try oidc?.hasPassword(userID: member.user.id) ?? true
            let providers = oidc?.providers ?? []
            return .json { json in
                json.object {
                    $0.array("items") {
                        // A login of a provider no longer configured is listed under its id at link time.
                        for login in logins {
                            $0.object {
                                $0.field("provider", login.provider)
                                $0.field("name", providers.first { $0.issuer == login.issuer }?.name ?? login.provider)
                                $0.field("email", login.email)
                                $0.field("linkedAt", iso8601(login.createdAt))
                                $0.field("lastUsedAt", iso8601(login.lastUsedAt))
                            }
                        }
                    }
                    $0.field("hasPassword", hasPassword)
                }
            }
        }
        api.delete(APIPath.linkedLogin) { request, member in
            let language = member.viewer.identityLanguage
            let id = try request.parameter("provider")
            let unlinked: Bool
            do {
                guard let oidc else { throw OIDCError.unknownProvider }
                unlinked = try oidc.unlink(userID: member.user.id, provider: id)
            } catch let error as OIDCError {
                throw error.httpError(language)
            }
            guard unlinked else { throw HTTPError.notFound(language == .chinese ? "没有关联这个服务的账号。" : "No linked account of this provider.") }
            return .noContent
        }
    }
}
