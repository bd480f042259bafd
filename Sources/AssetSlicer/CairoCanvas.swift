import CRsvg
import Imaging

/// A transparent cairo image surface that vector renderers (librsvg, poppler) draw on, read back as
/// straight-alpha RGBA. Created, drawn and read on one thread.
final class CairoCanvas {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let context: OpaquePointer

    /// - Throws: `.overLimit` above `maximumSide`, `.imaging(.processingFailed)` when cairo cannot allocate.
    init(width: Int, height: Int, maximumSide: Int) throws(SlicerError) {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw .overLimit("a \(width)×\(height) px picture; each side must be 1…\(maximumSide) px")
        }
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        context = cairo_create(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .imaging(.processingFailed(detail: "cairo cannot make a \(width)×\(height) surface"))
        }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The pixels: cairo's ARGB32 is premultiplied, one native-endian 32-bit word per pixel; this
    /// divides the alpha out (rounding) and reorders to R G B A.
    func image() -> RGBAImage {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        guard let data = cairo_image_surface_get_data(surface) else { return RGBAImage(width: width, height: height, pixels: out) }
        out.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<height {
                let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let word = line[column]
                    let alpha = Int(word >> 24)
                    guard alpha > 0 else { continue }
                    let index = (row * width + column) * 4
                    func straight(_ shift: UInt32) -> UInt8 { UInt8(min(255, (Int((word >> shift) & 0xff) * 255 + alpha / 2) / alpha)) }
                    pixels[index] = straight(16)
                    pixels[index + 1] = straight(8)
                    pixels[index + 2] = straight(0)
                    pixels[index + 3] = UInt8(alpha)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
