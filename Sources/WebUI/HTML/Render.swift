// The renderer: the only place that escapes. One function per context:
//   text               → escapeText:      &  <  >
//   attribute values   → escapeAttribute: &  "  '  <  >   (always double-quoted)
//   URL attributes     → sanitizedURL first (javascript:/vbscript:/data: become "#"), then escapeAttribute
// `Node.unsafeRaw` is copied verbatim; that is the only way around escaping.

/// Renders nodes to a `String`.
public func render(_ nodes: [Node]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    render(nodes, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Renders one node to a `String`.
public func render(_ node: Node) -> String { render([node]) }

/// Appends the UTF-8 of the rendered nodes to `out`: the fast path for writing a response body.
public func render(_ nodes: [Node], into out: inout [UInt8]) {
    var writer = HTMLWriter(capacity: Swift.max(4096, out.capacity - out.count))
    for node in nodes { HTMLRenderer.append(node, to: &writer) }
    writer.withBytes { out.append(contentsOf: $0) }
}

/// The renderer's output: one growing allocation written through a pointer. A page is thousands of
/// appends of a few bytes each, where `Array.append(contentsOf:)` costs more per call than the copy.
struct HTMLWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(by: 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(by: bytes.count) }
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { append($0) }
        }
    }

    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { body(UnsafeBufferPointer(start: start, count: count)) }

    private mutating func grow(by extra: Int) {
        capacity = Swift.max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: start, count: count)
        start.deallocate()
        start = grown
    }
}

enum HTMLRenderer {
    static func append(_ node: Node, to out: inout HTMLWriter) {
        switch node {
        case .text(let text):
            escapeText(text, into: &out)
        case .unsafeRaw(var markup):
            markup.withUTF8 { out.append($0) }
        case .element(let tag, let attributes, let children):
            out.append(UInt8(ascii: "<"))
            out.append(tag.name)
            for attribute in attributes where !attribute.isOmitted {
                out.append(UInt8(ascii: " "))
                out.append(attribute.name.name)
                guard let value = attribute.value else { continue }
                out.append("=\"")
                if attribute.name.isURL {
                    escapeAttribute(sanitizedURL(value, allowDataImage: attribute.name.allowsDataImage), into: &out)
                } else {
                    escapeAttribute(value, into: &out)
                }
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: ">"))
            if tag.isVoid { return }
            for child in children { append(child, to: &out) }
            out.append("</")
            out.append(tag.name)
            out.append(UInt8(ascii: ">"))
        }
    }

    /// Text content: `&` `<` `>`.
    static func escapeText(_ text: String, into out: inout HTMLWriter) {
        escape(text, into: &out, marked: 1 << 38 | 1 << 60 | 1 << 62) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            default: nil
            }
        }
    }

    /// Double-quoted attribute values: `&` `"` `'` `<` `>`.
    static func escapeAttribute(_ value: String, into out: inout HTMLWriter) {
        escape(value, into: &out, marked: 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            default: nil
            }
        }
    }

    /// Copies `text` as UTF-8, replacing each byte `entity` names (all of them below 64, and marked by their bit in
    /// `marked`); runs without such bytes are copied in one block (most text has none).
    @inline(__always)
    private static func escape(_ text: String, into out: inout HTMLWriter, marked: UInt64, entity: (UInt8) -> StaticString?) {
        // Native strings are contiguous UTF-8, read in place (`withUTF8` would need a mutable copy).
        if text.utf8.withContiguousStorageIfAvailable({ escape($0, into: &out, marked: marked, entity: entity) }) == nil {
            var text = text
            text.withUTF8 { escape($0, into: &out, marked: marked, entity: entity) }
        }
    }

    @inline(__always)
    private static func escape(
        _ buffer: UnsafeBufferPointer<UInt8>, into out: inout HTMLWriter, marked: UInt64, entity: (UInt8) -> StaticString?
    ) {
        var start = 0
        for index in 0..<buffer.count {
            // Every escaped character (`"` `&` `'` `<` `>`) is below 64: bit `byte` of `marked` says whether it is one.
            let byte = buffer[index]
            guard byte < 64, marked & (1 << UInt64(byte)) != 0, let replacement = entity(byte) else { continue }
            if start < index { out.append(UnsafeBufferPointer(rebasing: buffer[start..<index])) }
            out.append(replacement)
            start = index + 1
        }
        if start < buffer.count { out.append(UnsafeBufferPointer(rebasing: buffer[start...])) }
    }
}

/// The value a URL attribute (`href`, `src`, `action`, `formaction`, `poster`, `cite`) renders.
///
/// Browsers strip leading control characters and spaces and ignore tabs and newlines anywhere in
/// a URL, and compare schemes case-insensitively, so `" Java\tScript:alert(1)"` is script. This
/// normalises the same way, and if the scheme is `javascript:` or `vbscript:`, or `data:`
/// (except `data:image/…` where `allowDataImage`, i.e. in `src`), it returns `"#"`. Relative URLs,
/// `http(s):`, `mailto:`, `tel:` and every other scheme pass unchanged.
public func sanitizedURL(_ value: String, allowDataImage: Bool = false) -> String {
    // Most URLs are relative (`/me`, `?page=2`, `#top`): no scheme, nothing to check, nothing to allocate.
    if let first = value.utf8.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "?") || first == UInt8(ascii: "#") {
        return value
    }
    var normalized: [UInt8] = []
    normalized.reserveCapacity(16)
    var leading = true
    var hasScheme = false
    for byte in value.utf8 {
        if leading && byte <= 0x20 { continue }
        leading = false
        if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
        // Only the scheme matters; stop at the first character that ends it.
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
            || byte == UInt8(ascii: "#")
        {
            if byte != UInt8(ascii: ":") { return value }  // no scheme: a relative URL
            hasScheme = true
            break
        }
        normalized.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        if normalized.count > 32 { return value }  // longer than any scheme we reject
    }
    guard hasScheme else { return value }
    switch String(decoding: normalized, as: UTF8.self) {
    case "javascript", "vbscript":
        return "#"
    case "data":
        guard allowDataImage else { return "#" }
        let rest = value.drop { $0 != ":" }.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        return rest.lowercased().hasPrefix("image/") ? value : "#"
    default:
        return value
    }
}
