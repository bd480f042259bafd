import CMicroHTTPD
import Foundation
import Synchronization

// libmicrohttpd calls these on its own worker threads. They are plain C function pointers defined in a
// library file (never in `main.swift`, whose top-level code is main-actor isolated: Swift 6's runtime
// check traps when a foreign thread enters it, `research/platform.md` §1.4). Their state comes through
// the context pointer (`ServerCore`), the per-request pointer (`RequestState`) and the per-connection
// pointer (`ConnectionState`).

/// `MHD_AccessHandlerCallback`: called once with the headers, then once per body chunk, then once more
/// with `*uploadDataSize == 0` when the body is complete.
let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let context, let connection, let url, let method, let uploadDataSize, let requestContext else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    if requestContext.pointee == nil {
        let state = core.begin(connection, url: url, method: method)
        requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
        if let rejection = state.rejection {  // e.g. Content-Length over the limit: answer before reading the body
            return core.queue(core.rejectionResponse(rejection, connection, url, method, headers: state.headers), connection, method: method, url: url, state: state)
        }
        return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(requestContext.pointee!).takeUnretainedValue()
    if let slot = state.offload {  // resumed: the work pool has left the response
        state.offload = nil
        guard let response = slot.response.withLock({ $0 }) else {
            logError("a resumed connection has no response for \(String(cString: url))")
            return .NO
        }
        return core.queue(response, connection, method: method, url: url, state: state)
    }
    if uploadDataSize.pointee > 0 {
        core.receive(UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee), into: state)
        uploadDataSize.pointee = 0
        return .YES
    }
    state.connection?.set(.responding)
    return core.respond(connection, url: url, method: method, state: state)
}

/// `MHD_RequestCompletedCallback`: runs for finished and aborted requests alike; frees the request state.
let requestCompleted: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
    guard let context, let requestContext, let pointer = requestContext.pointee else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    requestContext.pointee = nil
    state.connection?.set(.awaitingHeaders(since: monotonicNanoseconds()))
    if state.isOffloaded { core.offloads.withLock { $0.count -= 1 } }
    core.requestsInFlight.subtract(1, ordering: .releasing)
}

/// `MHD_NotifyConnectionCallback`: a connection opened or closed; keeps the watchdog's registry.
let connectionNotified: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
    guard let context, let connection, let socketContext else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        let address = CMicroHTTPD_clientAddress(connection).map(ConnectionFairness.addressKey) ?? ""
        let state = ConnectionState(socket: CMicroHTTPD_socket(connection), address: address)
        core.watchdog.register(state)
        socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
    } else if let pointer = socketContext.pointee {
        let state = Unmanaged<ConnectionState>.fromOpaque(pointer).takeRetainedValue()
        core.watchdog.unregister(state)
        socketContext.pointee = nil
    }
}

/// `MHD_AcceptPolicyCallback`: refuses a connection whose address already holds its share of the slots
/// (``ConnectionFairness``); libmicrohttpd then closes it without an answer.
let acceptPolicy: MHD_AcceptPolicyCallback = { context, address, _ in
    guard let context, let address else { return .YES }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    return core.watchdog.admits(ConnectionFairness.addressKey(address)) ? .YES : .NO
}

/// Percent-decodes the URL path and query arguments in place (libmicrohttpd's `MHD_OPTION_UNESCAPE_CALLBACK`),
/// except `%00`: a NUL would end the C string and silently cut the path (`/a.css%00.png` → `/a.css`), so it is
/// left encoded and the request matches nothing. Returns the new length.
let unescapeURL: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
    guard let text else { return 0 }
    let length = strlen(text)
    var read = 0
    var write = 0
    func hex(_ byte: CChar) -> UInt8? {
        switch UInt8(bitPattern: byte) {
        case 48...57: UInt8(bitPattern: byte) - 48
        case 65...70: UInt8(bitPattern: byte) - 55
        case 97...102: UInt8(bitPattern: byte) - 87
        default: nil
        }
    }
    while read < length {
        if text[read] == 37, read + 2 < length, let high = hex(text[read + 1]), let low = hex(text[read + 2]), high | low != 0 {
            text[write] = CChar(bitPattern: high << 4 | low)
            read += 3
        } else {
            text[write] = text[read]
            read += 1
        }
        write += 1
    }
    text[write] = 0
    return write
}

extension ServerCore {
    /// First call for a request: headers are in. Applies the size limits that `Content-Length` already tells.
    func begin(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>) -> RequestState {
        requestsInFlight.add(1, ordering: .relaxed)
        let connectionState = CMicroHTTPD_socketContext(connection).map {
            Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue()
        }
        let state = RequestState(connection: connectionState)
        connectionState?.set(.receivingBody(since: monotonicNanoseconds(), bytes: 0))
        let headers = headers(connection)
        state.headers = headers
        let contentType = headers["Content-Type"]
        let declaredLength = headers["Content-Length"].flatMap { Int($0) }
        state.declaredLength = declaredLength
        if let problem = HeaderSyntax.problem(connection, requestStart: method) ?? framingProblem(headers) {
            state.rejection = problem
        } else if let path = url, case let match = responder.router.match(HTTPMethod(rawValue: String(cString: method)), String(cString: path)),
                  !match.isFound {
            // No handler will read this body: answer now instead of receiving (and storing) it.
            state.rejection = responder.routingError(match, path: String(cString: path), method: HTTPMethod(rawValue: String(cString: method)))
        } else if let contentType, contentType.lowercased().hasPrefix("multipart/form-data") {
            if let declaredLength, declaredLength > configuration.maximumUploadSize {
                state.rejection = Self.tooLarge(limit: configuration.maximumUploadSize)
            } else if let parser = MultipartParser(contentType: contentType, directory: configuration.uploadDirectory,
                                                   maximumFileSize: configuration.maximumUploadSize) {
                state.multipart = parser
            } else {
                state.rejection = .multipartWithoutBoundary
            }
        } else if let declaredLength, declaredLength > configuration.maximumBodySize {
            state.rejection = Self.tooLarge(limit: configuration.maximumBodySize)
        }
        return state
    }

    /// Refuses what would let a proxy and this server disagree about where a request ends (request
    /// smuggling, RFC 9112 §6.3), codings we cannot decode, and header blocks over the limit.
    func framingProblem(_ headers: HTTPHeaders) -> HTTPError? {
        let lengths = Set(headers.values("Content-Length").map { $0.trimmingSpaces() })
        let codings = headers.values("Transfer-Encoding")
        if !codings.isEmpty && !lengths.isEmpty {
            return HTTPError(.badRequest, detail: "A request may not carry both Transfer-Encoding and Content-Length.", headers: ["Connection": "close"])
        }
        if lengths.count > 1 || lengths.contains(where: { Int($0) == nil }) {
            return HTTPError(.badRequest, detail: "Content-Length must be one number.", headers: ["Connection": "close"])
        }
        if !codings.isEmpty, codings.joined(separator: ",").split(separator: ",").map({ $0.trimmingSpaces().lowercased() }) != ["chunked"] {
            return HTTPError(.notImplemented, detail: "Only Transfer-Encoding: chunked is supported.", headers: ["Connection": "close"])
        }
        let size = headers.fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if size > configuration.maximumHeaderSize {
            return HTTPError(.requestHeaderFieldsTooLarge,
                             detail: "The request headers take \(size) bytes; the limit is \(configuration.maximumHeaderSize).",
                             headers: ["Connection": "close"])
        }
        return nil
    }

    /// A body chunk: appended, streamed to the multipart parser, or dropped once a limit has been broken.
    func receive(_ chunk: UnsafeRawBufferPointer, into state: RequestState) {
        state.connection?.addBodyBytes(chunk.count)
        state.receivedBytes += chunk.count
        guard state.rejection == nil else { return }
        if let parser = state.multipart {
            guard state.receivedBytes <= configuration.maximumUploadSize else {
                state.rejection = Self.tooLarge(limit: configuration.maximumUploadSize)
                return
            }
            do {
                try parser.feed(chunk)
            } catch .fileTooLarge(let limit) {
                state.rejection = Self.tooLarge(limit: limit)
            } catch {
                state.rejection = Self.multipartProblem(error)
            }
        } else if state.body.count + chunk.count > configuration.maximumBodySize {
            state.rejection = Self.tooLarge(limit: configuration.maximumBodySize)
            state.body = []
        } else {
            state.body.append(contentsOf: chunk)
        }
    }

    /// The body is complete: build the request and run the responder, then queue its response or, for an
    /// offloaded one, suspend the connection while the work pool runs the slow part.
    func respond(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, state: RequestState) -> MHD_Result {
        var request = makeRequest(connection, url: url, method: method, state: state)
        var response: Response
        if let rejection = state.rejection {
            response = responder.errorResponse(for: rejection, request: request)
        } else if let parser = state.multipart, !parser.isComplete {
            response = responder.errorResponse(for: HTTPError.multipartUnfinished, request: request)
        } else {
            (request, response) = responder.route(request)
            if let offload = response.offload {
                return suspend(connection, for: offload, placeholder: response, request: request, state: state, method: method, url: url)
            }
        }
        responder.finish(&response, for: request)
        return queue(response, connection, method: method, url: url, state: state)
    }

    /// Suspends the connection (`MHD_suspend_connection`) and submits the placeholder's work to the pool; the job
    /// finishes its response, leaves it in the request state and resumes the connection, whose next access-handler
    /// call queues it. A refused submission (lane full, key over quota) resumes at once with its 503/429, work that waited
    /// past its lane's limit with 503.
    private func suspend(_ connection: OpaquePointer, for offload: Offload, placeholder: Response, request: Request, state: RequestState,
                         method: UnsafePointer<CChar>, url: UnsafePointer<CChar>) -> MHD_Result {
        let isOpen = offloads.withLock { offloads in
            if !offloads.isClosed { offloads.count += 1 }
            return !offloads.isClosed
        }
        guard isOpen else {
            var response = responder.errorResponse(for: Self.stopping, request: request)
            responder.finish(&response, for: request)
            return queue(response, connection, method: method, url: url, state: state)
        }
        let slot = OffloadSlot(connection: connection)
        state.offload = slot
        state.isOffloaded = true
        MHD_suspend_connection(connection)
        do {
            try workPool.submit(offload.lane, key: offload.key) { [self] in
                let isClosed = offloads.withLock { $0.isClosed }
                var response = isClosed
                    ? responder.errorResponse(for: Self.stopping, request: request) : responder.complete(placeholder, for: request)
                responder.finish(&response, for: request)
                resume(slot, with: response)
            } expired: { [self] error in
                var response = responder.errorResponse(for: error, request: request)
                responder.finish(&response, for: request)
                resume(slot, with: response)
            }
        } catch {
            var response = responder.errorResponse(for: error, request: request)
            responder.finish(&response, for: request)
            resume(slot, with: response)
        }
        return .YES
    }

    private func resume(_ slot: OffloadSlot, with response: Response) {
        slot.response.withLock { $0 = response }
        MHD_resume_connection(slot.connection)
    }

    /// The answer to offloaded work that a stop past its grace period will not run.
    static let stopping = HTTPError(.serviceUnavailable, detail: "The server is stopping; try again in a moment.",
                                    headers: ["Retry-After": "5", "Connection": "close"])

    /// The answer for a request refused on its headers alone; the connection is then closed.
    func rejectionResponse(_ error: HTTPError, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>, _ method: UnsafePointer<CChar>,
                           headers: HTTPHeaders) -> Response {
        var request = Request(method: HTTPMethod(rawValue: String(cString: method)), path: String(cString: url))
        request.headers = headers
        request.clientAddress = ForwardedFor.clientAddress(peer: clientAddress(connection), headers: headers,
                                                           trustedProxies: configuration.trustedProxies)
        var response = responder.errorResponse(for: error, request: request)
        response.headers.set("Connection", "close")
        responder.finish(&response, for: request)
        return response
    }

    private func makeRequest(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, state: RequestState) -> Request {
        let body: RequestBody
        if let parser = state.multipart, state.rejection == nil {
            body = .multipart(MultipartForm(fields: parser.fields, files: parser.files))
        } else {
            body = state.body.isEmpty ? .empty : .bytes(state.body)
        }
        return Request(
            method: HTTPMethod(rawValue: String(cString: method)), path: String(cString: url),
            query: queryArguments(connection), headers: state.headers, body: body,
            clientAddress: ForwardedFor.clientAddress(peer: clientAddress(connection), headers: state.headers,
                                                      trustedProxies: configuration.trustedProxies), isSecure: false)
    }

    /// Hands the response to libmicrohttpd and writes the access-log line. A body libmicrohttpd cannot take
    /// (see ``makeResponse(_:)``) is answered with its 404 or 500 problem instead of a dropped connection.
    func queue(_ response: Response, _ connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>, state: RequestState) -> MHD_Result {
        var response = response
        let mhdResponse: OpaquePointer
        switch makeResponse(response) {
        case .success(let created):
            mhdResponse = created
        case .failure(let problem):
            response = rejectionResponse(problem, connection, url, method, headers: state.headers)
            guard case .success(let created) = makeResponse(response) else {
                logError("cannot create a response for \(Self.loggable(String(cString: url)))")
                return .NO
            }
            mhdResponse = created
        }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(mhdResponse, name, value)
        }
        let result = MHD_queue_response(connection, UInt32(response.status.code), mhdResponse)
        MHD_destroy_response(mhdResponse)
        if configuration.isAccessLogEnabled {
            let micros = (monotonicNanoseconds() - state.startedAt) / 1000
            let milliseconds = "\(micros / 1000).\(String(micros % 1000 / 100))"
            let outcome = result == .YES ? "" : " (not sent)"
            logLine("\(clientAddress(connection)) \(Self.loggable(String(cString: method))) \(Self.loggable(String(cString: url))) "
                    + "\(response.status.code) \(milliseconds)ms \(response.contentLength)B\(outcome)")
        }
        return result
    }

    /// libmicrohttpd's response for `response`'s body, or the problem to answer instead: a file that cannot be
    /// opened because it is gone (deleted after the handler looked) is `404`; any other failure (unreadable,
    /// not a regular file, out of memory) is logged and `500`. A file is sent at its size when opened, so one
    /// that changed size since the handler's `stat` still gets a complete response.
    private func makeResponse(_ response: Response) -> Result<OpaquePointer, HTTPError> {
        let internalError = HTTPError(.internalServerError, detail: "The server failed to handle this request.")
        switch response.body {
        case .bytes(let bytes):
            let created = bytes.withUnsafeBytes {
                MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
            guard let created else {
                logError("cannot create a response of \(bytes.count) bytes")
                return .failure(internalError)
            }
            return .success(created)
        case .file(let path, _):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT || code == ENOTDIR { return .failure(.notFound("The file is no longer available.")) }
                logError("cannot open \(path): \(String(cString: strerror(code)))")
                return .failure(internalError)
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                let created = MHD_create_response_from_fd64(UInt64(info.st_size), descriptor)
            else {
                close(descriptor)
                logError("cannot send \(path): not a readable regular file")
                return .failure(internalError)
            }
            return .success(created)
        }
    }

    /// The text with control characters (newlines, escape sequences) shown as `\xNN`, so a request path
    /// can neither forge log lines nor drive a terminal.
    static func loggable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\x" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// 413 for a body over `limit` bytes, its detail in Chinese and English (``HTTPError/details``): a page's script shows it
    /// as it comes.
    static func tooLarge(limit: Int) -> HTTPError {
        let size = ByteCountFormatter.string(fromByteCount: Int64(limit), countStyle: .binary)
        var error = HTTPError(.contentTooLarge, detail: "The request body is larger than the limit of \(size) (\(limit) bytes).")
        error.details = ["zh-Hans": "提交的内容超过了 \(size)（\(limit) 字节）的上限。", "en": error.detail ?? ""]
        return error
    }

    /// The 413 for a multipart body of more than `limit` parts, in both languages (``HTTPError/details``): a page
    /// says how many files a form takes at most, not that a file is too large.
    static func tooManyParts(limit: Int) -> HTTPError {
        var error = HTTPError(.contentTooLarge, detail: "The form holds more than \(limit) parts (files and fields together); send fewer files at once.")
        error.details = ["zh-Hans": "一次最多提交 \(limit) 项（文件和表单字段合计），请减少文件数量后分批上传。", "en": error.detail ?? ""]
        return error
    }

    static func multipartProblem(_ failure: MultipartParser.Failure) -> HTTPError {
        switch failure {
        case .malformed(let reason): .badRequest("The multipart body is malformed: \(reason).")
        case .fileTooLarge(let limit): tooLarge(limit: limit)
        case .tooManyParts(let limit): tooManyParts(limit: limit)
        case .fieldTooLarge(let limit): HTTPError(.contentTooLarge, detail: "A form field is larger than \(limit) bytes.")
        case .diskFull: DiskFull().httpError
        }
    }

    private func lookup(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    private func headers(_ connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let headers = context.assumingMemoryBound(to: HTTPHeaders.self)
                headers.pointee.add(String(cString: key), value.map { String(cString: $0) } ?? "")
                return .YES
            }, pointer)
        }
        return headers
    }

    private func queryArguments(_ connection: OpaquePointer) -> FormData {
        var form = FormData()
        withUnsafeMutablePointer(to: &form) { pointer in
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let form = context.assumingMemoryBound(to: FormData.self)
                form.pointee.append(String(cString: key), value.map { String(cString: $0) } ?? "")
                return .YES
            }, pointer)
        }
        return form
    }

    private func clientAddress(_ connection: OpaquePointer) -> String {
        guard let address = CMicroHTTPD_clientAddress(connection) else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var inAddress = v4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &inAddress, &text, socklen_t(text.count))
            }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var inAddress = v6.pointee.sin6_addr
                _ = inet_ntop(AF_INET6, &inAddress, &text, socklen_t(text.count))
            }
        default: return ""
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
