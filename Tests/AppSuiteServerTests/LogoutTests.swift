import AppSuiteAPI
import AppSuiteTesting
import Testing

/// Issue 11 item 4: logging out with a bearer token the server no longer knows is a `401` problem (sign in
/// again), not a `403` CSRF refusal; a live token still logs out with `204`, and a cookie post without its
/// CSRF token is still refused.
@Suite struct LogoutTests {
    @Test func anEndedTokenIs401ProblemJSON() throws {
        let server = try TestServer(apps: [])
        let dave = try server.register("dave", unique: true)
        #expect(try server.request("POST", APIPath.logout, token: dave.token).status == 204)
        for token in [dave.token, "never-issued-token-0000000000000000000000000"] {
            let again = try server.request("POST", APIPath.logout, token: token)
            #expect(again.status == 401, "\(again.status) \(again.text)")
            #expect(again.headers["content-type"]?.hasPrefix("application/problem+json") == true)
            #expect(again.headers["www-authenticate"] == "Bearer")
            #expect(try again.json()["status"] as? Int == 401)
        }
        let erin = try server.register("erin", unique: true)
        #expect(try server.request("POST", APIPath.logout, headers: ["Cookie": erin.cookie]).status == 403, "cookie sessions keep CSRF")
        #expect(try server.get(APIPath.me, token: erin.token).status == 200)
    }
}
