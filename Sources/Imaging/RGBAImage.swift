import CVips

/// Decoded 8-bit sRGB pixels with straight (not premultiplied) alpha: 4 bytes per pixel, R G B A,
/// row-major, `width × height × 4` bytes. The exchange format between libvips and renderers that are
/// not libvips (librsvg, ImageMagick) for design assets, which are small.
public struct RGBAImage: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    /// - Precondition: `pixels.count == width * height * 4`, both sides at least 1.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 1 && height >= 1 && pixels.count == width * height * 4, "RGBA buffer does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent picture.
    public init(transparentWidth width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The four samples of pixel (x, y).
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * 4
        return Array(pixels[start..<start + 4])
    }

    /// Whether any pixel is not fully opaque.
    public var hasTransparency: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return true }
            index += 4
        }
        return false
    }

    /// Whether the picture has at most 256 distinct RGBA values (so a palette PNG can hold it exactly).
    public var fitsPalette: Bool {
        var seen = Set<UInt32>(minimumCapacity: 257)
        return pixels.withUnsafeBytes { raw in
            for word in raw.bindMemory(to: UInt32.self) {
                seen.insert(word)
                if seen.count > 256 { return false }
            }
            return true
        }
    }

    /// This picture placed at (`left`, `top`) on a transparent canvas of `width` × `height`; parts outside
    /// the canvas are cut off.
    public func placed(onTransparentWidth canvasWidth: Int, height canvasHeight: Int, left: Int, top: Int) -> RGBAImage {
        var canvas = RGBAImage(transparentWidth: canvasWidth, height: canvasHeight)
        let firstColumn = max(0, -left), lastColumn = min(width, canvasWidth - left)
        guard firstColumn < lastColumn else { return canvas }
        for row in max(0, -top)..<min(height, canvasHeight - top) {
            let from = (row * width + firstColumn) * 4
            let to = ((row + top) * canvasWidth + firstColumn + left) * 4
            let count = (lastColumn - firstColumn) * 4
            canvas.pixels.replaceSubrange(to..<to + count, with: pixels[from..<from + count])
        }
        return canvas
    }

    /// The rectangle at (`x`, `y`) of `width` × `height`, which must lie inside the picture.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage {
        precondition(x >= 0 && y >= 0 && w >= 1 && h >= 1 && x + w <= width && y + h <= height, "crop outside the picture")
        var out = [UInt8]()
        out.reserveCapacity(w * h * 4)
        for row in y..<y + h {
            let start = (row * width + x) * 4
            out.append(contentsOf: pixels[start..<start + w * 4])
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }
}

extension Imaging {
    /// Decodes the first page of an image (JPEG, PNG, WebP, GIF, HEIF/AVIF or TIFF; as stored, no EXIF
    /// turn) to 8-bit sRGB with alpha (opaque when the file has none; grey and 16-bit files converted).
    /// - Throws: the `probe` errors (limits checked on the header first), `.unreadable` for corrupt pixels.
    public static func decodeRGBA(_ data: [UInt8], limits: ImageLimits = ImageLimits()) throws(ImagingError) -> RGBAImage {
        try start()
        try checkByteCount(data.count, limits: limits)
        return try data.withBytes { raw throws(ImagingError) -> RGBAImage in
            let image = try openHeader(raw)
            try checkPixels(image, limits: limits)
            let info = describe(image, sniff: raw)
            var converted: UnsafeMutablePointer<VipsImage>?
            guard appsuite_vips_colourspace_srgb(image.pointer, &converted) == 0, let srgb = OwnedImage(taking: converted) else {
                throw .unreadable(detail: info.pixelDataFailure)
            }
            return try rgba(of: srgb, failure: info.pixelDataFailure)
        }
    }

    /// Resizes to exactly `width` × `height` with a Lanczos-3 kernel in linear light (scRGB) with alpha
    /// premultiplied, so edges against transparency keep no dark fringe and thin light lines keep their
    /// brightness (W3C sRGB transfer function; Jim Blinn, "Compositing", IEEE CG&A 1994).
    /// - Throws: `.invalidArgument` for a side outside 1…`maximumThumbnailSide`, `.processingFailed`.
    public static func resizeLinear(_ image: RGBAImage, width: Int, height: Int) throws(ImagingError) -> RGBAImage {
        guard (1...maximumThumbnailSide).contains(width), (1...maximumThumbnailSide).contains(height) else {
            throw .invalidArgument("resize to \(width)×\(height) is outside 1…\(maximumThumbnailSide) pixels per side")
        }
        if width == image.width && height == image.height { return image }
        try start()
        let failure = "resizing \(image.width)×\(image.height) to \(width)×\(height) in linear light failed"
        let input = try vipsImage(image)
        var step: UnsafeMutablePointer<VipsImage>?
        guard appsuite_vips_colourspace(input.pointer, &step, VIPS_INTERPRETATION_scRGB) == 0, let linear = OwnedImage(taking: step),
              appsuite_vips_premultiply(linear.pointer, &step) == 0, let premultiplied = OwnedImage(taking: step),
              appsuite_vips_resize(premultiplied.pointer, &step, Double(width) / Double(image.width),
                                   Double(height) / Double(image.height)) == 0, let resized = OwnedImage(taking: step)
        else { throw .processingFailed(detail: failure) }
        // vips_resize rounds the output size; a scale that lands a hair under a whole number is cut to size.
        var cut: OwnedImage?
        if resized.width != width || resized.height != height {
            guard resized.width >= width, resized.height >= height,
                  appsuite_vips_extract_area(resized.pointer, &step, 0, 0, Int32(width), Int32(height)) == 0,
                  let exact = OwnedImage(taking: step)
            else { throw .processingFailed(detail: "\(failure): libvips made \(resized.width)×\(resized.height)") }
            cut = consume exact
        }
        guard appsuite_vips_unpremultiply(cut?.pointer ?? resized.pointer, &step) == 0, let straight = OwnedImage(taking: step),
              appsuite_vips_colourspace(straight.pointer, &step, VIPS_INTERPRETATION_sRGB) == 0, let srgb = OwnedImage(taking: step)
        else { throw .processingFailed(detail: failure) }
        return try rgba(of: srgb, failure: failure)
    }

    /// Encodes as PNG with metadata stripped: an 8-bit palette PNG when that is smaller and decodes to
    /// exactly the same pixels (at most 256 colours and alpha values), else truecolour with alpha (RGB
    /// when every pixel is opaque).
    public static func encodePNG(_ image: RGBAImage) throws(ImagingError) -> EncodedImage {
        try start()
        let input = try vipsImage(image)
        var opaque: OwnedImage?
        if !image.hasTransparency {
            var step: UnsafeMutablePointer<VipsImage>?
            guard appsuite_vips_extract_band(input.pointer, &step, 0, 3) == 0, let rgb = OwnedImage(taking: step) else {
                throw .processingFailed(detail: "dropping the alpha of a \(image.width)×\(image.height) picture failed")
            }
            opaque = consume rgb
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let source = opaque?.pointer ?? input.pointer
        guard appsuite_vips_pngsave_buffer(source, &buffer, &length, 1) == 0 else {
            if let buffer { g_free(buffer) }
            throw .processingFailed(detail: "encoding a \(image.width)×\(image.height) PNG failed")
        }
        let full = Vips.takeBuffer(buffer, count: length)
        var paletteBuffer: UnsafeMutableRawPointer?
        var paletteLength = 0
        if image.fitsPalette, appsuite_vips_pngsave_palette_buffer(source, &paletteBuffer, &paletteLength) == 0 {
            let palette = Vips.takeBuffer(paletteBuffer, count: paletteLength)
            if palette.count < full.count, let decoded = try? decodeRGBA(palette), decoded == image {
                return EncodedImage(bytes: palette, width: image.width, height: image.height, format: .png)
            }
        } else if let paletteBuffer {
            g_free(paletteBuffer)
        }
        return EncodedImage(bytes: full, width: image.width, height: image.height, format: .png)
    }

    /// Encodes as baseline JPEG (metadata stripped), alpha flattened onto white.
    public static func encodeJPEG(_ image: RGBAImage, quality: Int) throws(ImagingError) -> EncodedImage {
        try validate(.jpeg(quality: quality))
        try start()
        let input = try vipsImage(image)
        var flat: UnsafeMutablePointer<VipsImage>?
        guard appsuite_vips_flatten_white(input.pointer, &flat) == 0, let flattened = OwnedImage(taking: flat) else {
            throw .processingFailed(detail: "flattening a \(image.width)×\(image.height) picture onto white failed")
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard appsuite_vips_jpegsave_buffer(flattened.pointer, &buffer, &length, Int32(quality), 1, 1) == 0 else {
            if let buffer { g_free(buffer) }
            throw .processingFailed(detail: "encoding a \(image.width)×\(image.height) JPEG failed")
        }
        return EncodedImage(bytes: Vips.takeBuffer(buffer, count: length), width: image.width, height: image.height, format: .jpeg)
    }

    /// The picture with every pixel composited onto an opaque colour (8-bit sRGB components), alpha 255.
    public static func flattened(_ image: RGBAImage, red: UInt8, green: UInt8, blue: UInt8) -> RGBAImage {
        var out = image
        let background = [Int(red), Int(green), Int(blue)]
        var index = 0
        while index < out.pixels.count {
            let alpha = Int(out.pixels[index + 3])
            for band in 0..<3 {
                out.pixels[index + band] = UInt8((Int(out.pixels[index + band]) * alpha + background[band] * (255 - alpha) + 127) / 255)
            }
            out.pixels[index + 3] = 255
            index += 4
        }
        return out
    }

    /// `image` as a libvips sRGB image (a copy of its pixels).
    static func vipsImage(_ image: RGBAImage) throws(ImagingError) -> OwnedImage {
        var made: UnsafeMutablePointer<VipsImage>?
        let status = image.pixels.withUnsafeBytes { raw in
            appsuite_vips_from_rgba(raw.baseAddress, raw.count, Int32(image.width), Int32(image.height), &made)
        }
        guard status == 0, let owned = OwnedImage(taking: made) else {
            throw .processingFailed(detail: "wrapping \(image.width)×\(image.height) RGBA pixels failed")
        }
        return owned
    }

    /// Renders an sRGB image to straight-alpha RGBA bytes (alpha added when missing, samples cast to 8 bits).
    private static func rgba(of image: borrowing OwnedImage, failure: String) throws(ImagingError) -> RGBAImage {
        var step: UnsafeMutablePointer<VipsImage>?
        var withAlpha: OwnedImage?
        if !image.hasAlpha || image.bands < 4 {
            guard appsuite_vips_addalpha(image.pointer, &step) == 0, let added = OwnedImage(taking: step) else {
                throw .processingFailed(detail: failure)
            }
            withAlpha = consume added
        }
        guard appsuite_vips_cast_uchar(withAlpha?.pointer ?? image.pointer, &step) == 0, let bytesImage = OwnedImage(taking: step),
              bytesImage.bands == 4
        else { throw .processingFailed(detail: failure) }
        var size = 0
        guard let memory = vips_image_write_to_memory(bytesImage.pointer, &size) else {
            throw .unreadable(detail: failure)
        }
        return RGBAImage(width: bytesImage.width, height: bytesImage.height, pixels: Vips.takeBuffer(memory, count: size))
    }
}
