import CZlib
import Testing
@testable import HTTPServer

@Suite struct GzipTests {
    /// Inflates a gzip stream with zlib itself (windowBits 15 + 16 reads any window size).
    static func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 20)
        let result: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    @Test("gzip round-trips at the page level and the static-file level, whatever the size (window sized to the input)")
    func roundTrips() throws {
        let page = Array((0..<5_000).map { "第\($0)行 <li class=\"cell\"><a href=\"/movies/reviews/\($0)\">影评</a></li>\n" }.joined().utf8)
        for size in [0, 1, 100, 511, 512, 513, 4_096, 5_106, 16_385, 33_411, 70_000, page.count] {
            let input = Array(page.prefix(size))
            for level: Int32 in [1, 5, 9] {
                let compressed = try #require(Gzip.compress(input, level: level))
                #expect(Array(compressed.prefix(2)) == [0x1F, 0x8B])
                #expect(Self.gunzip(compressed) == input, "size \(size), level \(level)")
                if size > 4_096 { #expect(compressed.count < input.count / 4) }
            }
        }
    }
}
