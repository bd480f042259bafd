import AppHost
import AppSuiteServer
@testable import AssetSlicer
import Foundation
import Testing

/// `appsuite slice` as a user runs it: exit codes and what it prints.
@Suite struct SliceCommandTests {
    final class Lines: @unchecked Sendable {
        var output: [String] = []
        var errors: [String] = []
    }

    func run(_ words: [String]) -> (ExitCode, Lines) {
        let lines = Lines()
        let invocation = CommandInvocation(arguments: words, output: { lines.output.append($0) }, error: { lines.errors.append($0) },
                                           context: { throw CommandFailure(.software, "the slicer opens no data directory") })
        return (SliceCommand().run(invocation), lines)
    }

    @Test func theCatalogInstallsTheCommand() {
        #expect(AppCatalog.installed.flatMap(\.commands).contains { $0.name == "slice" })
    }

    @Test func slicesAndExitsOneOnLintErrors() throws {
        let files = try Fixtures()
        try files.write("home.svg", SlicerTests.svg)
        let (code, lines) = run([files.path("home.svg"), "--out", files.path("out")])
        #expect(code == .failure, "a name in Chinese and unequal tab icons are errors")
        #expect(lines.output.first == "sliced 7 slices into 21 files: \(files.path("out"))/Assets.xcassets")
        #expect(lines.output.contains("lint: 2 errors, 3 warnings"))
        #expect(lines.output.contains { $0.hasPrefix("error   name          home.svg#确定 按钮: name \"确定 按钮\" not lower-case English → img_que_ding_an_niu") })
        #expect(FileManager.default.fileExists(atPath: files.path("out/slices/img_que_ding_an_niu@3x.png")))
        let report = try String(contentsOfFile: files.path("out/report.html"), encoding: .utf8)
        #expect(report.contains("img_que_ding_an_niu") && report.contains("tab icons of unequal size"))
        // The lint rows in Chinese too (tester 30 #16: "name \"按钮\" not lower-case English" only).
        #expect(report.contains("不是小写英文"))
    }

    @Test func cleanDesignExitsZero() throws {
        let files = try Fixtures()
        try files.write("ok.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 1334"><g id="btn_ok_nor"><rect x="10" y="10" width="88" height="88"/></g>
            <g id="btn_ok_pressed"><rect x="110" y="10" width="88" height="88"/></g></svg>
            """)
        let (code, lines) = run([files.path("ok.svg"), "--lint-only"])
        #expect(code == .success)
        #expect(lines.output == ["lint: 0 errors, 0 warnings"])
    }

    @Test func badInputGetsItsExitCode() throws {
        let files = try Fixtures()
        try files.write("ok.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect id=\"img_a\" width=\"2\" height=\"2\"/></svg>")
        #expect(run([]).0 == .usage)
        #expect(run([files.path("ok.svg")]).0 == .usage, "no --out")
        #expect(run([files.path("ok.svg"), "--out", files.path("o"), "--design-scale", "4"]).0 == .usage)
        #expect(run([files.path("ok.svg"), "--out", files.path("o"), "--bogus"]).0 == .usage)
        #expect(run([files.path("ok.svg"), "--lint-only", "--launch-color", "red"]).0 == .usage)
        #expect(run([files.path("missing.svg"), "--out", files.path("o")]).0 == .noInput)
        try files.write("plain", "x")
        let (unwritable, lines) = run([files.path("ok.svg"), "--out", files.path("plain/out")])
        #expect(unwritable == .cannotCreate)
        #expect(lines.errors.first?.hasPrefix("cannot write \(files.path("plain/out"))") == true)
        try files.write("notes.txt", "hello")
        let (unknown, unknownLines) = run([files.path("notes.txt"), "--lint-only"])
        #expect(unknown == .dataError)
        #expect(unknownLines.errors.first?.hasPrefix("notes.txt: not a design this tool reads") == true)
        #expect(run(["--help"]).0 == .success)
    }
}
