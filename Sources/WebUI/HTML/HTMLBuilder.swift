/// Builds `[Node]` from statements: a `String` becomes escaped text, a `Node` or `[Node]` is
/// kept, and `if`/`else`, `if let`, `switch` and `for` work as in ordinary code.
///
///     ul(.class("list")) {
///         for item in items { li { item.name } }
///         if items.isEmpty { p { "暂无内容" } }
///     }
@resultBuilder
public enum HTMLBuilder {
    // A single node stays a `Node` until its block collects it: a block makes one array, not one per statement.
    public static func buildExpression(_ text: consuming String) -> Node { .text(text) }
    public static func buildExpression(_ text: Substring) -> Node { .text(String(text)) }
    public static func buildExpression(_ node: consuming Node) -> Node { node }
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    public static func buildExpression(_ node: Node?) -> [Node] { node.map { [$0] } ?? [] }

    public static func buildBlock() -> [Node] { [] }
    public static func buildPartialBlock(first: consuming Node) -> [Node] {
        var nodes: [Node] = []
        nodes.reserveCapacity(4)
        nodes.append(first)
        return nodes
    }
    public static func buildPartialBlock(first: consuming [Node]) -> [Node] { first }
    public static func buildPartialBlock(accumulated: consuming [Node], next: consuming Node) -> [Node] {
        accumulated.append(next)
        return accumulated
    }
    public static func buildPartialBlock(accumulated: consuming [Node], next: consuming [Node]) -> [Node] {
        if accumulated.isEmpty { return next }
        accumulated.append(contentsOf: next)
        return accumulated
    }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first part: [Node]) -> [Node] { part }
    public static func buildEither(second part: [Node]) -> [Node] { part }
    public static func buildArray(_ parts: [[Node]]) -> [Node] {
        if parts.count == 1 { return parts[0] }
        var nodes: [Node] = []
        nodes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { nodes.append(contentsOf: part) }
        return nodes
    }
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
}

/// Collects nodes with the builder outside an element: `let body = fragment { … }`.
public func fragment(@HTMLBuilder _ content: () -> [Node]) -> [Node] { content() }
