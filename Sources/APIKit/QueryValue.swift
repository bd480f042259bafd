/// A number a query carries: always read with bounds (``QueryReader/required(_:in:_:)``).
public protocol QueryScalar: Comparable, Sendable {
    /// Parses the parameter's text; nil when it is not a (finite) number of this type.
    init?(queryText: String)
    /// The text a client sends, which ``init(queryText:)`` reads back to the same value.
    var queryText: String { get }
    /// What the OpenAPI document says of a parameter with these bounds.
    static func kind(_ range: ClosedRange<Self>) -> QueryField.Kind
    /// Why a text that does not parse is refused.
    static var notANumber: QueryError.Reason { get }
}

extension Int: QueryScalar {
    public init?(queryText: String) { self.init(queryText) }
    public var queryText: String { String(self) }
    public static func kind(_ range: ClosedRange<Int>) -> QueryField.Kind { .integer(min: Int64(range.lowerBound), max: Int64(range.upperBound)) }
    public static var notANumber: QueryError.Reason { .notAWholeNumber }
}

extension Int64: QueryScalar {
    public init?(queryText: String) { self.init(queryText) }
    public var queryText: String { String(self) }
    public static func kind(_ range: ClosedRange<Int64>) -> QueryField.Kind { .integer(min: range.lowerBound, max: range.upperBound) }
    public static var notANumber: QueryError.Reason { .notAWholeNumber }
}

extension Double: QueryScalar {
    public init?(queryText: String) {
        guard let value = Double(queryText), value.isFinite else { return nil }
        self = value
    }
    /// The shortest text that reads back to the same value (`31.2304`).
    public var queryText: String { description }
    public static func kind(_ range: ClosedRange<Double>) -> QueryField.Kind { .number(min: range.lowerBound, max: range.upperBound) }
    public static var notANumber: QueryError.Reason { .notANumber }
}

/// A word from a fixed list a query carries: an enumeration, or `true`/`false`.
public protocol QueryChoice: Sendable {
    init?(queryText: String)
    var queryText: String { get }
    /// Every accepted word, for messages and the OpenAPI document.
    static var choices: [String] { get }
    /// Any value, for recording the declaration.
    static var placeholder: Self { get }
}

/// A string enumeration is a choice of its raw values.
extension QueryChoice where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(queryText: String) { self.init(rawValue: queryText) }
    public var queryText: String { rawValue }
    public static var choices: [String] { allCases.map(\.rawValue) }
    public static var placeholder: Self { allCases[allCases.startIndex] }
}

extension Bool: QueryChoice {
    /// `true` or `1`, `false` or `0`.
    public init?(queryText: String) {
        switch queryText {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
    public var queryText: String { self ? "true" : "false" }
    public static var choices: [String] { ["true", "false"] }
    public static var placeholder: Bool { false }
}

/// Why a query parameter was refused: the `422` problem's `errors` entry names the field and says this, in the
/// caller's language.
public struct QueryError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case missing
        /// Given more than once, and not a list.
        case repeated
        case notANumber
        case notAWholeNumber
        /// Outside the bounds, given as text.
        case outOfRange(String, String)
        /// Over this many characters.
        case tooLong(Int)
        case controlCharacter
        case notOneOf([String])
        /// A list of more than this many values.
        case tooMany(Int)
        /// A rule of the endpoint's own, with its message.
        case invalid(zh: String, en: String)
    }

    /// The parameter's name as the client sent it.
    public let field: String
    public let reason: Reason

    public init(_ field: String, _ reason: Reason) {
        self.field = field
        self.reason = reason
    }

    /// What is wrong, in Chinese or in English.
    public func message(chinese: Bool) -> String {
        switch reason {
        case .missing: chinese ? "缺少 \(field)。" : "\(field) is required."
        case .repeated: chinese ? "\(field) 只能出现一次。" : "\(field) may be given only once."
        case .notANumber: chinese ? "\(field) 须为数字。" : "\(field) must be a number."
        case .notAWholeNumber: chinese ? "\(field) 须为整数。" : "\(field) must be a whole number."
        case .outOfRange(let low, let high):
            chinese ? "\(field) 须在 \(low) 到 \(high) 之间。" : "\(field) must be from \(low) to \(high)."
        case .tooLong(let count): chinese ? "\(field) 最多 \(count) 个字符。" : "\(field) has at most \(count) characters."
        case .controlCharacter: chinese ? "\(field) 不能含控制字符。" : "\(field) must not contain control characters."
        case .notOneOf(let words):
            chinese ? "\(field) 须为 \(words.joined(separator: "、")) 之一。" : "\(field) must be one of \(words.joined(separator: ", "))."
        case .tooMany(let count): chinese ? "\(field) 最多 \(count) 个。" : "\(field) takes at most \(count) values."
        case .invalid(let zh, let en): chinese ? zh : en
        }
    }
}
