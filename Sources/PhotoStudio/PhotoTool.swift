public import AppHost
import Foundation
import Imaging

/// `appsuite photo thumbnail|rotate|flip|crop|resize|info IN OUT …`: the editing operations on files, with
/// the same engine (and the same upright, sRGB results) as the server. Exit codes follow sysexits.h.
public struct PhotoTool: AppCommand {
    public init() {}

    public var name: String { "photo" }
    public var summary: String { "Photo Studio's image operations on files (upright, sRGB, libvips)" }
    public var usage: [String] { ["appsuite photo thumbnail|rotate|flip|crop|resize|info IN [OUT] …   (appsuite photo --help)"] }

    static let help = """
        Usage:
          appsuite photo thumbnail IN OUT [--size 256] [--crop]   fit (or fill, with --crop) a square box
          appsuite photo thumbnail --batch OUTDIR IN…             thumbnails of many files in one process
          appsuite photo rotate IN OUT --degrees 90|180|270|-90   clockwise
          appsuite photo flip IN OUT [--vertical]                 mirror left↔right (or top↔bottom)
          appsuite photo crop IN OUT --x X --y Y --width W --height H   in the upright picture
          appsuite photo resize IN OUT --width W --height H       (give one side to keep the aspect ratio)
          appsuite photo info IN                                  upright size, format, colour, EXIF facts
        OUT's extension picks the format: .jpg (alpha flattened on white), .png or .webp.
        Inputs over 100 megapixels (from the header) are refused before decoding.
        """

    /// Runs one command line (the words after `photo`); opens no data directory.
    public func run(_ invocation: CommandInvocation) -> ExitCode {
        let words = invocation.arguments, output = invocation.output, error = invocation.error
        var positional: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var index = 0
        let valued: Set<String> = ["size", "degrees", "x", "y", "width", "height", "batch"]
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2))
                if valued.contains(name) {
                    guard index + 1 < words.count else { error("--\(name) needs a value"); return .usage }
                    options[name] = words[index + 1]
                    index += 2
                    continue
                }
                flags.insert(name)
            } else {
                positional.append(word)
            }
            index += 1
        }
        guard let command = positional.first, !flags.contains("help") else {
            output(Self.help)
            return flags.contains("help") ? .success : .usage
        }
        let args = Array(positional.dropFirst())
        func int(_ name: String) -> Int? { options[name].flatMap { Int($0) } }
        do {
            switch command {
            case "info":
                guard args.count == 1 else { throw UsageFailure("info needs IN") }
                let info = try Imaging.probe(try Self.read(args[0]))
                output("\(args[0]): \(info.width)×\(info.height) \(info.format) \(info.colorSpace) orientation \(info.orientation)"
                    + (info.hasAlpha ? " alpha" : "") + (info.pageCount > 1 ? " \(info.pageCount) pages" : "")
                    + (info.camera.map { " camera \"\($0)\"" } ?? "") + (info.dateTaken.map { " taken \($0)" } ?? ""))
                return .success
            case "thumbnail":
                let side = int("size") ?? 256
                if let directory = options["batch"] {
                    return Self.batch(args, into: directory, side: side, crop: flags.contains("crop"), output: output, error: error)
                }
                guard args.count == 2 else { throw UsageFailure("thumbnail needs IN and OUT") }
                let format = try Self.outputFormat(args[1])
                guard FileManager.default.isReadableFile(atPath: args[0]) else {
                    throw ImagingError.fileNotReadable(path: args[0], detail: "no such file or not readable")
                }
                let image = try Imaging.thumbnail(contentsOf: args[0], maxWidth: side, maxHeight: side,
                                                  crop: flags.contains("crop") ? .centre : .none, format: format)
                try Self.write(image, to: args[1], output: output)
                return .success
            case "rotate", "flip", "crop", "resize":
                guard args.count == 2 else { throw UsageFailure("\(command) needs IN and OUT") }
                let input = try Self.read(args[0])
                var edit: ImageEdit
                switch command {
                case "rotate":
                    guard let degrees = int("degrees") else { throw UsageFailure("rotate needs --degrees") }
                    edit = .rotate(degrees: degrees)
                case "flip":
                    edit = .flip(horizontal: !flags.contains("vertical"))
                case "crop":
                    guard let x = int("x"), let y = int("y"), let w = int("width"), let h = int("height") else {
                        throw UsageFailure("crop needs --x --y --width --height")
                    }
                    edit = .crop(x: x, y: y, width: w, height: h)
                default:
                    let info = try Imaging.probe(input)
                    let w = int("width"), h = int("height")
                    guard w != nil || h != nil else { throw UsageFailure("resize needs --width and/or --height") }
                    let width = w ?? max(1, Int((Double(h!) * Double(info.width) / Double(info.height)).rounded()))
                    let height = h ?? max(1, Int((Double(w!) * Double(info.height) / Double(info.width)).rounded()))
                    edit = .resize(width: width, height: height)
                }
                let image = try Imaging.edit(input, [edit], format: try Self.outputFormat(args[1]))
                try Self.write(image, to: args[1], output: output)
                return .success
            default:
                throw UsageFailure("unknown photo command '\(command)'")
            }
        } catch let failure as UsageFailure {
            error(failure.message + "\n" + Self.help)
            return .usage
        } catch let failure as ImagingError {
            error(failure.description)
            if case .fileNotReadable = failure { return .noInput }
            if case .invalidArgument = failure { return .usage }
            return .dataError
        } catch let failure {
            error("\(failure)")
            return .cannotCreate
        }
    }

    /// Thumbnails every input into `directory` (same base name, .jpg), printing one line per file with
    /// the time it took; failures are listed and make the exit code 65.
    static func batch(_ inputs: [String], into directory: String, side: Int, crop: Bool,
                      output: (String) -> Void, error: (String) -> Void) -> ExitCode {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var failed = 0
        for path in inputs {
            let started = DispatchTime.now().uptimeNanoseconds
            do {
                let image = try Imaging.thumbnail(contentsOf: path, maxWidth: side, maxHeight: side, crop: crop ? .centre : .none)
                let name = (URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent) + ".jpg"
                try Data(image.bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
                let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                output(String(format: "%@\t%.2f ms\t%d×%d", path, ms, image.width, image.height))
            } catch let failure {
                failed += 1
                error("\(path): \(failure)")
            }
        }
        return failed == 0 ? .success : .dataError
    }

    struct UsageFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImagingError.fileNotReadable(path: path, detail: "no such file or not readable")
        }
        return [UInt8](data)
    }

    static func outputFormat(_ path: String) throws -> OutputFormat {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "jpg", "jpeg": return .jpeg(quality: 85)
        case "png": return .png
        case "webp": return .webp(quality: 85)
        default: throw UsageFailure("OUT must end in .jpg, .png or .webp")
        }
    }

    static func write(_ image: EncodedImage, to path: String, output: (String) -> Void) throws {
        try Data(image.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        output("\(path): \(image.width)×\(image.height) \(image.format)")
    }
}
