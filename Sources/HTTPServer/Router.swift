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
    /// Every registered (method, pattern), in registration order — for the OpenAPI completeness test.
    public private(set) var registered: [(method: HTTPMethod, pattern: String)] = []

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let segments = Self.segments(of: pattern)
        registered.append((method, pattern))
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
            patternRoutes.append(entry)
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
        // The most specific pattern wins (most literal segments), so `/assets/apps/{id}/{path...}` is not
        // shadowed by an earlier `/assets/{path...}`; among equals, the first registered.
        var best: (handler: Handler, parameters: [String: String], literals: Int)?
        for entry in patternRoutes {
            guard let parameters = Self.capture(entry.segments, parts) else { continue }
            switch Self.pick(method, entry, parameters: parameters) {
            case .found(let handler, let parameters):
                let literals = entry.segments.reduce(0) { count, segment in
                    if case .literal = segment { count + 1 } else { count }
                }
                if best == nil || literals > best!.literals { best = (handler, parameters, literals) }
            case .methodNotAllowed(let methods): allowed.append(contentsOf: methods)
            case .notFound: break
            }
        }
        if let best { return .found(best.handler, parameters: best.parameters) }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
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
