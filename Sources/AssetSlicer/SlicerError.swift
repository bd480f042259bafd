public import AppHost
public import Imaging
public import WebUI

/// Why slicing stopped. Each case names the file (and layer or id) it is about.
public enum SlicerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input path does not exist or cannot be read.
    case missingInput(path: String, detail: String)
    /// A design file cannot be read as its format: the file, the layer or id when known, and why.
    case unreadableDesign(file: String, layer: String?, detail: String)
    /// The design holds nothing to slice (an empty folder, an SVG without ids).
    case noSlices(String)
    /// More slices, bytes or pixels than the limits allow.
    case overLimit(String)
    /// The output folder cannot be created or written.
    case outputNotWritable(path: String, detail: String)
    /// A command-line or form value is wrong.
    case invalidArgument(String)
    /// libvips failed on pixels it had accepted.
    case imaging(ImagingError)
    /// The run would pass its ``SliceBudget`` (pixels, filter work, pages, layers, time): why, in both languages.
    case overBudget(zh: String, en: String)

    public var description: String {
        switch self {
        case let .missingInput(path, detail): "cannot read \(path): \(detail)"
        case let .unreadableDesign(file, layer?, detail): "\(file), \(layer): \(detail)"
        case let .unreadableDesign(file, nil, detail): "\(file): \(detail)"
        case let .noSlices(detail): "nothing to slice: \(detail)"
        case let .overLimit(detail): "over the limit: \(detail)"
        case let .outputNotWritable(path, detail): "cannot write \(path): \(detail)"
        case let .invalidArgument(detail): detail
        case let .imaging(error): error.shownText
        case let .overBudget(_, en): "over the budget: \(en)"
        }
    }

    var isOverBudget: Bool {
        if case .overBudget = self { return true }
        return false
    }

    /// The message for the `/slicer` job page, in both languages where it has them.
    public var message: LocalizedText {
        if case let .overBudget(zh, _) = self { return LocalizedText(zh: "超出预算：" + zh, en: description.prefix(1).uppercased() + description.dropFirst()) }
        return LocalizedText(description)
    }

    /// The exit code of `appsuite slice` for this failure (sysexits.h).
    public var exitCode: ExitCode {
        switch self {
        case .missingInput: .noInput
        case .unreadableDesign, .noSlices, .overLimit, .imaging, .overBudget: .dataError
        case .outputNotWritable: .cannotCreate
        case .invalidArgument: .usage
        }
    }
}

/// Limits on what one slicing run accepts (the page applies them to uploads; the command line too).
public struct SlicerLimits: Sendable, Hashable {
    /// Most slices in one design.
    public var maximumSlices: Int
    /// Largest side of any output picture in pixels.
    public var maximumSide: Int
    /// Limits on each bitmap read (bytes, pixels from the header).
    public var image: ImageLimits
    /// Most pixels of all the bitmaps of one design together (PNG/JPEG exports, PSD layers), which are held
    /// decoded at 4 bytes a pixel while the design is sliced: 100 million is 400 MB, room for 500 icons at
    /// three scales and a few dozen full-screen backgrounds. Checked from the headers before decoding, so a
    /// folder of small files that each decode to a huge blank picture is refused.
    public var maximumTotalPixels: Int
    /// What rendering may cost (pixels, filter work, pages, layers, time).
    public var budget: SliceBudget

    public init(maximumSlices: Int = 2_000, maximumSide: Int = 4_096, image: ImageLimits = ImageLimits(maximumPixels: 40_000_000, maximumBytes: 64 << 20),
                maximumTotalPixels: Int = 100_000_000, budget: SliceBudget = SliceBudget()) {
        self.maximumSlices = maximumSlices
        self.maximumSide = maximumSide
        self.image = image
        self.maximumTotalPixels = maximumTotalPixels
        self.budget = budget
    }
}
