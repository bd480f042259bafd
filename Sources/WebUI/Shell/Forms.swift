// Forms: every POST form carries the CSRF token as a hidden `csrf_token` field.

/// The hidden CSRF field. The server compares it with the session's token.
public func csrfField(_ token: String) -> Node {
    input(.type("hidden"), .name("csrf_token"), .value(token))
}

/// A `method="post"` form with the CSRF field first. `confirm` asks before submitting (app.js).
public func postForm(
    action: String,
    csrfToken: String?,
    confirm: String? = nil,
    multipart: Bool = false,
    attributes: [Attribute] = [],
    @HTMLBuilder content: () -> [Node]
) -> Node {
    let own: [Attribute] = [
        .method("post"), .action(action),
        multipart ? .enctype("multipart/form-data") : .omitted,
        confirm.map { .attribute("data-confirm", $0) } ?? .omitted,
    ]
    return .element(
        tag: TagName("form"), attributes: attributes + own,
        children: fragment {
            if let csrfToken { csrfField(csrfToken) }
            content()
        })
}

public enum FieldType: String, Sendable, Hashable {
    case text, email, password, search, tel, url, number, date, time
    case datetimeLocal = "datetime-local"
    /// A multi-line `<textarea>`.
    case textarea
}

/// Groups `formField`s into one inset card, like a grouped list.
public func formGroup(header: String? = nil, footer: String? = nil, @HTMLBuilder content: () -> [Node]) -> Node {
    fieldset(.class("form-group")) {
        if let header { legend(.class("list-header")) { header } }
        div(.class("form-group-body")) { content() }
        if let footer { p(.class("list-footer")) { footer } }
    }
}

/// A labelled input with optional hint and error (wired with `aria-describedby`/`aria-invalid`).
/// A password field never echoes its `value`. `reveal` (labels to show and to hide) adds a button that
/// switches a password field between hidden and shown text; app.js unhides it, so without JavaScript
/// the field stays a plain password field. `id` replaces the default `field-<name>` where a page shows the same
/// field more than once (one form per queued item): ids must be unique per page. `min` and `max` bound a number
/// field (the browser refuses other values before sending; the server still checks).
public func formField(
    label: String,
    name: String,
    type: FieldType = .text,
    value: String? = nil,
    error: String? = nil,
    hint: String? = nil,
    placeholder: String? = nil,
    autocomplete: String? = nil,
    required: Bool = false,
    minLength: Int? = nil,
    maxLength: Int? = nil,
    inputMode: String? = nil,
    autofocus: Bool = false,
    reveal: (show: String, hide: String)? = nil,
    min: Int64? = nil,
    max: Int64? = nil,
    id fieldID: String? = nil
) -> Node {
    let id = fieldID ?? "field-" + name
    let errorID = id + "-error"
    let hintID = id + "-hint"
    let describedBy = [error != nil ? errorID : nil, hint != nil ? hintID : nil].compactMap { $0 }.joined(separator: " ")
    var attributes: [Attribute] = [
        .class("field-input"), .id(id), .name(name),
        placeholder.map { .placeholder($0) } ?? .omitted,
        autocomplete.map { .autocomplete($0) } ?? .omitted,
        inputMode.map { .inputmode($0) } ?? .omitted,
        minLength.map { .minlength($0) } ?? .omitted,
        maxLength.map { .maxlength($0) } ?? .omitted,
        min.map { .min(String($0)) } ?? .omitted,
        max.map { .max(String($0)) } ?? .omitted,
        Attribute.required.when(required),
        Attribute.autofocus.when(autofocus),
        Attribute("aria-invalid", "true").when(error != nil),
        describedBy.isEmpty ? .omitted : .ariaDescribedBy(describedBy),
    ]
    let control: Node
    if type == .textarea {
        attributes.append(.rows(4))
        control = .element(tag: TagName("textarea"), attributes: attributes, children: value.map { [.text($0)] } ?? [])
    } else {
        attributes.insert(.type(type.rawValue), at: 3)
        if type != .password, let value { attributes.append(.value(value)) }
        control = .element(tag: TagName("input"), attributes: attributes, children: [])
    }
    let revealButton = type == .password ? reveal : nil
    return div(.classes("field", type == .textarea ? "field-multiline" : nil, error != nil ? "has-error" : nil,
                        revealButton != nil ? "field-revealable" : nil)) {
        WebUI.label(.class("field-label"), .for(id)) { label }
        control
        if let revealButton {
            WebUI.button(.class("field-reveal"), .type("button"), .hidden, .attribute("data-reveal", id),
                         .attribute("data-label-show", revealButton.show), .attribute("data-label-hide", revealButton.hide),
                         .attribute("aria-controls", id), .attribute("aria-pressed", "false")) { revealButton.show }
        }
        if let error { p(.class("field-error"), .id(errorID)) { error } }
        if let hint { p(.class("field-hint"), .id(hintID)) { hint } }
    }
}
