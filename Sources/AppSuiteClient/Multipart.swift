public import Foundation

/// One file of a multipart upload: from disk (streamed, never read whole) or from memory.
public struct UploadFile: Sendable {
    enum Source: Sendable {
        case file(URL)
        case data(Data)
    }

    let source: Source
    /// The name the server sees (it keeps it for display and downloads).
    public var filename: String
    /// The part's `Content-Type`; the server looks at the bytes, not at this.
    public var contentType: String

    /// A file on disk; the name defaults to the file's, the type to one guessed from its extension.
    public init(file: URL, filename: String? = nil, contentType: String? = nil) {
        source = .file(file)
        self.filename = filename ?? file.lastPathComponent
        self.contentType = contentType ?? Self.mediaType(forExtension: file.pathExtension)
    }

    /// Bytes in memory (a picture from the photo picker).
    public init(data: Data, filename: String, contentType: String? = nil) {
        source = .data(data)
        self.filename = filename
        self.contentType = contentType ?? Self.mediaType(forExtension: (filename as NSString).pathExtension)
    }

    static func mediaType(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "heic", "heif": "image/heif"
        case "avif": "image/avif"
        case "tif", "tiff": "image/tiff"
        default: "application/octet-stream"
        }
    }
}

/// A `multipart/form-data` body (RFC 7578) written to a temporary file, so an upload streams from disk.
struct MultipartBody {
    let file: URL
    let contentType: String

    /// Writes every text field, then every `(field, file)` part, copying files 1 MiB at a time. Remove ``file``
    /// when done.
    /// - Throws: ``AppSuiteError/invalidRequest(_:)`` naming a file that cannot be read, or the temporary file.
    init(_ parts: [(field: String, file: UploadFile)], fields: [(name: String, value: String)] = []) throws(AppSuiteError) {
        let boundary = "AppSuiteClient-" + UUID().uuidString
        contentType = "multipart/form-data; boundary=" + boundary
        file = FileManager.default.temporaryDirectory.appendingPathComponent("appsuite-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let output = try? FileHandle(forWritingTo: file)
        else { throw .invalidRequest("cannot create the upload's temporary file \(file.path)") }
        defer { try? output.close() }
        do {
            for (name, value) in fields {
                let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n"
                try output.write(contentsOf: Data((head + value + "\r\n").utf8))
            }
            for (field, upload) in parts {
                let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(field))\"; " +
                    "filename=\"\(Self.quoted(upload.filename))\"\r\nContent-Type: \(Self.quoted(upload.contentType))\r\n\r\n"
                try output.write(contentsOf: Data(head.utf8))
                switch upload.source {
                case .data(let data): try output.write(contentsOf: data)
                case .file(let url): try Self.copy(url, to: output)
                }
                try output.write(contentsOf: Data("\r\n".utf8))
            }
            try output.write(contentsOf: Data("--\(boundary)--\r\n".utf8))
        } catch let error as AppSuiteError {
            try? FileManager.default.removeItem(at: file)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw .invalidRequest("cannot write the upload's temporary file: \(error)")
        }
    }

    private static func copy(_ url: URL, to output: FileHandle) throws {
        let input: FileHandle
        do { input = try FileHandle(forReadingFrom: url) } catch { throw AppSuiteError.invalidRequest("cannot read \(url.path): \(error)") }
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }

    /// A value for a part's header (a quoted name, a media type): `"` as `%22`, line breaks as `%0D`/`%0A` (as
    /// browsers send them), so no value can end its header line or the part.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }
}

extension AppSuiteClient.Call {
    /// The call with `parts` as its multipart body, reporting upload progress to `progress`. The caller removes
    /// the body's file after the request.
    func multipart(_ body: MultipartBody, progress: UploadProgressHandler?) -> Self {
        var call = self
        call.body = .file(body.file)
        call.contentType = body.contentType
        call.progress = progress
        return call
    }
}

extension AppSuiteClient {
    /// Sends `parts` as a multipart body streamed from a temporary file, removed afterwards.
    func upload<Model: Decodable>(_ call: Call, parts: [(field: String, file: UploadFile)], progress: UploadProgressHandler?,
                                  as model: Model.Type) async throws(AppSuiteError) -> Model {
        let body = try MultipartBody(parts)
        defer { try? FileManager.default.removeItem(at: body.file) }
        return try await value(call.multipart(body, progress: progress), as: Model.self)
    }
}
