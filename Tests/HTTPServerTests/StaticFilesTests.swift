import Foundation
import Testing
@testable import HTTPServer

@Suite struct StaticFilesTests {
    let root = NSTemporaryDirectory() + "static-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/css", withIntermediateDirectories: true)
        try Data(String(repeating: "body { color: red }\n", count: 200).utf8).write(to: URL(fileURLWithPath: root + "/css/app.css"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: root + "/icon.png"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/.env"))
    }

    @Test func servesWithETagAndRevalidates() throws {
        let files = StaticFiles(directory: root)
        let first = try files.serve("css/app.css", request: Request(method: .get, path: "/assets/css/app.css"))
        #expect(first.status == .ok)
        #expect(first.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(first.headers["Cache-Control"] == "public, max-age=300")
        let etag = try #require(first.headers["ETag"])
        let again = try files.serve("css/app.css", request: Request(method: .get, path: "/", headers: ["If-None-Match": etag]))
        #expect(again.status == .notModified)
        let versioned = try files.serve("css/app.css", request: Request(method: .get, path: "/", query: FormData([("v", "abc")])))
        #expect(versioned.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }

    @Test func textIsServedPreCompressedWhenAccepted() throws {
        let files = StaticFiles(directory: root)
        let response = try files.serve("css/app.css", request: Request(method: .get, path: "/", headers: ["Accept-Encoding": "gzip"]))
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.contentLength < 4000 / 4)
    }

    @Test func binaryFilesStreamFromDisk() throws {
        let response = try StaticFiles(directory: root).serve("icon.png", request: Request(method: .get, path: "/"))
        guard case .file(_, let size) = response.body else { Issue.record("expected a file body"); return }
        #expect(size == 4)
        #expect(response.headers["Content-Type"] == "image/png")
    }

    @Test(arguments: ["../etc/passwd", "css/../../x", ".env", "css/", "missing.css", "a\0b"])
    func refusesEscapesHiddenAndMissingFiles(path: String) {
        #expect(throws: HTTPError.self) { try StaticFiles(directory: root).serve(path, request: Request(method: .get, path: "/")) }
    }
}
