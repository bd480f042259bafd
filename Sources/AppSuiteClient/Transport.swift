public import Foundation

/// One HTTP request as the client hands it to its ``HTTPTransport``: everything already built (absolute URL
/// with the query, headers including `Authorization`, the body).
public struct HTTPRequest: Sendable {
    /// What is sent after the header.
    public enum Body: Sendable, Equatable {
        case empty
        /// Bytes in memory (JSON bodies).
        case data(Data)
        /// A file streamed from disk (multipart uploads), never read into memory whole.
        case file(URL)
    }

    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The absolute URL with the query.
    public var url: URL
    /// Header fields by name, as sent.
    public var headers: [String: String]
    /// The body (empty for `GET` and `DELETE`).
    public var body: Body
    /// Seconds without progress after which the transport gives up (``TransportFailure/Kind/timedOut``).
    public var timeout: TimeInterval
    /// The documented API operation this request performs (`GET /api/v1/movies/reviews/{id}`), for logs,
    /// metrics and test transports.
    public var endpoint: Route

    /// A request as described.
    public init(method: String, url: URL, headers: [String: String], body: Body, timeout: TimeInterval, endpoint: Route) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.endpoint = endpoint
    }
}

/// A complete HTTP response: status, header fields and the whole body.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields by lower-cased name (`content-type`).
    public var headers: [String: String]
    /// The whole body.
    public var body: Data

    /// A response; header names are lower-cased here.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// A header field's value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The media type without parameters, lower-cased (`application/problem+json`); nil without `Content-Type`.
    public var mediaType: String? {
        header("Content-Type").map { $0.split(separator: ";").first.map(String.init) ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}

/// How far an upload has got: body bytes handed to the network so far and in all.
public struct UploadProgress: Sendable, Equatable {
    /// Body bytes sent so far.
    public var bytesSent: Int64
    /// The body's length, 0 while unknown.
    public var totalBytes: Int64

    /// Progress as described.
    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// 0…1; 0 while the total is unknown.
    public var fractionCompleted: Double { totalBytes > 0 ? min(1, Double(bytesSent) / Double(totalBytes)) : 0 }
}

/// Called on an arbitrary thread as an upload's body goes out, at most once per change in `bytesSent`.
public typealias UploadProgressHandler = @Sendable (UploadProgress) -> Void

/// Sends requests for ``AppSuiteClient``. ``URLSessionTransport`` is the default; a test or an app may wrap it
/// (logging, recording) or replace it.
///
/// A transport answers every response it reads completely, whatever its status; it throws only when no
/// complete response arrived: ``TransportFailure`` for network trouble (reset, time-out, cut-off body) and
/// `CancellationError` when the calling task was cancelled. Any other error is reported as
/// ``TransportFailure/Kind/other``.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, progress: UploadProgressHandler?) async throws -> HTTPResponse
}

/// No complete response: the network failed or the server broke off.
public struct TransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as the client tells the cases apart.
    public enum Kind: Sendable, Equatable {
        /// No connection could be made (refused, unknown host, offline).
        case cannotConnect
        /// The connection was reset or closed before a response began.
        case connectionLost
        /// The response began but its body ended before the length it announced.
        case truncatedBody
        /// Nothing arrived for the request's time-out.
        case timedOut
        /// The body was larger than the transport accepts (``URLSessionTransport/maximumResponseBytes``).
        case responseTooLarge
        /// Anything else (TLS, a malformed response …); the message says what.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// The underlying library's own words.
    public var message: String

    /// A failure of `kind` described by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind): \(message)" }
}
