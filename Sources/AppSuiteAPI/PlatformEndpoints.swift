/// The platform's own endpoints, declared once: health, the published client version and the account's data
/// (storage use, export, deletion). The OpenAPI document itself is ``APIPath/openAPI``. Health and the document are served outside the session middleware (a load balancer
/// or a monitor calls them), the version to anyone, storage to the signed-in user.
public enum PlatformEndpoints {
    public static let health = Endpoint<NoQuery, NoBody, HealthStatus>(
        .get, "/healthz", summary: "Liveness and database check", access: .anyone,
        errors: [.init(503, "The database cannot be reached or stays busy (Retry-After)")])
    public static let appVersion = Endpoint<AppVersionQuery, NoBody, AppVersion>(
        .get, "/api/v1/app/version", summary: "The published client version and whether the asking client must update", access: .anyone,
        errors: [.init(404, "No version published for this platform"), .init(422, "Invalid platform or current (named in errors)")])
    public static let storage = Endpoint<NoQuery, NoBody, StorageUsage>(
        .get, "/api/v1/me/storage", summary: "The bytes the user keeps in each app that stores uploads, against its per-account quota")

    /// Built and sent from disk on the work pool (the batch lane), keyed by the user.
    public static let exportData = Endpoint<NoQuery, NoBody, BinaryFile>(
        .get, "/api/v1/me/export",
        summary: "Download everything the suite keeps about the user: a zip of one JSON file per app and platform part, and the photo originals",
        errors: [.init(422, "More than 20,000 files or 4 GiB (urn:appsuite:problem:export-too-large)")], produces: "application/zip")
    /// The password is checked with argon2id on the work pool; five wrong ones lock the check for a while.
    public static let deleteAccount = Endpoint<NoQuery, AccountDeletion, NoContent>(
        .delete, "/api/v1/me", summary: "Delete the account for good (password again); comments stay, signed 已注销用户; the session ends",
        errors: [.init(401, "Not signed in, or a wrong password (errors name password)"), .init(429, "Too many wrong passwords; see Retry-After")])

    public static let group = EndpointGroup(tag: "Platform", [health, appVersion])
    public static let accountGroup = EndpointGroup(tag: "Accounts", [storage, exportData, deleteAccount])
}

/// `GET /api/v1/app/version`.
public struct AppVersionQuery: QueryDecodable, Equatable {
    /// `ios`, `android` or `web`.
    public var platform: String
    /// The client's version (`1.4.2`), or for `web` the page's release; nil when the client does not say.
    public var current: String?

    public init(platform: String, current: String? = nil) {
        (self.platform, self.current) = (platform, current)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        platform = try query.requiredText("platform", maxLength: 7, "ios, android or web")
        current = try query.text("current", maxLength: 64, "the client's version (1.4.2), or for web the page's release")
    }
}
