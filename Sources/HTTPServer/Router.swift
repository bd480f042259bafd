public import APIKit

/// A request handler. Handlers run synchronously on the server's worker threads and must be thread-safe.
public typealias Handler = @Sendable (Request) throws -> Response

/// Maps method + path to a handler. Build it during setup, then hand it to the server, which only reads it.
///
/// Patterns are literal segments, `{name}` (one segment, captured into `Request.pathParameters`) and a
/// final `{name...}` capturing the rest of the path. `HEAD` is served by the `GET` handler. A path that
/// matches with another method is a 405 with an `Allow` header (RFC 9110 §15.5.6); no match is a 404.
public struct Router: Sendable {
    public enum Match: Sendable {
        case found(Handler, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound

        /// True when a handler was found.
        public var isFound: Bool { if case .found = self { true } else { false } }
    }

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case remainder(String)
    }

    private struct PatternRoutes: Sendable {
        var segments: [Segment]
        var handlers: [HTTPMethod: Handler] = [:]
        var order: [HTTPMethod] = []
    }

    private var literalRoutes: [String: PatternRoutes] = [:]
    private var patternRoutes: [PatternRoutes] = []
    /// Every registered route in registration order, for the OpenAPI completeness test and the route walk
    /// that proves every unsafe route is guarded. `access` is nil for a route added without a
    /// ``RouteGroup`` (and so without authentication or CSRF middleware); `limit` is the route's write-limit class
    /// (``RateLimit/none`` outside a group).
    public private(set) var registered: [(method: HTTPMethod, pattern: String, access: RouteAccess?, limit: RateLimit)] = []

    public init() {}

    /// Adds a route outside any ``RouteGroup``: no guard runs before `handler`. Use it for platform routes
    /// that need no session (health, assets, documents); everything that reads or changes a user's data
    /// belongs in a group.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        add(method, pattern, access: nil, limit: .none, handler)
    }

    mutating func add(_ method: HTTPMethod, _ pattern: String, access: RouteAccess?, limit: RateLimit, _ handler: @escaping Handler) {
        let segments = Self.segments(of: pattern)
        registered.append((method, pattern, access, limit))
        let isLiteral = segments.allSatisfy { if case .literal = $0 { true } else { false } }
        if isLiteral {
            let key = Self.normalize(pattern)
            var entry = literalRoutes[key] ?? PatternRoutes(segments: segments)
            Self.insert(method, handler, into: &entry)
            literalRoutes[key] = entry
        } else if let index = patternRoutes.firstIndex(where: { $0.segments == segments }) {
            Self.insert(method, handler, into: &patternRoutes[index])
        } else {
            var entry = PatternRoutes(segments: segments)
            Self.insert(method, handler, into: &entry)
            // The most specific pattern wins whatever the registration order: patterns without a
            // `{rest...}` tail first, then tails with longer literal prefixes (`/assets/apps/{id}/{path...}`
            // before `/assets/{path...}`).
            let position = patternRoutes.firstIndex { Self.specificity(entry.segments) > Self.specificity($0.segments) }
            patternRoutes.insert(entry, at: position ?? patternRoutes.endIndex)
        }
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add(.patch, pattern, handler) }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    /// Finds the handler for `method` and `path`.
    public func match(_ method: HTTPMethod, _ path: String) -> Match {
        if let entry = literalRoutes[Self.normalize(path)] {
            return Self.pick(method, entry, parameters: [:])
        }
        let parts = Self.split(path)
        var allowed: [HTTPMethod] = []
        for entry in patternRoutes {
            guard let parameters = Self.capture(entry.segments, parts) else { continue }
            switch Self.pick(method, entry, parameters: parameters) {
            case .found(let handler, let parameters): return .found(handler, parameters: parameters)
            case .methodNotAllowed(let methods): allowed.append(contentsOf: methods)
            case .notFound: break
            }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// Orders patterns: any pattern without a remainder beats one with it; among remainders, more segments win.
    private static func specificity(_ segments: [Segment]) -> Int {
        let hasRemainder = segments.contains { if case .remainder = $0 { true } else { false } }
        return hasRemainder ? segments.count : 1_000 + segments.count
    }

    private static func insert(_ method: HTTPMethod, _ handler: @escaping Handler, into entry: inout PatternRoutes) {
        precondition(entry.handlers[method] == nil, "route registered twice: \(method) \(entry.segments)")
        entry.handlers[method] = handler
        entry.order.append(method)
    }

    private static func pick(_ method: HTTPMethod, _ entry: PatternRoutes, parameters: [String: String]) -> Match {
        if let handler = entry.handlers[method] ?? (method == .head ? entry.handlers[.get] : nil) {
            return .found(handler, parameters: parameters)
        }
        var allowed = entry.order
        if entry.handlers[.get] != nil, entry.handlers[.head] == nil { allowed.append(.head) }
        return .methodNotAllowed(allowed: allowed)
    }

    private static func capture(_ segments: [Segment], _ parts: [Substring]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .remainder(let name):
                guard index < parts.count else { return nil }
                parameters[name] = parts[index...].joined(separator: "/")
                return parameters
            case .literal(let text):
                guard index < parts.count, parts[index] == text else { return nil }
            case .parameter(let name):
                guard index < parts.count, !parts[index].isEmpty else { return nil }
                parameters[name] = String(parts[index])
            }
        }
        return parts.count == segments.count ? parameters : nil
    }

    private static func segments(of pattern: String) -> [Segment] {
        split(pattern).map { part in
            if part.hasPrefix("{"), part.hasSuffix("...}") { return .remainder(String(part.dropFirst().dropLast(4))) }
            if part.hasPrefix("{"), part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// `/a/b/` and `/a/b` are the same route; `/` stays `/`.
    private static func normalize(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
