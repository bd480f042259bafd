// Named constructors for the attributes pages use. Names are fixed here; values are any String
// and are escaped by the renderer. For `data-*` and `aria-*` use `.attribute("data-x", value)`.

extension Attribute {
    /// Any attribute with a fixed name, e.g. `.attribute("data-confirm", message)`.
    public static func attribute(_ name: StaticString, _ value: String) -> Attribute { Attribute(name, value) }
    /// A boolean attribute with a fixed name, e.g. `.flag("data-theme-toggle")`.
    public static func flag(_ name: StaticString) -> Attribute { Attribute(name, nil) }

    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    /// `class` from several names, skipping empty ones: `.classes("cell", isActive ? "is-active" : nil)`.
    public static func classes(_ names: String?...) -> Attribute {
        var value = ""
        for case let name? in names where !name.isEmpty {
            if !value.isEmpty { value.append(" ") }
            value.append(name)
        }
        return Attribute("class", value)
    }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    /// A link target. `javascript:`, `vbscript:` and `data:` URLs render as `#` (see `sanitizedURL`).
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    /// An image or media source. `javascript:`/`vbscript:` URLs, and `data:` URLs other than
    /// `data:image/…`, render as `#`.
    public static func src(_ value: String) -> Attribute { Attribute("src", value) }
    public static func alt(_ value: String) -> Attribute { Attribute("alt", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func placeholder(_ value: String) -> Attribute { Attribute("placeholder", value) }
    /// A form's target URL; sanitised like `href`.
    public static func action(_ value: String) -> Attribute { Attribute("action", value) }
    public static func method(_ value: String) -> Attribute { Attribute("method", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func role(_ value: String) -> Attribute { Attribute("role", value) }
    public static func ariaLabel(_ value: String) -> Attribute { Attribute("aria-label", value) }
    public static func ariaCurrent(_ value: String) -> Attribute { Attribute("aria-current", value) }
    public static func ariaDescribedBy(_ value: String) -> Attribute { Attribute("aria-describedby", value) }
    public static let ariaHidden = Attribute("aria-hidden", "true")
    public static func tabindex(_ value: Int) -> Attribute { Attribute("tabindex", String(value)) }
    public static func autocomplete(_ value: String) -> Attribute { Attribute("autocomplete", value) }
    public static func inputmode(_ value: String) -> Attribute { Attribute("inputmode", value) }
    public static func enterkeyhint(_ value: String) -> Attribute { Attribute("enterkeyhint", value) }
    public static func minlength(_ value: Int) -> Attribute { Attribute("minlength", String(value)) }
    public static func maxlength(_ value: Int) -> Attribute { Attribute("maxlength", String(value)) }
    public static func min(_ value: String) -> Attribute { Attribute("min", value) }
    public static func max(_ value: String) -> Attribute { Attribute("max", value) }
    public static func step(_ value: String) -> Attribute { Attribute("step", value) }
    public static func pattern(_ value: String) -> Attribute { Attribute("pattern", value) }
    public static func accept(_ value: String) -> Attribute { Attribute("accept", value) }
    public static func enctype(_ value: String) -> Attribute { Attribute("enctype", value) }
    public static func rows(_ value: Int) -> Attribute { Attribute("rows", String(value)) }
    public static func width(_ value: Int) -> Attribute { Attribute("width", String(value)) }
    public static func height(_ value: Int) -> Attribute { Attribute("height", String(value)) }
    public static func loading(_ value: String) -> Attribute { Attribute("loading", value) }
    public static func decoding(_ value: String) -> Attribute { Attribute("decoding", value) }
    public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    public static func media(_ value: String) -> Attribute { Attribute("media", value) }
    public static func sizes(_ value: String) -> Attribute { Attribute("sizes", value) }
    public static func target(_ value: String) -> Attribute { Attribute("target", value) }

    public static let disabled = Attribute("disabled", nil)
    public static let required = Attribute("required", nil)
    public static let autofocus = Attribute("autofocus", nil)
    public static let checked = Attribute("checked", nil)
    public static let selected = Attribute("selected", nil)
    public static let multiple = Attribute("multiple", nil)
    public static let readonly = Attribute("readonly", nil)
    public static let hidden = Attribute("hidden", nil)
    public static let novalidate = Attribute("novalidate", nil)
    public static let open = Attribute("open", nil)
    public static let `defer` = Attribute("defer", nil)

    /// This attribute when `condition` holds, otherwise nothing: `.checked.when(isOn)`.
    public func when(_ condition: Bool) -> Attribute {
        condition ? self : Attribute.omitted
    }

    /// Renders as nothing; what `when(false)` returns.
    static let omitted = Attribute("", nil)
    var isOmitted: Bool { name.isEmpty }
}
