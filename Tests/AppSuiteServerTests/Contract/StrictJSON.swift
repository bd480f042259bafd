import AppSuiteAPI
import Foundation
import HTTPServer

/// Decodes a response into its wire model and then holds the model to the JSON, key by key: `JSONDecoder`
/// alone ignores keys the model lacks, so the decoded value is walked with `Mirror` next to the parsed JSON.
/// A key the model has no property for fails; a property missing from the JSON fails unless the model
/// declares it optional (absent and `null` are then the same); every scalar must re-encode to the value sent.
enum StrictJSON {
    static func decode<Model: Decodable>(_ type: Model.Type, from bytes: [UInt8]) throws(ContractFailure) -> Model {
        let model: Model
        let json: Any
        do {
            model = try APICoding.makeDecoder().decode(Model.self, from: Data(bytes))
            json = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ContractFailure("does not decode as \(JSONSchema.componentName(Model.self)): \(error)")
        }
        var problems: [String] = []
        compare(json, model, path: "$", problems: &problems)
        guard problems.isEmpty else { throw ContractFailure(problems.joined(separator: "; ")) }
        return model
    }

    /// Compares a JSON value with the model value decoded from it.
    static func compare(_ json: Any, _ value: Any, path: String, problems: inout [String]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value {
                compare(json, wrapped, path: path, problems: &problems)
            } else if !(json is NSNull) {
                problems.append("\(path) is \(json) but the model read nil")
            }
        case .collection:
            guard let array = json as? [Any], array.count == mirror.children.count else {
                problems.append("\(path): the model read \(mirror.children.count) elements from \(json)")
                return
            }
            for (index, (element, child)) in zip(array, mirror.children).enumerated() {
                compare(element, child.value, path: "\(path)[\(index)]", problems: &problems)
            }
        case .struct where !(value is Date):
            guard let object = json as? [String: Any] else {
                problems.append("\(path) is not an object: \(json)")
                return
            }
            let properties = Dictionary(mirror.children.compactMap { child in child.label.map { ($0, child.value) } },
                                        uniquingKeysWith: { first, _ in first })
            for key in object.keys.sorted() where properties[key] == nil {
                problems.append("\(path).\(key) is not in \(JSONSchema.componentName(type(of: value)))")
            }
            for (key, property) in properties.sorted(by: { $0.key < $1.key }) {
                if let member = object[key] {
                    compare(member, property, path: "\(path).\(key)", problems: &problems)
                } else if Mirror(reflecting: property).displayStyle != .optional {
                    problems.append("\(path).\(key) is missing but \(JSONSchema.componentName(type(of: value))) requires it")
                }
            }
        default:
            guard let encodable = value as? any Encodable else {
                problems.append("\(path): \(type(of: value)) is not Encodable")
                return
            }
            do {
                let data = try APICoding.makeEncoder().encode(Scalar(value: encodable))
                let again = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                if !sameScalar(json, again) { problems.append("\(path) is \(json) but the model re-encodes it as \(again)") }
            } catch {
                problems.append("\(path): \(error)")
            }
        }
    }

    /// Two JSON scalars as `JSONSerialization` reads them (strings, numbers by value, Booleans, null).
    static func sameScalar(_ a: Any, _ b: Any) -> Bool {
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if let a = a as? String, let b = b as? String { return a == b }
        if let a = a as? NSNumber, let b = b as? NSNumber { return a == b }
        return false
    }

    private struct Scalar: Encodable {
        let value: any Encodable
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

/// What the contract run found wrong with one exchange.
struct ContractFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
