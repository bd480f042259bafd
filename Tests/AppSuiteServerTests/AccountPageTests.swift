import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// Issue 11 item 3: the account pages a user expects — confirmation and show/hide on new passwords, a
/// "current password is wrong" message, the signed-in devices with "sign out other devices".
@Suite struct AccountPageTests {
    static func form(_ server: TestServer, _ path: String, cookie: String) throws -> (html: String, token: String) {
        let page = try server.get(path, headers: ["Cookie": cookie])
        return (page.text, try #require(TestServer.csrfToken(in: page.text), "\(path): \(page.status)"))
    }

    @Test func newPasswordFieldsHaveAConfirmationAndAShowToggle() throws {
        let server = try TestServer()
        let account = try server.register("confirmer")
        let (html, _) = try Self.form(server, "/me/password", cookie: account.cookie)
        for name in ["current_password", "new_password", "new_password_confirmation"] {
            #expect(html.contains(#"name="\#(name)""#))
            #expect(html.contains(#"data-reveal="field-\#(name)""#), "\(name) has no show/hide button")
        }
        #expect(html.contains("确认新密码") && html.contains(">显示<"))
        let register = try server.get("/register?lang=en").text
        #expect(register.contains(#"name="password_confirmation""#) && register.contains(#"data-reveal="field-password""#))
        #expect(register.contains("Confirm password") && register.contains(">Show<"))
        #expect(!(try server.get("/login").text.contains("password_confirmation")), "logging in asks once")
    }

    @Test func mismatchedConfirmationChangesNothing() throws {
        let server = try TestServer()
        let account = try server.register("typo")
        let (_, token) = try Self.form(server, "/me/password", cookie: account.cookie)
        let reply = try server.postForm("/me/password", [
            ("current_password", account.password), ("new_password", "brand new passphrase"),
            ("new_password_confirmation", "brand new passphrase!"), ("csrf_token", token),
        ], headers: ["Cookie": account.cookie])
        #expect(reply.status == 422)
        #expect(reply.text.contains("两次输入的新密码不一致"))
        _ = try server.logIn("typo")  // the old password still works
        #expect(throws: TestFailure.self) { try server.logIn("typo", password: "brand new passphrase") }

        let registration = try server.get("/register")
        let preSession = try #require(registration.setCookies["presession"])
        let refused = try server.postForm("/register", [
            ("username", "typo2"), ("password", "brand new passphrase"), ("password_confirmation", "brand new passphrase?"),
            ("csrf_token", try #require(TestServer.csrfToken(in: registration.text))),
        ], headers: ["Cookie": "presession=\(preSession)"])
        #expect(refused.status == 422 && refused.text.contains("两次输入的新密码不一致"))
        #expect(throws: TestFailure.self) { try server.logIn("typo2", password: "brand new passphrase") }
    }

    @Test func wrongCurrentPasswordSaysSoOnTheField() throws {
        let server = try TestServer()
        let account = try server.register("forgetful")
        let (_, token) = try Self.form(server, "/me/password", cookie: account.cookie)
        let reply = try server.postForm("/me/password", [
            ("current_password", "not my password"), ("new_password", "brand new passphrase"),
            ("new_password_confirmation", "brand new passphrase"), ("csrf_token", token),
        ], headers: ["Cookie": account.cookie])
        #expect(reply.status == 401)
        #expect(reply.text.contains("当前密码不正确"))
        #expect(!reply.text.contains("用户名或密码错误"), "the page has no username field")
        #expect(reply.text.contains(#"id="field-current_password-error""#))
        let api = try server.send("PUT", APIPath.password, json: #"{"currentPassword":"nope nope","newPassword":"brand new passphrase"}"#,
                                  token: account.token, headers: ["Accept-Language": "en"])
        #expect(api.status == 401)
        #expect(try api.json()["detail"] as? String == "The current password is wrong.")
    }

    @Test func devicesListAndSignOutOthers() throws {
        let server = try TestServer()
        let phone = try server.register("traveller")
        let laptopLogin = try server.send(
            "POST", APIPath.login, json: #"{"username":"traveller","password":"\#(TestServer.password)"}"#,
            headers: ["User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"])
        let laptop = try #require(try laptopLogin.json()["token"] as? String)
        let tablet = try server.logIn("traveller")

        let list = try server.get(APIPath.sessions, token: phone.token).decode(SessionList.self)
        #expect(list.items.count == 3)
        #expect(list.items.filter(\.current).count == 1)
        #expect(list.items.contains { $0.device == "Safari · macOS" })
        #expect(list.items.allSatisfy { $0.id.count == 16 && !$0.id.contains(phone.token.prefix(8)) })

        let (html, token) = try Self.form(server, "/me/sessions", cookie: phone.cookie)
        #expect(html.contains("登录设备") && html.contains("Safari · macOS") && html.contains("本机"))
        #expect(html.contains(#"action="/me/sessions/others""#))

        // One device, by its id: only that one ends.
        let laptopID = try #require(list.items.first { $0.device == "Safari · macOS" }?.id)
        let ended = try server.postForm("/me/sessions/\(laptopID)/end", [("csrf_token", token)], headers: ["Cookie": phone.cookie])
        #expect(ended.status == 303)
        #expect(try server.get(APIPath.me, token: laptop).status == 401)
        #expect(try server.get(APIPath.me, token: tablet.token).status == 200)
        // Another user's session id is not found, and ends nothing.
        let stranger = try server.register("stranger")
        #expect(try server.request("DELETE", APIPath.filled(APIPath.session, ["id": try #require(
            try server.get(APIPath.sessions, token: tablet.token).decode(SessionList.self).items.first { $0.current }?.id)]),
                                   token: stranger.token).status == 404)
        #expect(try server.get(APIPath.me, token: tablet.token).status == 200)

        let others = try server.postForm("/me/sessions/others", [("csrf_token", token)], headers: ["Cookie": phone.cookie])
        #expect(others.status == 303)
        #expect(try server.get(APIPath.me, token: tablet.token).status == 401)
        #expect(try server.get(APIPath.me, token: phone.token).status == 200)
        #expect(try server.get(APIPath.sessions, token: phone.token).decode(SessionList.self).items.count == 1)
        let forged = try server.postForm("/me/sessions/others", [], headers: ["Cookie": phone.cookie])
        #expect(forged.status == 403, "CSRF kept")
        #expect(forged.text.contains("页面已过期或来源不可信") && !forged.text.contains("你没有权限"), "\(forged.text.prefix(2_000))")
    }

    /// Tester 31c #6: a 403 for a page the account may not see says so; only a failed CSRF check says the page expired.
    @Test func notAllowedIsNotAnExpiredPage() throws {
        let server = try TestServer()
        let plain = try server.register("plain_reader")
        let zh = try server.get("/admin/moderation", headers: ["Cookie": plain.cookie])
        #expect(zh.status == 403)
        #expect(zh.text.contains("你没有权限查看这个页面或执行这个操作。") && !zh.text.contains("页面已过期"), "\(zh.text.prefix(2_000))")
        let en = try server.get("/admin/moderation", headers: ["Cookie": plain.cookie + "; lang=en"])
        #expect(en.text.contains("Your account is not allowed to see this page or do this.") && !en.text.contains("expired"))
    }

    @Test func apiSignsOutOtherSessions() throws {
        let server = try TestServer()
        let one = try server.register("api_devices")
        let two = try server.logIn("api_devices")
        #expect(try server.request("DELETE", APIPath.sessions, token: one.token).status == 204)
        #expect(try server.get(APIPath.me, token: two.token).status == 401)
        #expect(try server.get(APIPath.me, token: one.token).status == 200)
        #expect(try server.request("DELETE", APIPath.filled(APIPath.session, ["id": "0000000000000000"]), token: one.token).status == 404)
        #expect(try server.get(APIPath.sessions).status == 401)
    }
}
