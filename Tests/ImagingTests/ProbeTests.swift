import AppSuiteTesting
import Foundation
import Synchronization
import Testing
@testable import Imaging

@Suite("probe on the photo corpus", .requires(.photos))
struct CorpusProbeTests {
    // SOURCES.md: every Landscape_N displays 1800×1200 and every Portrait_N 1200×1800;
    // 5–8 are stored with width and height swapped; orientation 0 is invalid and reads as 1.
    @Test("orientation set reports upright sizes", arguments: 0...8)
    func orientationSizes(n: Int) throws {
        let landscape = try Imaging.probe(Corpus.bytes("orientation/Landscape_\(n).jpg"))
        #expect(landscape.format == .jpeg)
        #expect(landscape.width == 1800 && landscape.height == 1200)
        #expect(landscape.orientation == max(n, 1))

        let portrait = try Imaging.probe(Corpus.bytes("orientation/Portrait_\(n).jpg"))
        #expect(portrait.width == 1200 && portrait.height == 1800)
        #expect(portrait.orientation == max(n, 1))
    }

    @Test("format comes from the content", arguments: [
        ("ordinary/jolla.jpg", ImageFormat.jpeg),
        ("ordinary/coffee.png", .png),
        ("edge/webp_lossy_hopper.webp", .webp),
        ("edge/gif_animated_loop3.gif", .gif),
        ("edge/heic_small.heic", .heif),
        ("edge/avif_hopper.avif", .avif),
        ("edge/tiff_rgb_hopper.tif", .tiff),
    ])
    func formats(file: String, format: ImageFormat) throws {
        let info = try Imaging.probe(Corpus.bytes(file))
        #expect(info.format == format)
        #expect(info.format.mediaType.hasPrefix("image/"))
    }

    @Test func pagesAlphaAndColour() throws {
        let gif = try Imaging.probe(Corpus.bytes("edge/gif_animated_loop3.gif"))
        #expect(gif.pageCount == 10 && gif.width == 370 && gif.height == 285 && gif.hasAlpha)

        let webp = try Imaging.probe(Corpus.bytes("edge/webp_animated_rotating-squares.webp"))
        #expect(webp.pageCount == 9 && webp.hasAlpha)

        let tiff = try Imaging.probe(Corpus.bytes("edge/tiff_multipage_3pages.tiff"))
        #expect(tiff.pageCount == 3 && tiff.width == 10 && tiff.height == 10)

        let rgba = try Imaging.probe(Corpus.bytes("edge/png_rgba_blackbug.png"))
        #expect(rgba.hasAlpha && rgba.bands == 4 && rgba.colorSpace == .rgb)

        let cmyk = try Imaging.probe(Corpus.bytes("edge/cmyk_swop_icc.jpg"))
        #expect(cmyk.colorSpace == .cmyk && cmyk.bands == 4 && !cmyk.hasAlpha && cmyk.hasColorProfile)

        let gray = try Imaging.probe(Corpus.bytes("edge/gray_camera.png"))
        #expect(gray.colorSpace == .gray && gray.bands == 1)
    }

    // SOURCES.md: a real camera photo stored 2048×1536 with orientation 6 is a 1536×2048 portrait;
    // the CMYK and progressive orientation-6 files likewise; the HEIC's container rotation is
    // applied by libheif once (3024×4032), never again from its EXIF tag.
    @Test("orientation 6 and container rotations", arguments: [
        ("ordinary/canon_hdr_NO.jpg", 1536, 2048, 6),
        ("edge/cmyk_orientation6_giunchedi.jpg", 533, 800, 6),
        ("edge/progressive_orientation6.jpg", 231, 308, 6),
        ("edge/heic_iphone13_irot270_exif6.heic", 3024, 4032, 1),
        ("edge/avif_irot1_imir0.avif", 640, 427, 1),
    ])
    func rotated(file: String, width: Int, height: Int, orientation: Int) throws {
        let info = try Imaging.probe(Corpus.bytes(file))
        #expect(info.width == width && info.height == height)
        #expect(info.orientation == orientation)
    }

    @Test func probeFromPathMatchesBytes() throws {
        for file in ["orientation/Landscape_6.jpg", "edge/heic_small.heic", "edge/avif_hopper.avif", "ordinary/chelsea.png"] {
            #expect(try Imaging.probe(contentsOf: Corpus.path(file)) == Imaging.probe(Corpus.bytes(file)))
        }
    }

    // The bombs: valid PNGs of 268 Mpx and 4.3 Gpx that libvips would happily stream for
    // seconds. The error carries the header's size, so it was decided from the header;
    // decoding 4.3 Gpx is not something a probe could do and still return.
    @Test("decompression bombs are refused from the header", arguments: [
        ("edge/bomb_png_16384x16384.png", 16384, 16384),
        ("edge/bomb_png_65536x65536.png", 65536, 65536),
        ("edge/huge_gray_20000x14000.jpg", 20000, 14000),
        // libheif refuses headers over 16384×16384 itself without saying the size; the header is read
        // with libvips' `unlimited` so our own limit decides, with the real size.
        ("edge/bomb_avif_17000x17000.avif", 17000, 17000),
    ])
    func bombs(file: String, width: Int, height: Int) throws {
        let bytes = try Corpus.bytes(file)
        let expected = ImagingError.tooManyPixels(width: width, height: height, limit: 100_000_000)
        #expect(throws: expected) { try Imaging.probe(bytes) }
        #expect(throws: expected) { try Imaging.probe(contentsOf: Corpus.path(file)) }
        #expect(throws: expected) {
            try Imaging.thumbnail(bytes, maxWidth: 64, maxHeight: 64, format: .jpeg(quality: 80))
        }
        #expect(expected.description.contains("\(width)×\(height)"))
        #expect(expected.description.contains("100000000"))
    }

    @Test func gifBombIsRefusedAtItsHeader() throws {
        // 44 bytes that declare 65535×65535 and hold no frame: libvips' GIF loader refuses the header.
        #expect(throws: ImagingError.unreadable(detail: "GIF: the header cannot be read")) {
            try Imaging.probe(Corpus.bytes("edge/bomb_gif_65535x65535.gif"))
        }
    }

    @Test func a99MegapixelScanIsWithinTheDefaultLimit() throws {
        let info = try Imaging.probe(Corpus.bytes("edge/huge_rgb_9643x10328.jpg"))
        #expect(info.width == 9643 && info.height == 10328)
        let tight = ImageLimits(maximumPixels: 50_000_000)
        #expect(throws: ImagingError.tooManyPixels(width: 9643, height: 10328, limit: 50_000_000)) {
            try Imaging.probe(Corpus.bytes("edge/huge_rgb_9643x10328.jpg"), limits: tight)
        }
    }

    @Test func brokenFilesGiveClearErrors() throws {
        #expect(throws: ImagingError.emptyInput) { try Imaging.probe(Corpus.bytes("edge/zero_byte.jpg")) }
        #expect(throws: ImagingError.emptyInput) { try Imaging.probe(contentsOf: Corpus.path("edge/zero_byte.jpg")) }

        for file in ["edge/text_not_image.jpg", "edge/one_byte.jpg"] {
            let error = try #require(throws: ImagingError.self) { try Imaging.probe(Corpus.bytes(file)) }
            guard case let .unsupportedFormat(detail) = error else {
                Issue.record("\(file): expected .unsupportedFormat, got \(error)")
                continue
            }
            #expect(detail == "no decoder recognises the content")
            #expect(error.description.hasPrefix("unsupported image format"))
        }

        for file in ["edge/corrupt_header.jpg", "edge/tiff_float64_2page_unsupported.tif"] {
            let error = try #require(throws: ImagingError.self) { try Imaging.probe(Corpus.bytes(file)) }
            guard case let .unreadable(detail) = error else {
                Issue.record("\(file): expected .unreadable, got \(error)")
                continue
            }
            #expect(!detail.isEmpty)
        }
    }

    /// Issue 8 item 11: libvips' error buffer is process-wide, and 5–7 of 96 concurrent refusals carried
    /// another request's reason. Reasons now come from which step failed and the header's facts.
    @Test("96 concurrent failures: each carries its own reason, the same as alone")
    func concurrentFailuresKeepTheirOwnReasons() throws {
        let expected: [(file: String, error: ImagingError)] = [
            ("edge/corrupt_header.jpg", .unreadable(detail: "JPEG: the header cannot be read")),
            ("edge/truncated_image.png", .unreadable(detail: "PNG 640×480: the pixel data cannot be decoded")),
            ("edge/truncated_progressive.jpg", .unreadable(detail: "JPEG 100×100: the pixel data cannot be decoded")),
            ("edge/truncated_sample.jpg", .unreadable(detail: "JPEG 290×442: the pixel data cannot be decoded")),
            ("edge/text_not_image.jpg", .unsupportedFormat(detail: "no decoder recognises the content")),
            ("edge/bomb_avif_17000x17000.avif", .tooManyPixels(width: 17_000, height: 17_000, limit: 100_000_000)),
            ("edge/bomb_png_65536x65536.png", .tooManyPixels(width: 65_536, height: 65_536, limit: 100_000_000)),
            ("edge/tiff_float64_2page_unsupported.tif", .unreadable(detail: "TIFF: the header cannot be read")),
        ]
        let inputs = try expected.map { try Corpus.bytes($0.file) }
        // Alone first: the reasons are what the list says.
        for (index, item) in expected.enumerated() {
            #expect(throws: item.error) { try Imaging.thumbnail(inputs[index], maxWidth: 64, maxHeight: 64) }
        }
        let seen = Mutex<[Int: ImagingError]>([:])
        DispatchQueue.concurrentPerform(iterations: 96) { run in
            let index = run % inputs.count
            do throws(ImagingError) {
                _ = try Imaging.thumbnail(inputs[index], maxWidth: 64, maxHeight: 64)
            } catch {
                seen.withLock { $0[run] = error }
            }
        }
        let results = seen.withLock { $0 }
        #expect(results.count == 96)
        for run in 0..<96 {
            #expect(results[run] == expected[run % inputs.count].error, "run \(run): \(expected[run % inputs.count].file)")
        }
    }

    @Test func missingFile() {
        let error = #expect(throws: ImagingError.self) {
            try Imaging.probe(contentsOf: Corpus.path("edge/does-not-exist.jpg"))
        }
        guard case .fileNotReadable = error else {
            Issue.record("expected .fileNotReadable, got \(String(describing: error))")
            return
        }
    }
}

@Suite("probe without the corpus")
struct SyntheticProbeTests {
    @Test func smallPNG() throws {
        let info = try Imaging.probe(Synthetic.rgbaPNG)
        #expect(info == ImageInfo(
            format: .png, width: 2, height: 1, orientation: 1, hasAlpha: true, pageCount: 1,
            bands: 4, colorSpace: .rgb, hasColorProfile: false))
    }

    @Test func headerDeclaringTooManyPixels() throws {
        let bomb = Synthetic.pngDeclaring(width: 60_000, height: 60_000)
        #expect(bomb.count < 100)
        #expect(throws: ImagingError.tooManyPixels(width: 60_000, height: 60_000, limit: 100_000_000)) {
            try Imaging.probe(bomb)
        }
        // Within a larger limit the header is fine: only the limit refused it.
        let info = try Imaging.probe(bomb, limits: ImageLimits(maximumPixels: 4_000_000_000))
        #expect(info.width == 60_000 && info.height == 60_000)
    }

    @Test func emptyTextAndByteLimit() throws {
        #expect(throws: ImagingError.emptyInput) { try Imaging.probe([]) }
        let text = Array("hello, this is not an image\n".utf8)
        let error = try #require(throws: ImagingError.self) { try Imaging.probe(text) }
        guard case .unsupportedFormat = error else {
            Issue.record("expected .unsupportedFormat, got \(error)")
            return
        }
        #expect(throws: ImagingError.tooManyBytes(size: Synthetic.rgbaPNG.count, limit: 10)) {
            try Imaging.probe(Synthetic.rgbaPNG, limits: ImageLimits(maximumBytes: 10))
        }
    }

    @Test func untrustedLoadersAreBlocked() throws {
        // An SVG would be loaded by librsvg (an "untrusted" libvips loader): refused.
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
        let error = try #require(throws: ImagingError.self) { try Imaging.probe(svg) }
        guard case .unsupportedFormat = error else {
            Issue.record("expected .unsupportedFormat, got \(error)")
            return
        }
    }

    @Test func startIsIdempotentAcrossThreads() async throws {
        try await withThrowingTaskGroup(of: ImageInfo.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try Imaging.start()
                    return try Imaging.probe(Synthetic.rgbaPNG)
                }
            }
            for try await info in group { #expect(info.width == 2) }
        }
    }
}

@Suite("EXIF GPS on the photo corpus", .requires(.photos))
struct GPSProbeTests {
    // Values libexif reads from these files' GPS IFD (N/E/W refs applied): Florence, Helsinki and Madrid.
    @Test("GPS latitude and longitude with their refs", arguments: [
        ("ordinary/87_OSError.jpg", 43.785594, 11.234619),
        ("ordinary/HMD_Nokia_8.3_5G.jpg", 60.146706, 24.906772),
        ("ordinary/iphone_hdr_YES.jpg", 40.446972, -3.724753),
    ])
    func location(file: String, latitude: Double, longitude: Double) throws {
        let location = try #require(try Imaging.probe(Corpus.bytes(file)).location)
        #expect(abs(location.latitude - latitude) < 1e-6 && abs(location.longitude - longitude) < 1e-6)
    }

    // canon_hdr_NO.jpg has a GPS IFD without a position; jolla.jpg and PNGs have none: no invented place.
    @Test(arguments: ["ordinary/canon_hdr_NO.jpg", "ordinary/jolla.jpg", "ordinary/coffee.png", "edge/heic_small.heic"])
    func noLocation(file: String) throws {
        #expect(try Imaging.probe(Corpus.bytes(file)).location == nil)
    }

    @Test func malformedAxes() {
        #expect(Imaging.degrees("22/1 17/1 1234/100", ref: "S", negative: "S", positive: "N", limit: 90)! < -22.28)
        #expect(Imaging.degrees("22/1 17/1 1234/100", ref: nil, negative: "S", positive: "N", limit: 90) == nil)
        #expect(Imaging.degrees("22/1 17/0 1/1", ref: "N", negative: "S", positive: "N", limit: 90) == nil)
        #expect(Imaging.degrees("91/1 0/1 0/1", ref: "N", negative: "S", positive: "N", limit: 90) == nil)
        #expect(Imaging.degrees("10/1 60/1 0/1", ref: "E", negative: "W", positive: "E", limit: 180) == nil)
        #expect(Imaging.degrees("10/1 5/1", ref: "E", negative: "W", positive: "E", limit: 180) == nil)
    }
}
