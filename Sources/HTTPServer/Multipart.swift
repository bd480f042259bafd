import Foundation

/// A parsed `multipart/form-data` body (RFC 7578).
public struct MultipartForm: Sendable {
    public var fields: FormData
    public var files: [UploadedFile]

    /// Most parts (files and fields together) one body may hold, on every route: room for the largest form, the
    /// 切图 page's 300 design files plus its five other fields, with a few to spare. One more is a 413 naming it.
    public static let maximumParts = 320
}

extension MultipartForm {
    /// Parses a whole body held in memory the way the server parses one while it streams in, for requests
    /// made without a socket (tests hand them to ``Responder/respond(to:)``). Files are written to `directory`
    /// (it must exist) and are the caller's to delete; a file over `maximumFileSize` bytes is refused.
    /// - Throws: the `HTTPError` the server answers: 400 for a missing boundary or a malformed or unfinished
    ///   body, 413 for a file, field or part count over its limit. No file is left behind then.
    public init(parsing body: [UInt8], contentType: String, directory: String, maximumFileSize: Int) throws(HTTPError) {
        guard let parser = MultipartParser(contentType: contentType, directory: directory, maximumFileSize: maximumFileSize) else {
            throw .multipartWithoutBoundary
        }
        let failure: MultipartParser.Failure? = body.withUnsafeBytes { bytes in
            do throws(MultipartParser.Failure) { try parser.feed(bytes) } catch { return error }
            return nil
        }
        if let failure {
            for path in parser.temporaryPaths { unlink(path) }
            throw ServerCore.multipartProblem(failure)
        }
        guard parser.isComplete else {
            for path in parser.temporaryPaths { unlink(path) }
            throw .multipartUnfinished
        }
        self.init(fields: parser.fields, files: parser.files)
    }
}

extension HTTPError {
    static let multipartWithoutBoundary = HTTPError.badRequest("The multipart body has no valid boundary parameter.")
    static let multipartUnfinished = HTTPError.badRequest("The multipart body ended before its closing boundary.")
}

/// A file part written to a server-chosen temporary path. The server deletes the temporary file when the
/// request ends, so a handler that keeps it must move or copy it first. `filename` is the client's name
/// for it: metadata only, never part of a path.
public struct UploadedFile: Sendable, Equatable {
    public var fieldName: String
    public var filename: String
    /// The part's declared `Content-Type`; untrusted, so sniff content before relying on it.
    public var contentType: String
    public var temporaryPath: String
    /// Size in bytes.
    public var size: Int
}

/// Streams a multipart body: files go to disk as they arrive, fields stay in memory, limits apply as bytes come in.
final class MultipartParser {
    enum Failure: Error, Equatable {
        case malformed(String)
        case fileTooLarge(limit: Int)
        case tooManyParts(limit: Int)
        case fieldTooLarge(limit: Int)
        /// The disk holding the upload folder is full (`ENOSPC`, `EDQUOT`).
        case diskFull
    }

    private enum State { case preamble, afterDelimiter, headers, body, done }

    private let delimiter: [UInt8]  // CRLF "--" boundary
    private let directory: String
    private let maximumFileSize: Int
    private let maximumFieldSize = 64 * 1024
    private let maximumHeaderSize = 8 * 1024

    private var state = State.preamble
    private var buffer: [UInt8] = [13, 10]  // a virtual CRLF, so the first delimiter matches like the others
    private var current: Part?
    private(set) var fields = FormData()
    private(set) var files: [UploadedFile] = []
    private var partCount = 0

    private struct Part {
        var name: String
        var filename: String?
        var contentType: String
        var data: [UInt8] = []
        var fileDescriptor: Int32 = -1
        var path: String = ""
        var size = 0
    }

    /// `contentType` is the request's full header value; nil when it has no usable boundary.
    init?(contentType: String, directory: String, maximumFileSize: Int) {
        guard let boundary = Self.boundary(in: contentType), !boundary.isEmpty, boundary.utf8.count <= 70 else { return nil }
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.directory = directory
        self.maximumFileSize = maximumFileSize
    }

    deinit {
        if let current, current.fileDescriptor >= 0 { close(current.fileDescriptor) }
    }

    /// Paths of every temporary file created so far, complete or not.
    var temporaryPaths: [String] { files.map(\.temporaryPath) + (current.map { $0.path.isEmpty ? [] : [$0.path] } ?? []) }

    var isComplete: Bool { state == .done }

    func feed(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
        guard state != .done else { return }  // epilogue: ignored (RFC 2046 §5.1.1)
        buffer.append(contentsOf: chunk)
        try process()
    }

    private func process() throws(Failure) {
        while true {
            switch state {
            case .done: buffer.removeAll(); return
            case .preamble:
                guard let index = find(delimiter, in: buffer) else {
                    if buffer.count > delimiter.count { buffer.removeFirst(buffer.count - delimiter.count) }
                    return
                }
                buffer.removeFirst(index + delimiter.count)
                state = .afterDelimiter
            case .afterDelimiter:
                guard buffer.count >= 2 else { return }
                if buffer[0] == UInt8(ascii: "-"), buffer[1] == UInt8(ascii: "-") {
                    state = .done
                } else if buffer[0] == 13, buffer[1] == 10 {
                    buffer.removeFirst(2)
                    state = .headers
                } else {
                    throw .malformed("a boundary line is not followed by CRLF")
                }
            case .headers:
                guard let end = find([13, 10, 13, 10], in: buffer) else {
                    if buffer.count > maximumHeaderSize { throw .malformed("a part's headers exceed \(maximumHeaderSize) bytes") }
                    return
                }
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                try beginPart(headers: text)
                state = .body
            case .body:
                if let index = find(delimiter, in: buffer) {
                    try write(buffer[..<index])
                    buffer.removeFirst(index + delimiter.count)
                    try finishPart()
                    state = .afterDelimiter
                } else {
                    let keep = delimiter.count - 1
                    guard buffer.count > keep else { return }
                    try write(buffer[..<(buffer.count - keep)])
                    buffer.removeFirst(buffer.count - keep)
                    return
                }
            }
        }
    }

    private func beginPart(headers: String) throws(Failure) {
        partCount += 1
        guard partCount <= MultipartForm.maximumParts else { throw .tooManyParts(limit: MultipartForm.maximumParts) }
        var name: String?
        var filename: String?
        var contentType = "application/octet-stream"
        for line in headers.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if field == "content-disposition" {
                let parameters = Self.parameters(value)
                name = parameters["name"]
                filename = parameters["filename"]
            } else if field == "content-type" {
                contentType = value
            }
        }
        guard let name else { throw .malformed("a part has no Content-Disposition name") }
        var part = Part(name: name, filename: filename, contentType: contentType)
        if filename != nil {
            part.path = "\(directory)/upload-\(UUID().uuidString)"
            part.fileDescriptor = open(part.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard part.fileDescriptor >= 0 else {
                if DiskFull.errnoMeansFull(errno) { throw .diskFull }
                throw .malformed("cannot create a temporary upload file: \(String(cString: strerror(errno)))")
            }
        }
        current = part
    }

    private func write(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        guard !bytes.isEmpty, var part = current else { return }
        part.size += bytes.count
        if part.fileDescriptor >= 0 {
            guard part.size <= maximumFileSize else {
                current = part
                throw .fileTooLarge(limit: maximumFileSize)
            }
            let failed = bytes.withUnsafeBytes { raw -> Bool in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(part.fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 { if errno == EINTR { continue } else { return true } }
                    offset += written
                }
                return false
            }
            if failed {
                if DiskFull.errnoMeansFull(errno) { throw .diskFull }
                throw .malformed("cannot write an upload to disk: \(String(cString: strerror(errno)))")
            }
        } else {
            guard part.size <= maximumFieldSize else { throw .fieldTooLarge(limit: maximumFieldSize) }
            part.data.append(contentsOf: bytes)
        }
        current = part
    }

    private func finishPart() throws(Failure) {
        guard let part = current else { return }
        current = nil
        if part.fileDescriptor >= 0 {
            close(part.fileDescriptor)
            files.append(UploadedFile(
                fieldName: part.name, filename: part.filename ?? "", contentType: part.contentType,
                temporaryPath: part.path, size: part.size))
        } else {
            fields.append(part.name, String(decoding: part.data, as: UTF8.self))
        }
    }

    /// The offset of the first occurrence of `needle` in `haystack`: `memchr` for the first byte, then `memcmp`.
    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                var offset = 0
                let last = hay.count - pin.count
                while offset <= last {
                    guard let hit = memchr(hay.baseAddress! + offset, Int32(first), last - offset + 1) else { return nil }
                    let index = hay.baseAddress!.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hay.baseAddress! + index, pin.baseAddress!, pin.count) == 0 { return index }
                    offset = index + 1
                }
                return nil
            }
        }
    }

    /// The `boundary` parameter of a `multipart/form-data` content type (RFC 2046 §5.1.1).
    static func boundary(in contentType: String) -> String? {
        let pieces = contentType.split(separator: ";", maxSplits: 1)
        guard pieces.count == 2, pieces[0].trimmingSpaces().lowercased() == "multipart/form-data" else { return nil }
        return parameters(String(pieces[1]))["boundary"]
    }

    /// Parses `form-data; name="a"; filename="b.jpg"` parameters; quoted strings may hold `;` and `\"`.
    static func parameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Substring(value)[...]
        while !scalars.isEmpty {
            while let first = scalars.first, first == ";" || first == " " || first == "\t" { scalars.removeFirst() }
            guard let equals = scalars.firstIndex(of: "=") else {
                // a bare token such as `form-data`
                if let semicolon = scalars.firstIndex(of: ";") { scalars = scalars[semicolon...] } else { break }
                continue
            }
            if let semicolon = scalars.firstIndex(of: ";"), semicolon < equals {
                scalars = scalars[semicolon...]
                continue
            }
            let key = scalars[..<equals].trimmingSpaces().lowercased()
            scalars = scalars[scalars.index(after: equals)...]
            var parsed = ""
            if scalars.first == "\"" {
                scalars.removeFirst()
                while let character = scalars.popFirst() {
                    if character == "\\", let escaped = scalars.popFirst() { parsed.append(escaped) } else if character == "\"" { break } else { parsed.append(character) }
                }
            } else {
                let end = scalars.firstIndex(of: ";") ?? scalars.endIndex
                parsed = scalars[..<end].trimmingSpaces()
                scalars = scalars[end...]
            }
            result[key] = parsed
        }
        return result
    }
}
