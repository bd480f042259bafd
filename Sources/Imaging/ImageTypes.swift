/// Limits applied before any pixel work. Both are checked against what the
/// input claims (byte count, header width × height), so a decompression bomb is
/// refused without being decoded.
public struct ImageLimits: Sendable, Hashable {
    /// Largest accepted width × height of one page, from the header.
    public var maximumPixels: Int
    /// Largest accepted encoded size in bytes.
    public var maximumBytes: Int

    /// 100 megapixels: a 12 MP phone photo and a 99.6 MP scan pass; the 268 MP and
    /// 4.3 GP PNG bombs do not.
    public static let defaultMaximumPixels = 100_000_000
    /// 64 MiB of encoded input.
    public static let defaultMaximumBytes = 64 * 1024 * 1024

    public init(
        maximumPixels: Int = ImageLimits.defaultMaximumPixels,
        maximumBytes: Int = ImageLimits.defaultMaximumBytes
    ) {
        self.maximumPixels = maximumPixels
        self.maximumBytes = maximumBytes
    }
}

/// An image format, detected from the content (libvips' loader), never from a
/// file name.
public enum ImageFormat: Sendable, Hashable, CustomStringConvertible {
    case jpeg, png, webp, gif, heif, avif, tiff
    /// Any other format libvips could load, named by its loader (e.g. "ppmload").
    case other(loader: String)

    /// The IANA media type, e.g. "image/jpeg".
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heif"
        case .avif: "image/avif"
        case .tiff: "image/tiff"
        case .other: "application/octet-stream"
        }
    }

    /// The name people know, e.g. "JPEG" (for other formats, the loader's name).
    public var label: String {
        switch self {
        case let .other(loader): loader
        default: description.uppercased()
        }
    }

    /// The usual file extension without the dot, e.g. "jpg".
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .heif: "heic"
        case .avif: "avif"
        case .tiff: "tiff"
        case .other: "bin"
        }
    }

    public var description: String {
        switch self {
        case .jpeg: "jpeg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .heif: "heif"
        case .avif: "avif"
        case .tiff: "tiff"
        case let .other(loader): loader
        }
    }
}

/// How the colour samples of an image are to be read.
public enum ColorSpace: Sendable, Hashable {
    /// sRGB-like RGB, 8 or 16 bits per sample.
    case rgb
    /// One grey band, 8 or 16 bits per sample.
    case gray
    /// Four ink bands (a print file); needs conversion before display.
    case cmyk
    /// Anything else (Lab, XYZ, multiband …), by libvips' interpretation name.
    case other(String)
}

/// What an image's header says, with width and height as the image is meant to
/// be displayed (after EXIF orientation).
public struct ImageInfo: Sendable, Hashable {
    /// Detected from the content.
    public var format: ImageFormat
    /// Displayed width: for EXIF orientations 5–8 the stored height.
    public var width: Int
    /// Displayed height: for EXIF orientations 5–8 the stored width.
    public var height: Int
    /// EXIF orientation 1–8 (1 when absent or invalid). HEIF/AVIF container
    /// rotations are already applied by the decoder and are reported as 1.
    public var orientation: Int
    public var hasAlpha: Bool
    /// Pages or animation frames (1 for a still image). `width` and `height`
    /// are those of one page.
    public var pageCount: Int
    /// Bands per pixel, alpha included (e.g. 3 for RGB, 4 for RGBA or CMYK).
    public var bands: Int
    public var colorSpace: ColorSpace
    /// Whether an ICC colour profile is embedded.
    public var hasColorProfile: Bool
    /// The camera's make and model from EXIF ("Canon Canon PowerShot SX60 HS"), if present.
    public var camera: String?
    /// EXIF DateTimeOriginal (or DateTime) as written, "2015:03:14 15:09:26", if present.
    public var dateTaken: String?
    /// EXIF DateTimeOriginal alone (tag 0x9003, local time where the photo was taken, "2015:03:14 15:09:26"), as libexif reads it.
    public var dateTimeOriginal: String?
    /// EXIF OffsetTimeOriginal (tag 0x9011, EXIF 2.31: that local time's offset from UTC, "+08:00"), as libexif reads it.
    public var offsetTimeOriginal: String?
    /// Where the photo was taken, from the EXIF GPS tags (GPSLatitude/GPSLatitudeRef, GPSLongitude/GPSLongitudeRef,
    /// EXIF 2.32 §4.6.6) as libexif reads them; nil when either is missing, malformed or out of range.
    public var location: ExifLocation?

    /// Width × height as stored, before orientation (the same product).
    public var pixelCount: Int { width * height }

    /// Why decoding failed after this header was read: the pixel data is truncated or corrupt.
    var pixelDataFailure: String { "\(format.label) \(width)×\(height): the pixel data cannot be decoded" }

    public init(
        format: ImageFormat, width: Int, height: Int, orientation: Int, hasAlpha: Bool,
        pageCount: Int, bands: Int, colorSpace: ColorSpace, hasColorProfile: Bool,
        camera: String? = nil, dateTaken: String? = nil, dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil,
        location: ExifLocation? = nil
    ) {
        self.location = location
        self.camera = camera
        self.dateTaken = dateTaken
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.pageCount = pageCount
        self.bands = bands
        self.colorSpace = colorSpace
        self.hasColorProfile = hasColorProfile
    }
}

/// A point on Earth as a photo's EXIF GPS tags give it: degrees, north and east positive. EXIF GPS positions are
/// in the datum named by GPSMapDatum, which phones and cameras write as WGS-84 (EXIF 2.32 §4.6.6 recommends it).
public struct ExifLocation: Sendable, Hashable {
    /// −90…90 degrees, north positive.
    public var latitude: Double
    /// −180…180 degrees, east positive.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        (self.latitude, self.longitude) = (latitude, longitude)
    }
}

/// The encoding of a produced image.
public enum OutputFormat: Sendable, Hashable {
    /// JPEG at quality 1–100. Alpha is flattened onto white.
    case jpeg(quality: Int)
    /// Lossless PNG; alpha is kept.
    case png
    /// Lossy WebP at quality 1–100; alpha is kept.
    case webp(quality: Int)

    public var imageFormat: ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        }
    }
}

/// Whether and how a thumbnail is cropped to fill its box.
public enum ThumbnailCrop: Sendable, Hashable {
    /// Fit inside the box, keeping the aspect ratio (one side may be shorter).
    case none
    /// Fill the box exactly, cutting the overflow equally from both ends.
    case centre
    /// Fill the box exactly, keeping the most "interesting" region (libvips'
    /// attention strategy: skin tones, saturation, edges).
    case attention
}

/// Encoded image bytes and what they are.
public struct EncodedImage: Sendable, Hashable {
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int
    public var format: ImageFormat

    /// The media type for a `Content-Type` header, e.g. "image/jpeg".
    public var mediaType: String { format.mediaType }

    public init(bytes: [UInt8], width: Int, height: Int, format: ImageFormat) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.format = format
    }
}
