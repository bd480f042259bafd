/// An HTTP request method (RFC 9110 §9). Unknown methods are kept verbatim so the router can answer 405.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// True for methods that must not change state (RFC 9110 §9.2.1); CSRF checks skip them.
    public var isSafe: Bool { self == .get || self == .head || self == .options }
    public var description: String { rawValue }
}
