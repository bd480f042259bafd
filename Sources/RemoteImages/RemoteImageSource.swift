public import Storage
import Identity

/// What an app lets the platform's remote-image cache fetch for it (issue 12 item 6): the hosts its images may
/// come from, and how an item of its own (`icon-598581396`) resolves to the remote URL of the moment. Only items
/// an app resolves can be fetched, so the cache is no open proxy; every URL it resolves must be `https` on an
/// allowed host.
public struct RemoteImageSource: Sendable {
    /// Allowed hosts: `img9.doubanio.com` exactly, or `.mzstatic.com` (leading dot) for any host under it.
    public let hosts: [String]
    /// The item's remote URL and an optional same-site path shown while it is not cached (the app's own drawn
    /// picture), which also stands in for an empty or refused URL; nil for an item the app does not know. Called
    /// on a request thread with a read-only database.
    public let resolve: @Sendable (_ db: any SQLExecutor, _ item: String) throws -> (url: String, fallback: String?)?

    public init(hosts: [String], resolve: @escaping @Sendable (_ db: any SQLExecutor, _ item: String) throws -> (url: String, fallback: String?)?) {
        self.hosts = hosts
        self.resolve = resolve
    }

    /// True when `host` (lower-cased) is one of ``hosts`` or under a `.suffix` one.
    public func allows(host: String) -> Bool {
        let host = host.lowercased()
        return hosts.contains { allowed in
            allowed.hasPrefix(".") ? host.hasSuffix(allowed) && host.count > allowed.count : host == allowed
        }
    }
}

/// Links to cached remote images, as the apps' pages write them.
public enum RemoteImages {
    /// Where the platform serves an app's remote image: `/images/{app}/{item}?v={16 hex digits of the URL's SHA-256}`.
    /// The version ties the link to the URL it was made from, so the answer can be cached as immutable; a link to
    /// a URL the app no longer resolves is answered but revalidated.
    public static func path(app: String, item: String, url: String) -> String {
        "/images/\(app)/\(item)?v=\(version(of: url))"
    }

    /// The first 16 hex digits of the URL's SHA-256: the file name of its cached copy and its ETag.
    public static func version(of url: String) -> String {
        String(ContentHash.sha256Hex(Array(url.utf8)).prefix(16))
    }
}
