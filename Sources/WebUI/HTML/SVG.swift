// SVG drawn in code (identicons, poster placeholders, app icons) as the same value tree as HTML,
// so text and attribute values go through the one renderer and are escaped like everything else.
// Names are namespaced (`SVG.rect`, `SVG.text`) so they never shadow a page's own `path` or `text`.
//
//     SVG.document(viewBox: "0 0 48 48", width: 48, height: 48) {
//         SVG.rect(.width(48), .height(48), .fill("#f1f2f6"))
//         SVG.text(.x(24), .y(30), .textAnchor("middle")) { title }   // escaped
//     }
//
// The output is also well-formed XML (every element closed, values double-quoted, `& < > " '`
// escaped), so `document` can be served as `image/svg+xml`.

public enum SVG {
    /// The SVG namespace, required on the root of a standalone document.
    public static let namespace = "http://www.w3.org/2000/svg"

    /// A standalone SVG file (for `image/svg+xml` responses): the root `<svg>` with its namespace.
    public static func document(
        viewBox: String, width: Int, height: Int, @HTMLBuilder content: () -> [Node]
    ) -> String {
        render(.element(tag: TagName("svg"),
                        attributes: [.attribute("xmlns", namespace), .viewBox(viewBox), .width(width), .height(height)],
                        children: content()))
    }

    /// An `<svg>` inside an HTML page (the HTML parser supplies the namespace).
    public static func svg(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
        .element(tag: TagName("svg"), attributes: attributes, children: content())
    }

    public static func g(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
        .element(tag: TagName("g"), attributes: attributes, children: content())
    }

    public static func defs(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
        .element(tag: TagName("defs"), attributes: attributes, children: content())
    }

    public static func linearGradient(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
        .element(tag: TagName("linearGradient"), attributes: attributes, children: content())
    }

    public static func stop(_ attributes: Attribute...) -> Node {
        .element(tag: TagName("stop"), attributes: attributes, children: [])
    }

    public static func rect(_ attributes: Attribute...) -> Node {
        .element(tag: TagName("rect"), attributes: attributes, children: [])
    }

    public static func circle(_ attributes: Attribute...) -> Node {
        .element(tag: TagName("circle"), attributes: attributes, children: [])
    }

    public static func path(_ attributes: Attribute...) -> Node {
        .element(tag: TagName("path"), attributes: attributes, children: [])
    }

    /// `<text>`: its content is escaped text, like any HTML text.
    public static func text(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node]) -> Node {
        .element(tag: TagName("text"), attributes: attributes, children: content())
    }
}

// Presentation attributes SVG pictures use. Coordinates are whole user units.
extension Attribute {
    public static func viewBox(_ value: String) -> Attribute { Attribute("viewBox", value) }
    public static func x(_ value: Int) -> Attribute { Attribute("x", String(value)) }
    public static func y(_ value: Int) -> Attribute { Attribute("y", String(value)) }
    public static func x1(_ value: Int) -> Attribute { Attribute("x1", String(value)) }
    public static func y1(_ value: Int) -> Attribute { Attribute("y1", String(value)) }
    public static func x2(_ value: Int) -> Attribute { Attribute("x2", String(value)) }
    public static func y2(_ value: Int) -> Attribute { Attribute("y2", String(value)) }
    /// Path data (`M4 5h16 …`).
    public static func d(_ value: String) -> Attribute { Attribute("d", value) }
    /// A colour (`#e8503a`, `currentColor`, `none`) or a paint server (`url(#g)`).
    public static func fill(_ value: String) -> Attribute { Attribute("fill", value) }
    public static func stroke(_ value: String) -> Attribute { Attribute("stroke", value) }
    public static func strokeWidth(_ value: String) -> Attribute { Attribute("stroke-width", value) }
    public static func strokeOpacity(_ value: String) -> Attribute { Attribute("stroke-opacity", value) }
    public static func strokeLinecap(_ value: String) -> Attribute { Attribute("stroke-linecap", value) }
    public static func strokeLinejoin(_ value: String) -> Attribute { Attribute("stroke-linejoin", value) }
    public static func opacity(_ value: String) -> Attribute { Attribute("opacity", value) }
    /// A gradient stop's position, 0–1.
    public static func offset(_ value: String) -> Attribute { Attribute("offset", value) }
    public static func stopColor(_ value: String) -> Attribute { Attribute("stop-color", value) }
    public static func fontFamily(_ value: String) -> Attribute { Attribute("font-family", value) }
    public static func fontSize(_ value: Int) -> Attribute { Attribute("font-size", String(value)) }
    public static func fontWeight(_ value: Int) -> Attribute { Attribute("font-weight", String(value)) }
    /// `start`, `middle` or `end`.
    public static func textAnchor(_ value: String) -> Attribute { Attribute("text-anchor", value) }
}
