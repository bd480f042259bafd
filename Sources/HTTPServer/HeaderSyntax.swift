import CMicroHTTPD

/// Checks a request's header fields as they arrived, byte by byte (RFC 9110 §5.1 and §5.5, RFC 9112 §5).
///
/// libmicrohttpd 0.9.75 (Debian 12) with `MHD_OPTION_STRICT_FOR_CLIENT` = 1 refuses a line without a colon
/// and HTTP/1.1 without `Host`, but takes a name as everything before the first colon (spaces included),
/// keeps a bare CR or any control character in a value, measures values with `strlen` (a NUL silently cuts a
/// value, and `MHD_get_connection_values_n` reports the cut length, so it cannot show the NUL), and accepts a
/// repeated `Host` and obsolete line folding. Its header list points into the connection's read buffer, where
/// each line stays in place with its colon and line end overwritten by NULs; so each field is read from its
/// name to the start of the next field (or the end of the header block) and must be:
/// - a name of one or more token characters (`!#$%&'*+-.^_`|~`, digits, letters), no space before the colon;
/// - a value of visible ASCII, space, tab and bytes ≥ 0x80 (UTF-8): no NUL, CR, LF or other control character;
/// - on one line (a field whose text is not where its line is was folded: RFC 9112 §5.2 lets us refuse it);
/// and `Host` must appear once (RFC 9112 §3.2). Bare LF line ends stay accepted (RFC 9112 §2.2).
enum HeaderSyntax {
    private struct Field {
        var name: UnsafePointer<CChar>
        var nameLength: Int
        var value: UnsafePointer<CChar>
    }

    /// The 400 for the first malformed field of the request on `connection`, whose request line starts at
    /// `requestStart` (the method pointer libmicrohttpd hands the access handler); nil when all are well-formed.
    static func problem(_ connection: OpaquePointer, requestStart: UnsafePointer<CChar>) -> HTTPError? {
        var fields: [Field] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, { context, _, name, nameLength, value, _ in
                guard let context, let name else { return .YES }
                let fields = context.assumingMemoryBound(to: [Field].self)
                fields.pointee.append(Field(name: name, nameLength: nameLength, value: value ?? name))
                return .YES
            }, pointer)
        }
        let block = UnsafeRawBufferPointer(start: requestStart, count: CMicroHTTPD_requestHeaderSize(connection))
        return problem(fields, in: block)
    }

    private static func problem(_ fields: [Field], in block: UnsafeRawBufferPointer) -> HTTPError? {
        guard let base = block.baseAddress else { return nil }
        var hosts = 0
        for (index, field) in fields.enumerated() {
            let number = index + 1
            let nameStart = UnsafeRawPointer(field.name) - base
            let nameEnd = nameStart + field.nameLength
            let valueStart = UnsafeRawPointer(field.value) - base
            let isLast = index == fields.count - 1
            let lineEnd = isLast ? block.count : UnsafeRawPointer(fields[index + 1].name) - base
            guard nameStart > 0, nameEnd < valueStart, valueStart <= lineEnd, lineEnd <= block.count else {
                return malformed("Header field \(number) continues on the next line (obsolete line folding); send it on one line.")
            }
            let name = UnsafeRawBufferPointer(rebasing: block[nameStart..<nameEnd])
            guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
                return malformed("The name of header field \(number) is empty or has a character other than letters, digits "
                                 + "and !#$%&'*+-.^_`|~ (a space before the colon, for example).")
            }
            // The colon (now a NUL), then optional whitespace up to the value.
            guard block[nameEnd] == 0, block[(nameEnd + 1)..<valueStart].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
                return malformed("Header field \(number) is malformed.")
            }
            // The line end (CR LF or LF, now NULs; the last field is followed by the empty line too).
            var valueEnd = lineEnd
            let terminator = isLast ? 4 : 2
            while valueEnd > valueStart, lineEnd - valueEnd < terminator, block[valueEnd - 1] == 0 { valueEnd -= 1 }
            if let byte = block[valueStart..<valueEnd].first(where: { !isFieldValueByte($0) }) {
                // A NUL may also be a line libmicrohttpd dropped (it skips some malformed lines and keeps their bytes).
                let character = byte == 0 ? "a NUL (or is followed by a malformed line)"
                    : byte == 0x0D ? "a bare CR" : "the control character 0x\(String(byte, radix: 16))"
                return malformed("The value of header field \(number) contains \(character).")
            }
            if name.count == 4, String(decoding: name, as: UTF8.self).lowercased() == "host" { hosts += 1 }
        }
        return hosts > 1 ? malformed("A request may carry only one Host header.") : nil
    }

    private static func malformed(_ detail: String) -> HTTPError {
        HTTPError(.badRequest, detail: detail, headers: ["Connection": "close"])
    }

    /// `tchar` of RFC 9110 §5.6.2.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// `field-vchar`, SP and HTAB of RFC 9110 §5.5 (obs-text, bytes ≥ 0x80, carries UTF-8).
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
