import Foundation

extension JSONSchema {
    /// The component name of a wire model: its type name without the module (`UserProfile`, `Problem.FieldError`).
    public static func componentName(_ type: Any.Type) -> String {
        let name = String(reflecting: type)
        guard let dot = name.firstIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// `$ref` to the component of wire model `type` (listed with ``component(_:overriding:)``).
    public static func ref(_ type: any Decodable.Type) -> JSONSchema { .reference(componentName(type)) }

    /// The component schema of wire model `type`, read from its `Decodable` conformance so the document cannot
    /// drift from the model: one property per coding key in declaration order, required unless the model
    /// declares it optional (optional properties may also be `null`). Strings, integers, numbers, Booleans,
    /// `Date` (`date-time`), arrays and optionals map to their JSON types; a nested model becomes a `$ref`
    /// to its own component, which must be listed too; a string enum is a string.
    ///
    /// - Parameter overriding: schemas for some properties instead of the derived ones, to add what a type
    ///   cannot say (lengths, formats, descriptions); an optional property stays nullable.
    public static func component<T: Decodable>(_ type: T.Type, overriding: [String: JSONSchema] = [:]) -> (String, JSONSchema) {
        let recorder = ModelProbe.Recorder()
        _ = try? T(from: ModelProbe(mode: .record(recorder)))
        guard recorder.isObject else { return (componentName(type), ModelProbe.schema(of: type)) }
        let properties = recorder.properties.map { property in
            let schema = overriding[property.name] ?? property.schema
            return (name: property.name, schema: property.isRequired ? schema : .nullable(schema))
        }
        return (componentName(type), .object(properties, required: recorder.properties.filter(\.isRequired).map(\.name)))
    }
}

/// A `Decoder` that reads a model's shape instead of data. In `record` mode it lists the top-level model's
/// properties (`decode` is a required key, `decodeIfPresent` an optional one) and builds the values the
/// model's initializer needs with `construct` mode (empty strings, zeros, empty arrays, nil optionals). In
/// `discover` mode it stops at the first thing a nested type asks for: a keyed container (a model, so a
/// `$ref`, which also ends recursion through `[Comment]` in `Comment`) or one scalar (a string enum).
struct ModelProbe: Decoder {
    enum Mode {
        case record(Recorder)
        case construct
        case discover(Discovery)
    }

    final class Recorder {
        var isObject = false
        var properties: [(name: String, schema: JSONSchema, isRequired: Bool)] = []
    }

    final class Discovery {
        var isObject = false
        var schema: JSONSchema?
    }

    /// Ends a discovery once the nested type has shown what it is.
    struct Stop: Error {}

    let mode: Mode
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The schema of a value of `type` inside a model.
    static func schema(of type: any Decodable.Type) -> JSONSchema {
        if type == Date.self { return .string(format: "date-time") }
        if type == String.self { return .string() }
        if type == Bool.self { return .boolean }
        if type is any BinaryInteger.Type { return .integer() }
        if type is any BinaryFloatingPoint.Type { return .number() }
        if let array = type as? any ProbedArray.Type { return .array(array.elementSchema) }
        if let optional = type as? any ProbedOptional.Type { return .nullable(optional.wrappedSchema) }
        let discovery = Discovery()
        _ = try? type.init(from: ModelProbe(mode: .discover(discovery)))
        if discovery.isObject { return JSONSchema.ref(type) }
        return discovery.schema ?? .object([])
    }

    /// A value of `type` made of defaults, for the initializer being probed; an enum that refuses the empty
    /// string or zero gives its first case when it lists them (`CaseIterable`).
    static func construct<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try T(from: ModelProbe(mode: .construct))
        } catch {
            guard let cases = T.self as? any CaseIterable.Type, let first = firstCase(of: cases) as? T else { throw error }
            return first
        }
    }

    private static func firstCase<C: CaseIterable>(of type: C.Type) -> C? { type.allCases.first }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch mode {
        case .record(let recorder):
            recorder.isObject = true
            return KeyedDecodingContainer(Keyed<Key>(recorder: recorder))
        case .construct:
            return KeyedDecodingContainer(Keyed<Key>(recorder: nil))
        case .discover(let discovery):
            discovery.isObject = true
            throw Stop()
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(mode: mode) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(mode: mode) }

    /// Properties of the model being recorded; nested values are constructed.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let recorder: Recorder?
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { recorder != nil }
        func decodeNil(forKey key: Key) throws -> Bool { recorder == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(type, key) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { optional(type, key) }

        private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
            recorder?.properties.append((key.stringValue, ModelProbe.schema(of: type), true))
            return try ModelProbe.construct(type)
        }

        private func optional<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
            recorder?.properties.append((key.stringValue, ModelProbe.schema(of: type), false))
            return nil
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { optional(type, key) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { optional(type, key) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { optional(type, key) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { optional(type, key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { optional(type, key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { optional(type, key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { optional(type, key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { optional(type, key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { optional(type, key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { optional(type, key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { optional(type, key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { optional(type, key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { optional(type, key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { optional(type, key) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw Stop()
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Stop() }
        func superDecoder() throws -> any Decoder { throw Stop() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Stop() }
    }

    /// Arrays are empty: discovery records the first element's type, construction has none.
    struct Unkeyed: UnkeyedDecodingContainer {
        let mode: Mode
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 0 }
        var isAtEnd: Bool { if case .discover = mode { false } else { true } }
        var currentIndex: Int { 0 }

        mutating func decodeNil() throws -> Bool { true }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if case .discover(let discovery) = mode { discovery.schema = .array(ModelProbe.schema(of: type)) }
            throw Stop()
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw Stop()
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Stop() }
        mutating func superDecoder() throws -> any Decoder { throw Stop() }
    }

    /// One scalar: a default value when constructing; its JSON type when discovering.
    struct Single: SingleValueDecodingContainer {
        let mode: Mode
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { true }
        func decode(_ type: Bool.Type) throws -> Bool { try scalar(type, false) }
        func decode(_ type: String.Type) throws -> String { try scalar(type, "") }
        func decode(_ type: Double.Type) throws -> Double { try scalar(type, 0) }
        func decode(_ type: Float.Type) throws -> Float { try scalar(type, 0) }
        func decode(_ type: Int.Type) throws -> Int { try scalar(type, 0) }
        func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type, 0) }
        func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type, 0) }
        func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type, 0) }
        func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type, 0) }
        func decode(_ type: UInt.Type) throws -> UInt { try scalar(type, 0) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type, 0) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type, 0) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type, 0) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type, 0) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if case .discover(let discovery) = mode {
                discovery.schema = ModelProbe.schema(of: type)
                throw Stop()
            }
            return try ModelProbe.construct(type)
        }

        private func scalar<T: Decodable>(_ type: T.Type, _ value: T) throws -> T {
            if case .discover(let discovery) = mode {
                discovery.schema = ModelProbe.schema(of: type)
                throw Stop()
            }
            return value
        }
    }
}

/// `[Element]` inside a model: an array of the element's schema.
protocol ProbedArray {
    static var elementSchema: JSONSchema { get }
}

extension Array: ProbedArray where Element: Decodable {
    static var elementSchema: JSONSchema { ModelProbe.schema(of: Element.self) }
}

/// `Wrapped?` decoded with `decode` rather than `decodeIfPresent`: required, but may be null.
protocol ProbedOptional {
    static var wrappedSchema: JSONSchema { get }
}

extension Optional: ProbedOptional where Wrapped: Decodable {
    static var wrappedSchema: JSONSchema { ModelProbe.schema(of: Wrapped.self) }
}
