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
