import CVips
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Image work on top of libvips: read headers safely, make thumbnails. Knows no HTTP.
///
/// Every function may be called from any thread once `start()` has run (each
/// one calls it, so calling it yourself only moves the one-time cost and lets
/// you choose the configuration). Inputs are checked against `ImageLimits`
/// from the header before any pixel is decoded.
public enum Imaging {
    /// Process-wide libvips settings, applied once by the first `start`.
    public struct Configuration: Sendable, Hashable {
        /// Worker threads libvips may use for one operation. A server already
        /// runs requests in parallel, so 1 avoids oversubscribing the cores.
        public var concurrency: Int
        /// Refuse libvips' loaders marked untrusted (ImageMagick, PDF, SVG,
        /// JPEG 2000, JPEG XL, FITS, Matlab, raw …): uploads may only be JPEG,
        /// PNG, WebP, GIF, HEIF/AVIF or TIFF.
        public var blockUntrustedLoaders: Bool

        public init(concurrency: Int = 1, blockUntrustedLoaders: Bool = true) {
            self.concurrency = concurrency
            self.blockUntrustedLoaders = blockUntrustedLoaders
        }
    }

    private enum StartState: Sendable {
        case notStarted
        case started(Configuration)
        case failed(String)
    }

    private static let state = Mutex<StartState>(.notStarted)

    /// Initialises libvips once per process; later calls (from any thread) do
    /// nothing and keep the first configuration. Throws `.startFailed` if libvips
    /// cannot start (then every later call throws the same).
    ///
    /// Settings: the operation cache is switched off (its entries would keep
    /// pointers into input buffers that Swift has since freed, and a server's
    /// inputs rarely repeat), `concurrency` threads per operation, and untrusted
    /// loaders blocked unless the configuration says otherwise.
    public static func start(_ configuration: Configuration = Configuration()) throws(ImagingError) {
        let failure: String? = state.withLock { current in
            switch current {
            case .started: return nil
            case let .failed(detail): return detail
            case .notStarted:
                // libvips prints GLib warnings ("error in tile 0 x 384", "not enough data") for the
                // corrupt files we refuse anyway; the refusal carries libvips' error text, so the
                // warnings only clutter the server's log. VIPS_WARNING (any value) silences them.
                setenv("VIPS_WARNING", "0", 0)
                if vips_init("appsuite") != 0 {
                    // No other libvips call can run before this one has finished, so the error text is ours.
                    let text = String(cString: vips_error_buffer())
                    let detail = text.isEmpty ? "vips_init failed" : text.split(whereSeparator: \.isNewline).joined(separator: "; ")
                    current = .failed(detail)
                    return detail
                }
                vips_cache_set_max(0)
                vips_cache_set_max_mem(0)
                vips_cache_set_max_files(0)
                vips_concurrency_set(Int32(max(1, configuration.concurrency)))
                vips_block_untrusted_set(configuration.blockUntrustedLoaders ? 1 : 0)
                current = .started(configuration)
                return nil
            }
        }
        if let failure { throw .startFailed(detail: failure) }
    }

    // MARK: probe

    /// Reads the header of an encoded image without decoding its pixels.
    ///
    /// Throws `.emptyInput`, `.tooManyBytes`, `.unsupportedFormat` (not a format an
    /// enabled loader recognises), `.unreadable` (corrupt header) or
    /// `.tooManyPixels` (checked on the header's width × height).
    public static func probe(_ data: [UInt8], limits: ImageLimits = ImageLimits()) throws(ImagingError) -> ImageInfo {
        try start()
        try checkByteCount(data.count, limits: limits)
        return try data.withBytes { raw throws(ImagingError) -> ImageInfo in
            let image = try openHeader(raw)
            let info = describe(image, sniff: raw)
            try checkPixels(image, limits: limits)
            return info
        }
    }

    /// `probe` for a file: reads only as much of the file as the header needs.
    /// The format is detected from the content, not from the path's extension.
    public static func probe(contentsOf path: String, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> ImageInfo {
        try start()
        let source = try openSource(path)
        let length = Int(vips_source_length(source.pointer))
        if length == 0 { throw .emptyInput }
        if length > 0 { try checkByteCount(length, limits: limits) }
        guard let found = vips_foreign_find_load_source(source.pointer) else {
            throw .unsupportedFormat(detail: "no decoder recognises the content")
        }
        try refuseBlocked(found)
        let loader = Loader(found, sniff: nil)
        guard let image = OwnedImage(taking: appsuite_vips_open_source(source.pointer, VIPS_FAIL_ON_ERROR, loader.isHEIF ? 1 : 0)) else {
            throw .unreadable(detail: "\(loader.format.label): the header cannot be read")
        }
        let info = describe(image, sniff: nil)
        try checkPixels(image, limits: limits)
        return info
    }

    // MARK: thumbnail

    /// Makes a thumbnail that fits `maxWidth` × `maxHeight` (or fills it exactly
    /// with a crop), upright by EXIF orientation, converted to sRGB through the
    /// embedded ICC profile (CMYK without a profile through libvips' built-in
    /// CMYK profile), with metadata stripped. Only the first page of an
    /// animation or multi-page file is used.
    ///
    /// - Parameters:
    ///   - crop: `.none` fits inside the box; `.centre` / `.attention` fill it
    ///     exactly (pass equal sides for a square avatar).
    ///   - upscale: when false (default) a smaller image is not enlarged, so the
    ///     result may be smaller than the box; neither side is ever 0 pixels.
    ///   - format: JPEG flattens alpha onto white; PNG and WebP keep it.
    ///   - limits: checked on the input's header before any decoding.
    /// Truncated or corrupt inputs are refused (`.unreadable`), never returned half-grey.
    public static func thumbnail(
        _ data: [UInt8], maxWidth: Int, maxHeight: Int, crop: ThumbnailCrop = .none,
        upscale: Bool = false, format: OutputFormat = .jpeg(quality: 82),
        limits: ImageLimits = ImageLimits()
    ) throws(ImagingError) -> EncodedImage {
        guard (1...maximumThumbnailSide).contains(maxWidth), (1...maximumThumbnailSide).contains(maxHeight) else {
            throw .invalidArgument(
                "thumbnail box \(maxWidth)×\(maxHeight) is outside 1…\(maximumThumbnailSide) pixels per side")
        }
        try validate(format)
        try start()
        try checkByteCount(data.count, limits: limits)
        return try data.withBytes { raw throws(ImagingError) -> EncodedImage in
            let input: ImageInfo
            do {
                let header = try openHeader(raw)
                try checkPixels(header, limits: limits)
                input = describe(header, sniff: raw)
            }
            // Colour: tagged images go through their profile to sRGB; untagged
            // ones are taken as sRGB already (an sRGB→sRGB "transform" in 8.14
            // shifts saturated colours). libvips 8.14 converts CMYK through its
            // built-in CMYK profile unless it shrinks in linear light, so a print
            // file's own profile (e.g. SWOP) needs `linear`.
            let linear: Int32 = input.colorSpace == .cmyk && input.hasColorProfile ? 1 : 0
            let exportProfile: String? = input.hasColorProfile ? "srgb" : nil
            var output: UnsafeMutablePointer<VipsImage>?
            let status = appsuite_vips_thumbnail_buffer(
                raw.baseAddress, raw.count, &output, Int32(maxWidth), Int32(maxHeight),
                crop.vips, upscale ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN, linear, exportProfile, loaderOptions(input))
            return try finishThumbnail(status: status, output, as: format, input: input)
        }
    }

    /// `thumbnail` for a file: the encoded bytes are streamed from disk (shrink-on-load), never held
    /// in memory whole. The header is checked against `limits` first, as for bytes.
    public static func thumbnail(
        contentsOf path: String, maxWidth: Int, maxHeight: Int, crop: ThumbnailCrop = .none,
        upscale: Bool = false, format: OutputFormat = .jpeg(quality: 82), limits: ImageLimits = ImageLimits()
    ) throws(ImagingError) -> EncodedImage {
        guard (1...maximumThumbnailSide).contains(maxWidth), (1...maximumThumbnailSide).contains(maxHeight) else {
            throw .invalidArgument(
                "thumbnail box \(maxWidth)×\(maxHeight) is outside 1…\(maximumThumbnailSide) pixels per side")
        }
        try validate(format)
        let input = try probe(contentsOf: path, limits: limits)
        let source = try openSource(path)
        let linear: Int32 = input.colorSpace == .cmyk && input.hasColorProfile ? 1 : 0
        let exportProfile: String? = input.hasColorProfile ? "srgb" : nil
        var output: UnsafeMutablePointer<VipsImage>?
        let status = appsuite_vips_thumbnail_source(
            source.pointer, &output, Int32(maxWidth), Int32(maxHeight),
            crop.vips, upscale ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN, linear, exportProfile, loaderOptions(input))
        return try finishThumbnail(status: status, output, as: format, input: input)
    }

    /// Loader options for `vips_thumbnail*`: strict decoding (8.14.1's thumbnail does not pass its own
    /// `fail_on` on, so truncated input would come out half grey), and `unlimited` for HEIF/AVIF like
    /// the header read (see `Loader.isHEIF`).
    static func loaderOptions(_ input: ImageInfo) -> String {
        input.format == .heif || input.format == .avif ? "fail_on=error,unlimited=true" : "fail_on=error"
    }

    /// Opens a file for reading; the reason it cannot be opened is found by asking the file system.
    static func openSource(_ path: String) throws(ImagingError) -> OwnedSource {
        guard let source = OwnedSource(taking: vips_source_new_from_file(path)) else {
            let detail = access(path, F_OK) != 0 ? "no such file" : access(path, R_OK) != 0 ? "permission denied" : "cannot be opened"
            throw .fileNotReadable(path: path, detail: detail)
        }
        return source
    }

    /// Checks a `vips_thumbnail*` result, converts it to 8-bit sRGB when needed and encodes it.
    /// The header of `input` was read before, so a failure here is in the pixel data.
    static func finishThumbnail(
        status: Int32, _ output: UnsafeMutablePointer<VipsImage>?, as format: OutputFormat, input: ImageInfo
    ) throws(ImagingError) -> EncodedImage {
        guard status == 0, let thumb = OwnedImage(taking: output) else {
            throw .unreadable(detail: input.pixelDataFailure)
        }
        guard thumb.width >= 1, thumb.height >= 1 else {
            throw .processingFailed(detail: "libvips produced a \(thumb.width)×\(thumb.height) image")
        }
        // Grey, 16-bit and anything else not yet 8-bit sRGB: convert, so every
        // thumbnail is 3 bands (+ alpha) of 8-bit sRGB.
        if vips_image_get_interpretation(thumb.pointer) != VIPS_INTERPRETATION_sRGB
            || vips_image_get_format(thumb.pointer) != VIPS_FORMAT_UCHAR
        {
            var converted: UnsafeMutablePointer<VipsImage>?
            guard appsuite_vips_colourspace_srgb(thumb.pointer, &converted) == 0,
                let srgb = OwnedImage(taking: converted)
            else {
                throw .processingFailed(detail: "conversion of the \(thumb.width)×\(thumb.height) thumbnail to sRGB failed")
            }
            return try encode(srgb, as: format, input: input)
        }
        return try encode(thumb, as: format, input: input)
    }

    /// Largest thumbnail box side accepted.
    public static let maximumThumbnailSide = 16_384

    // MARK: internals

    static func checkByteCount(_ count: Int, limits: ImageLimits) throws(ImagingError) {
        if count == 0 { throw .emptyInput }
        if count > limits.maximumBytes { throw .tooManyBytes(size: count, limit: limits.maximumBytes) }
    }

    /// Opens `raw` for header access. Distinguishes "no loader recognises this"
    /// from "a loader recognised it but the header is broken".
    static func openHeader(_ raw: UnsafeRawBufferPointer) throws(ImagingError) -> OwnedImage {
        guard let base = raw.baseAddress, raw.count > 0 else { throw .emptyInput }
        guard let found = vips_foreign_find_load_buffer(base, raw.count) else {
            throw .unsupportedFormat(detail: "no decoder recognises the content")
        }
        try refuseBlocked(found)
        let loader = Loader(found, sniff: raw)
        guard let image = OwnedImage(taking: appsuite_vips_open_buffer(base, raw.count, VIPS_FAIL_ON_ERROR, loader.isHEIF ? 1 : 0)) else {
            throw .unreadable(detail: "\(loader.format.label): the header cannot be read")
        }
        return image
    }

    /// A format whose loader is blocked (see `Configuration.blockUntrustedLoaders`)
    /// is unsupported here, not a broken file.
    static func refuseBlocked(_ loader: UnsafePointer<CChar>) throws(ImagingError) {
        if Vips.isBlocked(loader) {
            throw .unsupportedFormat(detail: "\(String(cString: loader)): loader is disabled (untrusted)")
        }
    }

    static func checkPixels(_ image: borrowing OwnedImage, limits: ImageLimits) throws(ImagingError) {
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        if overflow || pixels > limits.maximumPixels {
            throw .tooManyPixels(width: image.width, height: image.height, limit: limits.maximumPixels)
        }
        if pixels <= 0 {
            throw .unreadable(detail: "header declares a \(image.width)×\(image.height) image")
        }
    }

    static func describe(_ image: borrowing OwnedImage, sniff: UnsafeRawBufferPointer?) -> ImageInfo {
        let loader = image.string("vips-loader") ?? "unknown"
        let orientation = Int(vips_image_get_orientation(image.pointer))
        let upright = (1...8).contains(orientation) ? orientation : 1
        let swap = upright >= 5
        return ImageInfo(
            format: format(loader: loader, heifCompression: image.string("heif-compression"), sniff: sniff),
            width: swap ? image.height : image.width,
            height: swap ? image.width : image.height,
            orientation: upright,
            hasAlpha: image.hasAlpha,
            pageCount: max(1, Int(vips_image_get_n_pages(image.pointer))),
            bands: image.bands,
            colorSpace: colorSpace(vips_image_get_interpretation(image.pointer)),
            hasColorProfile: image.has("icc-profile-data"),
            camera: camera(image),
            dateTaken: exifText(image, "exif-ifd2-DateTimeOriginal") ?? exifText(image, "exif-ifd0-DateTime"),
            dateTimeOriginal: exifText(image, "exif-ifd2-DateTimeOriginal"),
            offsetTimeOriginal: exifText(image, "exif-ifd2-OffsetTimeOriginal"),
            location: location(image))
    }

    /// The GPS position (IFD 3, read by libexif through libvips), or nil unless both axes are present and in range.
    /// A photo without one is never given one: (0, 0) written by a phone without a fix is as the file says, since
    /// GPSLatitude 0/1 0/1 0/1 is a real position.
    static func location(_ image: borrowing OwnedImage) -> ExifLocation? {
        guard let latitude = degrees(exifText(image, "exif-ifd3-GPSLatitude"), ref: exifText(image, "exif-ifd3-GPSLatitudeRef"),
                                     negative: "S", positive: "N", limit: 90),
              let longitude = degrees(exifText(image, "exif-ifd3-GPSLongitude"), ref: exifText(image, "exif-ifd3-GPSLongitudeRef"),
                                      negative: "W", positive: "E", limit: 180)
        else { return nil }
        return ExifLocation(latitude: latitude, longitude: longitude)
    }

    /// Degrees from the three rationals libvips shows for a GPS axis ("22/1 17/1 1234/100": degrees, minutes,
    /// seconds) and its reference letter; nil when the reference is not one of the two letters, a denominator is 0,
    /// minutes or seconds reach 60, or the result exceeds `limit`.
    static func degrees(_ rationals: String?, ref: String?, negative: Character, positive: Character, limit: Double) -> Double? {
        guard let rationals, let letter = ref?.uppercased().first, letter == negative || letter == positive else { return nil }
        let parts = rationals.split(separator: " ").map { part -> Double? in
            let fraction = part.split(separator: "/")
            guard fraction.count == 2, let numerator = Double(fraction[0]), let denominator = Double(fraction[1]),
                  denominator != 0, numerator >= 0 else { return nil }
            return numerator / denominator
        }
        guard parts.count == 3, let d = parts[0], let m = parts[1], let s = parts[2], m < 60, s < 60 else { return nil }
        let value = d + m / 60 + s / 3_600
        guard value.isFinite, value <= limit else { return nil }
        return letter == negative ? -value : value
    }

    /// Make and model, without the make repeated when the model already starts with it.
    static func camera(_ image: borrowing OwnedImage) -> String? {
        let make = exifText(image, "exif-ifd0-Make")
        let model = exifText(image, "exif-ifd0-Model")
        switch (make, model) {
        case let (make?, model?):
            return model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased())
                ? model : make + " " + model
        case let (make?, nil): return make
        case let (nil, model?): return model
        default: return nil
        }
    }

    /// An EXIF text field as libvips shows it ("Canon (Canon, ASCII, 6 bytes)") reduced to its value.
    static func exifText(_ image: borrowing OwnedImage, _ field: String) -> String? {
        guard let raw = image.string(field) else { return nil }
        var value = Substring(raw)
        // libvips appends " (<value>, <type>, <count> components, <bytes> bytes)": cut at the last " (".
        var index = raw.endIndex
        while index > raw.startIndex {
            index = raw.index(before: index)
            if raw[index] == "(", index > raw.startIndex, raw[raw.index(before: index)] == " " {
                value = raw[..<raw.index(before: index)]
                break
            }
        }
        let isBlank: (Character) -> Bool = { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } == true }
        while let first = value.first, isBlank(first) { value.removeFirst() }
        while let last = value.last, isBlank(last) { value.removeLast() }
        return value.isEmpty ? nil : String(value.prefix(120))
    }

    /// Maps a loader nickname ("jpegload_buffer", "heifload_source" …) to a format; HEIF and AVIF are told
    /// apart by the decoder's `heif-compression` field when the header has been read, else by the brand.
    static func format(loader: String, heifCompression: String?, sniff: UnsafeRawBufferPointer?) -> ImageFormat {
        var base = Substring(loader)
        for suffix in ["_buffer", "_source"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        switch base {
        case "jpegload": return .jpeg
        case "pngload": return .png
        case "webpload": return .webp
        case "gifload": return .gif
        case "tiffload": return .tiff
        case "heifload":
            if let compression = heifCompression {
                return compression == "av1" ? .avif : .heif
            }
            return isAVIFBrand(sniff) ? .avif : .heif
        default: return .other(loader: String(base))
        }
    }

    /// ISO-BMFF `ftyp` major brand "avif"/"avis" (bytes 8…11).
    static func isAVIFBrand(_ raw: UnsafeRawBufferPointer?) -> Bool {
        guard let raw, raw.count >= 12 else { return false }
        let brand = String(decoding: raw[8..<12], as: UTF8.self)
        return brand == "avif" || brand == "avis"
    }

    static func colorSpace(_ interpretation: VipsInterpretation) -> ColorSpace {
        switch interpretation {
        case VIPS_INTERPRETATION_sRGB, VIPS_INTERPRETATION_RGB, VIPS_INTERPRETATION_RGB16,
            VIPS_INTERPRETATION_scRGB:
            return .rgb
        case VIPS_INTERPRETATION_B_W, VIPS_INTERPRETATION_GREY16:
            return .gray
        case VIPS_INTERPRETATION_CMYK:
            return .cmyk
        default:
            let nick = vips_enum_nick(vips_interpretation_get_type(), Int32(interpretation.rawValue))
            return .other(nick.map { String(cString: $0) } ?? "\(interpretation.rawValue)")
        }
    }

    static func validate(_ format: OutputFormat) throws(ImagingError) {
        switch format {
        case let .jpeg(quality), let .webp(quality):
            guard (1...100).contains(quality) else {
                throw .invalidArgument("quality \(quality) is outside 1…100")
            }
        case .png:
            break
        }
    }

    /// Encodes with metadata stripped; JPEG gets alpha flattened onto white first. `input` is the image
    /// the pixels come from (they are decoded lazily, while saving).
    static func encode(_ image: borrowing OwnedImage, as format: OutputFormat, input: ImageInfo) throws(ImagingError) -> EncodedImage {
        if case .jpeg = format, image.hasAlpha {
            var flat: UnsafeMutablePointer<VipsImage>?
            guard appsuite_vips_flatten_white(image.pointer, &flat) == 0, let flattened = OwnedImage(taking: flat) else {
                throw .processingFailed(detail: "flattening the alpha of a \(image.width)×\(image.height) picture onto white failed")
            }
            return try save(flattened, as: format, input: input)
        }
        return try save(image, as: format, input: input)
    }

    private static func save(_ image: borrowing OwnedImage, as format: OutputFormat, input: ImageInfo) throws(ImagingError) -> EncodedImage {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 =
            switch format {
            case let .jpeg(quality):
                // Optimised Huffman tables save ~5 % but hold all coefficients: only within the edit budget.
                appsuite_vips_jpegsave_buffer(image.pointer, &buffer, &length, Int32(quality),
                                              image.width * image.height * image.bands * 2 <= editMemoryBudget ? 1 : 0, 1)
            case .png: appsuite_vips_pngsave_buffer(image.pointer, &buffer, &length, 1)
            case let .webp(quality): appsuite_vips_webpsave_buffer(image.pointer, &buffer, &length, Int32(quality), 1)
            }
        guard status == 0 else {
            if let buffer { g_free(buffer) }
            // Pixels are decoded lazily while saving, so a truncated or corrupt input fails here.
            throw .unreadable(detail: input.pixelDataFailure)
        }
        let bytes = Vips.takeBuffer(buffer, count: length)
        return EncodedImage(bytes: bytes, width: image.width, height: image.height, format: format.imageFormat)
    }
}

extension ThumbnailCrop {
    var vips: VipsInteresting {
        switch self {
        case .none: VIPS_INTERESTING_NONE
        case .centre: VIPS_INTERESTING_CENTRE
        case .attention: VIPS_INTERESTING_ATTENTION
        }
    }
}
