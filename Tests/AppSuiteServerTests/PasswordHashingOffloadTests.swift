import AppSuiteTesting
import Foundation
import Testing
@testable import AppSuiteServer
@testable import HTTPServer

/// Every route that runs argon2id hands that part to the work pool (keyed by the client address) instead of
/// hashing on a request thread; the API and page tests check that their answers are unchanged.
@Suite struct PasswordHashingOffloadTests {
    @Test func registerLogInAndPasswordChangeAreOffloadedPerClientAddress() throws {
        let server = try TestServer(apps: [])
        let token = try server.register("offload01").token
        let page = try server.get("/register")
        let preSession = try #require(page.setCookies["presession"])
        let csrf = try #require(TestServer.csrfToken(in: page.text))
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "presession=\(preSession)"]
        let bearer: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer \(token)"]
        let credentials = Array(#"{"username":"offload02","password":"correct horse battery"}"#.utf8)
        let cases: [(HTTPMethod, String, HTTPHeaders, [UInt8])] = [
            (.post, "/api/v1/auth/register", json, credentials),
            (.post, "/api/v1/auth/login", json, credentials),
            (.put, "/api/v1/me/password", ["Content-Type": "application/json", "Authorization": "Bearer \(token)"],
             Array(#"{"currentPassword":"correct horse battery","newPassword":"another horse battery"}"#.utf8)),
            (.post, "/register", form, Array(
                "username=offload03&password=correct+horse+battery&password_confirmation=correct+horse+battery&csrf_token=\(csrf)".utf8)),
            (.post, "/login", form, Array("username=offload01&password=correct+horse+battery&csrf_token=\(csrf)".utf8)),
            (.post, "/me/password", bearer, Array(
                "current_password=correct+horse+battery&new_password=another+horse+battery&new_password_confirmation=another+horse+battery".utf8)),
        ]
        for (method, path, headers, body) in cases {
            let request = Request(method: method, path: path, headers: headers, body: .bytes(body), clientAddress: "192.0.2.7")
            guard case .found(let handler, let parameters) = server.suite.router.match(method, path) else {
                Issue.record("no route for \(method) \(path)")
                continue
            }
            var routed = request
            routed.pathParameters = parameters
            let response = try handler(routed)
            #expect(response.offload?.key == "192.0.2.7", "\(method) \(path) answered \(response.status.code) inline")
        }
    }
}
