import CCurl
import Foundation

/// libcurl's process-wide set-up (TLS library, DNS resolver threads), run once before the first transfer:
/// a global `let` is initialised exactly once, thread-safely.
private let curlGlobalInit = curl_global_init(Int(CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32))

/// One attempt of an exchange: an easy handle from the client's pool set up from the request, performed on the
/// calling thread.
struct CurlTransfer {
    /// What an attempt ended with, and whether ``RetryPolicy/idempotent(attempts:baseDelay:)`` may try again.
    struct Outcome {
        var result: Result<OutboundResponse, OutboundHTTPError>
        /// nil: final. Otherwise worth another try after at least this long (the answer's `Retry-After`, else zero).
        var retryAfter: Duration?
    }

    /// Response header fields accepted per exchange, in bytes.
    static let maximumHeaderBytes = 64 * 1024

    let request: OutboundRequest
    let target: CurlURL
    let userAgent: String
    /// What is left of the request's time-out.
    let timeout: Duration

    func perform(using handles: EasyHandlePool) -> Outcome {
        guard curlGlobalInit == CURLE_OK else {
            return Outcome(result: .failure(.transport("curl_global_init: \(String(cString: curl_easy_strerror(curlGlobalInit)))")))
        }
        guard let easy = handles.take(for: request.addressPolicy) else {
            return Outcome(result: .failure(.transport("curl_easy_init failed")))
        }
        let handle = easy.pointer
        let state = TransferState(policy: request.addressPolicy, bodyLimit: request.maxResponseBytes, headerLimit: Self.maximumHeaderBytes)
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer {
            curl_easy_reset(handle)  // drops every option (and its pointers into `state` and `target`), keeps connections
            curl_slist_free_all(headerList)
            handles.giveBack(easy, for: request.addressPolicy)
        }
        do {
            headerList = try configure(handle, state: state)
        } catch {
            return Outcome(result: .failure(error))
        }
        let code = withExtendedLifetime(state) { curl_easy_perform(handle) }
        return outcome(code, handle: handle, state: state)
    }

    private func configure(_ handle: UnsafeMutableRawPointer, state: TransferState) throws(OutboundHTTPError) -> UnsafeMutablePointer<curl_slist>? {
        let context = Unmanaged.passUnretained(state).toOpaque()
        try check(CCurl_setPointer(handle, CURLOPT_ERRORBUFFER, state.errorBuffer))
        try check(CCurl_setLong(handle, CURLOPT_NOSIGNAL, 1))
        try check(CCurl_setLong(handle, CURLOPT_MAXCONNECTS, EasyHandlePool.connectionsPerHandle))
        try check(CCurl_setPointer(handle, CURLOPT_CURLU, UnsafeMutableRawPointer(target.handle)))
        try check(CCurl_setString(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        try check(CCurl_setString(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        try check(CCurl_setString(handle, CURLOPT_PROXY, ""))
        try check(CCurl_setOpenSocketCallback(handle, openSocket))
        try check(CCurl_setPointer(handle, CURLOPT_OPENSOCKETDATA, context))
        try check(CCurl_setDataCallback(handle, CURLOPT_WRITEFUNCTION, receiveBody))
        try check(CCurl_setPointer(handle, CURLOPT_WRITEDATA, context))
        try check(CCurl_setDataCallback(handle, CURLOPT_HEADERFUNCTION, receiveHeader))
        try check(CCurl_setPointer(handle, CURLOPT_HEADERDATA, context))
        try check(CCurl_setOffset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(request.maxResponseBytes, 0))))
        try check(CCurl_setLong(handle, CURLOPT_TIMEOUT_MS, milliseconds(timeout)))
        try check(CCurl_setLong(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(request.connectTimeout, timeout))))
        let redirects = min(max(request.maxRedirects, 0), OutboundRequest.maximumRedirects)
        try check(CCurl_setLong(handle, CURLOPT_FOLLOWLOCATION, redirects > 0 ? 1 : 0))
        try check(CCurl_setLong(handle, CURLOPT_MAXREDIRS, redirects))
        try check(CCurl_setString(handle, CURLOPT_ACCEPT_ENCODING, ""))
        try check(CCurl_setString(handle, CURLOPT_USERAGENT, userAgent))
        try setMethodAndBody(handle)

        var list: UnsafeMutablePointer<curl_slist>?
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        // libcurl's own fields that the request did not ask for: `Expect: 100-continue` (a wait on servers that
        // ignore it) and `Content-Type: application/x-www-form-urlencoded` on every body.
        for name in ["Expect", "Content-Type"] where !request.headers.contains(where: { $0.name.lowercased() == name.lowercased() }) {
            lines.append("\(name):")
        }
        for line in lines {
            guard let longer = curl_slist_append(list, line) else {
                curl_slist_free_all(list)
                throw .transport("curl_slist_append: out of memory")
            }
            list = longer
        }
        do {
            try check(CCurl_setList(handle, CURLOPT_HTTPHEADER, list))
        } catch {
            curl_slist_free_all(list)
            throw error
        }
        return list
    }

    /// GET and HEAD without a body use libcurl's own modes; anything with a body (and POST always) sends it
    /// with `Content-Length`, under its own method name unless POST.
    private func setMethodAndBody(_ handle: UnsafeMutableRawPointer) throws(OutboundHTTPError) {
        let method = request.method
        if request.body == nil && method != "POST" {
            switch method {
            case "GET": try check(CCurl_setLong(handle, CURLOPT_HTTPGET, 1))
            case "HEAD": try check(CCurl_setLong(handle, CURLOPT_NOBODY, 1))
            default: try check(CCurl_setString(handle, CURLOPT_CUSTOMREQUEST, method))
            }
            return
        }
        let body = request.body ?? []
        try check(CCurl_setOffset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        let payload = body.isEmpty ? [0] : body  // a valid pointer even for no bytes; the size above says 0
        try check(payload.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { CCurl_setString(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
        })
        if method != "POST" { try check(CCurl_setString(handle, CURLOPT_CUSTOMREQUEST, method)) }
    }

    private func outcome(_ code: CURLcode, handle: UnsafeMutableRawPointer, state: TransferState) -> Outcome {
        if code == CURLE_OK {
            var status = 0
            _ = CCurl_getLong(handle, CURLINFO_RESPONSE_CODE, &status)
            let response = OutboundResponse(status: status, headers: state.headers, body: state.body)
            guard [429, 502, 503, 504].contains(status) else { return Outcome(result: .success(response)) }
            return Outcome(result: .success(response), retryAfter: RetryAfter.parse(response.header("Retry-After")) ?? .zero)
        }
        if state.tooLarge { return Outcome(result: .failure(.responseTooLarge(limit: state.tooLargeLimit))) }
        switch code {
        case CURLE_COULDNT_CONNECT where state.refusedAddress != nil:
            return Outcome(result: .failure(.forbiddenAddress(state.refusedAddress ?? "")))
        case CURLE_OPERATION_TIMEDOUT:
            return Outcome(result: .failure(.timedOut), retryAfter: .zero)
        case CURLE_FILESIZE_EXCEEDED:
            return Outcome(result: .failure(.responseTooLarge(limit: request.maxResponseBytes)))
        case CURLE_TOO_MANY_REDIRECTS:
            return Outcome(result: .failure(.tooManyRedirects))
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR,
             CURLE_PARTIAL_FILE:
            return Outcome(result: .failure(.transport(state.message(for: code))), retryAfter: .zero)
        default:
            return Outcome(result: .failure(.transport(state.message(for: code))))
        }
    }

    private func check(_ code: CURLcode) throws(OutboundHTTPError) {
        guard code == CURLE_OK else { throw .transport("libcurl refused an option: \(String(cString: curl_easy_strerror(code)))") }
    }

    private func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
