import AppSuiteTesting
import Foundation
import Testing
@testable import Imaging

/// Posters (the weather share card's picture): a corpus photo filling the canvas, darkening bands, text
/// rendered by libvips with the installed CJK font, refused inputs as for every upload.
@Suite("posters", .requires(.photos))
struct PosterTests {
    static let photo = "ordinary/42_IndexError.jpg"  // 12 MP, 4032×3024 (SOURCES.md: the main benchmark input)

    /// Mean of every sample in a rectangle (0 black … 255 white).
    static func brightness(_ pixels: DecodedPixels, x: Int, y: Int, width: Int, height: Int) -> Double {
        pixels.mean(x: x, y: y, width: width, height: height).reduce(0, +) / Double(pixels.bands)
    }

    @Test func photoShadesAndText() throws {
        let plain = try Imaging.poster(contentsOf: Corpus.path(Self.photo), Poster(width: 540, height: 720))
        #expect(plain.format == .jpeg && plain.width == 540 && plain.height == 720)
        // The photo fills the canvas like a centre-cropped thumbnail of it.
        let thumbnail = try Imaging.decodePixels(try Imaging.thumbnail(Corpus.bytes(Self.photo), maxWidth: 540, maxHeight: 720, crop: .centre,
                                                                       upscale: true, format: .jpeg(quality: 85)).bytes)
        let base = try Imaging.decodePixels(plain.bytes)
        #expect(base.meanAbsoluteDifference(thumbnail) < 3)

        let shaded = Poster(width: 540, height: 720, shades: [Poster.Shade(top: 420, height: 300, topOpacity: 0, bottomOpacity: 0.8)])
        let dark = try Imaging.decodePixels(try Imaging.poster(contentsOf: Corpus.path(Self.photo), shaded).bytes)
        // Above the band nothing changes; at its foot the photo keeps about a fifth of its brightness.
        #expect(abs(Self.brightness(dark, x: 0, y: 0, width: 540, height: 400) - Self.brightness(base, x: 0, y: 0, width: 540, height: 400)) < 1)
        let foot = Self.brightness(dark, x: 0, y: 700, width: 540, height: 20), footBefore = Self.brightness(base, x: 0, y: 700, width: 540, height: 20)
        #expect(abs(foot - footBefore * 0.2) < 4, "\(foot) vs \(footBefore)")

        // White text over the shade, right-aligned at the foot: bright ink in the lower right only.
        var texted = shaded
        texted.texts = [Poster.Text("多云 12° / 3°", font: "Noto Sans CJK SC Bold 48", x: 20, y: 700, width: 500, anchor: .bottom,
                                    alignment: .trailing)]
        let withText = try Imaging.decodePixels(try Imaging.poster(contentsOf: Corpus.path(Self.photo), texted).bytes)
        #expect(Self.brightness(withText, x: 260, y: 655, width: 260, height: 40) > Self.brightness(dark, x: 260, y: 655, width: 260, height: 40) + 40)
        #expect(abs(Self.brightness(withText, x: 0, y: 0, width: 540, height: 400) - Self.brightness(dark, x: 0, y: 0, width: 540, height: 400)) < 1)
        #expect(abs(Self.brightness(withText, x: 0, y: 620, width: 120, height: 80) - Self.brightness(dark, x: 0, y: 620, width: 120, height: 80)) < 2)
    }

    /// Text is plain text: markup characters are escaped (unescaped, `<b` would make Pango refuse the markup).
    @Test func textIsNotMarkup() throws {
        #expect(Poster.markup("a<b>&'\"", color: "#ffffff") == "<span foreground=\"#ffffff\">a&lt;b&gt;&amp;&apos;&quot;</span>")
        let poster = Poster(width: 200, height: 100, texts: [Poster.Text("<b>R&D</span>", font: "Noto Sans CJK SC 20", x: 0, y: 0, width: 200)])
        #expect(try Imaging.poster(contentsOf: Corpus.path(Self.photo), poster).width == 200)
    }

    @Test func refusedPhotosAndPosters() throws {
        #expect(throws: ImagingError.tooManyPixels(width: 65_536, height: 65_536, limit: ImageLimits.defaultMaximumPixels)) {
            try Imaging.poster(contentsOf: Corpus.path("edge/bomb_png_65536x65536.png"), Poster(width: 100, height: 100))
        }
        let notAnImage = FileManager.default.temporaryDirectory.appendingPathComponent("poster-\(UUID().uuidString).txt")
        try Data("not a photo".utf8).write(to: notAnImage)
        defer { try? FileManager.default.removeItem(at: notAnImage) }
        #expect {
            try Imaging.poster(contentsOf: notAnImage.path, Poster(width: 100, height: 100))
        } throws: { error in
            if case .unsupportedFormat = error as? ImagingError { return true }
            return false
        }
        #expect(throws: ImagingError.self) {
            try Imaging.poster(contentsOf: Corpus.path(Self.photo), Poster(width: 100, height: 100, texts: [Poster.Text("x", font: "Sans 10", x: 90, y: 0, width: 20)]))
        }
        #expect(throws: ImagingError.self) { try Imaging.poster(contentsOf: Corpus.path(Self.photo), Poster(width: 5_000, height: 100)) }
    }
}
