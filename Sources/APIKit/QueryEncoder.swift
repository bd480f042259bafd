/// Writes a ``QueryDecodable`` value as query pairs through its `Encodable` conformance: each stored property
/// under its name (nil ones left out), a list as the name repeated, numbers and words as their
/// ``QueryScalar/queryText`` / ``QueryChoice/queryText``. Nested objects are not query values and are skipped.
enum QueryEncoder {
    static func pairs(of value: some Encodable) -> [(name: String, value: String)] {
        let sink = Sink()
        try? value.encode(to: FieldEncoder(sink: sink, name: nil))
        return sink.pairs
    }

    final class Sink {
        var pairs: [(name: String, value: String)] = []
    }

    /// At the top (`name` nil) it offers a keyed container; under a property it writes that property's values.
    struct FieldEncoder: Encoder {
        let sink: Sink
        let name: String?
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Fields<Key>(sink: sink, isTop: name == nil))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { Values(sink: sink, name: name) }
        func singleValueContainer() -> any SingleValueEncodingContainer { Values(sink: sink, name: name) }
    }

    struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        /// Only the top level's properties are parameters.
        let isTop: Bool
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            guard isTop else { return }
            var values = Values(sink: sink, name: key.stringValue)
            try values.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Fields<NestedKey>(sink: sink, isTop: false))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Values(sink: sink, name: isTop ? key.stringValue : nil) }
        mutating func superEncoder() -> any Encoder { FieldEncoder(sink: sink, name: "") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FieldEncoder(sink: sink, name: key.stringValue) }
    }

    /// The values of one parameter: one, or several for a list.
    struct Values: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let sink: Sink
        let name: String?
        var codingPath: [any CodingKey] { [] }
        var count = 0

        init(sink: Sink, name: String?) {
            self.sink = sink
            self.name = name
        }

        private mutating func write(_ text: String) {
            guard let name else { return }
            sink.pairs.append((name, text))
            count += 1
        }

        mutating func encodeNil() {}
        mutating func encode(_ value: String) { write(value) }
        mutating func encode(_ value: Bool) { write(value.queryText) }
        mutating func encode(_ value: Double) { write(value.queryText) }
        mutating func encode(_ value: Float) { write(Double(value).queryText) }
        mutating func encode(_ value: Int) { write(String(value)) }
        mutating func encode(_ value: Int8) { write(String(value)) }
        mutating func encode(_ value: Int16) { write(String(value)) }
        mutating func encode(_ value: Int32) { write(String(value)) }
        mutating func encode(_ value: Int64) { write(String(value)) }
        mutating func encode(_ value: UInt) { write(String(value)) }
        mutating func encode(_ value: UInt8) { write(String(value)) }
        mutating func encode(_ value: UInt16) { write(String(value)) }
        mutating func encode(_ value: UInt32) { write(String(value)) }
        mutating func encode(_ value: UInt64) { write(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if let choice = value as? any QueryChoice { return write(choice.queryText) }
            try value.encode(to: FieldEncoder(sink: sink, name: name))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Fields<NestedKey>(sink: sink, isTop: false))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Values(sink: sink, name: nil) }
        mutating func superEncoder() -> any Encoder { FieldEncoder(sink: sink, name: name) }
    }
}
