public import WebUI

/// Everything Identity reports to its callers. The HTTP layer maps these to statuses in one
/// place; ``messageKey`` and ``message(_:)`` give the text a page or a problem+json `detail`
/// shows, in Chinese (first) or English.
///
/// Enumeration resistance (ASVS 5.0 6.3.8): an unknown username and a wrong password are the
/// same case, ``invalidCredentials``, with the same message.
public enum IdentityError: Error, Sendable, Hashable {
    // MARK: password policy (ASVS 5.0 6.2)
    /// Fewer than ``PasswordPolicy/minimumLength`` Unicode scalars (ASVS 6.2.1).
    case passwordTooShort(minimum: Int)
    /// More than ``PasswordPolicy/maximumLength`` Unicode scalars (ASVS 6.2.9 allows ≥ 64).
    case passwordTooLong(maximum: Int)
    /// On the shipped list of very common passwords (ASVS 6.2.4).
    case passwordTooCommon
    /// Equal (ignoring case) to the account's username — a context-specific word (ASVS 6.2.11).
    case passwordMatchesUsername
    /// The new password and its confirmation (typed twice on a form) differ.
    case passwordConfirmationMismatch

    // MARK: usernames and profile fields
    /// Username length outside ``Username/minimumLength``…``Username/maximumLength``.
    case usernameLength(minimum: Int, maximum: Int)
    /// Username has a character other than letters, combining marks, ASCII digits, `_ . -`,
    /// starts with a mark or punctuation, or has compatibility (look-alike) forms.
    case usernameInvalidCharacters
    /// Another account has this username (compared case-insensitively after NFC).
    case usernameTaken
    /// Nickname length outside 1…``Nickname/maximumLength`` characters.
    case nicknameLength(maximum: Int)
    /// Nickname has a character ``UserText`` refuses (control, line break, bidirectional control,
    /// invisible); the refusal names the first one.
    case nicknameInvalidCharacters(UserText.Refusal)
    /// An avatar path that is not a server-generated relative path (ASVS 5.3.2).
    case invalidAvatarPath
    /// Not an e-mail address AppSuite sends to (`MailAddress.validate`).
    case emailInvalid
    /// Another account has verified this address.
    case emailTaken
    /// An e-mail link (verification, password reset) that is unknown, used already or expired.
    case linkInvalid
    /// No mail server is configured (`--smtp-url`), so nothing that needs e-mail can work.
    case mailUnavailable

    // MARK: authentication
    /// Unknown username or wrong password — deliberately indistinguishable.
    case invalidCredentials
    /// A signed-in user's current password, asked again before a change, is wrong.
    case wrongCurrentPassword
    /// Too many failed attempts for this account or this client address, or too many
    /// registrations from this address; try again after `retryAfter` seconds (ASVS 6.3.1).
    case tooManyAttempts(retryAfter: Int)
    /// No user with this id (e.g. deleted while a request was running).
    case userNotFound

    // MARK: infrastructure
    /// libsodium failed to hash (in practice: could not allocate the 19 MiB work area).
    case hashingFailed
    /// The server secret file could not be read or created; the text says why.
    case serverSecret(String)

    /// The language of a user-visible message.
    public enum Language: String, Sendable, CaseIterable {
        case chinese = "zh"
        case english = "en"
    }

    /// A stable key such as `identity.password.tooShort`, for UI string tables and tests.
    public var messageKey: String {
        switch self {
        case .passwordTooShort: "identity.password.tooShort"
        case .passwordTooLong: "identity.password.tooLong"
        case .passwordTooCommon: "identity.password.tooCommon"
        case .passwordMatchesUsername: "identity.password.matchesUsername"
        case .passwordConfirmationMismatch: "identity.password.confirmationMismatch"
        case .usernameLength: "identity.username.length"
        case .usernameInvalidCharacters: "identity.username.invalidCharacters"
        case .usernameTaken: "identity.username.taken"
        case .nicknameLength: "identity.nickname.length"
        case .nicknameInvalidCharacters: "identity.nickname.invalidCharacters"
        case .invalidAvatarPath: "identity.avatar.invalidPath"
        case .emailInvalid: "identity.email.invalid"
        case .emailTaken: "identity.email.taken"
        case .linkInvalid: "identity.email.linkInvalid"
        case .mailUnavailable: "identity.email.unavailable"
        case .invalidCredentials: "identity.login.invalidCredentials"
        case .wrongCurrentPassword: "identity.password.wrongCurrent"
        case .tooManyAttempts: "identity.login.tooManyAttempts"
        case .userNotFound: "identity.user.notFound"
        case .hashingFailed: "identity.internal.hashingFailed"
        case .serverSecret: "identity.internal.serverSecret"
        }
    }

    /// The form field the error belongs to (`username`, `password`, `password_confirmation`,
    /// `current_password`, `nickname`, `avatar`),
    /// for problem+json `errors`; `nil` for errors about the whole request.
    public var field: String? {
        switch self {
        case .passwordTooShort, .passwordTooLong, .passwordTooCommon, .passwordMatchesUsername: "password"
        case .passwordConfirmationMismatch: "password_confirmation"
        case .wrongCurrentPassword: "current_password"
        case .usernameLength, .usernameInvalidCharacters, .usernameTaken: "username"
        case .nicknameLength, .nicknameInvalidCharacters: "nickname"
        case .invalidAvatarPath: "avatar"
        case .emailInvalid, .emailTaken: "email"
        case .linkInvalid, .mailUnavailable: nil
        case .invalidCredentials, .tooManyAttempts, .userNotFound, .hashingFailed, .serverSecret: nil
        }
    }

    /// The message shown to the user. Internal failures get a generic text (their detail is
    /// for the log, via `String(describing:)`).
    public func message(_ language: Language) -> String {
        let zh = language == .chinese
        switch self {
        case .passwordTooShort(let minimum):
            return zh ? "密码至少需要 \(minimum) 个字符。" : "The password needs at least \(minimum) characters."
        case .passwordTooLong(let maximum):
            return zh ? "密码不能超过 \(maximum) 个字符。" : "The password can have at most \(maximum) characters."
        case .passwordTooCommon:
            return zh ? "这个密码太常见，很容易被猜到，请换一个。" : "This password is too common and easy to guess. Please choose another."
        case .passwordMatchesUsername:
            return zh ? "密码不能与用户名相同。" : "The password must not be the same as the username."
        case .passwordConfirmationMismatch:
            return zh ? "两次输入的新密码不一致。" : "The two new passwords do not match."
        case .usernameLength(let minimum, let maximum):
            return zh
                ? "用户名长度需为 \(minimum)–\(maximum) 个字符（一个汉字算两个）。"
                : "The username needs \(minimum)–\(maximum) characters (a Chinese character counts as two)."
        case .usernameInvalidCharacters:
            return zh
                ? "用户名只能包含字母（含中文）、数字以及 _ . -，并以字母或数字开头。"
                : "Usernames may contain only letters (including Chinese), digits and _ . -, and start with a letter or digit."
        case .usernameTaken:
            return zh ? "这个用户名已被使用。" : "This username is already taken."
        case .nicknameLength(let maximum):
            return zh ? "昵称需要 1–\(maximum) 个字符。" : "The nickname needs 1–\(maximum) characters."
        case .nicknameInvalidCharacters(let refusal):
            return zh ? "昵称：" + refusal.message.zh : "Nickname: " + refusal.message.en
        case .invalidAvatarPath:
            return zh ? "头像文件无效。" : "The avatar file is not valid."
        case .emailInvalid:
            return zh ? "请输入有效的邮箱地址（如 name@example.com）。" : "Enter a valid e-mail address (such as name@example.com)."
        case .emailTaken:
            return zh ? "这个邮箱已被另一个账号验证使用。" : "Another account already uses this e-mail address."
        case .linkInvalid:
            return zh ? "链接无效、已使用或已过期，请重新申请。" : "This link is not valid, was used already or has expired. Please ask for a new one."
        case .mailUnavailable:
            return zh ? "服务器未配置邮件发送，暂时无法通过邮件找回密码或验证邮箱。"
                : "This server has no mail set up, so password reset and e-mail verification are not available."
        case .invalidCredentials:
            return zh ? "用户名或密码错误。" : "Wrong username or password."
        case .wrongCurrentPassword:
            return zh ? "当前密码不正确。" : "The current password is wrong."
        case .tooManyAttempts(let seconds):
            let minutes = max(1, (seconds + 59) / 60)
            return zh ? "尝试次数过多，请 \(minutes) 分钟后再试。" : "Too many attempts. Please try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
        case .userNotFound:
            return zh ? "找不到该用户。" : "User not found."
        case .hashingFailed, .serverSecret:
            return zh ? "服务器暂时无法处理，请稍后再试。" : "The server cannot handle this right now. Please try again later."
        }
    }
}
