import AppSuiteServer
import Foundation
import HTTPServer

extension TestServer {
    /// `method target` handed to the suite's responder as the server hands over a request it has read:
    /// the path percent-decoded (except `%00`), the query parsed, `Host` and `Content-Length` set as
    /// ``RawHTTPClient/request(port:_:_:headers:body:)`` sends them, a multipart body parsed into files in
    /// the upload folder (deleted afterwards, as the server does), client address 127.0.0.1.
    func respondInProcess(_ method: String, _ target: String, headers: [String: String], body: [UInt8]) -> RawHTTPClient.Reply {
        var fields = HTTPHeaders()
        fields.add("Host", "127.0.0.1")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.add(name, value) }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { fields.add("Content-Length", String(body.count)) }
        let queryStart = target.firstIndex(of: "?")
        var request = Request(
            method: HTTPMethod(rawValue: method), path: Self.decodedPath(queryStart.map { String(target[..<$0]) } ?? target),
            query: FormData.parse(urlEncoded: queryStart.map { String(target[target.index(after: $0)...]) } ?? ""),
            headers: fields, body: body.isEmpty ? .empty : .bytes(body))
        let responder = suite.responder
        guard let type = fields["Content-Type"], type.lowercased().hasPrefix("multipart/form-data") else {
            return Self.reply(responder.respond(to: request), method: method)
        }
        let form: MultipartForm
        do {
            try FileManager.default.createDirectory(atPath: responder.configuration.uploadDirectory, withIntermediateDirectories: true)
            form = try MultipartForm(parsing: body, contentType: type, directory: responder.configuration.uploadDirectory,
                                     maximumFileSize: responder.configuration.maximumUploadSize)
        } catch {
            var refusal = responder.errorResponse(for: error, request: request)
            responder.finish(&refusal, for: request)
            return Self.reply(refusal, method: method)
        }
        defer { for file in form.files { unlink(file.temporaryPath) } }
        request.body = .multipart(form)
        return Self.reply(responder.respond(to: request), method: method)
    }

    /// What libmicrohttpd makes of the path: `%XX` decoded except `%00` (the server leaves it, so it matches
    /// no route), `+` kept.
    static func decodedPath(_ path: String) -> String {
        var input = Array(path.utf8)[...]
        var output: [UInt8] = []
        while let byte = input.popFirst() {
            let escape = input.prefix(2)
            if byte == UInt8(ascii: "%"), escape.count == 2, escape.allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }),
               let value = UInt8(String(decoding: escape, as: UTF8.self), radix: 16), value != 0 {
                output.append(value)
                input.removeFirst(2)
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The reply a client would read: the response's status, header fields and body (a file's bytes read
    /// from disk; none for `HEAD`).
    static func reply(_ response: Response, method: String) -> RawHTTPClient.Reply {
        var body: [UInt8] = []
        if method != "HEAD" {
            switch response.body {
            case .bytes(let bytes): body = bytes
            case .file(let path, _): body = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            }
        }
        return RawHTTPClient.Reply(status: Int(response.status.code), fields: response.headers.fields, body: body)
    }
}
