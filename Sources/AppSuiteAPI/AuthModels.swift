public import Foundation

/// The body of `POST /api/v1/auth/register` and `POST /api/v1/auth/login`.
public struct Credentials: Codable, Sendable, Equatable {
    public var username: String
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
    public var nickname: String
    /// Path of the avatar image on the server (`/media/avatars/…`), nil when none was uploaded.
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

/// The answer to a successful login: a bearer token for `Authorization: Bearer …` and the user.
public struct LoginResponse: Codable, Sendable, Equatable {
    public var token: String
    public var user: UserProfile
    /// When the token stops working unless it is used (sliding expiry).
    public var expiresAt: Date
}

/// `GET /healthz`.
public struct HealthStatus: Codable, Sendable, Equatable {
    public var status: String
}

/// An RFC 9457 problem document, as every API error is sent.
public struct Problem: Codable, Sendable, Equatable, Error {
    public struct FieldError: Codable, Sendable, Equatable {
        public var field: String
        public var message: String
    }
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var instance: String?
    public var errors: [FieldError]?
}

/// JSON coding that matches the server: dates are ISO 8601 strings in UTC (`2026-11-29T10:00:00Z`).
public enum APICoding {
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
