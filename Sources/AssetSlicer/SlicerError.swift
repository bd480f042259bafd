public import AppHost
public import Imaging
public import WebUI

/// Why slicing stopped. Each case names the file (and layer or id) it is about.
public enum SlicerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input path does not exist or cannot be read.
    case missingInput(path: String, detail: String)
    /// A design file cannot be read as its format: the file, the layer or id when known (`#logo`, 第 2 页 / page 2),
    /// and why in the library's or the reader's words (``description`` only: the log and the command line).
    case unreadableDesign(file: String, layer: LocalizedText?, detail: String)
    /// The design holds nothing to slice (an empty folder, an SVG without ids).
    case noSlices(String)
    /// More slices, bytes or pixels than the limits allow.
    case overLimit(String)
    /// The output folder cannot be created or written.
    case outputNotWritable(path: String, detail: String)
    /// A command-line or form value is wrong: why, in both languages (the command line prints `en`).
    case invalidArgument(LocalizedText)
    /// The account already has a job queued or running (one at a time).
    case jobRunning
    /// libvips failed on pixels it had accepted.
    case imaging(ImagingError)
    /// The run would pass its ``SliceBudget`` (pixels, filter work, pages, layers, time): why, in both languages.
    case overBudget(zh: String, en: String)

    public var description: String {
        switch self {
        case let .missingInput(path, detail): "cannot read \(path): \(detail)"
        case let .unreadableDesign(file, layer?, detail): "\(file), \(layer.en): \(detail)"
        case let .unreadableDesign(file, nil, detail): "\(file): \(detail)"
        case let .noSlices(detail): "nothing to slice: \(detail)"
        case let .overLimit(detail): "over the limit: \(detail)"
        case let .outputNotWritable(path, detail): "cannot write \(path): \(detail)"
        case let .invalidArgument(detail): detail.en
        case .jobRunning: "one slicing job at a time: wait for the one that is running"
        case let .imaging(error): error.shownText
        case let .overBudget(_, en): "over the budget: \(en)"
        }
    }

    var isOverBudget: Bool {
        if case .overBudget = self { return true }
        return false
    }

    /// The message for the `/slicer` pages (the job page, the upload form's toast): what went wrong, in both
    /// languages, by kind of failure. It names only the uploaded file (and layer) and the page's stated limits,
    /// never a library's own text: that stays in ``description``, which the helper writes to the server's log.
    public var message: LocalizedText {
        switch self {
        case let .missingInput(path, _):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return LocalizedText(zh: "无法读取 \(name)", en: "\(name) cannot be read")
        case let .unreadableDesign(file, layer, _):
            return LocalizedText(zh: "无法读取 \(file)\(layer.map { "（\($0.zh)）" } ?? "")：文件已损坏，或不是本工具能读的 PNG、JPEG、SVG、PDF 或 PSD",
                                 en: "\(file)\(layer.map { " (\($0.en))" } ?? "") cannot be read: the file is damaged or not a PNG, JPEG, SVG, PDF or PSD this tool reads")
        case .noSlices:
            return LocalizedText(zh: "这个设计稿里没有能切出的图：SVG 的切图是带 id 的最外层元素，PDF 是每一页，PSD 是每个命名图层；太大或太复杂而无法绘制的不算",
                                 en: "This design gives no slices: an SVG's slices are its outermost elements with an id, a PDF's its pages, a PSD's its named layers; what is too large or complex to draw does not count")
        case .overLimit, .imaging(.tooManyPixels), .imaging(.tooManyBytes):
            return LocalizedText(zh: "设计稿超出了上限。" + SlicerText.limits.zh, en: "The design is over the limits. " + SlicerText.limits.en)
        case .outputNotWritable:
            return SlicerText.notStored
        case let .invalidArgument(detail):
            return detail
        case .jobRunning:
            return LocalizedText(zh: "你已有一个切图任务在进行，请等它完成后再上传", en: "You have a slicing job running; upload again when it is done")
        case .imaging(.startFailed):
            return LocalizedText(zh: "服务器暂时无法处理图片，请稍后重试", en: "The server cannot process pictures right now; try again later")
        case .imaging:
            return LocalizedText(zh: "有图片无法处理：它可能已损坏或太大", en: "A picture cannot be processed: it may be damaged or too large")
        case let .overBudget(zh, en):
            return LocalizedText(zh: "超出预算：" + zh, en: "Over the budget: " + en)
        }
    }

    /// Whether the same upload can succeed when sent again (the server could not store or process it, or another
    /// job was running); the job page offers 重试 only then. A design that is unreadable, empty, over a limit or
    /// over the budget fails again.
    public var canSucceedOnRetry: Bool {
        switch self {
        case .outputNotWritable, .jobRunning, .imaging(.startFailed): true
        default: false
        }
    }

    /// The exit code of `appsuite slice` for this failure (sysexits.h).
    public var exitCode: ExitCode {
        switch self {
        case .missingInput: .noInput
        case .unreadableDesign, .noSlices, .overLimit, .imaging, .overBudget: .dataError
        case .outputNotWritable: .cannotCreate
        case .invalidArgument, .jobRunning: .usage
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
