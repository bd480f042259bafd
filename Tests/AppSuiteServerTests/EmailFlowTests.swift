import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// Issue 11 item 2: an optional e-mail with verification, and password reset through the link of a real
/// message received by a real SMTP server (aiosmtpd) on loopback.
@Suite struct EmailFlowTests {
    /// The text of a received message's base64 body, and the `token=` of its link to `path`.
    static func link(_ message: String, path: String) throws -> (text: String, token: String) {
        let body = try #require(message.components(separatedBy: "\n\n").dropFirst().first)
        let text = String(decoding: try #require(Data(base64Encoded: body.replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: "\r", with: ""))), as: UTF8.self)
        let start = try #require(text.range(of: path + "?token="), "no \(path) link in: \(text)")
        return (text, String(text[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }))
    }

    static func csrf(_ server: TestServer, _ path: String, cookie: String = "") throws -> (token: String, cookie: String) {
        let page = try server.get(path, headers: cookie.isEmpty ? [:] : ["Cookie": cookie])
        let token = try #require(TestServer.csrfToken(in: page.text), "\(path): \(page.status)")
        if cookie.isEmpty, let pre = page.setCookies["presession"] { return (token, "presession=\(pre)") }
        return (token, cookie)
    }

    @Test func withoutAMailServerResetSaysItIsUnavailable() throws {
        let server = try TestServer()
        let page = try server.get("/forgot-password")
        #expect(page.status == 200 && page.text.contains("服务器未配置邮件发送"))
        #expect(!page.text.contains(#"id="forgot-form""#), "no form that pretends")
        let (token, cookie) = try Self.csrf(server, "/login")
        let posted = try server.postForm("/forgot-password", [("email", "a@example.com"), ("csrf_token", token)], headers: ["Cookie": cookie])
        #expect(posted.status == 503)
        let account = try server.register("nomail")
        #expect(try server.get("/me/email", headers: ["Cookie": account.cookie]).text.contains(#"id="mail-unavailable""#))
        #expect(try server.get("/login").text.contains(#"href="/forgot-password""#))
    }

    @Test(.requires(tool: "aiosmtpd")) func verifyThenResetThroughTheReceivedMail() throws {
        let sink = try SMTPSink()
        let server = try TestServer(options: ["smtp-url": sink.url, "mail-from": "noreply@apps.example.com"])
        let phone = try server.register("mailuser")
        let laptop = try server.logIn("mailuser")

        // Adding the address asks for the current password.
        let (token, _) = try Self.csrf(server, "/me/email", cookie: phone.cookie)
        let wrong = try server.postForm("/me/email", [("email", "Mail.User@Example.com"), ("current_password", "not it"), ("csrf_token", token)],
                                        headers: ["Cookie": phone.cookie])
        #expect(wrong.status == 401 && wrong.text.contains("当前密码不正确"))
        let invalid = try server.postForm("/me/email", [("email", "mail user@example.com"), ("current_password", phone.password), ("csrf_token", token)],
                                          headers: ["Cookie": phone.cookie])
        #expect(invalid.status == 422 && invalid.text.contains("有效的邮箱地址"))
        let saved = try server.postForm("/me/email", [("email", "Mail.User@Example.com"), ("current_password", phone.password), ("csrf_token", token)],
                                        headers: ["Cookie": phone.cookie])
        #expect(saved.status == 303)
        #expect(wait(until: { sink.messages().count == 1 }))
        let verification = try #require(sink.messages().first)
        #expect(verification.contains("To: Mail.User@Example.com"))
        #expect(verification.contains("Subject: =?UTF-8?B?"))
        let (verifyText, verifyToken) = try Self.link(verification, path: "/verify-email")
        #expect(verifyText.contains("你好，mailuser") && verifyText.contains("Hello mailuser"))
        #expect(try server.get("/me/email", headers: ["Cookie": phone.cookie]).text.contains("未验证"))
        let confirm = try server.get("/verify-email?token=\(verifyToken)", headers: ["Cookie": phone.cookie])
        #expect(confirm.status == 200 && confirm.text.contains("Mail.User@Example.com"))
        #expect(try server.get("/me/email", headers: ["Cookie": phone.cookie]).text.contains("未验证"), "opening the link verifies nothing")
        let confirmCSRF = try #require(TestServer.csrfToken(in: confirm.text))
        func verify(_ token: String) throws -> RawHTTPClient.Reply {
            try server.postForm("/verify-email", [("token", token), ("csrf_token", confirmCSRF)], headers: ["Cookie": phone.cookie])
        }
        #expect(try verify(verifyToken).status == 303)
        #expect(try verify(verifyToken).status == 410, "a verification link works once")
        #expect(try server.get("/me/email", headers: ["Cookie": phone.cookie]).text.contains("已验证"))

        // Forgot password: an unknown address and the known one get the same answer; only the known one gets mail.
        let (resetCSRF, visitor) = try Self.csrf(server, "/forgot-password")
        let unknown = try server.postForm("/forgot-password", [("email", "nobody@example.com"), ("csrf_token", resetCSRF)], headers: ["Cookie": visitor])
        let known = try server.postForm("/forgot-password", [("email", "mail.user@example.COM"), ("csrf_token", resetCSRF)], headers: ["Cookie": visitor])
        #expect(unknown.status == 303 && known.status == 303)
        #expect(unknown.headers["location"] == known.headers["location"])
        #expect(unknown.setCookies["flash"] == known.setCookies["flash"])
        #expect(wait(until: { sink.messages().count == 2 }))
        let resetMail = try #require(sink.messages().last)
        #expect(resetMail.contains("To: Mail.User@Example.com"), "sent in order, so the unknown address got nothing before it")
        let (resetText, resetToken) = try Self.link(resetMail, path: "/reset-password")
        #expect(resetText.contains("30 分钟") && resetText.contains("30 minutes"))

        let form = try server.get("/reset-password?token=\(resetToken)", headers: ["Cookie": visitor])
        #expect(form.status == 200 && form.text.contains(#"name="new_password_confirmation""#))
        #expect(form.headers["referrer-policy"] == "no-referrer")
        let formCSRF = try #require(TestServer.csrfToken(in: form.text))
        func reset(_ new: String, _ confirmation: String) throws -> RawHTTPClient.Reply {
            try server.postForm("/reset-password", [("token", resetToken), ("new_password", new), ("new_password_confirmation", confirmation),
                                                    ("csrf_token", formCSRF)], headers: ["Cookie": visitor])
        }
        #expect(try reset("a fresh passphrase", "a fresh passphrase?").status == 422)
        #expect(try reset("password", "password").status == 422, "a refused password leaves the link working")
        let done = try reset("a fresh passphrase", "a fresh passphrase")
        #expect(done.status == 303 && done.headers["location"] == "/login")
        #expect(try server.get(APIPath.me, token: phone.token).status == 401, "reset signs out every session")
        #expect(try server.get(APIPath.me, token: laptop.token).status == 401)
        _ = try server.logIn("mailuser", password: "a fresh passphrase")
        #expect(throws: TestFailure.self) { try server.logIn("mailuser") }
        let reused = try reset("another passphrase", "another passphrase")
        #expect(reused.status == 410 && reused.text.contains("链接无效"))

        // A link is refused 30 minutes on.
        _ = try server.postForm("/forgot-password", [("email", "mail.user@example.com"), ("csrf_token", resetCSRF)], headers: ["Cookie": visitor])
        #expect(wait(until: { sink.messages().count == 3 }))
        let late = try Self.link(try #require(sink.messages().last), path: "/reset-password").token
        server.clock.advance(by: 30 * 60 + 1)
        #expect(try server.get("/reset-password?token=\(late)").status == 410)
        #expect(try server.get("/reset-password?token=garbage").status == 410)
    }

    @Test(.requires(tool: "aiosmtpd")) func aVerifiedAddressBelongsToOneAccount() throws {
        let sink = try SMTPSink()
        let server = try TestServer(options: ["smtp-url": sink.url, "mail-from": "noreply@apps.example.com"])
        let first = try server.register("owner1")
        let second = try server.register("owner2")
        for account in [first, second] {
            let (token, _) = try Self.csrf(server, "/me/email", cookie: account.cookie)
            #expect(try server.postForm("/me/email", [("email", "shared@example.com"), ("current_password", account.password), ("csrf_token", token)],
                                        headers: ["Cookie": account.cookie]).status == 303)
        }
        #expect(wait(until: { sink.messages().count == 2 }))
        let tokens = try sink.messages().map { try Self.link($0, path: "/verify-email").token }
        let (csrf, visitor) = try Self.csrf(server, "/verify-email?token=\(tokens[0])")
        #expect(try server.postForm("/verify-email", [("token", tokens[0]), ("csrf_token", csrf)], headers: ["Cookie": visitor]).status == 303)
        let taken = try server.postForm("/verify-email", [("token", tokens[1]), ("csrf_token", csrf)], headers: ["Cookie": visitor])
        #expect(taken.status == 409 && taken.text.contains("另一个账号"))
        let (token, _) = try Self.csrf(server, "/me/email", cookie: second.cookie)
        let again = try server.postForm("/me/email", [("email", "SHARED@example.com"), ("current_password", second.password), ("csrf_token", token)],
                                        headers: ["Cookie": second.cookie])
        #expect(again.status == 409)
    }
}
