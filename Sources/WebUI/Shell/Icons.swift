/// The shell's inline SVG icons: 24×24, stroked with `currentColor`, so CSS colours them.
/// Drawn for this project; emitted with `Node.unsafeRaw` from these constants only.
public enum Icon: String, Sendable, CaseIterable, Hashable {
    case chevronLeft = "chevron-left"
    case chevronRight = "chevron-right"
    case home
    case person
    case photo
    case tag
    case school
    case cloudSun = "cloud-sun"
    case mapPin = "map-pin"
    case film
    case search
    case heart
    case share
    case gear
    case plus
    case close
    case check
    case info
    case alert
    case star
    case moon
    case globe
    case grid
    /// 收藏 (kept for later), distinct from ♥ where an app uses it for popularity (App Deals' 热榜).
    case bookmark
    /// A telephone handset, for a row that dials (`tel:`).
    case phone

    /// The inner SVG shapes (paths on a 24×24 grid).
    var shapes: String {
        switch self {
        case .chevronLeft: #"<path d="M15 4.5 7.5 12l7.5 7.5"/>"#
        case .chevronRight: #"<path d="m9 5 7 7-7 7"/>"#
        case .home: #"<path d="M3 11 12 3.5l9 7.5"/><path d="M5.5 9v10.5a1 1 0 0 0 1 1H10v-6h4v6h3.5a1 1 0 0 0 1-1V9"/>"#
        case .person: #"<circle cx="12" cy="8" r="4"/><path d="M4 20.5c.8-3.9 4-6.5 8-6.5s7.2 2.6 8 6.5"/>"#
        case .photo: #"<rect x="3" y="4.5" width="18" height="15" rx="3"/><circle cx="8.5" cy="9.5" r="1.75"/><path d="m3.5 17 5-4.5 3.5 3 3.5-4 5 5"/>"#
        case .tag: #"<path d="M3.5 11.6V5a1.5 1.5 0 0 1 1.5-1.5h6.6a1.5 1.5 0 0 1 1.06.44l7.9 7.9a1.5 1.5 0 0 1 0 2.12l-6.6 6.6a1.5 1.5 0 0 1-2.12 0l-7.9-7.9a1.5 1.5 0 0 1-.44-1.06z"/><circle cx="8" cy="8" r="1.5"/>"#
        case .school: #"<path d="M1.5 9 12 4l10.5 5L12 14z"/><path d="M6 11.2V16c0 1.4 2.7 3 6 3s6-1.6 6-3v-4.8"/><path d="M22.5 9v5.5"/>"#
        case .cloudSun: #"<path d="M9 2.5V4M3.3 4.8l1.1 1.1M1.5 10.5H3M14.7 4.8l-1.1 1.1"/><path d="M5.3 13.3a4.5 4.5 0 0 1 8.5-4.6"/><path d="M8.5 20.5h9a3.5 3.5 0 0 0 .3-7 5 5 0 0 0-9.6 1.1 3 3 0 0 0 .3 5.9z"/>"#
        case .mapPin: #"<path d="M12 21.5s-7-6-7-11.8a7 7 0 0 1 14 0c0 5.8-7 11.8-7 11.8z"/><circle cx="12" cy="9.7" r="2.6"/>"#
        case .film: #"<rect x="3" y="3.5" width="18" height="17" rx="2.5"/><path d="M7.5 3.5v17M16.5 3.5v17M3 8.5h4.5M3 15.5h4.5M16.5 8.5H21M16.5 15.5H21M7.5 12h9"/>"#
        case .search: #"<circle cx="10.5" cy="10.5" r="6.5"/><path d="m15.5 15.5 5 5"/>"#
        case .heart: #"<path d="M12 20.3S3 15 3 9.1A4.6 4.6 0 0 1 7.6 4.5c1.9 0 3.4 1 4.4 2.6 1-1.6 2.5-2.6 4.4-2.6A4.6 4.6 0 0 1 21 9.1c0 5.9-9 11.2-9 11.2z"/>"#
        case .share: #"<path d="M12 14.5V3M8 6.8 12 3l4 3.8"/><path d="M8.5 9.5H6.5A1.5 1.5 0 0 0 5 11v8.5A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V11a1.5 1.5 0 0 0-1.5-1.5h-2"/>"#
        case .gear: #"<circle cx="12" cy="12" r="3"/><path d="M10.3 2.8h3.4l.5 2.5 1.9 1.1 2.4-.8 1.7 2.9-1.9 1.7v2.2l1.9 1.7-1.7 2.9-2.4-.8-1.9 1.1-.5 2.5h-3.4l-.5-2.5-1.9-1.1-2.4.8-1.7-2.9 1.9-1.7v-2.2L3.8 8.5l1.7-2.9 2.4.8 1.9-1.1z"/>"#
        case .plus: #"<path d="M12 5v14M5 12h14"/>"#
        case .close: #"<path d="m6 6 12 12M18 6 6 18"/>"#
        case .check: #"<path d="m4.5 12.5 5 5 10-11"/>"#
        case .info: #"<circle cx="12" cy="12" r="9"/><path d="M12 11v5.5M12 7.5v.01"/>"#
        case .alert: #"<path d="M10.3 4 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4a2 2 0 0 0-3.4 0z"/><path d="M12 9.5v4M12 17v.01"/>"#
        case .star: #"<path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"/>"#
        case .moon: #"<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"/>"#
        case .globe: #"<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z"/>"#
        case .grid: #"<rect x="4" y="4" width="6.5" height="6.5" rx="1.5"/><rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5"/><rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5"/><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5"/>"#
        case .bookmark: #"<path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.5-6.5 4.5v-16a1 1 0 0 1 1-1z"/>"#
        case .phone: #"<path d="M20.5 16.4v3a1.9 1.9 0 0 1-2.1 1.9 18.8 18.8 0 0 1-8.2-2.9 18.5 18.5 0 0 1-5.7-5.7A18.8 18.8 0 0 1 1.6 4.5 1.9 1.9 0 0 1 3.5 2.5h3a1.9 1.9 0 0 1 1.9 1.6c.1.9.4 1.8.7 2.7a1.9 1.9 0 0 1-.4 2L7.4 10a15.2 15.2 0 0 0 5.7 5.7l1.2-1.2a1.9 1.9 0 0 1 2-.4c.9.3 1.8.6 2.7.7a1.9 1.9 0 0 1 1.5 1.6z"/>"#
        }
    }

    /// The complete `<svg>` element, decorative (`aria-hidden`): pair it with visible text or an
    /// `aria-label` on the control.
    public var svg: String { Self.svgs[self] ?? "" }

    /// Every icon's `<svg>`, put together once.
    private static let svgs: [Icon: String] = Dictionary(uniqueKeysWithValues: allCases.map { icon in
        (icon, #"<svg class="icon icon-"# + icon.rawValue
            + #"" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">"#
            + icon.shapes + "</svg>")
    })
}

/// An icon as a node: `icon(.heart)`.
public func icon(_ icon: Icon) -> Node {
    .unsafeRaw(icon.svg)  // trusted constant: see Icon.shapes
}
