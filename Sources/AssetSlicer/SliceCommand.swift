public import AppHost
import Foundation
import WebUI

/// `appsuite slice DESIGN --out DIR …`: slices a design into @1x/@2x/@3x PNGs and an Xcode asset catalog,
/// with the lint report on the terminal and in `DIR/report.html`. Exit codes: 0 done, 1 an error-level
/// rule failed (the output is still written, under the suggested names), 64 usage, 65 a design that
/// cannot be read, 66 missing input, 73 output folder not writable.
public struct SliceCommand: AppCommand {
    public init() {}

    public var name: String { "slice" }
    public var summary: String { "Asset Slicer 切图: @1x/@2x/@3x slices, AppIcon, launch images, Assets.xcassets and a design lint" }
    public var usage: [String] { ["appsuite slice DESIGN --out DIR [--design-scale 2] [--app-icon FILE] [--launch FILE] …   (appsuite slice --help)"] }

    static let help = """
        Usage:
          appsuite slice DESIGN --out DIR [options]   slice and write DIR/Assets.xcassets, DIR/slices, DIR/report.html
          appsuite slice DESIGN --lint-only           only check the design rules
        DESIGN is a folder of PNG/JPEG exports (name.png at the design scale, name@2x.png, name@3x.png),
        one PNG/JPEG, an SVG (every outermost element with an id is a slice), a PDF (one slice per page,
        sized in points) or a PSD (one slice per named layer).
        Options:
          --design-scale 1|2|3   pixels per point of the design: 2 for 750 px wide (default), 3 for 1242 px
          --app-icon FILE        square master (PNG, JPEG, SVG) for AppIcon.appiconset (1024 px, no alpha)
          --legacy-icons         also 180 120 87 80 60 58 40 29 px, 57/114 px and iTunesArtwork 512/1024
          --launch FILE          master for launch images 640×960 640×1136 750×1334 1242×2208 2208×1242
          --launch-color #RRGGBB the launch background colour set (default: the master's top-left pixel)
          --jpeg                 opaque img_/bg_ slices as JPEG where that is at most half the PNG
          --no-pad               do not pad btn_ slices under 44×44 pt with transparency
          --no-upscale           leave out scales that would enlarge a bitmap (by default they are written
                                 with Lanczos-3, e.g. @3x at 1.5× from an @2x export, and marked enlarged)
        Names: kind_function[_desc]_state, lower-case English with underscores (btn_sure_nor).
        Exit codes: 0 done, 1 a rule at error level failed, 64 usage, 65 unreadable design,
        66 missing input, 73 output folder not writable.
        """

    public func run(_ invocation: CommandInvocation) -> ExitCode {
        let output = invocation.output, error = invocation.error
        let parsed: SliceArguments
        do {
            parsed = try SliceArguments(invocation.arguments)
        } catch let failure {
            error(failure.description)
            output(Self.help)
            return .usage
        }
        if parsed.help {
            output(Self.help)
            return .success
        }
        do {
            guard let folder = parsed.output else {
                let findings = try SliceJob.lint(parsed.request)
                for line in SliceReport.lines(findings) { output(line) }
                return findings.contains { $0.level == .error } ? .failure : .success
            }
            try Self.prepare(folder)
            let result = try SliceJob.run(parsed.request)
            do {
                var catalog = result.catalog
                catalog.addReport(SliceReport.html(result, design: parsed.request.input.lastPathComponent))
                try catalog.write(to: folder)
                let files = result.slices.reduce(0) { $0 + $1.files.count }
                output("sliced \(result.slices.count) slices into \(files) files: \(folder.appendingPathComponent(AssetCatalog.folder).path)")
            }
            for line in SliceReport.lines(result.findings) { output(line) }
            return result.hasErrors ? .failure : .success
        } catch let failure {
            error(failure.description)
            return failure.exitCode
        }
    }

    /// Creates the output folder and checks that a file can be written in it.
    static func prepare(_ folder: URL) throws(SlicerError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .outputNotWritable(path: folder.path, detail: "the folder cannot be created")
        }
        guard manager.isWritableFile(atPath: folder.path) else {
            throw .outputNotWritable(path: folder.path, detail: "permission denied")
        }
    }
}

/// The words of `appsuite slice`, checked.
struct SliceArguments {
    var request: SliceRequest
    var output: URL?
    var help = false

    init(_ words: [String]) throws(SlicerError) {
        var positional: [String] = []
        var values: [String: String] = [:]
        var flags: Set<String> = []
        let valued: Set<String> = ["out", "design-scale", "app-icon", "launch", "launch-color"]
        let known: Set<String> = ["legacy-icons", "jpeg", "no-pad", "no-upscale", "lint-only", "help"]
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--") else {
                positional.append(word)
                continue
            }
            let name = String(word.dropFirst(2))
            if valued.contains(name) {
                guard index < words.count else { throw .invalidArgument(LocalizedText("--\(name) needs a value")) }
                values[name] = words[index]
                index += 1
            } else if known.contains(name) {
                flags.insert(name)
            } else {
                throw .invalidArgument(LocalizedText("unknown option --\(name)"))
            }
        }
        help = flags.contains("help")
        guard help || positional.count == 1 else {
            throw .invalidArgument(LocalizedText(positional.isEmpty ? "give one DESIGN (a folder, .png, .svg, .pdf or .psd)" : "give one DESIGN, not \(positional.count)"))
        }
        var options = SliceOptions()
        if let scale = values["design-scale"] {
            guard let value = Int(scale), (1...3).contains(value) else { throw .invalidArgument(LocalizedText("--design-scale must be 1, 2 or 3, not \(scale)")) }
            options.designScale = value
        }
        options.padTapTargets = !flags.contains("no-pad")
        options.allowUpscale = !flags.contains("no-upscale")
        options.jpegWhereSmaller = flags.contains("jpeg")
        var colour: (red: UInt8, green: UInt8, blue: UInt8)?
        if let text = values["launch-color"] {
            guard let parsed = Self.colour(text) else { throw .invalidArgument(LocalizedText("--launch-color must be #RRGGBB, not \(text)")) }
            colour = parsed
        }
        if flags.contains("lint-only") {
            if values["out"] != nil { throw .invalidArgument(LocalizedText("--lint-only writes nothing; leave out --out")) }
        } else if !help {
            guard let out = values["out"] else { throw .invalidArgument(LocalizedText("--out DIR is needed (or --lint-only)")) }
            output = URL(fileURLWithPath: out)
        }
        request = SliceRequest(
            input: URL(fileURLWithPath: positional.first ?? "."), options: options,
            appIcon: values["app-icon"].map { URL(fileURLWithPath: $0) }, legacyIcons: flags.contains("legacy-icons"),
            launchImage: values["launch"].map { URL(fileURLWithPath: $0) }, launchColor: colour)
    }

    /// `#1a2b3c` or `1A2B3C` → its components.
    static func colour(_ text: String) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return (UInt8(value >> 16), UInt8((value >> 8) & 0xff), UInt8(value & 0xff))
    }
}
