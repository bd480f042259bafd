import CVips

/// Decoded 8-bit pixels, row-major, `bands` bytes per pixel. Used by tests to
/// look at what an encoder produced; small images only (no limits beyond the
/// default ones).
struct DecodedPixels: Sendable {
    var width: Int
    var height: Int
    var bands: Int
    var bytes: [UInt8]

    /// The bands of pixel (x, y).
    func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = (y * width + x) * bands
        return bytes[start..<start + bands]
    }

    /// Mean of each band over a rectangle (clamped to the image).
    func mean(x: Int, y: Int, width w: Int, height h: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: bands)
        var count = 0
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) {
                for (band, value) in pixel(x: column, y: row).enumerated() { sums[band] += Double(value) }
                count += 1
            }
        }
        return sums.map { count == 0 ? 0 : $0 / Double(count) }
    }
}

extension Imaging {
    /// Fully decodes an encoded image (first page, as stored, no orientation
    /// applied) to 8-bit samples.
    static func decodePixels(_ data: [UInt8], limits: ImageLimits = ImageLimits()) throws(ImagingError) -> DecodedPixels {
        try start()
        try checkByteCount(data.count, limits: limits)
        return try data.withBytes { raw throws(ImagingError) -> DecodedPixels in
            let image = try openHeader(raw)
            try checkPixels(image, limits: limits)
            let info = describe(image, sniff: raw)
            var cast: UnsafeMutablePointer<VipsImage>?
            guard appsuite_vips_cast_uchar(image.pointer, &cast) == 0, let bytesImage = OwnedImage(taking: cast) else {
                throw .processingFailed(detail: "casting a \(image.width)×\(image.height) picture to 8 bits failed")
            }
            var size = 0
            guard let memory = vips_image_write_to_memory(bytesImage.pointer, &size) else {
                throw .unreadable(detail: info.pixelDataFailure)
            }
            let bytes = Vips.takeBuffer(memory, count: size)
            return DecodedPixels(
                width: bytesImage.width, height: bytesImage.height, bands: bytesImage.bands, bytes: bytes)
        }
    }
}
