

/// A JSON Schema (2020-12, as OpenAPI 3.1 uses it) for request and response bodies.
public indirect enum JSONSchema: Sendable {
    case string(format: String? = nil, description: String? = nil, minLength: Int? = nil, maxLength: Int? = nil)
    case integer(description: String? = nil, minimum: Int? = nil, maximum: Int? = nil)
    case number(description: String? = nil, minimum: Double? = nil, maximum: Double? = nil)
    case boolean
    /// A string from a fixed list (`enum`).
    case words([String])
    /// `maxItems`: the most items a client may send (the server refuses more).
    case array(JSONSchema, maxItems: Int? = nil)
    case object([(name: String, schema: JSONSchema)], required: [String] = [])
    /// A schema under `#/components/schemas/`.
    case reference(String)
    case nullable(JSONSchema)

    func write(to json: inout JSONWriter) {
        json.object { json in
            switch self {
            case .string(let format, let description, let minLength, let maxLength):
                json.field("type", "string")
                if let format { json.field("format", format) }
                if let description { json.field("description", description) }
                if let minLength { json.field("minLength", minLength) }
                if let maxLength { json.field("maxLength", maxLength) }
            case .integer(let description, let minimum, let maximum):
                json.field("type", "integer")
                if let description { json.field("description", description) }
                if let minimum { json.field("minimum", minimum) }
                if let maximum { json.field("maximum", maximum) }
            case .number(let description, let minimum, let maximum):
                json.field("type", "number")
                if let description { json.field("description", description) }
                if let minimum { json.field("minimum", minimum) }
                if let maximum { json.field("maximum", maximum) }
            case .words(let words):
                json.field("type", "string")
                json.field("enum", words)
            case .boolean:
                json.field("type", "boolean")
            case .array(let items, let maxItems):
                json.field("type", "array")
                json.key("items")
                items.write(to: &json)
                if let maxItems { json.field("maxItems", maxItems) }
            case .object(let properties, let required):
                json.field("type", "object")
                json.object("properties") { json in
                    for property in properties {
                        json.key(property.name)
                        property.schema.write(to: &json)
                    }
                }
                if !required.isEmpty { json.field("required", required) }
            case .reference(let name):
                json.field("$ref", "#/components/schemas/\(name)")
            case .nullable(let schema):
                json.array("oneOf") { list in
                    schema.write(to: &list)
                    list.object { $0.field("type", "null") }
                }
            }
        }
    }
}

/// One documented API operation. Every API route must have one; a test compares them with the router.
public struct APIOperation: Sendable {
    public struct Parameter: Sendable {
        public enum Location: String, Sendable { case path, query }
        public var name: String
        public var location: Location
        public var isRequired: Bool
        public var schema: JSONSchema
        public var description: String?
        public init(_ name: String, in location: Location, required: Bool? = nil, schema: JSONSchema = .string(), description: String? = nil) {
            self.name = name
            self.location = location
            self.isRequired = required ?? (location == .path)
            self.schema = schema
            self.description = description
        }
    }

    public struct Outcome: Sendable {
        public var status: Int
        public var description: String
        public var schema: JSONSchema?
        public var mediaType: String
        /// `mediaType` nil: `application/problem+json` for 4xx and 5xx (every error is an RFC 9457 problem),
        /// `application/json` otherwise.
        public init(_ status: Int, _ description: String, schema: JSONSchema? = nil, mediaType: String? = nil) {
            self.status = status
            self.description = description
            self.schema = schema
            self.mediaType = mediaType ?? (status >= 400 ? "application/problem+json" : "application/json")
        }
    }

    public var method: HTTPMethod
    /// The router pattern, e.g. `/api/v1/photos/{id}`.
    public var path: String
    public var summary: String
    public var tag: String
    public var parameters: [Parameter]
    public var requestBody: JSONSchema?
    public var requestMediaType: String
    public var responses: [Outcome]
    /// Needs a session cookie or `Authorization: Bearer`.
    public var requiresAuthentication: Bool

    public init(
        _ method: HTTPMethod, _ path: String, summary: String, tag: String, parameters: [Parameter] = [],
        requestBody: JSONSchema? = nil, requestMediaType: String = "application/json",
        responses: [Outcome], requiresAuthentication: Bool = false
    ) {
        self.method = method
        self.path = path
        self.summary = summary
        self.tag = tag
        self.parameters = parameters
        self.requestBody = requestBody
        self.requestMediaType = requestMediaType
        self.responses = responses
        self.requiresAuthentication = requiresAuthentication
    }
}

/// Renders the OpenAPI 3.1 document served at `/api/openapi.json`.
public enum OpenAPIDocument {
    public static func render(title: String, version: String, operations: [APIOperation], schemas: [(String, JSONSchema)]) -> [UInt8] {
        var json = JSONWriter(capacity: 16 * 1024)
        var paths: [String: [APIOperation]] = [:]
        var order: [String] = []
        for operation in operations {
            if paths[operation.path] == nil { order.append(operation.path) }
            paths[operation.path, default: []].append(operation)
        }
        json.object { json in
            json.field("openapi", "3.1.0")
            json.object("info") {
                $0.field("title", title)
                $0.field("version", version)
            }
            json.object("paths") { json in
                for path in order {
                    json.object(path) { json in
                        for operation in paths[path] ?? [] { write(operation, to: &json) }
                    }
                }
            }
            json.object("components") { json in
                json.object("schemas") { json in
                    for (name, schema) in schemas {
                        json.key(name)
                        schema.write(to: &json)
                    }
                }
                json.object("securitySchemes") { json in
                    json.object("bearer") { $0.field("type", "http"); $0.field("scheme", "bearer") }
                    json.object("session") { $0.field("type", "apiKey"); $0.field("in", "cookie"); $0.field("name", "sid") }
                }
            }
        }
        return json.bytes
    }

    private static func write(_ operation: APIOperation, to json: inout JSONWriter) {
        json.object(operation.method.rawValue.lowercased()) { json in
            json.field("summary", operation.summary)
            json.field("tags", [operation.tag])
            json.field("operationId", operationID(operation))
            if !operation.parameters.isEmpty {
                json.array("parameters") { list in
                    for parameter in operation.parameters {
                        list.object { json in
                            json.field("name", parameter.name)
                            json.field("in", parameter.location.rawValue)
                            json.field("required", parameter.isRequired)
                            if let description = parameter.description { json.field("description", description) }
                            json.key("schema")
                            parameter.schema.write(to: &json)
                        }
                    }
                }
            }
            if let body = operation.requestBody {
                json.object("requestBody") { json in
                    json.field("required", true)
                    json.object("content") { json in
                        json.object(operation.requestMediaType) { json in
                            json.key("schema")
                            body.write(to: &json)
                        }
                    }
                }
            }
            json.object("responses") { json in
                // Any other status is an RFC 9457 problem: 400 malformed JSON, 401/403 authentication and
                // CSRF, 404/405 routing, 413 size limits, 415 content type, 422 validation, 429 throttling.
                json.object("default") { json in
                    json.field("description", "Problem details (RFC 9457)")
                    json.object("content") { json in
                        json.object("application/problem+json") { json in
                            json.key("schema")
                            JSONSchema.reference("Problem").write(to: &json)
                        }
                    }
                }
                for outcome in operation.responses {
                    json.object(String(outcome.status)) { json in
                        json.field("description", outcome.description)
                        if let schema = outcome.schema {
                            json.object("content") { json in
                                json.object(outcome.mediaType) { json in
                                    json.key("schema")
                                    schema.write(to: &json)
                                }
                            }
                        }
                    }
                }
            }
            if operation.requiresAuthentication {
                json.array("security") { list in
                    list.object { $0.key("bearer"); $0.array { _ in } }
                    list.object { $0.key("session"); $0.array { _ in } }
                }
            }
        }
    }

    /// The method and the path's words after `/api/v1`, a parameter as `By` and its name: GET /api/v1/photos →
    /// `getPhotos`, GET /api/v1/photos/{id} → `getPhotosById`, POST /api/v1/photos/{id}/albums → `postPhotosByIdAlbums`.
    /// One per method and path template, so unique in the document (OpenAPI 3.1 requires it; OpenAPIContractTests).
    private static func operationID(_ operation: APIOperation) -> String {
        let words = operation.path.split(separator: "/").filter { $0 != "api" && $0 != "v1" }.map { word in
            word.hasPrefix("{") ? "By" + String(word.dropFirst().dropLast().filter { $0 != "." }).capitalizedFirst : word.capitalizedFirst
        }
        return operation.method.rawValue.lowercased() + words.joined()
    }
}

private extension StringProtocol {
    /// The first character upper-cased, the rest as it is: `versionId` → `VersionId`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
