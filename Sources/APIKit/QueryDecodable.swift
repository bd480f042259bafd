/// The typed query of an ``Endpoint``: one initializer reads and validates every field through a
/// ``QueryReader``, which also records the declaration for the OpenAPI document, and the synthesized
/// `Encodable` conformance writes the same names for the client. Stored property names are the parameter
/// names (a test checks every endpoint's pair).
///
/// ```swift
/// public struct PlaceSearch: QueryDecodable {
///     public var q: String
///     public var limit: Int
///     public init(from query: inout QueryReader) throws(QueryError) {
///         q = try query.requiredText("q", maxLength: 32, "a name, pinyin or adcode")
///         limit = try query.value("limit", in: 1...50, default: 20, "page size")
///     }
/// }
/// ```
///
/// Rules every reader applies: an empty value is an absent one; a field given twice is refused unless it is a
/// list; text never carries control or bidirectional-override characters; numbers are finite and inside their
/// bounds; unknown parameters are ignored.
public protocol QueryDecodable: Encodable, Sendable {
    /// Reads every field from `query`. Throws the first invalid field.
    init(from query: inout QueryReader) throws(QueryError)
}

extension QueryDecodable {
    /// Decodes the name–value pairs of a query string, in order.
    public init(pairs: [(name: String, value: String)]) throws(QueryError) {
        var reader = QueryReader(pairs: pairs)
        try self.init(from: &reader)
    }

    /// The fields as the initializer declares them, in order.
    public static var fields: [QueryField] {
        var reader = QueryReader.probing()
        _ = try? Self(from: &reader)
        return reader.recorded
    }

    /// The name–value pairs a client sends: every non-nil stored property, lists as repeated names.
    public var queryItems: [(name: String, value: String)] { QueryEncoder.pairs(of: self) }
}

/// One query parameter as its type declares it (for the OpenAPI document).
public struct QueryField: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case integer(min: Int64, max: Int64)
        case number(min: Double, max: Double)
        case text(maxLength: Int)
        /// One of these words (an enumeration, `true`/`false`).
        case choice([String])
    }

    public let name: String
    public let kind: Kind
    public let isRequired: Bool
    /// Most values of a repeated parameter (`?id=1&id=2`); nil for a single value.
    public let maxCount: Int?
    /// The value used when the parameter is absent, as text.
    public let defaultValue: String?
    public let description: String
}

/// Reads a query's fields with their bounds, and in probing mode records them instead (``QueryDecodable/fields``).
/// Each method takes the parameter's name, its bounds and a one-line description with the unit.
public struct QueryReader: Sendable {
    private let values: [String: [String]]
    /// True while the declaration is being recorded: values are placeholders and ``check(_:_:zh:en:)`` passes.
    public let isProbing: Bool
    public private(set) var recorded: [QueryField] = []

    /// A reader of these pairs (empty values dropped).
    public init(pairs: [(name: String, value: String)]) {
        var values: [String: [String]] = [:]
        for (name, value) in pairs where !value.isEmpty { values[name, default: []].append(value) }
        self.values = values
        isProbing = false
    }

    private init(probing: Void) {
        values = [:]
        isProbing = true
    }

    static func probing() -> QueryReader { QueryReader(probing: ()) }

    // MARK: numbers

    /// A number that must be present, within `range`.
    public mutating func required<T: QueryScalar>(_ name: String, in range: ClosedRange<T>, _ description: String) throws(QueryError) -> T {
        record(name, T.kind(range), required: true, description)
        guard !isProbing else { return range.lowerBound }
        guard let value = try scalar(name, in: range) else { throw QueryError(name, .missing) }
        return value
    }

    /// A number within `range`, or nil when absent.
    public mutating func optional<T: QueryScalar>(_ name: String, in range: ClosedRange<T>, _ description: String) throws(QueryError) -> T? {
        record(name, T.kind(range), description)
        return isProbing ? nil : try scalar(name, in: range)
    }

    /// A number within `range`, `default` when absent.
    public mutating func value<T: QueryScalar>(_ name: String, in range: ClosedRange<T>, default defaultValue: T, _ description: String) throws(QueryError) -> T {
        precondition(range.contains(defaultValue), "the default of \(name) is inside its range")
        record(name, T.kind(range), default: defaultValue.queryText, description)
        return isProbing ? defaultValue : try scalar(name, in: range) ?? defaultValue
    }

    // MARK: choices

    /// One of the type's words (an enumeration or `true`/`false`) that must be present.
    public mutating func required<T: QueryChoice>(_ name: String, _ description: String) throws(QueryError) -> T {
        record(name, .choice(T.choices), required: true, description)
        guard !isProbing else { return T.placeholder }
        guard let value = try choice(name, as: T.self) else { throw QueryError(name, .missing) }
        return value
    }

    /// One of the type's words, or nil when absent.
    public mutating func optional<T: QueryChoice>(_ name: String, _ description: String) throws(QueryError) -> T? {
        record(name, .choice(T.choices), description)
        return isProbing ? nil : try choice(name, as: T.self)
    }

    /// One of the type's words, `default` when absent.
    public mutating func value<T: QueryChoice>(_ name: String, default defaultValue: T, _ description: String) throws(QueryError) -> T {
        record(name, .choice(T.choices), default: defaultValue.queryText, description)
        return isProbing ? defaultValue : try choice(name, as: T.self) ?? defaultValue
    }

    // MARK: text

    /// Text of 1 to `maxLength` characters, or nil when absent.
    public mutating func text(_ name: String, maxLength: Int, _ description: String) throws(QueryError) -> String? {
        record(name, .text(maxLength: maxLength), description)
        return isProbing ? nil : try checkedText(name, maxLength: maxLength)
    }

    /// Text of 1 to `maxLength` characters that must be present.
    public mutating func requiredText(_ name: String, maxLength: Int, _ description: String) throws(QueryError) -> String {
        record(name, .text(maxLength: maxLength), required: true, description)
        guard !isProbing else { return "" }
        guard let text = try checkedText(name, maxLength: maxLength) else { throw QueryError(name, .missing) }
        return text
    }

    /// An opaque token the server made (a keyset cursor): text of at most `maxLength` characters that `parse`
    /// must accept, else `invalid`; nil when absent.
    public mutating func token<T>(_ name: String, maxLength: Int, _ description: String, invalid: QueryError.Reason,
                                  _ parse: (String) -> T?) throws(QueryError) -> T? {
        record(name, .text(maxLength: maxLength), description)
        guard !isProbing, let text = try checkedText(name, maxLength: maxLength) else { return nil }
        guard let value = parse(text) else { throw QueryError(name, invalid) }
        return value
    }

    // MARK: lists

    /// Every value of a repeated parameter (`?id=3&id=5`), at most `maxCount`, each within `range`.
    public mutating func list<T: QueryScalar>(_ name: String, in range: ClosedRange<T>, maxCount: Int, _ description: String) throws(QueryError) -> [T] {
        record(name, T.kind(range), maxCount: maxCount, description)
        guard !isProbing else { return [] }
        let texts = values[name] ?? []
        guard texts.count <= maxCount else { throw QueryError(name, .tooMany(maxCount)) }
        return try texts.map { text throws(QueryError) in try Self.parse(text, name, in: range) }
    }

    /// Every value of a repeated parameter, at most `maxCount`, each one of the type's words.
    public mutating func list<T: QueryChoice>(_ name: String, maxCount: Int, _ description: String) throws(QueryError) -> [T] {
        record(name, .choice(T.choices), maxCount: maxCount, description)
        guard !isProbing else { return [] }
        let texts = values[name] ?? []
        guard texts.count <= maxCount else { throw QueryError(name, .tooMany(maxCount)) }
        return try texts.map { text throws(QueryError) in
            guard let value = T(queryText: text) else { throw QueryError(name, .notOneOf(T.choices)) }
            return value
        }
    }

    // MARK: rules across fields

    /// Refuses field `name` with this message unless `condition` holds (`maxPrice` not below `minPrice`).
    /// Passes while probing, where values are placeholders.
    public func check(_ condition: Bool, _ name: String, zh: String, en: String) throws(QueryError) {
        guard isProbing || condition else { throw QueryError(name, .invalid(zh: zh, en: en)) }
    }

    // MARK: reading

    private func single(_ name: String) throws(QueryError) -> String? {
        guard let texts = values[name] else { return nil }
        guard texts.count == 1 else { throw QueryError(name, .repeated) }
        return texts[0]
    }

    private func scalar<T: QueryScalar>(_ name: String, in range: ClosedRange<T>) throws(QueryError) -> T? {
        try single(name).map { text throws(QueryError) in try Self.parse(text, name, in: range) }
    }

    private static func parse<T: QueryScalar>(_ text: String, _ name: String, in range: ClosedRange<T>) throws(QueryError) -> T {
        guard text.utf8.count <= 32, let value = T(queryText: text) else { throw QueryError(name, T.notANumber) }
        guard range.contains(value) else { throw QueryError(name, .outOfRange(range.lowerBound.queryText, range.upperBound.queryText)) }
        return value
    }

    private func choice<T: QueryChoice>(_ name: String, as type: T.Type) throws(QueryError) -> T? {
        try single(name).map { text throws(QueryError) in
            guard text.utf8.count <= 64, let value = T(queryText: text) else { throw QueryError(name, .notOneOf(T.choices)) }
            return value
        }
    }

    private func checkedText(_ name: String, maxLength: Int) throws(QueryError) -> String? {
        guard let text = try single(name) else { return nil }
        guard text.count <= maxLength else { throw QueryError(name, .tooLong(maxLength)) }
        guard !text.unicodeScalars.contains(where: QueryReader.isRefused) else { throw QueryError(name, .controlCharacter) }
        return text
    }

    /// Control characters (Cc) and the bidirectional embeddings, overrides and isolates (U+202A–202E,
    /// U+2066–2069) that can make text display as something else (CVE-2021-42574).
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private mutating func record(_ name: String, _ kind: QueryField.Kind, required: Bool = false, maxCount: Int? = nil, default defaultValue: String? = nil,
                                 _ description: String) {
        guard isProbing else { return }
        precondition(!recorded.contains { $0.name == name }, "query field \(name) is declared twice")
        recorded.append(QueryField(name: name, kind: kind, isRequired: required, maxCount: maxCount, defaultValue: defaultValue, description: description))
    }
}
