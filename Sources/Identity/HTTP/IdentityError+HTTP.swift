public import APIKit
public import HTTPServer

extension IdentityError: HTTPErrorConvertible {
    /// The HTTP form of this error with an English message; handlers that know the viewer's language
    /// use ``httpError(_:)``.
    public var httpError: HTTPError { httpError(.english) }

    /// Maps each case to its status in one place: validation → 422 (409 for a taken username) with the
    /// field named, bad credentials → 401, throttling → 429 with `Retry-After`, internal failures → 500.
    public func httpError(_ language: Language) -> HTTPError {
        let message = message(language)
        switch self {
        case .passwordTooShort, .passwordTooLong, .passwordTooCommon, .passwordMatchesUsername, .passwordConfirmationMismatch, .usernameLength,
            .usernameInvalidCharacters, .nicknameLength, .nicknameInvalidCharacters, .invalidAvatarPath, .emailInvalid:
            return .validation([.init(field: field ?? "body", message: message)], detail: message)
        case .usernameTaken:
            return HTTPError(.conflict, detail: message, type: "urn:appsuite:problem:username-taken",
                             errors: [.init(field: "username", message: message)])
        case .emailTaken:
            return HTTPError(.conflict, detail: message, type: "urn:appsuite:problem:email-taken",
                             errors: [.init(field: "email", message: message)])
        case .linkInvalid:
            return HTTPError(.gone, title: "Link not valid", detail: message, type: "urn:appsuite:problem:link-invalid")
        case .mailUnavailable:
            return HTTPError(.serviceUnavailable, title: "Mail not configured", detail: message, type: "urn:appsuite:problem:mail-unavailable")
        case .invalidCredentials:
            return HTTPError(.unauthorized, title: "Invalid credentials", detail: message)
        case .wrongCurrentPassword:
            return HTTPError(.unauthorized, title: "Wrong current password", detail: message,
                             errors: [.init(field: "currentPassword", message: message)])
        case .tooManyAttempts(let retryAfter):
            return HTTPError(.tooManyRequests, detail: message, headers: ["Retry-After": String(retryAfter)])
        case .userNotFound:
            return HTTPError(.unauthorized, detail: message)
        case .hashingFailed, .serverSecret:
            return HTTPError(.internalServerError, detail: message)
        }
    }
}

extension RateLimitStore.Exceeded: HTTPErrorConvertible {
    public var httpError: HTTPError { httpError(chinese: true) }

    /// `429` with `Retry-After` and a message naming the wait, in the viewer's language.
    public func httpError(chinese: Bool) -> HTTPError {
        let wait = retryAfter < 120 ? (zh: "\(retryAfter) 秒", en: "\(retryAfter) s")
            : retryAfter < 7_200 ? (zh: "\((retryAfter + 59) / 60) 分钟", en: "\((retryAfter + 59) / 60) min")
            : (zh: "\((retryAfter + 3_599) / 3_600) 小时", en: "\((retryAfter + 3_599) / 3_600) h")
        let detail = chinese ? "操作太频繁了（上限：\(limit.chineseSummary)），请 \(wait.zh)后再试。"
            : "Too many of these actions (at most \(limit.summary)); try again in \(wait.en)."
        return HTTPError(.tooManyRequests, title: "Rate limited", detail: detail, type: "urn:appsuite:problem:rate-limited",
                         headers: ["Retry-After": String(retryAfter)])
    }
}

extension RateLimit {
    /// `每分钟 20 次、每天 200 次`.
    var chineseSummary: String {
        windows.map { window in
            let unit = switch window.seconds {
            case 60: "每分钟"
            case 3_600: "每小时"
            case 86_400: "每天"
            default: "每 \(window.seconds) 秒"
            }
            return "\(unit) \(window.count) 次"
        }.joined(separator: "、")
    }
}
