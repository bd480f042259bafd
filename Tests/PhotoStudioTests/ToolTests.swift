import AppHost
import AppSuiteTesting
import Foundation
import Imaging
@testable import PhotoStudio
import Testing

/// `appsuite photo …` (PhotoTool) on corpus files: upright outputs, exit codes, clear errors.
@Suite(.requires(.photos)) struct ToolTests {
    final class Output: @unchecked Sendable {
        var lines: [String] = []
        var errors: [String] = []
    }

    func run(_ words: [String]) -> (code: Int32, output: Output) {
        let output = Output()
        let invocation = CommandInvocation(arguments: words, output: { output.lines.append($0) }, error: { output.errors.append($0) },
                                           context: { throw CommandFailure(.software, "photo commands open no data directory") })
        return (PhotoTool().run(invocation).rawValue, output)
    }

    var temporary: String { NSTemporaryDirectory() + "photo-tool-\(UUID().uuidString)" }

    @Test func thumbnailRotateCropResizeAreUpright() throws {
        let directory = temporary
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        #expect(run(["thumbnail", Corpus.url("orientation/Portrait_6.jpg").path, directory + "/t.jpg", "--size", "256"]).code == 0)
        let thumb = try Imaging.probe(contentsOf: directory + "/t.jpg")
        #expect(thumb.width == 171 && thumb.height == 256 && thumb.orientation == 1)

        #expect(run(["rotate", Corpus.url("ordinary/canon_hdr_NO.jpg").path, directory + "/r.png", "--degrees", "-90"]).code == 0)
        let rotated = try Imaging.probe(contentsOf: directory + "/r.png")
        #expect(rotated.width == 2048 && rotated.height == 1536)

        for n in [1, 7] {
            #expect(run(["crop", Corpus.url("orientation/Landscape_\(n).jpg").path, directory + "/c\(n).png",
                         "--x", "900", "--y", "100", "--width", "600", "--height", "400"]).code == 0)
        }
        // Same size; that the pixels match is EditTests.cropsInDisplayedCoordinates (the same Imaging.edit).
        let c1 = try Imaging.probe(contentsOf: directory + "/c1.png")
        let c7 = try Imaging.probe(contentsOf: directory + "/c7.png")
        #expect(c1.width == 600 && c1.height == 400 && c7.width == 600 && c7.height == 400 && c7.orientation == 1)

        let resized = run(["resize", Corpus.url("edge/png_rgba_blackbug.png").path, directory + "/s.webp", "--width", "300"])
        #expect(resized.code == 0 && resized.output.lines.first?.contains("300×225") == true)
        #expect(try Imaging.probe(contentsOf: directory + "/s.webp").hasAlpha)

        let batch = run(["thumbnail", "--batch", directory + "/b", Corpus.url("ordinary/jolla.jpg").path, Corpus.url("edge/zero_byte.jpg").path])
        #expect(batch.code == 65 && batch.output.lines.count == 1 && batch.output.errors.count == 1)
    }

    @Test func errorsHaveExitCodes() throws {
        #expect(run([]).code == 64)
        #expect(run(["--help"]).code == 0)
        #expect(run(["rotate", "in.jpg"]).code == 64)
        #expect(run(["info", "/no/such/file.jpg"]).code == 66)
        let bomb = run(["thumbnail", Corpus.url("edge/bomb_png_65536x65536.png").path, temporary + ".jpg"])
        #expect(bomb.code == 65 && bomb.output.errors.first?.contains("too many pixels") == true)
        let text = run(["info", Corpus.url("edge/text_not_image.jpg").path])
        #expect(text.code == 65 && text.output.errors.first?.contains("unsupported") == true)
        #expect(run(["crop", Corpus.url("edge/tiny_1x1.png").path, temporary + ".png", "--x", "0", "--y", "0", "--width", "2", "--height", "1"]).code == 64)
        #expect(run(["thumbnail", Corpus.url("edge/tiny_1x1.png").path, temporary + ".bmp"]).code == 64)
    }
}
