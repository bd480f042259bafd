public import Foundation

/// `GET /healthz`: `ok` once the database answers; a `503` problem+json (with `Retry-After`) when it cannot be
/// reached or no connection frees up in time, a `500` problem for any other failure.
public struct HealthStatus: Codable, Sendable, Equatable {
    public var status: String

    public init(status: String) {
        self.status = status
    }
}

/// `GET /api/v1/app/version?platform=ios&current=1.0.0`: the version the operator publishes for a client
/// platform (`ios`, `android`, or `web`, whose version is the web shell's asset release) and what it means for
/// the client asking. `updateRequired`: `current` is older than `minimumSupported` (the client should stop and
/// ask the user to update); `updateAvailable`: older than `latest`. Both false without `current`.
public struct AppVersion: Codable, Sendable, Equatable {
    public var platform: String
    public var latest: String
    public var minimumSupported: String
    public var current: String?
    public var updateAvailable: Bool
    public var updateRequired: Bool
    /// Where the release notes are (`--release-notes-url`); nil when none is published.
    public var releaseNotesURL: String?

    public init(platform: String, latest: String, minimumSupported: String, current: String?, updateAvailable: Bool,
                updateRequired: Bool, releaseNotesURL: String?) {
        self.platform = platform
        self.latest = latest
        self.minimumSupported = minimumSupported
        self.current = current
        self.updateAvailable = updateAvailable
        self.updateRequired = updateRequired
        self.releaseNotesURL = releaseNotesURL
    }
}

/// An RFC 9457 problem document (`application/problem+json`), as every API error is sent.
public struct Problem: Codable, Sendable, Equatable, Error {
    /// One invalid input field of a `422` (the `errors` extension member).
    public struct FieldError: Codable, Sendable, Equatable {
        /// The field as the client sent it: a JSON key, a query parameter or a multipart field (`password`, `score`).
        public var field: String
        /// What is wrong with it, in the viewer's language.
        public var message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// A URI naming the kind of problem (`urn:appsuite:problem:validation`), `about:blank` when the status says it all.
    public var type: String
    /// A short summary of the kind (`Not Found`, `Validation failed`).
    public var title: String
    /// The HTTP status code, repeated.
    public var status: Int
    /// What went wrong this time, for a person.
    public var detail: String?
    /// The request path the problem is about, when the server names it.
    public var instance: String?
    /// The invalid fields of a `422`.
    public var errors: [FieldError]?

    public init(type: String, title: String, status: Int, detail: String? = nil, instance: String? = nil, errors: [FieldError]? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.errors = errors
    }
}

/// A string value from a fixed vocabulary that a newer server may extend: a value this build does not know
/// decodes as the type's `unknown` case (keeping the text) instead of failing the whole response.
public protocol ExtensibleEnum: Codable, Sendable, Equatable, RawRepresentable where RawValue == String {
    /// Never fails: an unknown value becomes the `unknown` case.
    init(rawValue: String)
}

extension ExtensibleEnum {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// `GET /api/v1/me/storage`: what the signed-in account keeps in each app that stores its uploads, against that
/// app's per-account quota (issue 27). An upload past a quota is refused with a `507` problem of type
/// `urn:appsuite:problem:quota-exceeded`.
public struct StorageUsage: Codable, Sendable, Equatable {
    /// One app's share.
    public struct App: Codable, Sendable, Equatable {
        /// The app's id: `photos`, `slicer`, `merchants`.
        public var app: String
        /// What is counted, in the viewer's language (`图片处理器 · 原图与编辑版本`).
        public var title: String
        public var usedBytes: Int64
        public var limitBytes: Int64

        public init(app: String, title: String, usedBytes: Int64, limitBytes: Int64) {
            self.app = app
            self.title = title
            self.usedBytes = usedBytes
            self.limitBytes = limitBytes
        }
    }

    public var items: [App]

    public init(items: [App]) {
        self.items = items
    }
}
