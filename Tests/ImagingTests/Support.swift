import AppSuiteTesting
import Foundation
@testable import Imaging

/// The shared photo corpus (`SharedDataSet.photos`, described by its SOURCES.md). Suites that need it
/// carry `.requires(.photos)` and are skipped when it is absent.
enum Corpus {
    static func path(_ relative: String) -> String { SharedDataSet.photos.url(relative).path }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: SharedDataSet.photos.url(relative)))
    }
}

/// Tiny images made in the test, so some checks run without the corpus.
enum Synthetic {
    /// A 2×1 RGBA PNG: left pixel opaque red (255,0,0,255), right pixel
    /// fully transparent blue (0,0,255,0).
    static let rgbaPNG: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0xf4, 0x22, 0x7f,
        0x8a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00,
        0x46, 0x00, 0x0e, 0xfa, 0x02, 0xfe, 0xf5, 0x1e, 0x4c, 0xa9, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]

    /// `rgbaPNG` with its IHDR rewritten to declare width × height (CRC fixed),
    /// so the header promises far more pixels than the file holds.
    static func pngDeclaring(width: UInt32, height: UInt32) -> [UInt8] {
        var png = rgbaPNG
        func put(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { png[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        put(width, at: 16)
        put(height, at: 20)
        put(crc32(png[12..<29]), at: 29)  // CRC over "IHDR" + 13 data bytes
        return png
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension DecodedPixels {
    /// Mean absolute difference per sample against another image of the same
    /// size and band count (0 = identical, 255 = opposite).
    func meanAbsoluteDifference(_ other: DecodedPixels) -> Double {
        precondition(width == other.width && height == other.height && bands == other.bands)
        var total = 0
        for index in bytes.indices { total += abs(Int(bytes[index]) - Int(other.bytes[index])) }
        return Double(total) / Double(bytes.count)
    }

    /// Mirrored left↔right.
    func mirrored() -> DecodedPixels {
        var out = self
        for y in 0..<height {
            for x in 0..<width {
                let from = (y * width + (width - 1 - x)) * bands
                let to = (y * width + x) * bands
                for band in 0..<bands { out.bytes[to + band] = bytes[from + band] }
            }
        }
        return out
    }

    /// Rotated 90° clockwise.
    func rotatedClockwise() -> DecodedPixels {
        var out = DecodedPixels(width: height, height: width, bands: bands, bytes: bytes)
        for y in 0..<height {
            for x in 0..<width {
                let from = (y * width + x) * bands
                let to = (x * out.width + (height - 1 - y)) * bands
                for band in 0..<bands { out.bytes[to + band] = bytes[from + band] }
            }
        }
        return out
    }

    /// Mean of each band over the whole image.
    var meanColor: [Double] { mean(x: 0, y: 0, width: width, height: height) }
}
