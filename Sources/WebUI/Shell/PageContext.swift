/// Everything the shell needs to know about one request's page, built by the handler.
/// Request-scoped data (user, CSRF token, flash toasts) is passed explicitly, never ambient.
public struct PageContext: Sendable {
    public var language: Language
    /// Already localised; shown in the nav bar and `<title>`.
    public var title: String
    /// Also show the title as an iOS large title at the top of the content.
    public var largeTitle: Bool
    /// The nav bar's back link (chevron + label), also followed by an edge swipe.
    public var back: BackLink?
    /// The nav bar's right-hand slot: a few links or buttons (`navAction(…)`).
    public var trailing: [Node]
    public var tabs: [TabItem]
    /// The `TabItem.id` of the selected tab.
    public var activeTab: String?
    public var user: UserSummary?
    public var csrfToken: String?
    public var toasts: [Toast]
    /// Extra classes on `<body>`, e.g. an app's name for app-specific CSS.
    public var bodyClass: String?
    /// `<meta name="description">`.
    public var description: String?
    /// A theme the visitor chose (from the `theme` cookie app.js writes); nil follows the system.
    public var theme: Theme?
    /// The request's path and query (e.g. `/deals?page=2`): the language switch links back to it.
    public var currentURL: String?
    /// An app's own stylesheets and deferred scripts (same-origin URLs, e.g. from `AppAssets.url`),
    /// loaded after the shell's.
    public var stylesheets: [String]
    public var scripts: [String]
    /// Unread inbox notifications, shown as a badge on the tab with id `me` or `more` (0: no badge).
    public var inboxBadge: Int

    public init(
        language: Language,
        title: String,
        largeTitle: Bool = false,
        back: BackLink? = nil,
        trailing: [Node] = [],
        tabs: [TabItem] = [],
        activeTab: String? = nil,
        user: UserSummary? = nil,
        csrfToken: String? = nil,
        toasts: [Toast] = [],
        bodyClass: String? = nil,
        description: String? = nil,
        theme: Theme? = nil,
        currentURL: String? = nil,
        stylesheets: [String] = [],
        scripts: [String] = [],
        inboxBadge: Int = 0
    ) {
        self.language = language
        self.title = title
        self.largeTitle = largeTitle
        self.back = back
        self.trailing = trailing
        self.tabs = tabs
        self.activeTab = activeTab
        self.user = user
        self.csrfToken = csrfToken
        self.toasts = toasts
        self.bodyClass = bodyClass
        self.description = description
        self.theme = theme
        self.currentURL = currentURL
        self.stylesheets = stylesheets
        self.scripts = scripts
        self.inboxBadge = inboxBadge
    }
}

public enum Theme: String, Sendable, CaseIterable {
    case light, dark

    /// The `theme` cookie value app.js writes (`light` or `dark`); nil for anything else.
    public init?(cookie: String?) {
        guard let cookie, let theme = Theme(rawValue: cookie) else { return nil }
        self = theme
    }
}

public struct BackLink: Sendable, Hashable {
    public var href: String
    /// Usually the previous screen's title; `Strings.back` when there is none.
    public var label: String

    public init(href: String, label: String) {
        self.href = href
        self.label = label
    }
}

public struct TabItem: Sendable, Hashable {
    /// Compared with `PageContext.activeTab`; defaults to `href`.
    public var id: String
    public var href: String
    public var icon: Icon
    public var label: LocalizedText

    public init(id: String? = nil, href: String, icon: Icon, label: LocalizedText) {
        self.id = id ?? href
        self.href = href
        self.icon = icon
        self.label = label
    }
}

public struct UserSummary: Sendable, Hashable {
    public var nickname: String
    public var avatarURL: String?

    public init(nickname: String, avatarURL: String? = nil) {
        self.nickname = nickname
        self.avatarURL = avatarURL
    }
}

public struct Toast: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case success, error, info
    }

    public var message: String
    public var kind: Kind

    public init(_ message: String, kind: Kind = .info) {
        self.message = message
        self.kind = kind
    }
}

/// A system colour for icons, tiles and badges, applied by class (`tint-blue`); the CSP forbids
/// inline styles, so colours are a fixed palette.
public enum Tint: String, Sendable, CaseIterable, Hashable {
    case blue, green, indigo, orange, pink, purple, red, teal, yellow, gray

    var className: String { "tint-" + rawValue }
}

/// A launcher tile.
public struct Tile: Sendable, Hashable {
    public var href: String
    public var title: LocalizedText
    public var icon: Icon
    public var tint: Tint
    /// An optional small caption under the title (e.g. "12 条新限免").
    public var caption: LocalizedText?

    public init(href: String, title: LocalizedText, icon: Icon, tint: Tint, caption: LocalizedText? = nil) {
        self.href = href
        self.title = title
        self.icon = icon
        self.tint = tint
        self.caption = caption
    }
}

/// One segment of a `segmentedControl`.
public struct Segment: Sendable, Hashable {
    public var id: String
    public var href: String
    public var label: String

    public init(id: String, href: String, label: String) {
        self.id = id
        self.href = href
        self.label = label
    }
}
