import CCurl

/// What libcurl's callbacks of one transfer read and write: the address policy, the limits, the answer so far.
/// Used on one thread only (libcurl calls back on the thread running `curl_easy_perform`).
final class TransferState {
    let policy: AddressPolicy
    let bodyLimit: Int
    let headerLimit: Int
    private(set) var headers: [(name: String, value: String)] = []
    private(set) var body: [UInt8] = []
    private var headerBytes = 0
    /// The first address the policy refused, as numeric text.
    private(set) var refusedAddress: String?
    /// Set when a limit stopped the transfer; `tooLargeLimit` is that limit.
    private(set) var tooLarge = false
    private(set) var tooLargeLimit = 0
    /// libcurl writes its detailed message here (`CURLOPT_ERRORBUFFER`).
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    init(policy: AddressPolicy, bodyLimit: Int, headerLimit: Int) {
        self.policy = policy
        self.bodyLimit = max(bodyLimit, 0)
        self.headerLimit = headerLimit
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit { errorBuffer.deallocate() }

    /// Whether the transfer may connect to `address`; remembers the first refusal.
    func mayConnect(to address: IPAddress) -> Bool {
        if policy.permits(address) { return true }
        if refusedAddress == nil { refusedAddress = address.text }
        return false
    }

    /// Appends body bytes; false (stop the transfer) once the limit would be passed.
    func receive(body chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= bodyLimit else { return stop(limit: bodyLimit) }
        body.append(contentsOf: chunk)
        return true
    }

    /// Takes one header line as libcurl delivers it (status line, field, continuation or the empty line).
    /// A status line starts a new answer (an interim 1xx or a followed redirect), so what came before is dropped.
    func receive(headerLine chunk: UnsafeRawBufferPointer) -> Bool {
        headerBytes += chunk.count
        guard headerBytes <= headerLimit else { return stop(limit: headerLimit) }
        var line = Array(chunk)
        while let last = line.last, last == 0x0A || last == 0x0D { line.removeLast() }
        if line.starts(with: Array("HTTP/".utf8)) {
            headers.removeAll()
            body.removeAll()
        } else if let first = line.first, first == 0x20 || first == 0x09, let previous = headers.popLast() {
            headers.append((previous.name, previous.value + " " + Self.trimmed(line[...])))  // obs-fold (RFC 9112 §5.2)
        } else if let colon = line.firstIndex(of: 0x3A) {
            headers.append((Self.trimmed(line[..<colon]), Self.trimmed(line[(colon + 1)...])))
        }
        return true
    }

    /// libcurl's detailed message for a failed transfer, or its generic text for `code`.
    func message(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    private func stop(limit: Int) -> Bool {
        tooLarge = true
        tooLargeLimit = limit
        return false
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
