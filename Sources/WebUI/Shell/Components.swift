// The shell's components: functions returning `Node`s styled by app.css. No component writes a
// `style` attribute or an event handler (the CSP forbids both); behaviour hangs off `data-*`
// attributes that app.js enhances, and every component works without JavaScript.

// MARK: - Bars

/// The fixed top bar: back chevron + label on the left, centred title, a right-hand slot.
/// With `largeTitle`, the small title stays hidden until the large one scrolls away. A back label too long for its
/// side of the bar becomes `shortBackLabel` (返回 / Back; app.js, as iOS does) rather than a cut-off fragment.
public func navBar(title: String, back: BackLink? = nil, shortBackLabel: String? = nil, trailing: [Node] = [],
                   largeTitle: Bool = false) -> Node {
    header(.class("navbar")) {
        div(.class("navbar-inner")) {
            div(.class("navbar-leading")) {
                if let back {
                    a(.class("navbar-back"), .href(back.href), .flag("data-back")) {
                        icon(.chevronLeft)
                        span(.class("navbar-back-label"),
                             shortBackLabel.flatMap { $0 == back.label ? nil : .attribute("data-short", $0) } ?? .omitted) { back.label }
                    }
                }
            }
            if largeTitle {
                div(.class("navbar-title"), .ariaHidden) { title }
            } else {
                h1(.class("navbar-title")) { title }
            }
            div(.class("navbar-trailing")) { trailing }
        }
    }
}

/// An icon link for the nav bar's right slot; `label` is its accessible name.
public func navAction(href: String, icon symbol: Icon, label: String) -> Node {
    a(.class("nav-action"), .href(href), .ariaLabel(label), .title(label)) { icon(symbol) }
}

/// A text link for the nav bar's right slot (编辑, 完成 …).
public func navAction(href: String, label: String) -> Node {
    a(.classes("nav-action", "nav-action-text"), .href(href)) { label }
}

/// The fixed bottom tab bar: icon above label, the active tab tinted and marked `aria-current`.
/// `inboxBadge` unread notifications show as a red count on the account entry: the tab with id `me` (the
/// suite's 我的) or `more` (an app's 更多).
public func tabBar(_ tabs: [TabItem], active: String?, language: Language, inboxBadge: Int = 0) -> Node {
    nav(.class("tabbar"), .ariaLabel(Strings.mainNavigation(language))) {
        ul(.class("tabbar-items"), .role("list")) {
            for tab in tabs {
                let isActive = tab.id == active
                li {
                    a(.classes("tab", isActive ? "is-active" : nil), .href(tab.href), Attribute.ariaCurrent("page").when(isActive)) {
                        icon(tab.icon)
                        if inboxBadge > 0, tab.id == "me" || tab.id == "more" {
                            span(.class("tab-badge"), .ariaLabel(Strings.unreadNotifications(inboxBadge)(language))) {
                                inboxBadge > 99 ? "99+" : String(inboxBadge)
                            }
                        }
                        span(.class("tab-label")) { tab.label(language) }
                    }
                }
            }
        }
    }
}

// MARK: - Lists

/// A grouped, inset list (iOS "inset grouped" table) with an optional header and footer.
/// Put `listCell`s (or `listRow`s) inside.
public func listGroup(header: String? = nil, footer: String? = nil, @HTMLBuilder content: () -> [Node]) -> Node {
    section(.class("list-section")) {
        if let header { h2(.class("list-header")) { header } }
        ul(.class("list-group"), .role("list")) { content() }
        if let footer { p(.class("list-footer")) { footer } }
    }
}

/// What sits at the leading edge of a cell.
public enum CellImage: Sendable, Hashable {
    /// A white glyph on a rounded tinted square, like iOS Settings.
    case icon(Icon, Tint)
    /// A square thumbnail (cover art, photo).
    case thumbnail(url: String, alt: String)
    /// A round avatar.
    case avatar(url: String, alt: String)
}

/// What sits at the trailing edge of a cell.
public enum CellAccessory: Sendable, Hashable {
    /// A chevron when the cell is a link, nothing otherwise.
    case automatic
    case none
    case chevron
    case check
    case badge(String)
}

/// One row of a `listGroup`: title, optional subtitle below, optional detail on the right.
public func listCell(
    title: String,
    subtitle: String? = nil,
    detail: String? = nil,
    href: String? = nil,
    image: CellImage? = nil,
    accessory: CellAccessory = .automatic
) -> Node {
    let inner = fragment {
        if let image { cellImage(image) }
        span(.class("cell-text")) {
            span(.class("cell-title")) { title }
            if let subtitle { span(.class("cell-subtitle")) { subtitle } }
        }
        if let detail { span(.class("cell-detail")) { detail } }
        switch accessory {
        case .automatic:
            if href != nil { span(.class("cell-accessory")) { icon(.chevronRight) } }
        case .none:
            []
        case .chevron:
            span(.class("cell-accessory")) { icon(.chevronRight) }
        case .check:
            span(.classes("cell-accessory", "cell-check")) { icon(.check) }
        case .badge(let text):
            span(.class("cell-accessory")) { badge(text) }
        }
    }
    return li(.class("cell")) {
        if let href {
            a(.classes("cell-body", "is-link"), .href(href)) { inner }
        } else {
            div(.class("cell-body")) { inner }
        }
    }
}

/// A list row with free content (a form, a toggle, a paragraph).
public func listRow(@HTMLBuilder content: () -> [Node]) -> Node {
    li(.class("cell")) { div(.classes("cell-body", "cell-custom")) { content() } }
}

/// A row that is a POST form with one button, e.g. 退出登录: a link can't change state.
public func listFormCell(
    title: String, action: String, csrfToken: String?, destructive: Bool = false, confirm: String? = nil, formID: String? = nil
) -> Node {
    li(.class("cell")) {
        postForm(action: action, csrfToken: csrfToken, confirm: confirm, attributes: [formID.map { .id($0) } ?? .omitted, .class("cell-form")]) {
            WebUI.button(.classes("cell-body", "is-link", "cell-button", destructive ? "is-destructive" : nil), .type("submit")) {
                span(.class("cell-text")) { span(.class("cell-title")) { title } }
            }
        }
    }
}

func cellImage(_ image: CellImage) -> Node {
    switch image {
    case .icon(let symbol, let tint):
        span(.classes("cell-icon", tint.className)) { icon(symbol) }
    case .thumbnail(let url, let alt):
        img(.class("cell-thumb"), .src(url), .alt(alt), .loading("lazy"), .decoding("async"), .width(48), .height(48))
    case .avatar(let url, let alt):
        img(.class("cell-avatar"), .src(url), .alt(alt), .loading("lazy"), .decoding("async"), .width(40), .height(40))
    }
}

/// A heading above a block of content, with an optional "more" link on the right.
public func sectionHeader(_ title: String, actionLabel: String? = nil, actionHref: String? = nil) -> Node {
    div(.class("section-header")) {
        h2(.class("section-title")) { title }
        if let actionLabel, let actionHref {
            a(.class("section-action"), .href(actionHref)) { actionLabel }
        }
    }
}

// MARK: - Text

/// Stored text as one `<p>` per line, empty lines dropped (reviews, summaries). Lines end at a line feed,
/// except inside a "\r\n" pair, exactly as splitting by `Character` would cut them; the cut is made on
/// the UTF-8 bytes, without walking grapheme clusters.
public func paragraphs(_ text: String) -> [Node] {
    var nodes: [Node] = []
    var text = text
    text.withUTF8 { bytes in
        func line(_ range: Range<Int>) -> Node {
            p { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        }
        var start = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r")) {
            if index > start { nodes.append(line(start..<index)) }
            start = index + 1
        }
        if bytes.count > start { nodes.append(line(start..<bytes.count)) }
    }
    return nodes
}

// MARK: - States

/// A link-shaped action for states and sheets.
public struct LinkAction: Sendable, Hashable {
    public var label: String
    public var href: String

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}

/// The centred placeholder for an empty list: big faint icon, title, message, optional action.
public func emptyState(icon symbol: Icon, title: String, message: String? = nil, action: LinkAction? = nil) -> Node {
    div(.classes("state", "empty-state")) {
        span(.class("state-icon")) { icon(symbol) }
        p(.class("state-title")) { title }
        if let message { p(.class("state-message")) { message } }
        if let action { button(action.label, style: .secondary, href: action.href, fullWidth: false) }
    }
}

/// The error placeholder: 出错了 + message + 重试 (a plain link, so it works without JS).
public func errorState(language: Language, title: String? = nil, message: String? = nil, retryHref: String? = nil) -> Node {
    div(.classes("state", "error-state"), .role("alert")) {
        span(.class("state-icon")) { icon(.alert) }
        p(.class("state-title")) { title ?? Strings.error(language) }
        if let message { p(.class("state-message")) { message } }
        if let retryHref { button(Strings.retry(language), style: .secondary, href: retryHref, fullWidth: false) }
    }
}

/// Skeleton rows shown while something loads (e.g. before infinite scroll fills in).
public func loadingPlaceholder(rows: Int = 3, language: Language) -> Node {
    div(.class("skeleton"), .role("status"), .attribute("aria-busy", "true")) {
        span(.class("visually-hidden")) { Strings.loading(language) }
        ul(.classes("list-group", "skeleton-list"), .ariaHidden) {
            for _ in 0..<max(rows, 1) {
                li(.class("cell")) {
                    div(.class("cell-body")) {
                        span(.class("skeleton-block"))
                        span(.class("cell-text")) {
                            span(.classes("skeleton-line", "is-wide"))
                            span(.class("skeleton-line"))
                        }
                    }
                }
            }
        }
    }
}

/// One toast; app.js dismisses it after a few seconds or on tap.
public func toast(_ toast: Toast) -> Node {
    let symbol: Icon =
        switch toast.kind {
        case .success: .check
        case .error: .alert
        case .info: .info
        }
    return div(.classes("toast", "toast-" + toast.kind.rawValue), .role(toast.kind == .error ? "alert" : "status"), .flag("data-toast")) {
        icon(symbol)
        span(.class("toast-message")) { toast.message }
    }
}

// MARK: - Controls

public enum ButtonStyle: String, Sendable, Hashable {
    case primary, secondary, destructive, plain
}

/// A styled button, or a link styled as one when `href` is given. `confirm` asks before acting
/// (app.js shows `confirm()`; without JS the action just happens).
public func button(
    _ title: String,
    style: ButtonStyle = .primary,
    type: String = "submit",
    href: String? = nil,
    icon symbol: Icon? = nil,
    name: String? = nil,
    value: String? = nil,
    confirm: String? = nil,
    fullWidth: Bool = true,
    disabled: Bool = false
) -> Node {
    let attributes: [Attribute] = [
        .classes("btn", "btn-" + style.rawValue, fullWidth ? "btn-block" : nil),
        confirm.map { .attribute("data-confirm", $0) } ?? .omitted,
    ]
    let label = fragment {
        if let symbol { icon(symbol) }
        span { title }
    }
    if let href {
        return .element(tag: TagName("a"), attributes: attributes + [.href(href)], children: label)
    }
    return .element(
        tag: TagName("button"),
        attributes: attributes + [
            .type(type), name.map { .name($0) } ?? .omitted, value.map { .value($0) } ?? .omitted, Attribute.disabled.when(disabled),
        ],
        children: label)
}

/// A small pill with a count or word (限免, NEW, 3).
public func badge(_ text: String, tint: Tint = .red) -> Node {
    span(.classes("badge", tint.className)) { text }
}

/// Tabs within a page (iOS segmented control) as links; the selected one is `aria-current`.
public func segmentedControl(_ segments: [Segment], selected: String?, label: String? = nil) -> Node {
    nav(.class("segmented"), label.map { .ariaLabel($0) } ?? .omitted) {
        for segment in segments {
            let isSelected = segment.id == selected
            a(.classes("segment", isSelected ? "is-selected" : nil), .href(segment.href), Attribute.ariaCurrent("page").when(isSelected)) {
                segment.label
            }
        }
    }
}

/// The launcher: app icons in a grid, label below, like a home screen.
public func tileGrid(_ tiles: [Tile], language: Language) -> Node {
    ul(.class("tile-grid"), .role("list")) {
        for tile in tiles {
            li {
                a(.class("tile"), .href(tile.href)) {
                    span(.classes("tile-icon", tile.tint.className)) { icon(tile.icon) }
                    span(.class("tile-title")) { tile.title(language) }
                    if let caption = tile.caption { span(.class("tile-caption")) { caption(language) } }
                }
            }
        }
    }
}

/// A user's avatar image, or the first character of the nickname on a tinted circle.
public func avatar(_ user: UserSummary, size: Int = 32) -> Node {
    if let url = user.avatarURL {
        return img(.class("avatar"), .src(url), .alt(user.nickname), .width(size), .height(size))
    }
    return span(.classes("avatar", "avatar-initial"), .ariaLabel(user.nickname), .role("img")) {
        String(user.nickname.first.map { String($0) } ?? "?").uppercased()
    }
}

/// A link to the same page in the other language (`?lang=en`); the server stores the choice.
public func languageSwitch(_ language: Language, currentURL: String?) -> Node {
    let target = language.other
    return a(
        .classes("nav-action", "nav-action-text", "lang-switch"),
        .href(settingQueryItem(in: currentURL ?? "", name: "lang", value: target.code)),
        .attribute("hreflang", target.htmlLang), .lang(target.htmlLang), .attribute("data-lang", target.code)
    ) {
        Strings.switchLanguage(language)
    }
}

/// A button that toggles dark mode (app.js; hidden without JS, where the system setting rules).
public func themeToggle(language: Language) -> Node {
    WebUI.button(
        .classes("nav-action", "theme-toggle"), .type("button"), .flag("data-theme-toggle"),
        .ariaLabel(Strings.switchTheme(language)), .title(Strings.darkMode(language))
    ) {
        icon(.moon)
    }
}

/// `url` with query item `name` set to `value` (other items kept, fragment dropped).
func settingQueryItem(in url: String, name: String, value: String) -> String {
    let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts.first.map(String.init) ?? ""
    var items = parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []
    items.removeAll { $0 == name || $0.hasPrefix(name + "=") }
    items.append(name + "=" + value)
    return path + "?" + items.joined(separator: "&")
}
