import CZlib
import Foundation

/// gunzip (RFC 1952) with zlib, for the compressed files of `shared/data/gaokao/extra`.
enum Gunzip {
    /// The largest output accepted: the biggest file there inflates to about 60 MB.
    static let maximumBytes = 512 << 20

    /// The inflated bytes of a gzip file (several members are concatenated, as `gzip` writes them); nil when the
    /// data are not gzip, are truncated or would inflate past ``maximumBytes``.
    static func inflate(_ data: Data) -> Data? {
        var stream = z_stream()
        // 15 + 16: the largest window, gzip container. `inflateInit2` is a macro; this is what it expands to.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        let ok: Bool = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return false }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(raw.count)
            while true {
                let result: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                if output.count > maximumBytes { return false }
                switch result {
                case Z_STREAM_END:
                    if stream.avail_in == 0 { return true }
                    guard inflateReset(&stream) == Z_OK else { return false }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in > 0:
                    continue
                default:
                    return false
                }
            }
        }
        return ok ? output : nil
    }
}
