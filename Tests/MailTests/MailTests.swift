import AppSuiteTesting
import Foundation
import Testing
@testable import Mail

@Suite struct MailMessageTests {
    static func message(subject: String = "重置你的 AppSuite 密码 / Reset your password", text: String = "你好\nHello\n.\nend") throws -> MailMessage {
        MailMessage(from: try MailAddress("noreply@apps.example.com", name: "AppSuite 账号"), to: try MailAddress("alice@example.com"),
                    subject: subject, text: text, date: 1_796_142_201, messageID: "fixed@apps.example.com")
    }

    /// The words of an encoded header, decoded (RFC 2047 B encoding, words joined without the folding).
    static func decodeWords(_ header: String) -> String {
        var bytes: [UInt8] = []
        for word in header.components(separatedBy: "\r\n ") {
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { return header }
            bytes += Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func headersAndBodyFollowRFC5322AndMIME() throws {
        let text = String(decoding: try Self.message().rfc5322(), as: UTF8.self)
        let (head, body) = try #require(text.range(of: "\r\n\r\n").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) })
        #expect(head.hasPrefix("Date: Tue, 01 Dec 2026 16:23:21 +0000\r\n"))
        #expect(head.contains("\r\nTo: alice@example.com\r\n"))
        #expect(head.contains("\r\nMessage-ID: <fixed@apps.example.com>\r\n"))
        #expect(head.contains("Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64"))
        let subject = try #require(head.components(separatedBy: "Subject: ").last?.components(separatedBy: "\r\nMessage-ID").first)
        #expect(Self.decodeWords(subject) == "重置你的 AppSuite 密码 / Reset your password")
        let from = try #require(head.components(separatedBy: "From: ").last?.components(separatedBy: "\r\nTo:").first)
        #expect(from.hasSuffix(" <noreply@apps.example.com>"))
        #expect(Self.decodeWords(String(from.dropLast(" <noreply@apps.example.com>".count))) == "AppSuite 账号")
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 78, "line too long: \(line)") }
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "bare LF")
        let decoded = try #require(Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: "")))
        #expect(String(decoding: decoded, as: UTF8.self) == "你好\r\nHello\r\n.\r\nend")
    }

    @Test func longSubjectsAreSplitOnCharacterBoundaries() throws {
        let subject = String(repeating: "密码重置🔐", count: 20)
        let text = String(decoding: try Self.message(subject: subject).rfc5322(), as: UTF8.self)
        let header = try #require(text.components(separatedBy: "Subject: ").last?.components(separatedBy: "\r\nMessage-ID").first)
        #expect(header.components(separatedBy: "\r\n ").count > 3)
        #expect(Self.decodeWords(header) == subject)
        #expect(EncodedWord.encode("Plain ASCII", prefixLength: 9) == "Plain ASCII")
    }

    @Test func addressesThatCouldInjectHeadersOrAreNotAddressesAreRefused() {
        for bad in ["", "alice", "a@", "@example.com", "a@@example.com", "alice@example.com\r\nBcc: eve@example.com",
                    "alice@exa mple.com", "a..b@example.com", ".a@example.com", "张三@example.com", "alice@-example.com",
                    "alice@example..com", "\"quoted\"@example.com", "alice@[127.0.0.1]", String(repeating: "a", count: 65) + "@example.com",
                    "<alice@example.com>", "alice@example.com>"] {
            #expect(throws: MailError.invalidAddress(bad)) { try MailAddress.validate(bad) }
        }
        for good in ["alice@example.com", "a.b+tag@sub.example.cn", "x@localhost", "o'brien@example.ie"] {
            #expect(throws: Never.self) { try MailAddress.validate(good) }
        }
    }

    @Test func serverURLsAreSMTPOnlyAndPasswordsStayOutOfMessages() throws {
        let from = try MailAddress("noreply@example.com")
        #expect(throws: MailError.invalidServerURL("http://mail.example.com")) { try SMTPSender(url: "http://mail.example.com", from: from) }
        #expect(throws: MailError.invalidServerURL("smtp:///")) { try SMTPSender(url: "smtp:///", from: from) }
        #expect(throws: MailError.invalidServerURL("smtps://user:***@mail.example.com/x")) {
            try SMTPSender(url: "smtps://user:secret@mail.example.com/x", from: from)
        }
        #expect(SMTPSender.redacted("smtps://user:secret@mail.example.com:465") == "smtps://user:***@mail.example.com:465")
    }

    @Test func aClosedPortIsATransportError() throws {
        let port = try TestTools.freePort()
        let sender = try SMTPSender(url: "smtp://127.0.0.1:\(port)", from: try MailAddress("noreply@example.com"), timeout: .seconds(5))
        #expect(throws: MailError.self) { try sender.send(try Self.message()) }
    }
}

@Suite(.requires(tool: "aiosmtpd")) struct SMTPDeliveryTests {
    @Test func aRealSMTPServerReceivesTheMessage() throws {
        let sink = try SMTPSink()
        let sender = try SMTPSender(url: sink.url, from: try MailAddress("noreply@apps.example.com"))
        try sender.send(try MailMessageTests.message())
        let received = try #require(sink.messages().first)
        #expect(received.contains("To: alice@example.com"))
        #expect(received.contains("Message-ID: <fixed@apps.example.com>"))
        let body = try #require(received.components(separatedBy: "\n\n").dropFirst().first)
        let decoded = try #require(Data(base64Encoded: body.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "")))
        #expect(String(decoding: decoded, as: UTF8.self) == "你好\r\nHello\r\n.\r\nend")
    }

    @Test func theOutboxSendsInTheBackground() throws {
        let sink = try SMTPSink()
        let outbox = MailOutbox(sender: try SMTPSender(url: sink.url, from: try MailAddress("noreply@apps.example.com")), log: { _ in })
        for index in 0..<3 {
            #expect(outbox.enqueue(try MailMessageTests.message(subject: "message \(index)")))
        }
        // The sink has the third message a moment before the outbox counts it sent (libcurl returns after the reply):
        // wait for both, then check each.
        #expect(wait(until: { sink.messages().count == 3 && outbox.counts.sent == 3 }))
        #expect(sink.messages().count == 3)
        #expect(outbox.counts.sent == 3)
        outbox.stop()
        #expect(!outbox.enqueue(try MailMessageTests.message()), "a stopped outbox takes nothing")
    }
}
