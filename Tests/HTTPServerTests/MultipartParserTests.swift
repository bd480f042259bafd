import Foundation
import Testing
@testable import HTTPServer

@Suite struct MultipartParserTests {
    let directory = NSTemporaryDirectory() + "multipart-tests-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    static func body(boundary: String, file: [UInt8]) -> [UInt8] {
        var body = Array("preamble to ignore\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n标题 \"one\"\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../etc/pass\\\"wd;.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += file
        body += Array("\r\n--\(boundary)--\r\nepilogue".utf8)
        return body
    }

    @Test(arguments: [1, 3, 7, 64, 100_000])
    func parsesFieldsAndStreamsFilesWhateverTheChunkSize(chunkSize: Int) throws {
        let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        // The file holds CRLF and a near-boundary to make sure only the real delimiter ends it.
        let file = Array("\r\n--\(boundary.dropLast())x\r\n".utf8) + (0..<3000).map { UInt8($0 % 251) }
        let body = Self.body(boundary: boundary, file: file)
        let parser = try #require(MultipartParser(contentType: "multipart/form-data; boundary=\(boundary)", directory: directory, maximumFileSize: 1 << 20))
        var offset = 0
        while offset < body.count {
            let end = min(offset + chunkSize, body.count)
            try body[offset..<end].withUnsafeBytes { try parser.feed($0) }
            offset = end
        }
        #expect(parser.isComplete)
        #expect(parser.fields["title"] == "标题 \"one\"")
        #expect(parser.files.count == 1)
        let upload = try #require(parser.files.first)
        #expect(upload.filename == "../../etc/pass\"wd;.jpg")
        #expect(upload.contentType == "image/jpeg")
        #expect(upload.size == file.count)
        #expect(upload.temporaryPath.hasPrefix(directory + "/upload-"))
        #expect(FileManager.default.contents(atPath: upload.temporaryPath).map([UInt8].init) == file)
    }

    @Test func fileOverTheLimitIsRefusedWhileStreaming() throws {
        let parser = try #require(MultipartParser(contentType: "multipart/form-data; boundary=b", directory: directory, maximumFileSize: 100))
        let body = Self.body(boundary: "b", file: [UInt8](repeating: 65, count: 500))
        #expect(throws: MultipartParser.Failure.fileTooLarge(limit: 100)) { try body.withUnsafeBytes { try parser.feed($0) } }
    }

    @Test func partWithoutNameIsMalformed() throws {
        let parser = try #require(MultipartParser(contentType: "multipart/form-data; boundary=b", directory: directory, maximumFileSize: 100))
        let body = Array("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--".utf8)
        #expect(throws: MultipartParser.Failure.self) { try body.withUnsafeBytes { try parser.feed($0) } }
    }

    @Test func boundaryParameter() {
        #expect(MultipartParser.boundary(in: "multipart/form-data; boundary=\"a b\"") == "a b")
        #expect(MultipartParser.boundary(in: "Multipart/Form-Data;boundary=xyz") == "xyz")
        #expect(MultipartParser.boundary(in: "text/plain; boundary=x") == nil)
    }
}
