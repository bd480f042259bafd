import Foundation

/// Requests as tests write them, over the server's ``TestServer/Transport``. `token` adds
/// `Authorization: Bearer`; `headers` are sent as given (a `Cookie` for a cookie session).
extension TestServer {
    public func request(_ method: String, _ path: String, token: String? = nil, headers: [String: String] = [:],
                        body: [UInt8] = []) throws -> RawHTTPClient.Reply {
        var all = headers
        if let token { all["Authorization"] = "Bearer " + token }
        switch transport {
        case .socket: return try RawHTTPClient.request(port: port, method, path, headers: all, body: body)
        case .inProcess: return respondInProcess(method, path, headers: all, body: body)
        }
    }

    public func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        try request("GET", path, token: token, headers: headers)
    }

    /// A JSON body as written (so tests can send malformed JSON too).
    public func send(_ method: String, _ path: String, json: String, token: String? = nil,
                     headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        try request(method, path, token: token, headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                    body: Array(json.utf8))
    }

    /// An `application/x-www-form-urlencoded` POST of `fields`, in order.
    public func postForm(_ path: String, _ fields: [(String, String)], token: String? = nil,
                         headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        let body = fields.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        return try request("POST", path, token: token,
                           headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 }, body: Array(body.utf8))
    }

    /// A `multipart/form-data` body of `files` (``multipart(_:)``).
    public func upload(_ path: String, method: String = "POST", files: [MultipartFile], token: String? = nil,
                       headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        let (contentType, body) = Self.multipart(files)
        return try request(method, path, token: token, headers: headers.merging(contentType) { $1 }, body: body)
    }

    /// A `multipart/form-data` body (RFC 7578) of `files` and the `Content-Type` header naming its boundary,
    /// for tests that send the same body many times.
    public static func multipart(_ files: [MultipartFile]) -> (headers: [String: String], body: [UInt8]) {
        let boundary = "appsuite-test-" + UUID().uuidString
        var body: [UInt8] = []
        for file in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\n".utf8)
            body += Array("Content-Type: \(file.contentType)\r\n\r\n".utf8) + file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (["Content-Type": "multipart/form-data; boundary=\(boundary)"], body)
    }

    static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

/// One file part of ``TestServer/upload(_:method:files:token:headers:)``.
public struct MultipartFile: Sendable {
    public var field: String
    public var filename: String
    public var contentType: String
    public var bytes: [UInt8]

    public init(field: String = "file", filename: String, contentType: String = "application/octet-stream", bytes: [UInt8]) {
        self.field = field
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }
}
