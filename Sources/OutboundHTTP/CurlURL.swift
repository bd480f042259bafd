import CCurl
import Foundation

/// A URL parsed by libcurl's own parser (`curl_url`), so the host checked here is the host libcurl connects
/// to; the transfer sends this handle (`CURLOPT_CURLU`). Lives on one thread, for one `send`.
final class CurlURL {
    let handle: OpaquePointer
    /// The host when it is a numeric address (`203.0.113.7`, `[::1]`, and forms libcurl normalises such as
    /// `0x7f.1`); nil for a host name.
    let literalAddress: IPAddress?

    init(_ url: URL) throws(OutboundHTTPError) {
        let text = url.absoluteString
        guard text.utf8.count <= OutboundRequest.maximumURLLength else {
            throw .invalidURL("longer than \(OutboundRequest.maximumURLLength) bytes")
        }
        guard let handle = curl_url() else { throw .transport("curl_url: out of memory") }
        self.handle = handle
        let parsed = curl_url_set(handle, CURLUPART_URL, text, 0)
        guard parsed == CURLUE_OK else {
            literalAddress = nil
            throw .invalidURL("\(String(cString: curl_url_strerror(parsed))): \(text)")
        }
        let scheme = Self.part(CURLUPART_SCHEME, of: handle)?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            literalAddress = nil
            throw .invalidURL("only http and https are sent, not \(scheme ?? "a URL without scheme"): \(text)")
        }
        guard var host = Self.part(CURLUPART_HOST, of: handle), !host.isEmpty else {
            literalAddress = nil
            throw .invalidURL("no host: \(text)")
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        literalAddress = IPAddress(host)
    }

    deinit { curl_url_cleanup(handle) }

    /// A part as libcurl has it after parsing (`flags` of `curl_url_get`, e.g. `CURLU_NO_DEFAULT_PORT`).
    func part(_ part: CURLUPart, flags: UInt32 = 0) -> String? { Self.part(part, of: handle, flags: flags) }

    private static func part(_ part: CURLUPart, of handle: OpaquePointer, flags: UInt32 = 0) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
