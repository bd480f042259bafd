public import AppHost
public import Imaging

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

    public var description: String {
        switch self {
        case let .missingInput(path, detail): "cannot read \(path): \(detail)"
        case let .unreadableDesign(file, layer?, detail): "\(file), \(layer): \(detail)"
        case let .unreadableDesign(file, nil, detail): "\(file): \(detail)"
        case let .noSlices(detail): "nothing to slice: \(detail)"
        case let .overLimit(detail): "over the limit: \(detail)"
        case let .outputNotWritable(path, detail): "cannot write \(path): \(detail)"
        case let .invalidArgument(detail): detail
        case let .imaging(error): error.description
        }
    }

    /// The exit code of `appsuite slice` for this failure (sysexits.h).
    public var exitCode: ExitCode {
        switch self {
        case .missingInput: .noInput
        case .unreadableDesign, .noSlices, .overLimit, .imaging: .dataError
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

    public init(maximumSlices: Int = 2_000, maximumSide: Int = 4_096, image: ImageLimits = ImageLimits(maximumPixels: 40_000_000, maximumBytes: 64 << 20)) {
        self.maximumSlices = maximumSlices
        self.maximumSide = maximumSide
        self.image = image
    }
}
