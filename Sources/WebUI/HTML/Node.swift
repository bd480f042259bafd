// The HTML value tree. Pages are built as `[Node]` with `HTMLBuilder` and turned into bytes by
// `render(_:)`. Escaping happens in exactly one place, the renderer (Render.swift).

/// An element name. Built only from a `StaticString`, so a tag name can never come from input.
public struct TagName: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// Void elements have no content and no closing tag (HTML Living Standard §13.1.2).
    /// Decided once here, not per render.
    let isVoid: Bool

    public init(_ name: StaticString) {
        self.description = name.description
        switch description {
        case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
            isVoid = true
        default:
            isVoid = false
        }
    }
}

/// An attribute name. Built only from a `StaticString`, so a name can never come from input
/// (an attacker-controlled name is an XSS no value escaping can fix).
public struct AttributeName: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// Attributes whose value is a URL; the renderer neutralises `javascript:` and friends there.
    let isURL: Bool
    /// URL attributes that may hold an inline `data:image/…` picture (`src`, `poster`).
    let allowsDataImage: Bool

    public init(_ name: StaticString) {
        self.description = name.description
        switch description {
        case "href", "action", "formaction", "cite", "xlink:href": (isURL, allowsDataImage) = (true, false)
        case "src", "poster": (isURL, allowsDataImage) = (true, true)
        default: (isURL, allowsDataImage) = (false, false)
        }
    }
}

/// One attribute: a fixed name and a `String` value, or no value for a boolean attribute.
/// Attributes are kept in the order they are written, so output is deterministic.
public struct Attribute: Sendable, Hashable {
    public let name: AttributeName
    /// `nil` renders a bare boolean attribute (`disabled`); any string renders `name="escaped"`.
    public let value: String?

    public init(_ name: StaticString, _ value: String?) {
        self.name = AttributeName(name)
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
