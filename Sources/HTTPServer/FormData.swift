/// Name–value pairs from a query string, an `application/x-www-form-urlencoded` body or the fields of a
/// `multipart/form-data` body, in order. Repeated names are kept (`tag=a&tag=b`).
public struct FormData: Sendable, Equatable {
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

    public static func == (lhs: FormData, rhs: FormData) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value for `name`.
    public func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    public var isEmpty: Bool { pairs.isEmpty }

    mutating func append(_ name: String, _ value: String) { pairs.append((name, value)) }

    /// Parses `a=1&b=%E4%B8%AD+x` (WHATWG URL Standard §5.1, application/x-www-form-urlencoded parsing):
    /// `+` is a space, `%XX` a byte, the bytes UTF-8. Malformed escapes are kept literally, as browsers do;
    /// invalid UTF-8 becomes U+FFFD.
    public static func parse(urlEncoded bytes: some Collection<UInt8>) -> FormData {
        var form = FormData()
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = percentDecode(equals.map { piece[..<$0] } ?? piece[...])
            let value = equals.map { percentDecode(piece[piece.index(after: $0)...]) } ?? ""
            form.append(name, value)
        }
        return form
    }

    public static func parse(urlEncoded string: String) -> FormData { parse(urlEncoded: Array(string.utf8)) }
}

/// Decodes `+` and `%XX` in a form or query component.
func percentDecode(_ bytes: some Collection<UInt8>) -> String {
    var output = [UInt8]()
    output.reserveCapacity(bytes.count)
    var iterator = Array(bytes)[...]
    while let byte = iterator.popFirst() {
        switch byte {
        case UInt8(ascii: "+"): output.append(UInt8(ascii: " "))
        case UInt8(ascii: "%"):
            if iterator.count >= 2, let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                output.append(high << 4 | low)
                iterator.removeFirst(2)
            } else {
                output.append(byte)
            }
        default: output.append(byte)
        }
    }
    return String(decoding: output, as: UTF8.self)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 65...70: byte - 55
    case 97...102: byte - 87
    default: nil
    }
}

/// Percent-encodes a query or form component: everything but unreserved characters (RFC 3986 §2.3).
/// A component that needs no escape is returned as it is.
public func percentEncode(_ string: String) -> String {
    func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
    func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10 }
    func encode(_ bytes: some Collection<UInt8>) -> String? {
        guard !bytes.allSatisfy(isUnreserved) else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 15))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
    // Native strings hand out their UTF-8 in place; walking `utf8` byte by byte costs several times more.
    let encoded = string.utf8.withContiguousStorageIfAvailable { encode($0) } ?? encode(string.utf8)
    return encoded ?? string
}
