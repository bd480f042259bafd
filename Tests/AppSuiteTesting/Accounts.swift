import Foundation

/// A signed-in user as the API answered register or log in: the bearer token and the session cookie
/// it set, which carry the same session.
public struct TestAccount: Sendable {
    public let username: String
    public let password: String
    public let token: String
    /// `name=value` of the session cookie (`sid=…`; `__Host-sid=…` with secure cookies).
    public let cookie: String

    /// `Authorization: Bearer` with the token.
    public var bearer: [String: String] { ["Authorization": "Bearer " + token] }
}

extension TestServer {
    /// The password ``register(_:unique:password:)`` uses unless told otherwise (not a common one).
    public static let password = "correct horse battery"

    /// Registers over the API (`POST /api/v1/auth/register`, 201). With `unique`, six random characters
    /// follow `username`, for servers that tests share.
    /// - Throws: ``TestFailure`` with the status and body of any other answer.
    @discardableResult
    public func register(_ username: String, unique: Bool = false, password: String = TestServer.password) throws -> TestAccount {
        let name = unique ? username + UUID().uuidString.prefix(6).lowercased() : username
        return try signIn("/api/v1/auth/register", username: name, password: password, status: 201)
    }

    /// Logs in over the API (`POST /api/v1/auth/login`, 200): a new session.
    /// - Throws: ``TestFailure`` with the status and body of any other answer.
    public func logIn(_ username: String, password: String = TestServer.password) throws -> TestAccount {
        try signIn("/api/v1/auth/login", username: username, password: password, status: 200)
    }

    private func signIn(_ path: String, username: String, password: String, status: Int) throws -> TestAccount {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let reply = try send("POST", path, json: String(decoding: body, as: UTF8.self))
        guard reply.status == status, let token = (try? reply.json())?["token"] as? String,
              let cookie = reply.setCookies.first(where: { $0.value == token })
        else { throw TestFailure("\(path) as \(username): \(reply.status) \(reply.text.prefix(300))") }
        return TestAccount(username: username, password: password, token: token, cookie: cookie.key + "=" + cookie.value)
    }

    /// The hidden `csrf_token` value of the first form in a page, or nil.
    public static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf_token" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
