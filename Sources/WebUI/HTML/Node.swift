// The HTML value tree. Pages are built as `[Node]` with `HTMLBuilder` and turned into bytes by
// `render(_:)`. Escaping happens in exactly one place, the renderer (Render.swift).

/// An element name. Built only from a `StaticString`, so a tag name can never come from input.
/// Kept as that `StaticString`: making an element copies no characters and allocates nothing.
public struct TagName: Sendable, Hashable, CustomStringConvertible {
    let name: StaticString
    /// Void elements have no content and no closing tag (HTML Living Standard §13.1.2).
    /// Decided once here, not per render.
    let isVoid: Bool

    public init(_ name: StaticString) {
        self.name = name
        isVoid = Self.voidElements.contains(name)
    }

    /// For the element functions of this module, which know their tag (checked in debug builds and by a test).
    init(_ name: StaticString, isVoid: Bool) {
        assert(isVoid == Self.voidElements.contains(name), "\(name): isVoid must be \(!isVoid)")
        self.name = name
        self.isVoid = isVoid
    }

    static let voidElements = NameSet([
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ])

    public var description: String { name.description }
    public static func == (lhs: TagName, rhs: TagName) -> Bool { lhs.name.bytesEqual(rhs.name) }
    public func hash(into hasher: inout Hasher) { name.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
}

/// An attribute name. Built only from a `StaticString`, so a name can never come from input
/// (an attacker-controlled name is an XSS no value escaping can fix). Kept as that `StaticString`.
public struct AttributeName: Sendable, Hashable, CustomStringConvertible {
    let name: StaticString
    /// Attributes whose value is a URL; the renderer neutralises `javascript:` and friends there.
    let isURL: Bool
    /// URL attributes that may hold an inline `data:image/…` picture (`src`, `poster`).
    let allowsDataImage: Bool

    public init(_ name: StaticString) {
        self.name = name
        if Self.urlAttributes.contains(name) { (isURL, allowsDataImage) = (true, false) }
        else if Self.mediaAttributes.contains(name) { (isURL, allowsDataImage) = (true, true) }
        else { (isURL, allowsDataImage) = (false, false) }
    }

    /// A name that is not a URL attribute, for the named constructors of this module (checked in debug builds
    /// and by a test).
    init(plain name: StaticString) {
        assert(!Self.urlAttributes.contains(name) && !Self.mediaAttributes.contains(name), "\(name) is a URL attribute")
        self.name = name
        (isURL, allowsDataImage) = (false, false)
    }

    static let urlAttributes = NameSet(["href", "action", "formaction", "cite", "xlink:href"])
    static let mediaAttributes = NameSet(["src", "poster"])

    public var description: String { name.description }
    /// The empty name of ``Attribute/omitted``.
    var isEmpty: Bool { name.byteCount == 0 }
    public static func == (lhs: AttributeName, rhs: AttributeName) -> Bool { lhs.name.bytesEqual(rhs.name) }
    public func hash(into hasher: inout Hasher) { name.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
}

/// One attribute: a fixed name and a `String` value, or no value for a boolean attribute.
/// Attributes are kept in the order they are written, so output is deterministic.
public struct Attribute: Sendable, Hashable {
    public let name: AttributeName
    /// `nil` renders a bare boolean attribute (`disabled`); any string renders `name="escaped"`.
    public let value: String?

    public init(_ name: StaticString, _ value: consuming String?) {
        self.name = AttributeName(name)
        self.value = value
    }

    /// An attribute whose name is not a URL attribute (``AttributeName/init(plain:)``).
    init(plain name: StaticString, _ value: consuming String?) {
        self.name = AttributeName(plain: name)
        self.value = value
    }
}

/// A node of an HTML document.
public enum Node: Sendable, Hashable {
    /// An element. Children of void elements (`input`, `img` …) are ignored by the renderer.
    case element(tag: TagName, attributes: [Attribute], children: [Node])
    /// Text, escaped by the renderer (`& < >`).
    case text(String)
    /// Markup written out verbatim. The only escape hatch: use it for trusted constants
    /// (the SVG icons), never for anything that contains input. `grep unsafeRaw` finds them all.
    case unsafeRaw(String)

    /// Shorthand for building an element node.
    public static func element(_ tag: StaticString, _ attributes: [Attribute] = [], _ children: [Node] = []) -> Node {
        .element(tag: TagName(tag), attributes: attributes, children: children)
    }
}

/// A fixed set of names. `contains` runs for every element and attribute made (thousands per page), so a
/// table of (first byte, length) pairs answers most names at once; a hit is confirmed byte for byte.
struct NameSet: Sendable {
    private let names: [StaticString]
    /// Bit `n` of entry `b`: some name starts with byte `b` and is `n` bytes long (63 for 63 or more).
    private let lengthsByFirstByte: [UInt64]

    init(_ names: [StaticString]) {
        self.names = names
        var table = [UInt64](repeating: 0, count: 256)
        for name in names {
            name.withUTF8Buffer { bytes in
                if let first = bytes.first { table[Int(first)] |= 1 << UInt64(Swift.min(bytes.count, 63)) }
            }
        }
        lengthsByFirstByte = table
    }

    func contains(_ name: StaticString) -> Bool {
        if name.hasPointerRepresentation {
            let count = name.utf8CodeUnitCount
            guard count > 0, lengthsByFirstByte[Int(name.utf8Start.pointee)] & (1 << UInt64(Swift.min(count, 63))) != 0 else {
                return false
            }
        }
        return names.contains { $0.bytesEqual(name) }
    }
}

extension StaticString {
    /// Byte-wise equality. A `StaticString` holds either a pointer or a single scalar; `withUTF8Buffer` reads both.
    func bytesEqual(_ other: StaticString) -> Bool {
        if hasPointerRepresentation, other.hasPointerRepresentation {
            let count = utf8CodeUnitCount
            guard count == other.utf8CodeUnitCount else { return false }
            return utf8Start == other.utf8Start || (0..<count).allSatisfy { utf8Start[$0] == other.utf8Start[$0] }
        }
        return withUTF8Buffer { mine in other.withUTF8Buffer { theirs in mine.elementsEqual(theirs) } }
    }

    /// The length in bytes, whichever representation.
    var byteCount: Int { hasPointerRepresentation ? utf8CodeUnitCount : withUTF8Buffer { $0.count } }
}
