import Foundation

/// One plain-text e-mail as RFC 5322 bytes: UTF-8 subject and display name as RFC 2047 encoded words,
/// the body as `text/plain; charset=UTF-8` in base64 (RFC 2045), so no line is too long and none starts
/// with a dot, whatever the text.
public struct MailMessage: Sendable, Equatable {
    public var from: MailAddress
    /// The one recipient.
    public var to: MailAddress
    /// Any text; encoded as needed.
    public var subject: String
    /// The body, with `\n` line ends (sent as CRLF).
    public var text: String
    /// UTC seconds since 1970, for the `Date` header.
    public var date: Int64
    /// `Message-ID` without the angle brackets: random, `@` the sender's domain.
    public var messageID: String

    public init(from: MailAddress, to: MailAddress, subject: String, text: String, date: Int64, messageID: String? = nil) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.date = date
        self.messageID = messageID ?? UUID().uuidString.lowercased() + "@" + from.domain
    }

    /// The message as sent: header fields, a blank line and the base64 body, CRLF line ends.
    public func rfc5322() -> [UInt8] {
        var lines = [
            "Date: " + Self.date(date),
            "From: " + from.header,
            "To: " + to.header,
            "Subject: " + EncodedWord.encode(subject, prefixLength: "Subject: ".count),
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        let body = Data(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        lines.append(body.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]))
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// RFC 5322 §3.3 date-time in UTC: `Tue, 01 Dec 2026 16:36:41 +0000`.
    static func date(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

/// An e-mail address with an optional display name.
public struct MailAddress: Sendable, Hashable {
    /// `local@domain`, as checked by ``validate(_:)``.
    public let address: String
    public let name: String?

    /// - Throws: ``MailError/invalidAddress(_:)`` (see ``validate(_:)``).
    public init(_ address: String, name: String? = nil) throws(MailError) {
        try Self.validate(address)
        self.address = address
        self.name = name
    }

    public var domain: String { String(address[address.index(after: address.lastIndex(of: "@")!)...]) }

    /// The longest address accepted, in bytes (RFC 5321 §4.5.3.1.3 path limit less the brackets).
    public static let maximumLength = 254

    /// The addresses AppSuite sends to: ASCII only (no SMTPUTF8), 3–254 bytes, one `@`; the local part
    /// 1–64 of letters, digits and ``!#$%&'*+-/=?^_`{|}~.`` (RFC 5322 dot-atom, no leading, trailing or
    /// doubled dot); the domain dot-separated labels of letters, digits and `-` (not at either end),
    /// 1–63 bytes each. Quoted local parts and address literals are refused: they are legal but no
    /// one types them, and they carry characters that belong in no header.
    public static func validate(_ address: String) throws(MailError) {
        let bytes = Array(address.utf8)
        guard (3...maximumLength).contains(bytes.count), bytes.allSatisfy({ $0 < 0x80 }),
              let at = bytes.lastIndex(of: UInt8(ascii: "@")), bytes.firstIndex(of: UInt8(ascii: "@")) == at
        else { throw .invalidAddress(address) }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard (1...64).contains(local.count),
              local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy({ atom in
                  !atom.isEmpty && atom.allSatisfy { isAlphanumeric($0) || atext.contains($0) }
              })
        else { throw .invalidAddress(address) }
        guard domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy({ label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }) else { throw .invalidAddress(address) }
    }

    /// `"=?UTF-8?B?…?=" <address>` or the bare address.
    var header: String {
        guard let name, !name.isEmpty else { return address }
        return EncodedWord.encode(name, prefixLength: 6) + " <\(address)>"
    }
}

/// RFC 2047 encoded words (`=?UTF-8?B?…?=`) for header text that is not plain printable ASCII.
enum EncodedWord {
    /// `text` as it is when it is printable ASCII without `=?`, else as base64 encoded words of at most 75
    /// characters, each holding whole characters (RFC 2047 §5 forbids splitting one), folded onto
    /// continuation lines.
    static func encode(_ text: String, prefixLength: Int) -> String {
        let plain = text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !text.contains("=?")
        if plain && prefixLength + text.utf8.count <= 78 { return text }
        // A line holding encoded words has at most 76 characters (RFC 2047 §2): the first word shares its line
        // with the field name, the others follow one space. Less the 12 of "=?UTF-8?B?" and "?=", whole groups
        // of 4 base64 characters, each holding 3 bytes.
        func capacity(_ used: Int) -> Int { max(1, (76 - used - 12) / 4) * 3 }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > capacity(words.isEmpty ? prefixLength : 1), !chunk.isEmpty {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ bytes: [UInt8]) -> String { "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?=" }
}

/// What sending mail can fail with.
public enum MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an address AppSuite sends to (``MailAddress/validate(_:)``).
    case invalidAddress(String)
    /// The SMTP URL is not `smtp://` or `smtps://` with a host.
    case invalidServerURL(String)
    /// The exchange with the mail server failed; libcurl's own text.
    case transport(String)

    public var description: String {
        switch self {
        case .invalidAddress(let address): "not a usable e-mail address: \(address)"
        case .invalidServerURL(let url): "not an smtp:// or smtps:// URL with a host: \(url)"
        case .transport(let text): "mail server: \(text)"
        }
    }
}
