import CCurl
import Foundation

/// Sends one message at a time through an SMTP server with libcurl (Debian `libcurl4-openssl-dev`), which
/// speaks SMTP, STARTTLS and AUTH: `smtp://[user:password@]host[:port]` (STARTTLS when the server offers
/// it, required when the URL carries a password), or `smtps://…` (TLS from the first byte). Blocking: call it
/// off request threads (``MailOutbox`` does).
public struct SMTPSender: MailSender {
    public let url: String
    public let from: MailAddress
    /// Connect and whole-exchange limit (default 30 s).
    public let timeout: Duration

    /// - Throws: ``MailError/invalidServerURL(_:)``.
    public init(url: String, from: MailAddress, timeout: Duration = .seconds(30)) throws(MailError) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
              let host = parsed.host, !host.isEmpty, parsed.path.isEmpty || parsed.path == "/"
        else { throw .invalidServerURL(Self.redacted(url)) }
        self.url = url
        self.from = from
        self.timeout = timeout
    }

    /// The URL without its password, for logs and errors.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "smtp://***"
    }

    public func send(_ message: MailMessage) throws(MailError) {
        guard curlGlobalInit == CURLE_OK else { throw .transport("curl_global_init failed") }
        guard let handle = curl_easy_init() else { throw .transport("curl_easy_init failed") }
        let upload = Upload(bytes: message.rfc5322())
        var recipients: UnsafeMutablePointer<curl_slist>?
        defer {
            curl_easy_cleanup(handle)
            curl_slist_free_all(recipients)
        }
        recipients = curl_slist_append(nil, "<\(message.to.address)>")
        let milliseconds = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let hasPassword = URLComponents(string: url)?.password != nil
        let context = Unmanaged.passUnretained(upload).toOpaque()
        let codes = [
            CCurl_setPointer(handle, CURLOPT_ERRORBUFFER, upload.errorBuffer),
            CCurl_setLong(handle, CURLOPT_NOSIGNAL, 1),
            CCurl_setString(handle, CURLOPT_URL, url),
            CCurl_setString(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps"),
            CCurl_setString(handle, CURLOPT_PROXY, ""),
            CCurl_setLong(handle, CURLOPT_USE_SSL, Int(hasPassword ? CURLUSESSL_ALL.rawValue : CURLUSESSL_TRY.rawValue)),
            CCurl_setString(handle, CURLOPT_MAIL_FROM, "<\(message.from.address)>"),
            CCurl_setList(handle, CURLOPT_MAIL_RCPT, recipients),
            CCurl_setLong(handle, CURLOPT_UPLOAD, 1),
            CCurl_setDataCallback(handle, CURLOPT_READFUNCTION, readMessage),
            CCurl_setPointer(handle, CURLOPT_READDATA, context),
            CCurl_setLong(handle, CURLOPT_TIMEOUT_MS, milliseconds),
            CCurl_setLong(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
        ]
        if let failed = codes.first(where: { $0 != CURLE_OK }) { throw .transport(String(cString: curl_easy_strerror(failed))) }
        let code = withExtendedLifetime(upload) { curl_easy_perform(handle) }
        guard code == CURLE_OK else {
            let detail = String(cString: upload.errorBuffer.assumingMemoryBound(to: CChar.self))
            throw .transport(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
    }
}

/// libcurl's process-wide set-up, run once before the first transfer (a global `let` is initialised once).
private let curlGlobalInit = curl_global_init(Int(CURL_GLOBAL_SSL))

/// The bytes of one message being uploaded, read by ``readMessage`` on the thread running the transfer.
final class Upload {
    let bytes: [UInt8]
    var offset = 0
    let errorBuffer = UnsafeMutableRawPointer.allocate(byteCount: Int(CURL_ERROR_SIZE), alignment: 1)

    init(bytes: [UInt8]) {
        self.bytes = bytes
        errorBuffer.storeBytes(of: 0, as: UInt8.self)
    }

    deinit { errorBuffer.deallocate() }
}

/// `CURLOPT_READFUNCTION`: copies the next part of the message into libcurl's buffer; 0 ends it.
let readMessage: curl_write_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
    let length = min(size * count, upload.bytes.count - upload.offset)
    upload.bytes.withUnsafeBytes { source in
        UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + upload.offset, byteCount: length)
    }
    upload.offset += length
    return length
}
