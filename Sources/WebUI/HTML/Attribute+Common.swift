// Named constructors for the attributes pages use. Names are fixed here; values are any String
// and are escaped by the renderer. For `data-*` and `aria-*` use `.attribute("data-x", value)`.

extension Attribute {
    /// Any attribute with a fixed name, e.g. `.attribute("data-confirm", message)`.
    public static func attribute(_ name: StaticString, _ value: String) -> Attribute { Attribute(name, value) }
    /// A boolean attribute with a fixed name, e.g. `.flag("data-theme-toggle")`.
    public static func flag(_ name: StaticString) -> Attribute { Attribute(name, nil) }

    public static func `class`(_ value: consuming String) -> Attribute { Attribute(plain: "class", value) }
    /// `class` from several names, skipping empty ones: `.classes("cell", isActive ? "is-active" : nil)`.
    public static func classes(_ names: String?...) -> Attribute {
        var value = ""
        for case let name? in names where !name.isEmpty {
            if !value.isEmpty { value.append(" ") }
            value.append(name)
        }
        return Attribute(plain: "class", value)
    }
    public static func id(_ value: consuming String) -> Attribute { Attribute(plain: "id", value) }
    /// A link target. `javascript:`, `vbscript:` and `data:` URLs render as `#` (see `sanitizedURL`).
    public static func href(_ value: consuming String) -> Attribute { Attribute("href", value) }
    /// An image or media source. `javascript:`/`vbscript:` URLs, and `data:` URLs other than
    /// `data:image/…`, render as `#`.
    public static func src(_ value: consuming String) -> Attribute { Attribute("src", value) }
    public static func alt(_ value: consuming String) -> Attribute { Attribute(plain: "alt", value) }
    public static func title(_ value: consuming String) -> Attribute { Attribute(plain: "title", value) }
    public static func type(_ value: consuming String) -> Attribute { Attribute(plain: "type", value) }
    public static func name(_ value: consuming String) -> Attribute { Attribute(plain: "name", value) }
    public static func value(_ value: consuming String) -> Attribute { Attribute(plain: "value", value) }
    public static func placeholder(_ value: consuming String) -> Attribute { Attribute(plain: "placeholder", value) }
    /// A form's target URL; sanitised like `href`.
    public static func action(_ value: consuming String) -> Attribute { Attribute("action", value) }
    public static func method(_ value: consuming String) -> Attribute { Attribute(plain: "method", value) }
    public static func `for`(_ value: consuming String) -> Attribute { Attribute(plain: "for", value) }
    public static func rel(_ value: consuming String) -> Attribute { Attribute(plain: "rel", value) }
    public static func lang(_ value: consuming String) -> Attribute { Attribute(plain: "lang", value) }
    public static func role(_ value: consuming String) -> Attribute { Attribute(plain: "role", value) }
    public static func ariaLabel(_ value: consuming String) -> Attribute { Attribute(plain: "aria-label", value) }
    public static func ariaCurrent(_ value: consuming String) -> Attribute { Attribute(plain: "aria-current", value) }
    public static func ariaDescribedBy(_ value: consuming String) -> Attribute { Attribute(plain: "aria-describedby", value) }
    public static let ariaHidden = Attribute(plain: "aria-hidden", "true")
    public static func tabindex(_ value: Int) -> Attribute { Attribute(plain: "tabindex", String(value)) }
    public static func autocomplete(_ value: consuming String) -> Attribute { Attribute(plain: "autocomplete", value) }
    public static func inputmode(_ value: consuming String) -> Attribute { Attribute(plain: "inputmode", value) }
    public static func enterkeyhint(_ value: consuming String) -> Attribute { Attribute(plain: "enterkeyhint", value) }
    public static func minlength(_ value: Int) -> Attribute { Attribute(plain: "minlength", String(value)) }
    public static func maxlength(_ value: Int) -> Attribute { Attribute(plain: "maxlength", String(value)) }
    public static func min(_ value: consuming String) -> Attribute { Attribute(plain: "min", value) }
    public static func max(_ value: consuming String) -> Attribute { Attribute(plain: "max", value) }
    public static func step(_ value: consuming String) -> Attribute { Attribute(plain: "step", value) }
    public static func pattern(_ value: consuming String) -> Attribute { Attribute(plain: "pattern", value) }
    public static func accept(_ value: consuming String) -> Attribute { Attribute(plain: "accept", value) }
    public static func enctype(_ value: consuming String) -> Attribute { Attribute(plain: "enctype", value) }
    public static func rows(_ value: Int) -> Attribute { Attribute(plain: "rows", String(value)) }
    public static func width(_ value: Int) -> Attribute { Attribute(plain: "width", String(value)) }
    public static func height(_ value: Int) -> Attribute { Attribute(plain: "height", String(value)) }
    public static func loading(_ value: consuming String) -> Attribute { Attribute(plain: "loading", value) }
    public static func decoding(_ value: consuming String) -> Attribute { Attribute(plain: "decoding", value) }
    public static func datetime(_ value: consuming String) -> Attribute { Attribute(plain: "datetime", value) }
    public static func content(_ value: consuming String) -> Attribute { Attribute(plain: "content", value) }
    public static func media(_ value: consuming String) -> Attribute { Attribute(plain: "media", value) }
    public static func sizes(_ value: consuming String) -> Attribute { Attribute(plain: "sizes", value) }
    public static func target(_ value: consuming String) -> Attribute { Attribute(plain: "target", value) }

    public static let disabled = Attribute(plain: "disabled", nil)
    public static let required = Attribute(plain: "required", nil)
    public static let autofocus = Attribute(plain: "autofocus", nil)
    public static let checked = Attribute(plain: "checked", nil)
    public static let selected = Attribute(plain: "selected", nil)
    public static let multiple = Attribute(plain: "multiple", nil)
    public static let readonly = Attribute(plain: "readonly", nil)
    public static let hidden = Attribute(plain: "hidden", nil)
    public static let novalidate = Attribute(plain: "novalidate", nil)
    public static let open = Attribute(plain: "open", nil)
    public static let `defer` = Attribute(plain: "defer", nil)

    /// This attribute when `condition` holds, otherwise nothing: `.checked.when(isOn)`.
    public func when(_ condition: Bool) -> Attribute {
        condition ? self : Attribute.omitted
    }

    /// Renders as nothing; what `when(false)` returns.
    static let omitted = Attribute(plain: "", nil)
    var isOmitted: Bool { name.isEmpty }
}
