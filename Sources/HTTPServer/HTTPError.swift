/// An error that becomes an HTTP response: RFC 9457 problem details for the API, a friendly page for HTML.
///
/// Domain targets keep their own error enums and conform them to ``HTTPErrorConvertible`` in one place;
/// the server turns anything else into a logged 500 whose text never reaches the client.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// One invalid input field, for `422 Unprocessable Content` (RFC 9457 §3.2 extension member `errors`).
    public struct FieldError: Sendable, Equatable {
        /// The field's name as the client sent it (`"password"`, `"items[2].price"`).
        public var field: String
        public var message: String
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public var status: HTTPStatus
    /// A short, human-readable summary of the problem type (RFC 9457 §3.1.3).
    public var title: String
    /// An explanation specific to this occurrence (RFC 9457 §3.1.4).
    public var detail: String?
    /// A URI reference identifying the problem type; `about:blank` when the status says it all.
    public var type: String
    public var errors: [FieldError]
    /// Extra response headers, for example `Allow` on 405 or `Retry-After` on 429.
    public var headers: HTTPHeaders
    /// ``detail`` in each language the thrower wrote it in, by language tag (`zh-Hans`, `en`), for code that does not know
    /// the reader's language (a cursor check deep in a store); a server's `problemWords` (``Responder``) picks the
    /// request's. Empty: ``detail`` as it is.
    public var details: [String: String] = [:]

    public init(
        _ status: HTTPStatus, title: String? = nil, detail: String? = nil, type: String = "about:blank",
        errors: [FieldError] = [], headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.status = status
        self.title = title ?? status.reasonPhrase
        self.detail = detail
        self.type = type
        self.errors = errors
        self.headers = headers
    }

    public var description: String { "\(status.code) \(title)" + (detail.map { ": \($0)" } ?? "") }

    public static func badRequest(_ detail: String) -> HTTPError { HTTPError(.badRequest, detail: detail) }
    public static func notFound(_ detail: String? = nil) -> HTTPError { HTTPError(.notFound, detail: detail) }
    public static func forbidden(_ detail: String? = nil) -> HTTPError { HTTPError(.forbidden, detail: detail) }
    public static func unauthorized(_ detail: String? = nil) -> HTTPError { HTTPError(.unauthorized, detail: detail) }

    /// `422` with one entry per invalid field.
    public static func validation(_ errors: [FieldError], detail: String? = nil) -> HTTPError {
        HTTPError(
            .unprocessableContent, title: "Validation failed", detail: detail ?? errors.first?.message,
            type: "urn:appsuite:problem:validation", errors: errors)
    }

    /// The problem document (`application/problem+json`, RFC 9457 §3).
    public func problemJSON(instance: String? = nil) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.object {
            $0.field("type", type)
            $0.field("title", title)
            $0.field("status", status.code)
            if let detail { $0.field("detail", detail) }
            if let instance { $0.field("instance", instance) }
            if !errors.isEmpty {
                $0.array("errors") { list in
                    for error in errors {
                        list.object {
                            $0.field("field", error.field)
                            $0.field("message", error.message)
                        }
                    }
                }
            }
        }
        return json.bytes
    }
}

/// A domain error that knows which HTTP error it is. Each target maps its own errors by conforming here.
public protocol HTTPErrorConvertible: Error {
    var httpError: HTTPError { get }
}
