import AppSuiteTesting
import Foundation
import Imaging
import Testing

/// Design files made by real tools for the tests: ImageMagick's `convert` (PNG, PSD) and librsvg's
/// `rsvg-convert` (PDF), both Debian packages installed by `scripts/bootstrap --test`.
struct Fixtures {
    let directory = TemporaryDirectory("slicer")

    init() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.path + "/" + name }
    func url(_ name: String) -> URL { URL(fileURLWithPath: path(name)) }

    /// Runs a tool and fails the test with its error output when it does not exit 0.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("\(tool) \(arguments.joined(separator: " ")): \(failure)") }
        return text
    }

    /// Writes a text file (an SVG written by hand is a real SVG).
    func write(_ name: String, _ text: String) throws {
        let url = url(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func decode(_ name: String) throws -> RGBAImage {
        try Imaging.decodeRGBA([UInt8](Data(contentsOf: url(name))))
    }

    func json(_ name: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url(name)))
        return try #require(object as? [String: Any])
    }
}
