/// Who may call an ``Endpoint``.
public enum Access: Sendable, Hashable {
    /// Signed-out callers too (public lookups, sign-in itself). The server may still personalise the answer.
    case anyone
    /// A signed-in user: a session cookie or `Authorization: Bearer`; otherwise `401`.
    case signedIn
    /// A signed-in user whose roles carry the named permission (`moderate`, `curate`); otherwise `403`.
    case permission(String)
}

/// A write-limit class: at most `count` calls per window, counted per account (per client address for a
/// signed-out caller), across every route of the class and every server sharing the database. Past it the
/// server answers `429` problem+json with `Retry-After`. Windows are fixed (aligned to multiples of their
/// length), so a burst across a boundary may reach twice one window's count.
///
/// Reads are not limited per request (connection fairness handles floods); every unsafe endpoint and page
/// route has a class, ``write`` unless it names another.
public struct RateLimit: Sendable, Hashable {
    public struct Window: Sendable, Hashable {
        /// The window's length in seconds.
        public let seconds: Int
        /// Calls allowed in one window.
        public let count: Int

        public init(seconds: Int, count: Int) {
            precondition(seconds > 0 && count > 0)
            self.seconds = seconds
            self.count = count
        }
    }

    /// The class's name, which keys its counters: routes of one class share one budget.
    public let name: String
    public let windows: [Window]

    public init(_ name: String, _ windows: [Window]) {
        precondition(!name.isEmpty && name.count <= 32, "a limit class has a short name")
        self.name = name
        self.windows = windows
    }

    /// A read: not limited per request.
    public static let none = RateLimit("none", [])
    /// The default for any unsafe route: 60 a minute, 1,000 a day.
    public static let write = RateLimit("write", [.init(seconds: 60, count: 60), .init(seconds: 86_400, count: 1_000)])
    /// What others read (reviews, 短评, marks, comments, drafts, articles, submissions): 20 a minute and 200 a day
    /// (issue 27 item 2).
    public static let content = RateLimit("content", [.init(seconds: 60, count: 20), .init(seconds: 86_400, count: 200)])
    /// One-tap reactions (有用/没用, favourites, follows, ratings without text): 120 a minute, 2,000 a day.
    public static let reaction = RateLimit("reaction", [.init(seconds: 60, count: 120), .init(seconds: 86_400, count: 2_000)])
    /// Files (photos, designs to slice): 120 a minute, 2,000 a day; bytes are bounded by quotas.
    public static let upload = RateLimit("upload", [.init(seconds: 60, count: 120), .init(seconds: 86_400, count: 2_000)])
    /// Changes to the account itself (password, e-mail, sessions, deletion, export): 10 a minute, 100 a day.
    public static let account = RateLimit("account", [.init(seconds: 60, count: 10), .init(seconds: 86_400, count: 100)])
    /// Signing in and out, registering and password resets: 300 a minute and 10,000 a day per client address, so a
    /// school's students behind one address can all sign in on results day; guessing is stopped by the login
    /// throttles (5 failures per account, 20 per address per 15 minutes), not by this.
    public static let signIn = RateLimit("sign-in", [.init(seconds: 60, count: 300), .init(seconds: 86_400, count: 10_000)])

    /// `20 a minute, 200 a day`.
    public var summary: String {
        windows.map { window in
            let unit = switch window.seconds {
            case 60: "a minute"
            case 3_600: "an hour"
            case 86_400: "a day"
            default: "per \(window.seconds) s"
            }
            return "\(window.count) \(unit)"
        }.joined(separator: ", ")
    }
}

/// How clients and shared caches may keep a `GET` answer. Every cached answer carries a weak `ETag`, and a
/// request whose `If-None-Match` names it gets `304 Not Modified` without a body.
public enum CachePolicy: Sendable, Hashable {
    /// Never kept (`no-store`): a user's own data, answers that change with every call. The default.
    case noStore
    /// Kept by the client only and checked every time (`private, no-cache` with an `ETag`).
    case revalidate
    /// Kept by the client for up to `seconds` (`private, max-age`).
    case privateFor(seconds: Int)
    /// Kept by any cache for up to `seconds` (`public, max-age`) when the caller is signed out; a signed-in
    /// caller's answer, which may be personalised, is `private, no-cache`. For data that changes only at an
    /// import or a write, and whose staleness by `seconds` is acceptable.
    case publicFor(seconds: Int)

    /// True unless shared caches may keep the answer.
    public var isPrivate: Bool { if case .publicFor = self { false } else { true } }

    /// The `Cache-Control` value for a caller who is signed in or not.
    public func cacheControl(signedIn: Bool) -> String {
        switch self {
        case .noStore: "no-store"
        case .revalidate: "private, no-cache"
        case .privateFor(let seconds): "private, max-age=\(seconds)"
        case .publicFor(let seconds): signedIn ? "private, no-cache" : "public, max-age=\(seconds)"
        }
    }
}

/// An error status an endpoint answers, with what it means there (`404`: "No merchant has this id").
public struct DocumentedError: Sendable, Hashable {
    public let status: Int
    public let description: String

    public init(_ status: Int, _ description: String) {
        precondition((400..<600).contains(status), "an error status is 4xx or 5xx")
        self.status = status
        self.description = description
    }
}
