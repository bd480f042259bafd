public import HTTPServer

extension OIDCError: HTTPErrorConvertible {
    /// The HTTP form of this error with an English message.
    public var httpError: HTTPError { httpError(.english) }

    /// Statuses in one place: a refused or unverifiable sign-in → 400, the provider unreachable → 502, an unknown
    /// provider → 404, a link that conflicts → 409, an expired sign-up step → 410.
    public func httpError(_ language: IdentityError.Language) -> HTTPError {
        let message = message(language)
        switch self {
        case .providerUnavailable: return HTTPError(.badGateway, title: "Provider unavailable", detail: message, type: "urn:appsuite:problem:oidc")
        case .unknownProvider: return HTTPError(.notFound, detail: message)
        case .linkedToAnotherAccount, .alreadyLinked, .lastSignInMethod: return HTTPError(.conflict, detail: message, type: "urn:appsuite:problem:oidc")
        case .signupExpired: return HTTPError(.gone, detail: message, type: "urn:appsuite:problem:oidc")
        default: return HTTPError(.badRequest, title: "Sign-in refused", detail: message, type: "urn:appsuite:problem:oidc")
        }
    }

    /// What the page tells the user, Chinese or English. Verification failures share one text (their case is
    /// for the log and the tests): nothing was signed in or created either way.
    public func message(_ language: IdentityError.Language) -> String {
        let zh = language == .chinese
        switch self {
        case .stateInvalid:
            return zh ? "登录请求无效或已过期（须在 10 分钟内、在发起登录的同一浏览器中完成），请重新登录。"
                : "This sign-in is not valid or has expired (it must finish within 10 minutes, in the browser that started it). Please sign in again."
        case .providerUnavailable:
            return zh ? "暂时无法连接登录服务，请稍后再试。" : "The sign-in provider cannot be reached right now. Please try again later."
        case .providerError(let code):
            return code == "access_denied" ? (zh ? "你取消了登录。" : "Sign-in was cancelled.")
                : (zh ? "登录服务拒绝了请求（\(code)），请重试。" : "The sign-in provider refused the request (\(code)). Please try again.")
        case .unknownProvider:
            return zh ? "没有这种登录方式。" : "There is no such sign-in option."
        case .linkedToAnotherAccount:
            return zh ? "这个第三方账号已关联到另一个账号。" : "This provider account is already linked to another account."
        case .alreadyLinked:
            return zh ? "你的账号已关联了这个服务的另一个账号，请先解除关联。" : "Your account is already linked to another account of this provider. Unlink it first."
        case .lastSignInMethod:
            return zh ? "这是你唯一的登录方式，不能解除关联。请先设置密码或关联其他账号。"
                : "This is your only way to sign in, so it cannot be unlinked. Set a password or link another account first."
        case .signupExpired:
            return zh ? "新账号的设置已过期（15 分钟内有效），请重新登录。" : "Setting up the new account took too long (15 minutes). Please sign in again."
        case .malformedToken, .unsupportedAlgorithm, .unknownKey, .badSignature, .wrongIssuer, .wrongAudience, .expired,
             .issuedInTheFuture, .wrongNonce, .invalidKeySet, .tokenRequestRefused:
            return zh ? "无法验证登录服务返回的身份凭证，未登录，也未创建账号。"
                : "The identity the provider sent back could not be verified. You are not signed in and no account was created."
        }
    }
}
