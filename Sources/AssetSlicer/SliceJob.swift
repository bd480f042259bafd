public import Foundation
import Imaging
import WebUI

/// One slicing run: which design, the options, and the optional app icon and launch masters.
public struct SliceRequest: Sendable {
    /// A folder of PNG/JPEG exports, one PNG/JPEG, an SVG, a PDF or a PSD.
    public var input: URL
    public var options: SliceOptions
    /// A square master (PNG, JPEG or SVG) for `AppIcon.appiconset`.
    public var appIcon: URL?
    /// Also the legacy size list (see ``AppIconSet``).
    public var legacyIcons: Bool
    /// A master (PNG, JPEG or SVG) for the launch images.
    public var launchImage: URL?
    public var launchColor: (red: UInt8, green: UInt8, blue: UInt8)?

    public init(input: URL, options: SliceOptions = SliceOptions(), appIcon: URL? = nil, legacyIcons: Bool = false,
                launchImage: URL? = nil, launchColor: (red: UInt8, green: UInt8, blue: UInt8)? = nil) {
        self.input = input
        self.options = options
        self.appIcon = appIcon
        self.legacyIcons = legacyIcons
        self.launchImage = launchImage
        self.launchColor = launchColor
    }
}

/// What a run made: the catalog's files (with `spec.html` and `spec.png` for an SVG design), the slices
/// written and every lint finding.
public struct SliceResult: Sendable {
    public var catalog: AssetCatalog
    public var slices: [SliceOutput]
    public var findings: [LintFinding]
    /// Whether a rule at error level failed (`appsuite slice` then exits 1).
    public var hasErrors: Bool { findings.contains { $0.level == .error } }
}

public enum SliceJob {
    /// Reads and lints the design without rendering anything.
    public static func lint(_ request: SliceRequest) throws(SlicerError) -> [LintFinding] {
        DesignLint.check(try DesignReader.read(request.input, options: request.options, meter: SliceMeter(request.options.limits.budget)),
                         options: request.options)
    }

    /// Reads the design, lints it, renders every slice at @1x/@2x/@3x and builds the catalog (with the app
    /// icon and launch sets when asked). Runs on the calling thread; `progress(done, total)` after each slice.
    /// Every picture is charged to the run's ``SliceBudget`` (`request.options.limits.budget`) before it is drawn.
    /// - Throws: ``SlicerError`` for input that cannot be read at all (a bad slice among many is a finding), and
    ///   ``SlicerError/overBudget(zh:en:)`` for a run past its budget.
    public static func run(_ request: SliceRequest, progress: (Int, Int) -> Void = { _, _ in }) throws(SlicerError) -> SliceResult {
        let meter = SliceMeter(request.options.limits.budget)
        let design = try DesignReader.read(request.input, options: request.options, meter: meter)
        try meter.preflight(design, options: request.options, file: request.input.lastPathComponent)
        var findings = DesignLint.check(design, options: request.options)
        var catalog = AssetCatalog()
        var outputs: [SliceOutput] = []
        for (index, slice) in design.slices.enumerated() {
            do {
                let output = try Slicer.render(slice, options: request.options, meter: meter)
                catalog.add(output)
                outputs.append(output)
            } catch let error {
                guard case .unreadableDesign = error else { throw error }
                findings.append(LintFinding(rule: "read", level: .error, subject: slice.origin, message: LocalizedText(error.description)))
            }
            progress(index + 1, design.slices.count)
        }
        if request.input.pathExtension.lowercased() == "svg" {
            do {
                let data = try DesignReader.contents(request.input, limits: request.options.limits)
                for (path, bytes) in try SpecSheet.make(data, file: request.input.lastPathComponent, designScale: request.options.designScale,
                                                        limits: request.options.limits, meter: meter) {
                    catalog.files[path] = bytes
                }
            } catch let error where error.isOverBudget {
                throw error
            } catch {
                findings.append(LintFinding(rule: "read", level: .warning, subject: request.input.lastPathComponent,
                                            message: LocalizedText(zh: "无法生成标注：\(error)", en: "no spec sheet: \(error)")))
            }
        }
        if let icon = request.appIcon {
            let master = try DesignReader.master(icon, side: 1024, limits: request.options.limits, meter: meter)
            let set = try AppIconSet.make(from: master, origin: icon.lastPathComponent, legacy: request.legacyIcons)
            catalog.add(set)
            findings += set.findings
        }
        if let launch = request.launchImage {
            let master = try DesignReader.master(launch, side: 2208, limits: request.options.limits, meter: meter)
            let set = try LaunchImageSet.make(from: master, origin: launch.lastPathComponent, background: request.launchColor)
            catalog.add(set)
            findings += set.findings
        }
        if outputs.isEmpty && design.slices.isEmpty && request.appIcon == nil && request.launchImage == nil {
            let reasons = design.notes.prefix(3).map { "\($0.subject): \($0.message.en)" }
            throw .noSlices(([request.input.lastPathComponent + " holds no slices"] + reasons).joined(separator: "; "))
        }
        return SliceResult(catalog: catalog, slices: outputs, findings: findings)
    }
}

/// Picks the reader for an input by what it is: a folder, or a file by its extension (the readers then
/// check the content).
enum DesignReader {
    static func read(_ input: URL, options: SliceOptions, meter: SliceMeter) throws(SlicerError) -> Design {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder) else {
            throw .missingInput(path: input.path, detail: "no such file or folder")
        }
        if isFolder.boolValue {
            let files = BitmapDesign.files(in: input)
            guard !files.isEmpty else { throw .noSlices("\(input.lastPathComponent) has no PNG or JPEG files") }
            return try BitmapDesign.read(files, base: input, designScale: options.designScale, limits: options.limits)
        }
        let name = input.lastPathComponent
        switch input.pathExtension.lowercased() {
        case "svg":
            return try SVGDesign.read(try contents(input, limits: options.limits), file: name, designScale: options.designScale, limits: options.limits,
                                      meter: meter)
        case "pdf":
            return try PDFDesign.read(try contents(input, limits: options.limits), file: name, limits: options.limits)
        case "psd":
            return try PSDDesign.read(input, file: name, designScale: options.designScale, limits: options.limits, meter: meter)
        case let ext where BitmapDesign.extensions.contains(ext):
            return try BitmapDesign.read([input], base: nil, designScale: options.designScale, limits: options.limits)
        default:
            throw .unreadableDesign(file: name, layer: nil, detail: "not a design this tool reads (a folder of PNGs, .png, .jpg, .svg, .pdf or .psd)")
        }
    }

    static func contents(_ file: URL, limits: SlicerLimits) throws(SlicerError) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size <= limits.image.maximumBytes else {
            throw .overLimit("\(file.lastPathComponent) has \(size) bytes; at most \(limits.image.maximumBytes)")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .missingInput(path: file.path, detail: "cannot be read")
        }
    }

    /// A master picture for icons or launch images: a bitmap decoded, or an SVG drawn `side` px wide.
    static func master(_ file: URL, side: Int, limits: SlicerLimits, meter: SliceMeter) throws(SlicerError) -> RGBAImage {
        let data = try contents(file, limits: limits)
        if file.pathExtension.lowercased() == "svg" {
            let outline = SVGOutline(data)
            let ratio = outline.canvasWidth.flatMap { width in outline.canvasHeight.map { $0 / width } } ?? 1
            return try SVGDesign.renderDocument(data, file: file.lastPathComponent, width: side,
                                                height: max(1, Int((Double(side) * ratio).rounded())), maximumSide: max(side, limits.maximumSide),
                                                meter: meter)
        }
        do {
            return try Imaging.decodeRGBA([UInt8](data), limits: limits.image)
        } catch {
            throw .unreadableDesign(file: file.lastPathComponent, layer: nil, detail: error.shownText)
        }
    }
}
