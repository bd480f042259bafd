import Foundation
import AppHost
import HTTPTestSupport
@testable import AppSuiteServer

/// A real AppSuite on 127.0.0.1, an ephemeral port and a fresh temporary data directory.
final class TestServer {
    let suite: AppSuite
    let dataDirectory: String
    var port: UInt16 { suite.port }

    /// `apps` nil serves the installed apps (`AppCatalog`); `[]` serves the bare platform.
    init(apps: [any MiniApp]? = nil, clock: AppClock = .system) throws {
        dataDirectory = NSTemporaryDirectory() + "appsuite-test-\(UUID().uuidString)"
        var configuration = AppSuiteConfiguration()
        configuration.port = 0
        configuration.dataDirectory = dataDirectory
        configuration.isAccessLogEnabled = false
        suite = try AppSuite(configuration: configuration, apps: apps, clock: clock)
        try suite.start()
    }

    deinit {
        suite.stop()
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        try RawHTTPClient.request(port: port, "GET", path, headers: headers)
    }

    func send(_ method: String, _ path: String, json: String, headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        var all = headers
        all["Content-Type"] = "application/json"
        return try RawHTTPClient.request(port: port, method, path, headers: all, body: Array(json.utf8))
    }

    func postForm(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        var all = headers
        all["Content-Type"] = "application/x-www-form-urlencoded"
        let body = fields.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
        return try RawHTTPClient.request(port: port, "POST", path, headers: all, body: Array(body.utf8))
    }

    /// Registers over the API and returns the bearer token.
    @discardableResult
    func register(_ username: String, password: String = "correct horse battery") throws -> String {
        let reply = try send("POST", "/api/v1/auth/register", json: #"{"username":"\#(username)","password":"\#(password)"}"#)
        guard reply.status == 201, let token = Self.jsonField("token", in: reply.text) else {
            throw TestFailure("register \(username): \(reply.status) \(reply.text)")
        }
        return token
    }

    static func jsonField(_ name: String, in text: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return object[name] as? String
    }

    /// The hidden `csrf_token` value in a page.
    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf_token" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    private func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
