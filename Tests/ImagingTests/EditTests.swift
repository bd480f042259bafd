import AppSuiteTesting
import Foundation
import Testing
@testable import Imaging

/// `Imaging.edit` on the real corpus: upright first, then sRGB, then the edit list.
@Suite(.requires(.photos)) struct EditTests {
    /// Edits an upright corpus file and decodes the result.
    func edited(_ file: String, _ edits: [ImageEdit], format: OutputFormat? = .png) throws -> DecodedPixels {
        let encoded = try Imaging.edit(try Corpus.bytes(file), edits, format: format)
        return try Imaging.decodePixels(encoded.bytes)
    }

    @Test("every orientation 0–8 comes out as the same upright picture", arguments: ["Landscape", "Portrait"])
    func orientations(shape: String) throws {
        let (w, h) = shape == "Landscape" ? (180, 120) : (120, 180)
        let reference = try edited("orientation/\(shape)_1.jpg", [.resize(width: w, height: h)])
        for n in [0, 2, 3, 4, 5, 6, 7, 8] {
            let other = try edited("orientation/\(shape)_\(n).jpg", [.resize(width: w, height: h)])
            #expect(other.width == w && other.height == h, "\(shape)_\(n)")
            #expect(other.meanAbsoluteDifference(reference) < 12, "\(shape)_\(n) is not upright like \(shape)_1")
        }
    }

    @Test("a crop on a mirrored or rotated orientation selects the region the user saw")
    func cropsInDisplayedCoordinates() throws {
        let crop = ImageEdit.crop(x: 900, y: 100, width: 600, height: 400)
        let reference = try edited("orientation/Landscape_1.jpg", [crop, .resize(width: 150, height: 100)])
        for n in [2, 4, 5, 6, 7, 8] {
            let other = try edited("orientation/Landscape_\(n).jpg", [crop, .resize(width: 150, height: 100)])
            #expect(other.meanAbsoluteDifference(reference) < 12, "Landscape_\(n)")
        }
    }

    @Test func rotateAndFlipMatchPixelMaths() throws {
        let small = try edited("ordinary/chelsea.png", [.resize(width: 90, height: 60)])
        let rotated = try edited("ordinary/chelsea.png", [.resize(width: 90, height: 60), .rotate(degrees: 90)])
        #expect(rotated.width == 60 && rotated.height == 90)
        #expect(rotated.meanAbsoluteDifference(small.rotatedClockwise()) < 0.5)
        let flipped = try edited("ordinary/chelsea.png", [.resize(width: 90, height: 60), .flip(horizontal: true)])
        #expect(flipped.meanAbsoluteDifference(small.mirrored()) < 0.5)
        let back = try edited("ordinary/chelsea.png", [.resize(width: 90, height: 60), .rotate(degrees: 90), .rotate(degrees: -90)])
        #expect(back.meanAbsoluteDifference(small) < 0.5)
    }

    @Test func resizeGivesExactSidesAndRefusesZero() throws {
        let image = try Imaging.edit(try Corpus.bytes("ordinary/jolla.jpg"), [.resize(width: 333, height: 111)])
        #expect(image.width == 333 && image.height == 111 && image.format == .jpeg)
        #expect(throws: ImagingError.self) { try Imaging.edit(try Corpus.bytes("ordinary/jolla.jpg"), [.resize(width: 0, height: 10)]) }
        #expect(throws: ImagingError.self) {
            try Imaging.edit(try Corpus.bytes("ordinary/coffee.png"), [.crop(x: 500, y: 0, width: 200, height: 10)])
        }
        #expect(throws: ImagingError.self) { try Imaging.edit(try Corpus.bytes("ordinary/coffee.png"), [.rotate(degrees: 45)]) }
    }

    @Test("CMYK without a profile and grey look like the sRGB original")
    func cmykAndGrayMatchTheReference() throws {
        let reference = try edited("ordinary/giunchedi_portrait.jpg", [.resize(width: 80, height: 53)])
        let cmyk = try edited("edge/cmyk_orientation6_giunchedi.jpg", [.rotate(degrees: -90), .resize(width: 80, height: 53)])
        #expect(cmyk.bands == 3)
        // The fixture's CMYK separation is a little lighter than the sRGB file (28 of 255 with libvips'
        // built-in CMYK profile, looked at side by side); an inverted or unrotated result is far above 60.
        #expect(cmyk.meanAbsoluteDifference(reference) < 40, "CMYK + orientation 6 should look like the sRGB portrait")
        let gray = try edited("edge/gray_giunchedi.jpg", [.resize(width: 80, height: 53)])
        #expect(gray.bands == 3)
        let luminance = reference.meanColor.reduce(0, +) / 3
        #expect(abs(gray.meanColor[0] - luminance) < 20)
    }

    @Test("Adobe RGB is converted through its profile, not just stripped")
    func adobeRGBIsConverted() throws {
        let raw = try Corpus.bytes("ordinary/rocket.jpg")
        let managed = try Imaging.decodePixels(try Imaging.edit(raw, [], format: .png).bytes)
        let unmanaged = try Imaging.decodePixels(raw)
        #expect(managed.width == unmanaged.width)
        #expect(managed.meanAbsoluteDifference(unmanaged) > 1.5)
        let swop = try edited("edge/cmyk_swop_icc.jpg", [])
        #expect(swop.bands == 3 && swop.width == 388 && swop.height == 218)
    }

    @Test("alpha is kept in PNG and flattened onto white in JPEG")
    func alpha() throws {
        let png = try edited("edge/png_rgba_blackbug.png", [.resize(width: 256, height: 192)], format: nil)
        #expect(png.bands == 4)
        #expect(png.pixel(x: 0, y: 0).last == 0)
        let jpeg = try edited("edge/png_rgba_blackbug.png", [.resize(width: 256, height: 192)], format: .jpeg(quality: 90))
        #expect(jpeg.bands == 3)
        #expect(jpeg.pixel(x: 0, y: 0).allSatisfy { $0 > 245 })
        let palette = try edited("edge/png_palette_trns.png", [], format: nil)
        #expect(palette.bands == 4)
    }

    @Test("16-bit PNG keeps its colours (same picture as the 8-bit palette PNG)")
    func sixteenBit() throws {
        let deep = try edited("edge/png16_rgb_sample.png", [])
        let indexed = try edited("edge/png_palette_indexed.png", [])
        #expect(deep.bands == 3 && deep.width == 290)
        #expect(deep.meanAbsoluteDifference(indexed) < 12)
        let tiff = try edited("edge/tiff_16bit_rgb.tiff", [])
        #expect(tiff.width == 100 && tiff.height == 40)
    }

    @Test("HEIC with container rotation and EXIF 6 is rotated exactly once")
    func heicRotatedOnce() throws {
        let raw = try Corpus.bytes("edge/heic_iphone13_irot270_exif6.heic")
        let info = try Imaging.probe(raw)
        #expect(info.width == 3024 && info.height == 4032)
        let thumb = try Imaging.thumbnail(raw, maxWidth: 256, maxHeight: 256)
        #expect(thumb.width == 192 && thumb.height == 256)
    }

    @Test("animated GIF thumbnails are frame 1; extremes never give 0-pixel sides")
    func animationAndExtremes() throws {
        let gif = try Imaging.thumbnail(try Corpus.bytes("edge/gif_animated_loop3.gif"), maxWidth: 256, maxHeight: 256)
        #expect(gif.width == 256 && gif.height == 197)
        let info = try Imaging.probe(try Corpus.bytes("edge/gif_animated_loop3.gif"))
        #expect(info.pageCount == 10)
        let strip = try Imaging.thumbnail(try Corpus.bytes("edge/extreme_aspect_940x2.png"), maxWidth: 256, maxHeight: 256)
        #expect(strip.width == 256 && strip.height == 1)
        let dot = try Imaging.thumbnail(try Corpus.bytes("edge/tiny_1x1.png"), maxWidth: 256, maxHeight: 256)
        #expect(dot.width == 1 && dot.height == 1)
        let stripEdit = try Imaging.edit(try Corpus.bytes("edge/extreme_aspect_940x2.png"), [.rotate(degrees: 90), .crop(x: 0, y: 0, width: 2, height: 2)])
        #expect(stripEdit.width == 2 && stripEdit.height == 2)
    }

    @Test func cameraAndDateFromEXIF() throws {
        let info = try Imaging.probe(try Corpus.bytes("ordinary/canon_hdr_NO.jpg"))
        #expect(info.camera == "Canon PowerShot SX60 HS")
        #expect(info.dateTaken == "2015:02:09 22:47:44")
        #expect(info.orientation == 6 && info.width == 1536 && info.height == 2048)
    }

    @Test func fileThumbnailMatchesBufferThumbnail() throws {
        let fromFile = try Imaging.thumbnail(contentsOf: Corpus.path("orientation/Portrait_7.jpg"), maxWidth: 256, maxHeight: 256)
        #expect(fromFile.width == 171 && fromFile.height == 256)
        #expect(throws: ImagingError.self) {
            try Imaging.thumbnail(contentsOf: Corpus.path("edge/bomb_png_65536x65536.png"), maxWidth: 256, maxHeight: 256)
        }
        #expect(throws: ImagingError.self) {
            try Imaging.thumbnail(contentsOf: Corpus.path("edge/truncated_sample.jpg"), maxWidth: 256, maxHeight: 256)
        }
    }
}
