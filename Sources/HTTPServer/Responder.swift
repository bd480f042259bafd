/// Turns a complete ``Request`` into a ``Response``: routing, error mapping, default headers and gzip.
///
/// The server calls it on its worker threads; tests call it directly, without sockets.
public struct Responder: Sendable {
    public let router: Router
    public let configuration: ServerConfiguration
    /// Renders errors for clients that want a page (not `/api/`, not JSON); nil uses a plain-text page.
    public let errorPage: (@Sendable (HTTPError, Request) -> Response)?
    public let problemWords: (@Sendable (HTTPError, Request) -> HTTPError)?

    /// `problemWords` may put a problem's title and detail in the request's language before it is sent as problem+json
    /// (the server's own refusals, such as ``WorkPoolError``'s, are written in English here).
    public init(router: Router, configuration: ServerConfiguration, errorPage: (@Sendable (HTTPError, Request) -> Response)? = nil,
                problemWords: (@Sendable (HTTPError, Request) -> HTTPError)? = nil) {
        self.router = router
        self.configuration = configuration
        self.errorPage = errorPage
        self.problemWords = problemWords
    }

    /// The finished response to `incoming`. An ``Response/offloaded(key:lane:_:)`` response's work runs inline here;
    /// the server instead runs it on its ``WorkPool`` (``route(_:)`` then ``complete(_:for:)``).
    public func respond(to incoming: Request) -> Response {
        let (request, routed) = route(incoming)
        var response = routed.offload == nil ? routed : complete(routed, for: request)
        finish(&response, for: request)
        return response
    }

    /// Routing and the handler, errors mapped; not finished, and possibly an offloaded placeholder.
    /// Returns the request with its path parameters, for ``complete(_:for:)`` and ``finish(_:for:)``.
    func route(_ incoming: Request) -> (Request, Response) {
        var request = incoming
        let match = router.match(request.method, request.path)
        switch match {
        case .found(let handler, let parameters):
            request.pathParameters = parameters
            do {
                return (request, try handler(request))
            } catch {
                return (request, errorResponse(for: error, request: request))
            }
        case .methodNotAllowed, .notFound:
            return (request, errorResponse(for: routingError(match, path: request.path, method: request.method), request: request))
        }
    }

    /// Runs an offloaded placeholder's work (and that of any placeholder it returns), errors mapped; headers
    /// the placeholder carried are added unless the result sets them.
    func complete(_ placeholder: Response, for request: Request) -> Response {
        var response = placeholder
        while let offload = response.offload {
            let carried = response.headers
            do {
                response = try offload.work()
            } catch {
                response = errorResponse(for: error, request: request)
            }
            for (name, value) in carried where !response.headers.contains(name) { response.headers.add(name, value) }
        }
        return response
    }

    /// The 404 or 405 (with `Allow`) for a request no route handles.
    func routingError(_ match: Router.Match, path: String, method: HTTPMethod) -> HTTPError {
        if case .methodNotAllowed(let allowed) = match {
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            return HTTPError(.methodNotAllowed, detail: "\(method) is not allowed here; use \(allow).", headers: ["Allow": allow])
        }
        return HTTPError.notFound("No page or endpoint at \(path).")
    }

    /// The response for any error a handler threw. Unknown errors are logged and become a bare 500.
    public func errorResponse(for error: any Error, request: Request) -> Response {
        let httpError: HTTPError
        switch error {
        case let error as HTTPError: httpError = error
        case _ where DiskFull.isDiskFull(error):
            logError("\(request.method) \(request.path): the disk is full: \(String(reflecting: error))")
            httpError = DiskFull().httpError
        case let error as any HTTPErrorConvertible:
            httpError = error.httpError
            // A 5xx other than an overload (503) is a fault: log what really happened, whatever the client is told.
            if httpError.status.code >= 500, httpError.status != .serviceUnavailable { logError("\(request.method) \(request.path): \(String(reflecting: error))") }
        default:
            logError("\(request.method) \(request.path): \(String(reflecting: error))")
            httpError = HTTPError(.internalServerError, detail: "The server failed to handle this request.")
        }
        if request.prefersJSON || errorPage == nil && request.method != .get {
            return .problem(problemWords?(httpError, request) ?? httpError, instance: request.path)
        }
        if let errorPage {
            var response = errorPage(httpError, request)
            response.status = httpError.status
            for (name, value) in httpError.headers { response.headers.set(name, value) }
            return response
        }
        var response = Response.text("\(httpError.status.code) \(httpError.title)\n\(httpError.detail ?? "")\n", status: httpError.status)
        for (name, value) in httpError.headers { response.headers.set(name, value) }
        return response
    }

    /// Default headers, then gzip for large textual bodies the client accepts. ``respond(to:)`` does it; a
    /// caller that answers with ``errorResponse(for:request:)`` itself (a request refused before routing) calls it.
    public func finish(_ response: inout Response, for request: Request) {
        for (name, value) in configuration.defaultHeaders where !response.headers.contains(name) {
            response.headers.add(name, value)
        }
        guard case .bytes(let bytes) = response.body, bytes.count >= configuration.compressionMinimumSize,
            request.method != .head, !response.headers.contains("Content-Encoding"),
            Gzip.isCompressible(response.headers["Content-Type"])
        else { return }
        if !response.headers.values("Vary").contains("Accept-Encoding") { response.headers.add("Vary", "Accept-Encoding") }
        guard Gzip.isAccepted(request.headers["Accept-Encoding"]),
            let compressed = Gzip.compress(bytes, level: configuration.compressionLevel)
        else { return }
        response.body = .bytes(compressed)
        response.headers.set("Content-Encoding", "gzip")
    }
}

/// Writes one line to stderr with a single `write(2)`, so lines from several threads never interleave.
func logLine(_ line: String) {
    var text = line
    text.append("\n")
    text.withUTF8 { buffer in _ = writeToStandardError(buffer.baseAddress, buffer.count) }
}

func logError(_ message: String) { logLine("error: \(message)") }
