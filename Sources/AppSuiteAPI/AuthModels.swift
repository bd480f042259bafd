public import Foundation

/// The body of `POST /api/v1/auth/register` and `POST /api/v1/auth/login`.
public struct Credentials: Codable, Sendable, Equatable {
    /// Letters (Chinese included), digits, `_ . -`; 3–32 columns, a Chinese character counting 2. Surrounding
    /// spaces are ignored.
    public var username: String
    /// 8–256 characters, not one of the very common passwords.
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// A user as the API shows it (`GET /api/v1/me`, the `user` of a login).
public struct UserProfile: Codable, Sendable, Equatable {
    public var id: Int64
    public var username: String
    /// The name shown next to the user's comments (1–32 characters); the username until changed.
    public var nickname: String
    /// Path of the avatar image on the server (`/media/avatars/…`, 256×256 JPEG), nil when none was uploaded.
    public var avatarURL: String?
    /// When the account was created.
    public var createdAt: Date

    public init(id: Int64, username: String, nickname: String, avatarURL: String?, createdAt: Date) {
        self.id = id
        self.username = username
        self.nickname = nickname
        self.avatarURL = avatarURL
        self.createdAt = createdAt
    }
}

/// The answer to a successful login or registration: a bearer token for `Authorization: Bearer …` and the user.
/// The same token is also set as the session cookie.
public struct LoginResponse: Codable, Sendable, Equatable {
    /// 256 random bits, base64url; only its hash is stored on the server.
    public var token: String
    public var user: UserProfile
    /// When the token stops working unless it is used (30 days, sliding; 90 days at most).
    public var expiresAt: Date

    public init(token: String, user: UserProfile, expiresAt: Date) {
        self.token = token
        self.user = user
        self.expiresAt = expiresAt
    }
}

/// The body of `PATCH /api/v1/me`.
public struct NicknameChange: Codable, Sendable, Equatable {
    /// 1–32 characters, no control or invisible characters.
    public var nickname: String

    public init(nickname: String) {
        self.nickname = nickname
    }
}

/// The body of `PUT /api/v1/me/password`. A wrong current password is `401`; the user's other sessions end.
public struct PasswordChange: Codable, Sendable, Equatable {
    public var currentPassword: String
    /// 8–256 characters, not one of the very common passwords.
    public var newPassword: String

    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// The user's e-mail address (`GET`/`PUT /api/v1/me/email`): nil without one; `verified` once its link was followed.
public struct EmailStatus: Codable, Sendable, Equatable {
    public var email: String?
    public var verified: Bool

    public init(email: String?, verified: Bool) {
        self.email = email
        self.verified = verified
    }
}

/// The body of `PUT /api/v1/me/email`: the new address (unverified until its link is followed) and the current
/// password. A wrong password is `401`; an address another account verified is `409`; no mail server is `503`.
public struct EmailChange: Codable, Sendable, Equatable {
    public var email: String
    public var currentPassword: String

    public init(email: String, currentPassword: String) {
        self.email = email
        self.currentPassword = currentPassword
    }
}

/// The body of `POST /api/v1/auth/email/verify`: the `token` of the link in the verification mail.
/// An unknown, used or expired token is `410`.
public struct EmailVerification: Codable, Sendable, Equatable {
    public var token: String

    public init(token: String) {
        self.token = token
    }
}

/// The body of `POST /api/v1/auth/password-reset`: a verified address. `204` whether or not it belongs to an
/// account; `429` after 10 requests an hour from one address; `503` without a mail server.
public struct PasswordResetRequest: Codable, Sendable, Equatable {
    public var email: String

    public init(email: String) {
        self.email = email
    }
}

/// The body of `POST /api/v1/auth/password-reset/confirm`: the reset link's `token` (single use, 30 minutes) and
/// the new password. A used or late token is `410`; every session of the account ends.
public struct PasswordReset: Codable, Sendable, Equatable {
    public var token: String
    /// 8–256 characters, not one of the very common passwords.
    public var newPassword: String

    public init(token: String, newPassword: String) {
        self.token = token
        self.newPassword = newPassword
    }
}

/// The body of `DELETE /api/v1/me`: the account's password again (an account without one, made through a
/// provider, types its username). A wrong one is `401` and counts like a failed login.
public struct AccountDeletion: Codable, Sendable, Equatable {
    public var password: String

    public init(password: String) {
        self.password = password
    }
}

/// One signed-in device or browser of the user (`GET /api/v1/me/sessions`). Coarse on purpose: no address or place.
public struct SessionInfo: Codable, Sendable, Equatable {
    /// 16 hexadecimal digits naming the session for `DELETE /api/v1/me/sessions/{id}`; not the session token.
    public var id: String
    /// Browser and system read from the `User-Agent` at sign-in ("Chrome · Android"), or "未知设备"/"Unknown device".
    public var device: String
    /// When the session signed in.
    public var signedInAt: Date
    /// The last request seen, to within a minute.
    public var lastSeenAt: Date
    /// True for the session making this request.
    public var current: Bool

    public init(id: String, device: String, signedInAt: Date, lastSeenAt: Date, current: Bool) {
        self.id = id
        self.device = device
        self.signedInAt = signedInAt
        self.lastSeenAt = lastSeenAt
        self.current = current
    }
}

/// `GET /api/v1/me/sessions`: the user's live sessions, most recently seen first (at most 100).
public struct SessionList: Codable, Sendable, Equatable {
    public var items: [SessionInfo]

    public init(items: [SessionInfo]) {
        self.items = items
    }
}

/// One configured third-party sign-in (`GET /api/v1/auth/providers`).
public struct AuthProvider: Codable, Sendable, Equatable {
    /// The provider's id: `a–z 0–9 -`, the segment of its sign-in and unlink paths.
    public var id: String
    /// What the button names ("使用 {name} 登录").
    public var name: String
    /// The page that starts signing in with it in a browser (`/login/oidc/{id}`, relative to the server);
    /// the browser comes back signed in with the session cookie.
    public var loginURL: String

    public init(id: String, name: String, loginURL: String) {
        self.id = id
        self.name = name
        self.loginURL = loginURL
    }
}

/// `GET /api/v1/auth/providers`: every configured provider, in configuration order (empty without any).
public struct AuthProviderList: Codable, Sendable, Equatable {
    public var items: [AuthProvider]

    public init(items: [AuthProvider]) {
        self.items = items
    }
}

/// A provider account linked to the signed-in user (`GET /api/v1/me/logins`).
public struct LinkedLogin: Codable, Sendable, Equatable {
    /// The ``AuthProvider/id``.
    public var provider: String
    public var name: String
    /// The provider's verified address for that account, when it gave one.
    public var email: String?
    public var linkedAt: Date
    public var lastUsedAt: Date

    public init(provider: String, name: String, email: String?, linkedAt: Date, lastUsedAt: Date) {
        self.provider = provider
        self.name = name
        self.email = email
        self.linkedAt = linkedAt
        self.lastUsedAt = lastUsedAt
    }
}

/// `GET /api/v1/me/logins`: the user's linked providers, oldest first, and whether the account has a password
/// (without one, the last linked provider cannot be unlinked).
public struct LinkedLoginList: Codable, Sendable, Equatable {
    public var items: [LinkedLogin]
    public var hasPassword: Bool

    public init(items: [LinkedLogin], hasPassword: Bool) {
        self.items = items
        self.hasPassword = hasPassword
    }
}
