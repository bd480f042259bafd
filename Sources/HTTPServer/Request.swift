import APIKit
import Foundation

/// One HTTP request as a handler sees it: fully received, limits already enforced.
///
/// A plain value, so tests build requests without a socket (`Request(method: .get, path: "/")`).
public struct Request: Sendable {
    public var method: HTTPMethod
    /// The decoded path without the query string, e.g. `/api/v1/me`.
    public var path: String
    public var query: FormData
    public var headers: HTTPHeaders
    public var body: RequestBody
    /// The client's IP address as text (`127.0.0.1`, `::1`): the peer, or behind one of
    /// ``ServerConfiguration/trustedProxies`` the address it forwarded the request for (``ForwardedFor``).
    public var clientAddress: String
    /// True when the connection used TLS; cookies then get `Secure`.
    public var isSecure: Bool
    /// Values captured by `{name}` segments of the matched route.
    public var pathParameters: [String: String] = [:]

    public init(
        method: HTTPMethod, path: String, query: FormData = FormData(), headers: HTTPHeaders = HTTPHeaders(),
        body: RequestBody = .empty, clientAddress: String = "127.0.0.1", isSecure: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.isSecure = isSecure
    }

    /// Cookies from the `Cookie` header.
    public var cookies: [String: String] { Cookie.parse(header: headers["Cookie"]) }

    /// The media type of the body without parameters, lower-cased (`application/json`).
    public var contentType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = value.prefix { $0 != ";" }.trimmingSpaces().lowercased()
        return type.isEmpty ? nil : type
    }

    /// True when the client asked for JSON rather than a page: an `/api/` path or an `Accept` that prefers JSON.
    public var prefersJSON: Bool {
        if path.hasPrefix("/api/") { return true }
        guard let accept = headers["Accept"] else { return false }
        return accept.contains("json") && !accept.contains("text/html")
    }

    /// The `Bearer` token of the `Authorization` header (RFC 6750 §2.1), if any.
    public var bearerToken: String? {
        guard let value = headers["Authorization"], value.count > 7,
            value.prefix(7).lowercased() == "bearer "
        else { return nil }
        return value.dropFirst(7).trimmingSpaces()
    }

    /// The value of a `{name}` path segment. Throws 404 when the route has no such segment.
    public func parameter(_ name: String) throws(HTTPError) -> String {
        guard let value = pathParameters[name] else { throw .notFound() }
        return value
    }

    /// A path segment as an integer; a non-number is a 404 (no such resource), not a crash.
    public func parameter(_ name: String, as: Int64.Type) throws(HTTPError) -> Int64 {
        guard let value = Int64(try parameter(name)) else { throw .notFound() }
        return value
    }

    /// Decodes a JSON body with the API's coding (``APICoding``: ISO 8601 dates, keys as the model names them),
    /// the same the responses and the client SDK use. Errors are 415 for another content type and 400 naming
    /// the problem (the offending key path and what was wrong) for malformed or mistyped JSON.
    public func decodeJSON<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        guard contentType == "application/json" || contentType?.hasSuffix("+json") == true else {
            throw HTTPError(.unsupportedMediaType, detail: "Send the body as application/json.")
        }
        guard case .bytes(let bytes) = body, !bytes.isEmpty else { throw .badRequest("The request body is empty.") }
        do {
            return try APICoding.makeDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, title: "Malformed JSON", detail: Self.describe(error), type: "urn:appsuite:problem:malformed-json")
        } catch {
            throw HTTPError(.badRequest, title: "Malformed JSON", detail: "\(error)", type: "urn:appsuite:problem:malformed-json")
        }
    }

    /// The submitted form: URL-encoded or the fields of a multipart body. Other bodies give an empty form.
    public func form() -> FormData {
        switch body {
        case .bytes(let bytes) where contentType == "application/x-www-form-urlencoded":
            FormData.parse(urlEncoded: bytes)
        case .multipart(let multipart): multipart.fields
        default: FormData()
        }
    }

    /// Files uploaded in a multipart body, in order.
    public var uploadedFiles: [UploadedFile] {
        if case .multipart(let multipart) = body { return multipart.files }
        return []
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the document" : "'\(keys.joined(separator: "."))'"
        }
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "The body is not valid JSON" + (underlying.map { ": \($0)" } ?? ".")
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "The field '\(key.stringValue)' is missing\(parent)."
        case .typeMismatch(let type, let context):
            return "The value of \(path(context)) has the wrong type; expected \(Self.jsonTypeName(type))."
        case .valueNotFound(let type, let context):
            return "The value of \(path(context)) is null; expected \(Self.jsonTypeName(type))."
        @unknown default:
            return "The body does not match the expected shape."
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}

/// What a request carried after its headers.
public enum RequestBody: Sendable {
    case empty
    /// A body held in memory (JSON, URL-encoded forms, anything else), at most the configured body limit.
    case bytes([UInt8])
    /// A `multipart/form-data` body: small fields in memory, files streamed to disk.
    case multipart(MultipartForm)
}
