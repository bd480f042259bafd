public import APIKit

extension APIOperation {
    /// The OpenAPI operation of `endpoint` under `tag`, made from its declaration alone: path ids, the query
    /// type's fields with their bounds, the body's and answer's models, and every error its policies imply.
    public init(_ endpoint: any AnyEndpoint, tag: String) {
        var parameters = endpoint.pathParameters.map { parameter in
            Parameter(parameter.name, in: .path, schema: parameter.isID ? .integer() : .string(maxLength: 200))
        }
        parameters += endpoint.queryFields.map { field in
            let schema = Self.schema(field.kind)
            return Parameter(field.name, in: .query, required: field.isRequired, schema: field.maxCount.map { .array(schema, maxItems: $0) } ?? schema,
                             description: field.description + (field.defaultValue.map { " (default \($0))" } ?? ""))
        }
        var body: JSONSchema?
        var mediaType = "application/json"
        if let fields = endpoint.multipartFields {
            body = Self.multipart(fields)
            mediaType = "multipart/form-data"
        } else if let type = endpoint.bodyType {
            body = .ref(type)
        }
        let success: Outcome = if let type = endpoint.answerType {
            Outcome(endpoint.status, endpoint.summary, schema: .ref(type))
        } else if let produces = endpoint.produces {
            Outcome(endpoint.status, endpoint.summary, schema: .string(format: "binary"), mediaType: produces)
        } else {
            Outcome(endpoint.status, endpoint.summary)
        }
        let errors = endpoint.documentedErrors.map { Outcome($0.status, $0.description, schema: .reference("Problem")) }
        self.init(HTTPMethod(endpoint.method), endpoint.path, summary: endpoint.summary, tag: tag, parameters: parameters,
                  requestBody: body, requestMediaType: mediaType, responses: [success] + errors,
                  requiresAuthentication: endpoint.access != .anyone)
    }

    /// Every operation of these groups, in order.
    public static func operations(_ groups: [EndpointGroup]) -> [APIOperation] {
        groups.flatMap { group in group.endpoints.map { APIOperation($0, tag: group.tag) } }
    }

    private static func schema(_ kind: QueryField.Kind) -> JSONSchema {
        switch kind {
        case .integer(let minimum, let maximum):
            .integer(minimum: Int(clamping: minimum), maximum: Int(clamping: maximum))
        case .number(let minimum, let maximum): .number(minimum: minimum, maximum: maximum)
        case .text(let maxLength): .string(minLength: 1, maxLength: maxLength)
        case .choice(let words): .words(words)
        }
    }

    private static func multipart(_ fields: [MultipartField]) -> JSONSchema {
        let properties = fields.map { field -> (name: String, schema: JSONSchema) in
            switch field.kind {
            case .files(let maxCount, _) where maxCount > 1: (field.name, .array(.string(format: "binary", description: field.description), maxItems: maxCount))
            case .files: (field.name, .string(format: "binary", description: field.description))
            case .text(let maxLength): (field.name, .string(description: field.description, maxLength: maxLength))
            }
        }
        return .object(properties, required: fields.filter(\.isRequired).map(\.name))
    }
}
