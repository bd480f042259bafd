import CVips

/// A picture made from a photo: the photo fills the canvas (cropped to its centre, upright by EXIF, in sRGB),
/// darkening bands keep text legible, and lines of text are laid over it with libvips' text rendering
/// (Pango + fontconfig, so CJK and colour emoji come from the installed fonts, e.g. Debian's
/// `fonts-noto-cjk` and `fonts-noto-color-emoji`).
public struct Poster: Sendable, Hashable {
    /// One block of text, wrapped at its box's width.
    public struct Text: Sendable, Hashable {
        public enum Alignment: Sendable, Hashable { case leading, centre, trailing }
        /// Which edge of the rendered block `y` gives.
        public enum Anchor: Sendable, Hashable { case top, bottom }

        /// Plain text (escaped for Pango's markup here); at most ``Poster/maximumTextLength`` characters.
        public var text: String
        /// A Pango font description, `"Noto Sans CJK SC Bold 64"`: family, style, size in pixels.
        public var font: String
        /// `#rrggbb`.
        public var color: String
        /// The box: left edge and width in pixels; `y` is the block's top or bottom edge (`anchor`).
        public var x: Int
        public var y: Int
        public var width: Int
        public var anchor: Anchor
        public var alignment: Alignment

        public init(_ text: String, font: String, color: String = "#ffffff", x: Int, y: Int, width: Int, anchor: Anchor = .top,
                    alignment: Alignment = .leading) {
            self.text = text
            self.font = font
            self.color = color
            self.x = x
            self.y = y
            self.width = width
            self.anchor = anchor
            self.alignment = alignment
        }
    }

    /// A black band whose opacity runs linearly from `topOpacity` at `top` to `bottomOpacity` at `top + height`.
    public struct Shade: Sendable, Hashable {
        public var top: Int
        public var height: Int
        /// 0 (clear) … 1 (black).
        public var topOpacity: Double
        public var bottomOpacity: Double

        public init(top: Int, height: Int, topOpacity: Double, bottomOpacity: Double) {
            self.top = top
            self.height = height
            self.topOpacity = topOpacity
            self.bottomOpacity = bottomOpacity
        }
    }

    /// The canvas in pixels, each side 16…4,096.
    public var width: Int
    public var height: Int
    public var shades: [Shade]
    public var texts: [Text]
    /// JPEG quality 1…100.
    public var quality: Int

    public static let maximumSide = 4_096
    public static let maximumTextLength = 500
    /// Shades and texts together.
    public static let maximumLayers = 32

    public init(width: Int, height: Int, shades: [Shade] = [], texts: [Text] = [], quality: Int = 85) {
        self.width = width
        self.height = height
        self.shades = shades
        self.texts = texts
        self.quality = quality
    }

    /// `text` with Pango markup's special characters escaped.
    static func markup(_ text: String, color: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return "<span foreground=\"\(color)\">\(escaped)</span>"
    }

    func validate() throws(ImagingError) {
        guard (16...Self.maximumSide).contains(width), (16...Self.maximumSide).contains(height) else {
            throw .invalidArgument("a poster is 16…\(Self.maximumSide) px per side, not \(width)×\(height)")
        }
        guard (1...100).contains(quality) else { throw .invalidArgument("quality \(quality) is outside 1…100") }
        guard shades.count + texts.count <= Self.maximumLayers else {
            throw .invalidArgument("a poster has at most \(Self.maximumLayers) shades and texts, not \(shades.count + texts.count)")
        }
        for shade in shades {
            guard shade.top >= 0, shade.height >= 1, shade.top + shade.height <= height, (0...1).contains(shade.topOpacity),
                  (0...1).contains(shade.bottomOpacity) else {
                throw .invalidArgument("a shade at \(shade.top), \(shade.height) px high, does not fit the \(width)×\(height) poster")
            }
        }
        for text in texts {
            guard text.text.count <= Self.maximumTextLength, !text.font.isEmpty, text.font.count <= 100,
                  text.color.count == 7, text.color.first == "#", text.color.dropFirst().allSatisfy(\.isHexDigit),
                  text.width >= 1, text.x >= 0, text.x + text.width <= width, (0...height).contains(text.y) else {
                throw .invalidArgument("a text (\(text.text.prefix(20))…) does not fit the \(width)×\(height) poster or is malformed")
            }
        }
    }
}

extension Imaging {
    /// Makes ``Poster`` `poster` from the photo at `path` and encodes it as JPEG.
    ///
    /// The photo is checked like every upload (``probe(contentsOf:limits:)``: its type from the content, its
    /// byte count and its header's width × height against `limits`, before any pixel is decoded, so a
    /// decompression bomb is refused unread), then read with shrink-on-load straight to the canvas size, so
    /// a 12-megapixel photo is never decoded whole.
    ///
    /// - Throws: what `probe` throws for the photo (`.emptyInput`, `.tooManyBytes`, `.unsupportedFormat`,
    ///   `.unreadable`, `.tooManyPixels`, `.fileNotReadable`); `.invalidArgument` for a poster that does not fit
    ///   its own canvas; `.processingFailed` when libvips cannot render a text or compose the layers.
    public static func poster(contentsOf path: String, _ poster: Poster, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> EncodedImage {
        try poster.validate()
        let input = try probe(contentsOf: path, limits: limits)
        let source = try openSource(path)
        var made: UnsafeMutablePointer<VipsImage>?
        let status = appsuite_vips_thumbnail_source(
            source.pointer, &made, Int32(poster.width), Int32(poster.height), VIPS_INTERESTING_CENTRE, VIPS_SIZE_BOTH,
            input.colorSpace == .cmyk && input.hasColorProfile ? 1 : 0, input.hasColorProfile ? "srgb" : nil, loaderOptions(input))
        guard status == 0, let photo = OwnedImage(taking: made) else { throw .unreadable(detail: input.pixelDataFailure) }
        var canvas = try opaqueSRGB(photo, input: input)
        for shade in poster.shades {
            let band = try vipsImage(shadePixels(shade, width: poster.width))
            canvas = try over(canvas, band, x: 0, y: shade.top)
        }
        for text in poster.texts where !text.text.isEmpty {
            var rendered: UnsafeMutablePointer<VipsImage>?
            let align: VipsAlign = switch text.alignment {
            case .leading: VIPS_ALIGN_LOW
            case .centre: VIPS_ALIGN_CENTRE
            case .trailing: VIPS_ALIGN_HIGH
            }
            guard appsuite_vips_text_rgba(&rendered, Poster.markup(text.text, color: text.color), text.font, Int32(text.width), align, 72) == 0,
                  let block = OwnedImage(taking: rendered) else {
                throw .processingFailed(detail: "rendering the text \"\(text.text.prefix(20))\" in \(text.font) failed")
            }
            let x = switch text.alignment {
            case .leading: text.x
            case .centre: text.x + (text.width - block.width) / 2
            case .trailing: text.x + text.width - block.width
            }
            let y = text.anchor == .top ? text.y : text.y - block.height
            canvas = try over(canvas, block, x: x, y: y)
        }
        return try encode(canvas, as: .jpeg(quality: poster.quality), input: input)
    }

    /// The photo as 3-band 8-bit sRGB without alpha (alpha flattened onto white).
    private static func opaqueSRGB(_ photo: consuming OwnedImage, input: ImageInfo) throws(ImagingError) -> OwnedImage {
        var image = photo
        var step: UnsafeMutablePointer<VipsImage>?
        if vips_image_get_interpretation(image.pointer) != VIPS_INTERPRETATION_sRGB || vips_image_get_format(image.pointer) != VIPS_FORMAT_UCHAR {
            guard appsuite_vips_colourspace_srgb(image.pointer, &step) == 0, let converted = OwnedImage(taking: step) else {
                throw .processingFailed(detail: "converting the \(input.format.label) photo to sRGB failed")
            }
            image = converted
        }
        if image.hasAlpha {
            guard appsuite_vips_flatten_white(image.pointer, &step) == 0, let flat = OwnedImage(taking: step) else {
                throw .processingFailed(detail: "flattening the photo's alpha failed")
            }
            image = flat
        }
        return image
    }

    /// `overlay` over `base` at (`x`, `y`), without the alpha band the composite adds (the base is opaque).
    private static func over(_ base: consuming OwnedImage, _ overlay: borrowing OwnedImage, x: Int, y: Int) throws(ImagingError) -> OwnedImage {
        var step: UnsafeMutablePointer<VipsImage>?
        guard appsuite_vips_composite2_at(base.pointer, overlay.pointer, &step, Int32(x), Int32(y)) == 0, let composed = OwnedImage(taking: step) else {
            throw .processingFailed(detail: "composing a \(overlay.width)×\(overlay.height) layer failed")
        }
        guard composed.bands > 3 else { return composed }
        guard appsuite_vips_extract_band(composed.pointer, &step, 0, 3) == 0, let opaque = OwnedImage(taking: step) else {
            throw .processingFailed(detail: "dropping the composite's alpha failed")
        }
        return opaque
    }

    /// A black band, its alpha running from the top opacity to the bottom one.
    static func shadePixels(_ shade: Poster.Shade, width: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * shade.height * 4)
        for row in 0..<shade.height {
            let fraction = shade.height > 1 ? Double(row) / Double(shade.height - 1) : 0
            let alpha = UInt8(((shade.topOpacity + (shade.bottomOpacity - shade.topOpacity) * fraction) * 255).rounded())
            for column in 0..<width { pixels[(row * width + column) * 4 + 3] = alpha }
        }
        return RGBAImage(width: width, height: shade.height, pixels: pixels)
    }
}
