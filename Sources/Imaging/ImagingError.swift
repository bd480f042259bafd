/// Everything that can go wrong in `Imaging`. Cases that come from libvips keep
/// libvips' own error text (`detail`), so a log line says what the library saw.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input had no bytes at all.
    case emptyInput
    /// The input is larger than `ImageLimits.maximumBytes`.
    case tooManyBytes(size: Int, limit: Int)
    /// The header declares more pixels (per page) than `ImageLimits.maximumPixels`.
    /// Raised from the header alone, before any pixel is decoded.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// No enabled loader recognises the content (a text file, a format we do not
    /// accept, or too few bytes to tell).
    case unsupportedFormat(detail: String)
    /// A loader recognised the format but could not read the image: a corrupt or
    /// truncated file, or a header the decoder refuses.
    case unreadable(detail: String)
    /// A file path could not be opened.
    case fileNotReadable(path: String, detail: String)
    /// A caller-supplied argument is out of range (e.g. a 0-pixel thumbnail box).
    case invalidArgument(String)
    /// libvips failed while resizing or encoding an image it had read.
    case processingFailed(detail: String)
    /// libvips could not be initialised.
    case startFailed(detail: String)

    public var description: String {
        switch self {
        case .emptyInput:
            "empty input: the image has no bytes"
        case let .tooManyBytes(size, limit):
            "image too large: \(size) bytes, the limit is \(limit) bytes"
        case let .tooManyPixels(width, height, limit):
            "image has too many pixels: \(width)×\(height) = \(width * height) pixels, "
                + "the limit is \(limit) pixels"
        case let .unsupportedFormat(detail):
            "unsupported image format (not an image, or not a format we accept): \(detail)"
        case let .unreadable(detail):
            "unreadable image (corrupt or truncated): \(detail)"
        case let .fileNotReadable(path, detail):
            "cannot read \(path): \(detail)"
        case let .invalidArgument(message):
            "invalid argument: \(message)"
        case let .processingFailed(detail):
            "image processing failed: \(detail)"
        case let .startFailed(detail):
            "libvips could not start: \(detail)"
        }
    }

    /// What a page may show: ``description`` without the server's file paths or libvips' own start-up text (issue 27
    /// item 4); those stay in ``description``, for the log.
    public var shownText: String {
        switch self {
        case .fileNotReadable: "cannot read the file"
        case .startFailed: "image processing is not available on this server"
        default: description
        }
    }
}
