import CVips

/// One step of a non-destructive edit. Steps apply in order to the upright picture (EXIF orientation
/// already applied), so every coordinate is in the picture as the user saw it after the previous steps.
public enum ImageEdit: Sendable, Hashable, CustomStringConvertible {
    /// Clockwise rotation by 90, 180 or 270 degrees (negative values turn anticlockwise: -90 = 270).
    case rotate(degrees: Int)
    /// Mirror left↔right (`horizontal`) or top↔bottom (`vertical`).
    case flip(horizontal: Bool)
    /// Keep the rectangle at (x, y) of width × height pixels.
    case crop(x: Int, y: Int, width: Int, height: Int)
    /// Scale to exactly width × height pixels (Lanczos3).
    case resize(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .rotate(degrees): "rotate \(degrees)°"
        case let .flip(horizontal): horizontal ? "flip horizontal" : "flip vertical"
        case let .crop(x, y, width, height): "crop \(width)×\(height) at \(x),\(y)"
        case let .resize(width, height): "resize to \(width)×\(height)"
        }
    }

    /// Normalised clockwise quarter turns 0…3, or nil when `degrees` is not a multiple of 90.
    static func quarterTurns(_ degrees: Int) -> Int? {
        guard degrees % 90 == 0 else { return nil }
        return ((degrees / 90) % 4 + 4) % 4
    }

    /// The size after this step for an input of `width` × `height`, or the reason the step cannot apply.
    public func outputSize(width: Int, height: Int) -> Result<(width: Int, height: Int), ImagingError> {
        switch self {
        case let .rotate(degrees):
            guard let turns = Self.quarterTurns(degrees) else {
                return .failure(.invalidArgument("rotation must be a multiple of 90 degrees, not \(degrees)"))
            }
            return .success(turns % 2 == 1 ? (height, width) : (width, height))
        case .flip:
            return .success((width, height))
        case let .crop(x, y, w, h):
            guard w >= 1, h >= 1, x >= 0, y >= 0, x <= width - w, y <= height - h else {
                return .failure(.invalidArgument(
                    "crop \(w)×\(h) at \(x),\(y) does not fit inside the \(width)×\(height) picture"))
            }
            return .success((w, h))
        case let .resize(w, h):
            guard (1...Imaging.maximumThumbnailSide).contains(w), (1...Imaging.maximumThumbnailSide).contains(h) else {
                return .failure(.invalidArgument(
                    "resize to \(w)×\(h) is outside 1…\(Imaging.maximumThumbnailSide) pixels per side"))
            }
            return .success((w, h))
        }
    }
}

extension Imaging {
    /// Checks a list of edits against an upright `width` × `height` picture without touching pixels, and
    /// returns the final size. Throws `.invalidArgument` naming the first step that cannot apply.
    public static func plan(_ edits: [ImageEdit], width: Int, height: Int, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> (width: Int, height: Int) {
        var size = (width: width, height: height)
        for (index, edit) in edits.enumerated() {
            switch edit.outputSize(width: size.width, height: size.height) {
            case let .success(next): size = next
            case let .failure(error):
                if case let .invalidArgument(message) = error { throw .invalidArgument("step \(index + 1): \(message)") }
                throw error
            }
            if size.width * size.height > limits.maximumPixels {
                throw .invalidArgument("step \(index + 1): \(size.width)×\(size.height) is over the \(limits.maximumPixels)-pixel limit")
            }
        }
        return size
    }

    /// Decodes the first page of an image, makes it upright (EXIF orientation 1–8; HEIF/AVIF container
    /// transforms are already applied by the decoder), converts it to 8-bit sRGB through its embedded
    /// profile (CMYK without one through libvips' built-in CMYK profile), applies `edits` in order and
    /// encodes the result with metadata stripped (so no orientation tag remains on upright pixels).
    ///
    /// The list is first reduced by `canonical` (5,000 flips are no work at all); what remains may have at
    /// most `maximumEditSteps` steps, so no list, however long, builds a deep libvips pipeline.
    ///
    /// Memory: the file is decoded line by line (sequential access) through crops, resizes and mirrors;
    /// the EXIF turn joins the first turn of the list, and crops run before the turn that precedes them
    /// (mapped back into the unturned picture), so a turn holds only what is kept. The picture a turn
    /// needs whole is held in memory up to `editMemoryBudget` bytes, in a temporary file beyond.
    ///
    /// - Parameter format: nil picks PNG for pictures with alpha and JPEG (quality 90) otherwise.
    /// - Throws: the `probe` errors for bad input (checked on the header first), `.invalidArgument` for an
    ///   edit that does not fit or more than `maximumEditSteps` steps, `.unreadable` for a truncated or
    ///   corrupt file.
    public static func edit(
        _ data: [UInt8], _ edits: [ImageEdit], format: OutputFormat? = nil, limits: ImageLimits = ImageLimits()
    ) throws(ImagingError) -> EncodedImage {
        if let format { try validate(format) }
        try start()
        try checkByteCount(data.count, limits: limits)
        return try data.withBytes { raw throws(ImagingError) -> EncodedImage in
            let info: ImageInfo
            do {
                let header = try openHeader(raw)
                try checkPixels(header, limits: limits)
                info = describe(header, sniff: raw)
            }
            let steps = try canonical(edits, width: info.width, height: info.height, limits: limits)
            guard steps.count <= maximumEditSteps else {
                throw .invalidArgument("\(steps.count) crop, resize, rotate and flip steps remain after merging; the limit is \(maximumEditSteps)")
            }
            // The same steps from the pixels as stored: the EXIF turn first, then the list.
            let exif = QuarterTurn(orientation: info.orientation)
            let stored = exif.turns % 2 == 1 ? (width: info.height, height: info.width) : (width: info.width, height: info.height)
            let run = executionOrder(try canonical(exif.edits + steps, width: stored.width, height: stored.height, limits: limits),
                                     width: stored.width, height: stored.height)
            var image = try toSRGB(try openHeader(raw))
            var isSequential = true
            for edit in run {
                // A turn reads its input out of order: hold that input first (decoding it, once).
                if isSequential, case .rotate = edit {
                    image = try hold(image, input: info)
                    isSequential = false
                }
                image = try apply(image, edit)
            }
            let chosen = format ?? (image.hasAlpha ? .png : .jpeg(quality: 90))
            return try encode(image, as: chosen, input: info)
        }
    }

    /// Most bytes of decoded pixels `edit` holds in memory for a turn; a larger picture goes to a
    /// temporary file (which the operating system pages in and out as it likes).
    public static let editMemoryBudget = 64 << 20

    /// Decodes `image` into memory (up to `editMemoryBudget`) or a temporary file, so that it can be read
    /// in any order. `input` names the file in a failure (this is where a sequential decode stops).
    static func hold(_ image: consuming OwnedImage, input: ImageInfo) throws(ImagingError) -> OwnedImage {
        let bytes = image.width * image.height * image.bands * Int(vips_format_sizeof(vips_image_get_format(image.pointer)))
        if bytes <= editMemoryBudget {
            guard let held = OwnedImage(taking: vips_image_copy_memory(image.pointer)) else { throw .unreadable(detail: input.pixelDataFailure) }
            return held
        }
        guard let file = OwnedImage(taking: vips_image_new_temp_file("%s.v")) else {
            throw .processingFailed(detail: "no temporary file for a \(image.width)×\(image.height) picture")
        }
        guard vips_image_write(image.pointer, file.pointer) == 0 else { throw .unreadable(detail: input.pixelDataFailure) }
        return file
    }

    /// `canonical` steps in the order `edit` runs them: in each run of steps between resizes, the crop goes
    /// before the turn, mapped back into the unturned picture (the same pixels, fewer of them turned).
    static func executionOrder(_ steps: [ImageEdit], width: Int, height: Int) -> [ImageEdit] {
        var order: [ImageEdit] = []
        var turn = QuarterTurn()
        var size = (width: width, height: height)  // before `turn`
        func flushTurn() {
            order += turn.edits
            size = turn.size(width: size.width, height: size.height)
            turn = QuarterTurn()
        }
        for step in steps {
            switch step {
            case .rotate, .flip:
                turn = turn.then(step)
            case let .crop(x, y, w, h):
                let turned = turn.size(width: size.width, height: size.height)
                let r = turn.inverse.map((x, y, w, h), width: turned.width, height: turned.height)
                order.append(.crop(x: r.x, y: r.y, width: r.w, height: r.h))
                size = (r.w, r.h)
            case let .resize(w, h):
                flushTurn()
                order.append(step)
                size = (w, h)
            }
        }
        flushTurn()
        return order
    }

    /// Runs one libvips operation on `input`, taking ownership of its output.
    static func apply(
        _ input: consuming OwnedImage, _ what: String,
        _ body: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> OwnedImage {
        var output: UnsafeMutablePointer<VipsImage>?
        guard body(input.pointer, &output) == 0, let result = OwnedImage(taking: output) else {
            throw .processingFailed(detail: "\(what) failed on a \(input.width)×\(input.height) picture")
        }
        return result
    }

    static func apply(_ image: consuming OwnedImage, _ edit: ImageEdit) throws(ImagingError) -> OwnedImage {
        switch edit {
        case let .rotate(degrees):
            let turns = ImageEdit.quarterTurns(degrees) ?? 0
            if turns == 0 { return image }
            let angle = [VIPS_ANGLE_D0, VIPS_ANGLE_D90, VIPS_ANGLE_D180, VIPS_ANGLE_D270][turns]
            return try apply(image, "rotate") { appsuite_vips_rot($0, $1, angle) }
        case let .flip(horizontal):
            let direction = horizontal ? VIPS_DIRECTION_HORIZONTAL : VIPS_DIRECTION_VERTICAL
            return try apply(image, "flip") { appsuite_vips_flip($0, $1, direction) }
        case let .crop(x, y, width, height):
            return try apply(image, "crop") {
                appsuite_vips_extract_area($0, $1, Int32(x), Int32(y), Int32(width), Int32(height))
            }
        case let .resize(width, height):
            let hscale = Double(width) / Double(image.width)
            let vscale = Double(height) / Double(image.height)
            let resized = try apply(image, "resize") { appsuite_vips_resize($0, $1, hscale, vscale) }
            // Rounding in vips_resize can leave a pixel over or under: cut or ask again for exact sides.
            if resized.width == width, resized.height == height { return resized }
            if resized.width >= width, resized.height >= height {
                return try apply(resized, "resize") { appsuite_vips_extract_area($0, $1, 0, 0, Int32(width), Int32(height)) }
            }
            let h2 = Double(width) / Double(resized.width)
            let v2 = Double(height) / Double(resized.height)
            let again = try apply(resized, "resize") { appsuite_vips_resize($0, $1, h2, v2) }
            if again.width >= width, again.height >= height {
                return try apply(again, "resize") { appsuite_vips_extract_area($0, $1, 0, 0, Int32(width), Int32(height)) }
            }
            throw .processingFailed(detail: "resize produced \(again.width)×\(again.height), not \(width)×\(height)")
        }
    }

    /// 8-bit sRGB (3 bands, plus alpha when present): through the embedded ICC profile when there is
    /// one, otherwise by libvips' colour-space conversion (grey, 16-bit, CMYK with the built-in profile).
    static func toSRGB(_ image: consuming OwnedImage) throws(ImagingError) -> OwnedImage {
        var current = image
        if current.has("icc-profile-data") {
            current = try apply(current, "colour profile") { appsuite_vips_icc_to_srgb($0, $1) }
        }
        if vips_image_get_interpretation(current.pointer) != VIPS_INTERPRETATION_sRGB
            || vips_image_get_format(current.pointer) != VIPS_FORMAT_UCHAR
        {
            current = try apply(current, "sRGB conversion") { appsuite_vips_colourspace_srgb($0, $1) }
        }
        return current
    }
}
