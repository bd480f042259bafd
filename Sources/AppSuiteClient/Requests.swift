import AppSuiteAPI
import Foundation

/// The one way every method of the client sends a request: builds it, sends it (again, per ``RetryPolicy``),
/// ends the session on a `401` to its token, and turns every answer that is not a success into an ``AppSuiteError``.
extension AppSuiteClient {
    /// One request of an ``Route``, before it is built.
    struct Call: Sendable {
        var endpoint: Route
        /// Values of the template's `{name}` segments.
        var path: [String: any CustomStringConvertible & Sendable] = [:]
        /// Query parameters in order; nil values are left out.
        var query: [(String, String?)] = []
        var body: HTTPRequest.Body = .empty
        var contentType: String?
        /// What the method reads (`Accept`).
        var accept = "application/json, application/problem+json"
        /// Sends the session's bearer token (all but register and log in).
        var authorized = true
        /// A `401` with `WWW-Authenticate` to the token ends the session (``SignOutReason/sessionEnded``); log out
        /// ends it itself.
        var endsSessionOn401 = true
        var progress: UploadProgressHandler?

        init(_ endpoint: Route, path: [String: any CustomStringConvertible & Sendable] = [:], query: [(String, String?)] = []) {
            self.endpoint = endpoint
            self.path = path
            self.query = query
        }

        /// The call with `model` as its JSON body.
        func json(_ model: some Encodable) throws(AppSuiteError) -> Call {
            var call = self
            do { call.body = .data(try APICoding.makeEncoder().encode(model)) } catch {
                throw .invalidRequest("the \(type(of: model)) body cannot be encoded: \(error)")
            }
            call.contentType = "application/json"
            return call
        }
    }

    /// Sends `call` and decodes its success as `Model`.
    func value<Model: Decodable>(_ call: Call, as model: Model.Type = Model.self) async throws(AppSuiteError) -> Model {
        try Self.decode(Model.self, from: try await response(call))
    }

    /// Sends `call` and decodes its success as `Model`; a `404` problem is nil.
    func optionalValue<Model: Decodable>(_ call: Call, as model: Model.Type = Model.self) async throws(AppSuiteError) -> Model? {
        do throws(AppSuiteError) {
            return try await value(call, as: Model.self)
        } catch {
            if case .problem(let problem) = error, problem.status == 404 { return nil }
            throw error
        }
    }

    /// Sends `call` and ignores the body of its success (`204`).
    func noContent(_ call: Call) async throws(AppSuiteError) {
        _ = try await response(call)
    }

    /// Sends `call` until it succeeds (2xx, answered) or fails for good (thrown).
    func response(_ call: Call) async throws(AppSuiteError) -> HTTPResponse {
        let token = call.authorized ? session.token : nil
        let request = try makeRequest(call, token: token)
        var attempt = 1
        while true {
            let response: HTTPResponse
            do {
                response = try await transport.send(request, progress: call.progress)
            } catch is CancellationError {
                throw .cancelled
            } catch let failure as TransportFailure {
                throw Task.isCancelled ? .cancelled : .transport(failure)
            } catch {
                throw Task.isCancelled ? .cancelled : .transport(TransportFailure(.other, "\(error)"))
            }
            if (200..<300).contains(response.status) { return response }
            if let delay = configuration.retry.delay(after: response, endpoint: call.endpoint, attempt: attempt) {
                do { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) } catch { throw .cancelled }
                attempt += 1
                continue
            }
            if response.status == 401, call.endsSessionOn401, let token, response.header("WWW-Authenticate") != nil {
                try? session.end(.sessionEnded, token: token)
            }
            throw Self.failure(response)
        }
    }

    func makeRequest(_ call: Call, token: String?) throws(AppSuiteError) -> HTTPRequest {
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        // A segment value that is empty, `.` or `..` would make another path once the URL is normalised (RFC 3986
        // §5.2.4): `DELETE /api/v1/me/sessions/.` is `DELETE /api/v1/me/sessions`, which signs out every session.
        if let (name, _) = call.path.first(where: { ["", ".", ".."].contains($0.value.description) }) {
            throw .invalidRequest("\(call.endpoint): `\(name)` may not be empty, `.` or `..`")
        }
        let path = APIPath.filled(call.endpoint.path, call.path)
        guard !path.contains("{") else { throw .invalidRequest("\(call.endpoint) needs a value for every segment of \(path)") }
        var text = base + path
        let query = call.query.compactMap { name, value in value.map { Self.queryEncoded(name) + "=" + Self.queryEncoded($0) } }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw .invalidRequest("not an http(s) URL: \(text)")
        }
        var headers = ["Accept": call.accept, "User-Agent": configuration.userAgent, "Accept-Language": acceptLanguage]
        if let token { headers["Authorization"] = "Bearer " + token }
        if let type = call.contentType { headers["Content-Type"] = type }
        return HTTPRequest(method: call.endpoint.method, url: url, headers: headers, body: call.body, timeout: configuration.timeout,
                           endpoint: call.endpoint)
    }

    private var acceptLanguage: String {
        if let language = configuration.language { return language }
        let preferred = Locale.preferredLanguages.prefix(3)
        guard !preferred.isEmpty else { return "zh" }
        return preferred.enumerated().map { $0.offset == 0 ? $0.element : "\($0.element);q=0.\(9 - $0.offset)" }.joined(separator: ", ")
    }

    /// A query name or value with everything but RFC 3986's unreserved characters percent-encoded.
    static func queryEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The error for an answer that is not a success: the server's problem when it sent one.
    static func failure(_ response: HTTPResponse) -> AppSuiteError {
        let type = response.mediaType
        if type == "application/problem+json" || type == "application/json",
           var problem = try? APICoding.makeDecoder().decode(Problem.self, from: response.body) {
            problem.status = response.status   // the response's status is the one that counts (RFC 9457 §3.1.2)
            return .problem(problem)
        }
        return unexpected(response, "a problem document (application/problem+json) with the error")
    }

    /// A success's JSON body as `Model`.
    static func decode<Model: Decodable>(_ model: Model.Type, from response: HTTPResponse) throws(AppSuiteError) -> Model {
        guard let type = response.mediaType, type == "application/json" || type.hasSuffix("+json") else {
            throw unexpected(response, "a JSON \(Model.self)")
        }
        do {
            return try APICoding.makeDecoder().decode(Model.self, from: response.body)
        } catch {
            throw .decoding(.init(model: "\(Model.self)", status: response.status, message: describe(error)))
        }
    }

    static func unexpected(_ response: HTTPResponse, _ expected: String) -> AppSuiteError {
        .unexpectedResponse(.init(status: response.status, mediaType: response.mediaType, reason: "expected " + expected,
                                  bodyPrefix: String(decoding: response.body.prefix(512), as: UTF8.self)))
    }

    /// A decoding error in words: where in the document and what.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return (keys.isEmpty ? "the document" : keys) + ": " + context.debugDescription
        }
        switch error as? DecodingError {
        case .dataCorrupted(let context): return path(context)
        case .keyNotFound(let key, let context): return path(context) + " (missing \(key.stringValue))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return path(context)
        default: return "\(error)"
        }
    }
}
