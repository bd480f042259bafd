import AppSuiteTesting
import Foundation
import Testing
@testable import AppSuiteServer

/// Behind nginx every request comes from nginx's address: with `--trusted-proxy` the login throttle counts the
/// address nginx forwarded for, so one client's failures lock out that client and not everyone behind the proxy.
@Suite struct TrustedProxyTests {
    /// 20 failed logins from `address` (the per-address limit), unknown users so no account locks.
    func fail20(_ server: TestServer, from address: String) throws {
        for n in 0..<20 {
            let reply = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"nobody\#(n)","password":"wrong password"}"#,
                                        headers: ["X-Forwarded-For": address])
            #expect(reply.status == 401)
        }
    }

    func logIn(_ server: TestServer, _ username: String, from address: String) throws -> Int {
        try server.send("POST", "/api/v1/auth/login", json: #"{"username":"\#(username)","password":"\#(TestServer.password)"}"#,
                        headers: ["X-Forwarded-For": address]).status
    }

    @Test func aTrustedProxysClientsAreThrottledOneByOne() throws {
        let server = try TestServer(apps: [], options: ["trusted-proxy": "127.0.0.1,::1"])
        try server.register("alice")
        try fail20(server, from: "203.0.113.7")
        #expect(try logIn(server, "alice", from: "203.0.113.7") == 429, "this client is throttled")
        #expect(try logIn(server, "alice", from: "198.51.100.20") == 200, "another client behind the same proxy is not")
        #expect(try logIn(server, "alice", from: "10.0.0.1, 198.51.100.20") == 200, "only the proxy's own entry counts")
    }

    @Test func withoutItTheHeaderIsIgnored() throws {
        let server = try TestServer(apps: [])
        try server.register("alice")
        try fail20(server, from: "203.0.113.7")
        #expect(try logIn(server, "alice", from: "198.51.100.20") == 429, "every request counts as 127.0.0.1")
    }

    @Test func theSettingIsChecked() throws {
        #expect(try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_TRUSTED_PROXY": " 127.0.0.1 , ::1"]).trustedProxies
                == ["127.0.0.1", "::1"])
        for bad in ["", "nginx", "127.0.0.1,", "10.0.0.0/8", "127.0.0.1:8080"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try AppSuiteConfiguration.resolve(options: ["trusted-proxy": bad], environment: [:]) }
        }
    }
}
