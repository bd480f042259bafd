import AppSuiteAPI
import Foundation
import HTTPServer

/// What `Mirror` says about a wire model from values of it — its stored properties, which are optional, and
/// the JSON kind of each value seen — independently of the `Codable` conformance the OpenAPI components are
/// derived from. The contract test compares every component schema with the shape of its model.
struct ModelShape: Sendable {
    enum Kind: Sendable, Equatable, CustomStringConvertible {
        case string, integer, number, boolean, dateTime, array
        /// A nested model, by component name.
        case model(String)

        var description: String {
            switch self {
            case .string: "string"
            case .integer: "integer"
            case .number: "number"
            case .boolean: "boolean"
            case .dateTime: "date-time string"
            case .array: "array"
            case .model(let name): "$ref \(name)"
            }
        }
    }

    struct Property: Sendable {
        var name: String
        var isOptional: Bool
        /// The kind of the values seen; nil while the property was only ever nil.
        var kind: Kind?
    }

    var properties: [Property]

    /// Adds the shapes of `value` and of every model nested in it to `shapes`, by component name.
    static func collect(_ value: Any, into shapes: inout [String: ModelShape]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection:
            for child in mirror.children { collect(child.value, into: &shapes) }
        case .struct where !(value is Date):
            var properties: [Property] = []
            for child in mirror.children {
                guard let name = child.label else { continue }
                let inner = Mirror(reflecting: child.value)
                let isOptional = inner.displayStyle == .optional
                let wrapped: Any? = isOptional ? inner.children.first?.value : child.value
                properties.append(Property(name: name, isOptional: isOptional, kind: wrapped.map { Self.kind($0) }))
                if let wrapped { collect(wrapped, into: &shapes) }
            }
            let name = JSONSchema.componentName(type(of: value))
            if var known = shapes[name] {
                for (index, property) in properties.enumerated() where known.properties.indices.contains(index) {
                    known.properties[index].kind = known.properties[index].kind ?? property.kind
                }
                shapes[name] = known
            } else {
                shapes[name] = ModelShape(properties: properties)
            }
        default:
            break
        }
    }

    static func kind(_ value: Any) -> Kind {
        switch value {
        case is Date: return .dateTime
        case is String: return .string
        case is Bool: return .boolean
        case is any BinaryInteger: return .integer
        case is any BinaryFloatingPoint: return .number
        case is any ExtensibleEnum: return .string
        default:
            return Mirror(reflecting: value).displayStyle == .collection ? .array : .model(JSONSchema.componentName(type(of: value)))
        }
    }

    /// Whether a property schema of the OpenAPI document (a JSON object, perhaps `oneOf` with null) has `kind`.
    static func schema(_ schema: [String: Any], has kind: Kind) -> Bool {
        if let choices = schema["oneOf"] as? [[String: Any]] {
            return choices.contains { $0["type"] as? String != "null" && Self.schema($0, has: kind) }
        }
        switch kind {
        case .dateTime: return schema["type"] as? String == "string" && schema["format"] as? String == "date-time"
        case .model(let name): return schema["$ref"] as? String == "#/components/schemas/" + name
        default: return schema["type"] as? String == kind.description
        }
    }
}
