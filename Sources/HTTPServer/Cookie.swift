/// A `Set-Cookie` value (RFC 6265 §4.1) with safe defaults: `Path=/`, `HttpOnly`, `SameSite=Lax`.
public struct Cookie: Sendable, Equatable {
    public enum SameSite: String, Sendable { case strict = "Strict", lax = "Lax", none = "None" }

    public var name: String
    public var value: String
    public var path: String = "/"
    /// Lifetime in seconds; nil makes a session cookie, 0 deletes the cookie.
    public var maxAge: Int?
    public var isHTTPOnly = true
    /// Send only over TLS. Set it whenever the request arrived over HTTPS.
    public var isSecure = false
    public var sameSite: SameSite = .lax

    public init(name: String, value: String, maxAge: Int? = nil, isSecure: Bool = false) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.isSecure = isSecure
    }

    /// A cookie that tells the browser to forget `name`.
    public static func expired(_ name: String, isSecure: Bool = false) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, isSecure: isSecure)
    }

    /// The header value. Values are expected to be cookie-octets (tokens we generate, base64url).
    public var headerValue: String {
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if isHTTPOnly { parts.append("HttpOnly") }
        if isSecure { parts.append("Secure") }
        parts.append("SameSite=\(sameSite.rawValue)")
        return parts.joined(separator: "; ")
    }

    /// Parses a request's `Cookie` header (`a=1; b=2`) into name → value; the first of duplicates wins.
    public static func parse(header: String?) -> [String: String] {
        guard let header else { return [:] }
        var result: [String: String] = [:]
        for pair in header.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingSpaces()
            var value = pair[pair.index(after: equals)...].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !name.isEmpty, result[name] == nil { result[name] = value }
        }
        return result
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's OWS, RFC 9110 §5.6.3).
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
