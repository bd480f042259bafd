import Foundation
public import Mail
public import WebUI

/// The account e-mails — verify an address, reset a password — each in Chinese, then English, with the
/// link under `--public-url`, handed to the background ``MailOutbox``.
public struct AccountMail: Sendable {
    public let outbox: MailOutbox
    public let publicURL: @Sendable () -> PublicURL

    public init(outbox: MailOutbox, publicURL: @escaping @Sendable () -> PublicURL) {
        self.outbox = outbox
        self.publicURL = publicURL
    }

    /// Queues the verification link for `email`; `false` when the address or the queue refuses it.
    @discardableResult
    func sendVerification(to email: String, username: String, token: SessionToken, now: Int64) -> Bool {
        let link = publicURL().absolute("/verify-email?token=" + token.value)
        return send(to: email, now: now, subject: "验证你的 AppSuite 邮箱 / Verify your AppSuite e-mail", text: """
            你好，\(username)：

            请打开下面的链接，验证这是你的邮箱（24 小时内有效）：
            \(link)

            验证后，忘记密码时可以用这个邮箱重置。如果这不是你本人的操作，请忽略这封邮件。

            ——

            Hello \(username),

            Open this link to confirm this is your e-mail address (it works for 24 hours):
            \(link)

            Once it is confirmed, you can reset a forgotten password through it. If you did not ask for this, ignore this message.
            """)
    }

    /// Queues the password-reset link for `email`.
    @discardableResult
    func sendReset(to email: String, username: String, token: SessionToken, now: Int64) -> Bool {
        let link = publicURL().absolute("/reset-password?token=" + token.value)
        return send(to: email, now: now, subject: "重置你的 AppSuite 密码 / Reset your AppSuite password", text: """
            你好，\(username)：

            有人（希望是你）申请重置 AppSuite 账号的密码。请在 30 分钟内打开下面的链接设置新密码，链接只能使用一次：
            \(link)

            重置后，所有已登录的设备都会退出。如果不是你本人申请，请忽略这封邮件，你的密码不会改变。

            ——

            Hello \(username),

            Someone (we hope you) asked to reset the password of this AppSuite account. Open this link within 30 minutes to choose a new one; it works once:
            \(link)

            Every signed-in device is signed out after the reset. If you did not ask for this, ignore this message: your password stays the same.
            """)
    }

    private func send(to email: String, now: Int64, subject: String, text: String) -> Bool {
        guard let to = try? MailAddress(email) else { return false }
        return outbox.enqueue(MailMessage(from: outbox.from, to: to, subject: subject, text: text, date: now))
    }
}
