import AppSuiteTesting
import Testing
@testable import Imaging

@Suite("thumbnails of the photo corpus", .requires(.photos))
struct CorpusThumbnailTests {
    /// Decoded thumbnail of a corpus file.
    func thumb(
        _ file: String, _ width: Int = 256, _ height: Int = 256, crop: ThumbnailCrop = .none,
        format: OutputFormat = .png
    ) throws -> (EncodedImage, DecodedPixels) {
        let encoded = try Imaging.thumbnail(
            Corpus.bytes(file), maxWidth: width, maxHeight: height, crop: crop, format: format)
        return (encoded, try Imaging.decodePixels(encoded.bytes))
    }

    // SOURCES.md: "A correct viewer shows all nine of a set identically", upright,
    // text not mirrored. So every thumbnail must match orientation 1's, pixel for pixel
    // within JPEG noise, and be far from its own mirror image.
    @Test("orientation set thumbnails come out upright", arguments: [0, 2, 3, 4, 5, 6, 7, 8])
    func uprightThumbnails(n: Int) throws {
        for set in ["Landscape", "Portrait"] {
            let (referenceImage, reference) = try thumb("orientation/\(set)_1.jpg")
            let (image, pixels) = try thumb("orientation/\(set)_\(n).jpg")
            #expect(image.width == referenceImage.width && image.height == referenceImage.height)
            if set == "Landscape" {
                #expect(image.width == 256 && image.height == 171)
            } else {
                #expect(image.width == 171 && image.height == 256)
            }
            let difference = pixels.meanAbsoluteDifference(reference)
            let mirroredDifference = pixels.mirrored().meanAbsoluteDifference(reference)
            #expect(difference < 6, "\(set)_\(n) differs from \(set)_1 by \(difference)")
            #expect(mirroredDifference > 4 * difference + 10, "\(set)_\(n): mirror check \(mirroredDifference)")
        }
    }

    @Test func orientationSixPhotoIsPortrait() throws {
        let (image, _) = try thumb("ordinary/canon_hdr_NO.jpg", format: .jpeg(quality: 80))
        #expect(image.width == 192 && image.height == 256)
        // Metadata is stripped, so nothing can rotate the upright pixels a second time.
        let info = try Imaging.probe(image.bytes)
        #expect(info.orientation == 1 && info.width == 192 && info.height == 256)
    }

    // SOURCES.md: huge_rgb_9643x10328.jpg is a 99.6 Mpx solid blue image (shrink-on-load).
    @Test func solidBlueScan() throws {
        let (image, pixels) = try thumb("edge/huge_rgb_9643x10328.jpg", 128, 128, format: .jpeg(quality: 90))
        #expect(image.width == 119 && image.height == 128)
        let mean = pixels.meanColor
        #expect(mean[2] > 240 && mean[0] < 15 && mean[1] < 15, "mean colour \(mean)")
    }

    // SOURCES.md: the CMYK versions must look like ordinary/giunchedi_portrait.jpg (same tones, not
    // inverted). The orientation-6 CMYK file is that photo stored upright plus an EXIF 6 tag,
    // so its upright thumbnail is the reference turned 90° clockwise (533×800 as SOURCES.md says).
    @Test func cmykThumbnailIsThreeBandSRGB() throws {
        let (image, pixels) = try thumb("edge/cmyk_orientation6_giunchedi.jpg", format: .jpeg(quality: 90))
        #expect(image.format == .jpeg && image.mediaType == "image/jpeg")
        #expect(image.width == 171 && image.height == 256)
        let info = try Imaging.probe(image.bytes)
        #expect(info.bands == 3 && info.colorSpace == .rgb && !info.hasAlpha && !info.hasColorProfile)

        let (_, reference) = try thumb("ordinary/giunchedi_portrait.jpg", format: .jpeg(quality: 90))
        let turned = reference.rotatedClockwise()
        let difference = pixels.meanAbsoluteDifference(turned)
        var inverted = turned
        inverted.bytes = turned.bytes.map { 255 - $0 }
        // Measured: 28 (libvips' built-in CMYK profile lifts the blacks a little) vs 191
        // against the inverted picture.
        #expect(difference < 40, "CMYK vs sRGB original: \(difference)")
        #expect(pixels.meanAbsoluteDifference(inverted) > 4 * difference)
    }

    // cmyk_swop_icc.jpg is one flat colour. Through its embedded SWOP profile it is
    // (153, 214, 214) in sRGB (`vips icc_transform … srgb --embedded`); libvips' built-in
    // CMYK profile would give about (134, 201, 205). SOURCES.md: convert through the
    // embedded profile.
    @Test func cmykWithEmbeddedProfileUsesIt() throws {
        let (image, pixels) = try thumb("edge/cmyk_swop_icc.jpg", format: .png)
        #expect(image.width == 256 && image.height == 144 && pixels.bands == 3)
        let mean = pixels.mean(x: 64, y: 36, width: 128, height: 72)
        #expect(abs(mean[0] - 153) < 6 && abs(mean[1] - 214) < 6 && abs(mean[2] - 214) < 6, "\(mean)")
    }

    @Test("other colour inputs become 8-bit sRGB", arguments: [
        "edge/gray_camera.png", "edge/gray_icc_concert.jpg", "edge/png16_rgb_sample.png",
        "edge/tiff_16bit_rgb.tiff", "ordinary/rocket.jpg", "edge/avif_p3_12mp.avif",
        "edge/heic_iphone13_irot270_exif6.heic", "edge/icc_prophoto.png",
    ])
    func srgbOutput(file: String) throws {
        let (image, pixels) = try thumb(file, format: .jpeg(quality: 80))
        #expect(pixels.bands == 3)
        let info = try Imaging.probe(image.bytes)
        #expect(info.colorSpace == .rgb && !info.hasColorProfile)
    }

    @Test func heicIsRotatedExactlyOnce() throws {
        let (image, _) = try thumb("edge/heic_iphone13_irot270_exif6.heic")
        #expect(image.width == 192 && image.height == 256)
    }

    // SOURCES.md: png_palette_trns.png's transparent parts must go onto white in JPEG, never
    // black; its corner pixel is (75, 95, 75) with alpha 0, so dropping alpha would show green.
    @Test func rgbaToJPEGIsFlattenedOntoWhite() throws {
        let (image, pixels) = try thumb("edge/png_palette_trns.png", format: .jpeg(quality: 90))
        #expect(pixels.bands == 3)
        #expect(try !Imaging.probe(image.bytes).hasAlpha)
        let corner = pixels.mean(x: 0, y: 0, width: 4, height: 4)
        #expect(corner.allSatisfy { $0 > 245 }, "corner \(corner)")

        let (bug, bugPixels) = try thumb("edge/png_rgba_blackbug.png", format: .jpeg(quality: 80))
        #expect(bug.width == 256 && bug.height == 192 && bugPixels.bands == 3)
    }

    @Test func rgbaToPNGAndWebPKeepsAlpha() throws {
        let (png, pixels) = try thumb("edge/png_palette_trns.png", format: .png)
        #expect(png.format == .png && png.mediaType == "image/png")
        #expect(pixels.bands == 4)
        #expect(pixels.pixel(x: 0, y: 0).last == 0)
        #expect(try Imaging.probe(png.bytes).hasAlpha)

        let (webp, webpPixels) = try thumb("edge/webp_alpha_transparent.webp", format: .webp(quality: 80))
        #expect(webp.format == .webp && webp.mediaType == "image/webp")
        #expect(webpPixels.bands == 4 && webpPixels.pixel(x: 0, y: 0).last == 0)
    }

    // SOURCES.md: 940×2 must never give a 0-px side ("fit-to-256 gives 256×1").
    @Test("extreme aspect never yields a 0-px side", arguments: [
        (256, 256, ThumbnailCrop.none), (16, 16, .none), (1, 1, .none), (256, 256, .centre),
        (64, 64, .attention), (2, 300, .none), (300, 2, .centre),
    ])
    func extremeAspect(width: Int, height: Int, crop: ThumbnailCrop) throws {
        let (image, pixels) = try thumb("edge/extreme_aspect_940x2.png", width, height, crop: crop)
        #expect(image.width >= 1 && image.height >= 1)
        #expect(image.width <= width && image.height <= height)
        #expect(pixels.width == image.width && pixels.height == image.height)
        if crop == .none && width == 256 { #expect(image.width == 256 && image.height == 1) }
    }

    @Test func squareCrops() throws {
        let (centre, _) = try thumb("ordinary/HMD_Nokia_8.3_5G.jpg", 128, 128, crop: .centre, format: .jpeg(quality: 80))
        #expect(centre.width == 128 && centre.height == 128)
        let (attention, _) = try thumb("ordinary/87_OSError.jpg", 96, 96, crop: .attention, format: .webp(quality: 70))
        #expect(attention.width == 96 && attention.height == 96)
        // Smaller than the box and not upscaled: the crop is as large as the image allows.
        let (tiny, _) = try thumb("edge/tiny_1x1.png", 64, 64, crop: .centre)
        #expect(tiny.width == 1 && tiny.height == 1)
    }

    @Test func upscaleIsOptIn() throws {
        let bytes = try Corpus.bytes("edge/webp_lossy_hopper.webp")
        let kept = try Imaging.thumbnail(bytes, maxWidth: 256, maxHeight: 256, format: .png)
        #expect(kept.width == 128 && kept.height == 128)
        let enlarged = try Imaging.thumbnail(bytes, maxWidth: 256, maxHeight: 256, upscale: true, format: .png)
        #expect(enlarged.width == 256 && enlarged.height == 256)
    }

    @Test func animationThumbnailIsTheFirstFrame() throws {
        let (image, _) = try thumb("edge/gif_animated_loop3.gif", format: .png)
        #expect(image.width == 256 && image.height == 197)
        #expect(try Imaging.probe(image.bytes).pageCount == 1)
    }

    @Test func brokenInputsAreRefused() throws {
        let cases: [(String, (ImagingError) -> Bool)] = [
            ("edge/zero_byte.jpg", { $0 == .emptyInput }),
            ("edge/text_not_image.jpg", { if case .unsupportedFormat = $0 { true } else { false } }),
            ("edge/one_byte.jpg", { if case .unsupportedFormat = $0 { true } else { false } }),
            ("edge/corrupt_header.jpg", { if case .unreadable = $0 { true } else { false } }),
            // Truncated files are refused rather than returned half grey.
            ("edge/truncated_sample.jpg", { if case .unreadable = $0 { true } else { false } }),
            ("edge/truncated_progressive.jpg", { if case .unreadable = $0 { true } else { false } }),
            ("edge/truncated_image.png", { if case .unreadable = $0 { true } else { false } }),
        ]
        for (file, matches) in cases {
            let bytes = try Corpus.bytes(file)
            let error = try #require(throws: ImagingError.self, "\(file)") {
                try Imaging.thumbnail(bytes, maxWidth: 128, maxHeight: 128, format: .jpeg(quality: 80))
            }
            #expect(matches(error), "\(file): \(error)")
            #expect(!error.description.isEmpty)
        }
    }

    @Test func concurrentThumbnails() async throws {
        let files = ["ordinary/jolla.jpg", "edge/heic_small.heic", "edge/png_rgba_blackbug.png", "orientation/Portrait_7.jpg"]
        let inputs = try files.map { try Corpus.bytes($0) }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for round in 0..<8 {
                let input = inputs[round % inputs.count]
                group.addTask {
                    let image = try Imaging.thumbnail(input, maxWidth: 100, maxHeight: 100, format: .jpeg(quality: 75))
                    return (image.width, image.height)
                }
            }
            for try await (width, height) in group {
                #expect(width >= 1 && width <= 100 && height >= 1 && height <= 100)
            }
        }
    }
}

@Suite("thumbnails without the corpus")
struct SyntheticThumbnailTests {
    @Test func jpegFlattensOntoWhiteAndPNGKeepsAlpha() throws {
        let jpeg = try Imaging.thumbnail(Synthetic.rgbaPNG, maxWidth: 8, maxHeight: 8, format: .jpeg(quality: 95))
        #expect(jpeg.width == 2 && jpeg.height == 1 && jpeg.format == .jpeg)
        let flat = try Imaging.decodePixels(jpeg.bytes)
        #expect(flat.bands == 3)
        // The transparent blue pixel becomes white, not blue or black (JPEG blurs 2 px a little).
        #expect(flat.pixel(x: 1, y: 0).allSatisfy { $0 > 150 })

        let png = try Imaging.thumbnail(Synthetic.rgbaPNG, maxWidth: 8, maxHeight: 8, format: .png)
        let kept = try Imaging.decodePixels(png.bytes)
        #expect(kept.bands == 4)
        #expect(Array(kept.pixel(x: 0, y: 0)) == [255, 0, 0, 255])
        #expect(kept.pixel(x: 1, y: 0).last == 0)
    }

    @Test func invalidArguments() {
        for (width, height) in [(0, 10), (10, 0), (-1, 5), (Imaging.maximumThumbnailSide + 1, 10)] {
            let error = #expect(throws: ImagingError.self) {
                try Imaging.thumbnail(Synthetic.rgbaPNG, maxWidth: width, maxHeight: height)
            }
            guard case .invalidArgument = error else {
                Issue.record("\(width)×\(height): expected .invalidArgument, got \(String(describing: error))")
                continue
            }
        }
        for format in [OutputFormat.jpeg(quality: 0), .webp(quality: 101)] {
            #expect(throws: ImagingError.self) {
                try Imaging.thumbnail(Synthetic.rgbaPNG, maxWidth: 10, maxHeight: 10, format: format)
            }
        }
    }

    @Test func bombHeaderIsRefusedBeforeThumbnailing() {
        let bomb = Synthetic.pngDeclaring(width: 70_000, height: 70_000)
        #expect(throws: ImagingError.tooManyPixels(width: 70_000, height: 70_000, limit: 100_000_000)) {
            try Imaging.thumbnail(bomb, maxWidth: 64, maxHeight: 64)
        }
    }

    @Test func emptyInput() {
        #expect(throws: ImagingError.emptyInput) { try Imaging.thumbnail([], maxWidth: 64, maxHeight: 64) }
    }
}
