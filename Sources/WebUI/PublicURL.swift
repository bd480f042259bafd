import Foundation

/// The address people reach this server at, e.g. `https://apps.example.com`: every absolute link the server
/// writes (share links, `og:url`, `og:image`) starts with it. It comes from configuration (`--public-url`,
/// `APPSUITE_PUBLIC_URL`), never from a request's `Host` header, which any client can set (issue 8 item 7:
/// `Host: evil.example` was written into share pages).
public struct PublicURL: Sendable, Hashable, CustomStringConvertible {
    /// `scheme://host[:port]` in lower case, without a trailing slash.
    public let origin: String

    /// Parses a configured public URL: `http` or `https`, a host (ASCII: a name, an IPv4 address or a
    /// bracketed IPv6 address; internationalised names in their `xn--` form), an optional port 1–65535, and
    /// no user name, path other than `/`, query or fragment — links are built by appending absolute paths.
    /// - Throws: ``PublicURLError`` saying which part is wrong.
    public init(parsing text: String) throws(PublicURLError) {
        guard text.utf8.count <= 2_048, let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased()
        else { throw PublicURLError("not an absolute URL") }
        guard scheme == "http" || scheme == "https" else { throw PublicURLError("the scheme must be http or https") }
        guard Self.isValidHost(host) else { throw PublicURLError("the host must be a name, an IPv4 address or a bracketed IPv6 address") }
        guard components.user == nil, components.password == nil else { throw PublicURLError("no user name or password") }
        if let port = components.port, !(1...65_535).contains(port) { throw PublicURLError("the port must be 1–65535") }
        guard components.path.isEmpty || components.path == "/" else { throw PublicURLError("no path other than /") }
        guard components.percentEncodedQuery == nil else { throw PublicURLError("no query") }
        guard components.percentEncodedFragment == nil else { throw PublicURLError("no fragment") }
        origin = scheme + "://" + host + (components.port.map { ":\($0)" } ?? "")
    }

    /// The default when none is configured: `http://<host>:<port>` of the address the server listens on
    /// (an IPv6 address in brackets).
    public init(listeningOn host: String, port: UInt16) {
        origin = "http://" + (host.contains(":") ? "[\(host)]" : host.lowercased()) + ":\(port)"
    }

    /// The absolute URL of `path`, which starts with `/` (a relative path gets one).
    public func absolute(_ path: String) -> String {
        origin + (path.hasPrefix("/") ? path : "/" + path)
    }

    public var description: String { origin }

    private static func isValidHost(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            return host.count > 2 && host.hasSuffix("]")
                && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !host.isEmpty && !host.hasPrefix(".") && !host.hasPrefix("-")
            && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }
}

/// Why a configured public URL cannot be used.
public struct PublicURLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
