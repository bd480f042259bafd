import CZlib

/// gzip (RFC 1952) with zlib, for textual responses.
enum Gzip {
    /// Compresses `bytes` at `level` (1 fastest … 9 smallest); nil if zlib fails. The window is as large as the
    /// input needs (a match cannot reach back further than the input's start) and the hash table sized to it:
    /// zlib clears both for every stream, which for a 5 kB page cost more than compressing it.
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        var windowBits: Int32 = 9
        while windowBits < 15, 1 << windowBits < bytes.count { windowBits += 1 }
        var stream = z_stream()
        guard CZlib_deflateInitGzip(&stream, level, windowBits, max(1, windowBits - 7)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let result: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// True when `Accept-Encoding` lists gzip with a non-zero weight (RFC 9110 §12.5.3).
    static func isAccepted(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";", omittingEmptySubsequences: false)
            let coding = (parts.first ?? "").trimmingSpaces().lowercased()
            guard coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let weight = parts.dropFirst().first { $0.trimmingSpaces().hasPrefix("q=") }
                .flatMap { Double($0.trimmingSpaces().dropFirst(2)) } ?? 1
            return weight > 0
        }
        return false
    }

    /// Media types worth compressing.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.hasPrefix("text/") || type.contains("json") || type.contains("javascript")
            || type.contains("svg") || type.contains("xml") || type.contains("manifest")
    }
}
