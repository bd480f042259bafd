import AppSuiteAPI
import AppSuiteTesting
import Foundation
import HTTPServer
import Testing

/// Issue 9 item 3: the wire models in `AppSuiteAPI` are the API. ``ContractScenario`` runs every operation on
/// real data once; these tests hold the server, the models and `/api/openapi.json` to each other.
@Suite(.requires(.gaokao), .requires(.movies), .requires(.photos), .requires(.appstore), .requires(.merchants), .requires(tool: "aiosmtpd"))
struct APIContractTests {
    func run() throws -> ContractRun { try ContractScenario.shared.get() }

    /// Every answer decoded strictly into its model (unknown or missing keys fail), every error as `Problem`,
    /// with the status and media type expected.
    @Test func everyAnswerDecodesStrictlyIntoItsModel() throws {
        let run = try run()
        for failure in run.failures { Issue.record(Comment(rawValue: failure)) }
        #expect(run.exchanges.count > 100)
        #expect(run.exchanges.filter { $0.answer == .problem }.count > 40)
    }

    /// Every route the server mounts under `/api/` (and `/healthz`) was answered with success and mapped to a
    /// model (or to no content, image bytes or the document), and answered an error as a problem; every
    /// path the models' `APIPath` constants name is a mounted route.
    @Test func everyMountedRouteHasAModelAndAnErrorAnswer() throws {
        let run = try run()
        #expect(run.routes.count > 40)
        for route in run.routes {
            let path = String(route.split(separator: " ")[1])
            #expect(run.exchanges.contains { $0.route == route && (200..<300).contains($0.status) },
                    "\(route) has no successful exchange mapped to a model")
            #expect(run.exchanges.contains { $0.template == path && $0.answer == .problem }, "\(path) has no error answer")
        }
        for exchange in run.exchanges where (200..<300).contains(exchange.status) {
            #expect(run.routes.contains(exchange.route), "\(exchange.route) is not a mounted route")
        }
    }

    /// The document names, for each exchange, the component of the model the answer decoded into (by `$ref`),
    /// `Problem` for errors and the request body's model; every JSON success of every operation is a `$ref`.
    @Test func operationsNameTheirModels() throws {
        let run = try run()
        let paths = try #require(run.document["paths"] as? [String: [String: [String: Any]]])
        for exchange in run.exchanges {
            guard let operation = paths[exchange.template]?[exchange.method.lowercased()] else {
                #expect(exchange.status == 405, "\(exchange.route) is not in the document")
                continue
            }
            let responses = operation["responses"] as? [String: [String: Any]] ?? [:]
            let content = responses[String(exchange.status)]?["content"] as? [String: [String: Any]]
            switch exchange.answer {
            case .model(let name):
                #expect(content?["application/json"]?["schema"] as? [String: String] == ["$ref": "#/components/schemas/" + name],
                        "\(exchange.route) \(exchange.status) should name \(name)")
            case .problem:
                let named = content ?? responses["default"]?["content"] as? [String: [String: Any]] ?? [:]
                #expect(named.values.contains { $0["schema"] as? [String: String] == ["$ref": "#/components/schemas/Problem"] },
                        "\(exchange.route) \(exchange.status) should name Problem")
            case .noContent:
                #expect(responses["204"] != nil && content == nil, "\(exchange.route) should document 204 without a body")
            case .bytes:
                #expect(content?.keys.contains { !$0.contains("json") } == true, "\(exchange.route) should document its image bytes")
            case .document:
                #expect(responses["200"] != nil)
            }
            if let model = exchange.requestModel {
                let body = (operation["requestBody"] as? [String: Any])?["content"] as? [String: [String: Any]]
                #expect(body?["application/json"]?["schema"] as? [String: String] == ["$ref": "#/components/schemas/" + model],
                        "\(exchange.route) should name its request model \(model)")
            }
        }
        for (path, operations) in paths {
            for (method, operation) in operations {
                let responses = operation["responses"] as? [String: [String: Any]] ?? [:]
                for (status, response) in responses where status.hasPrefix("2") {
                    guard let json = (response["content"] as? [String: [String: Any]])?["application/json"] else { continue }
                    #expect((json["schema"] as? [String: String])?["$ref"] != nil, "\(method.uppercased()) \(path) \(status) names no model")
                }
            }
        }
    }

    /// Each component schema lists exactly its model's stored properties (by `Mirror`, not by `Codable`), requires
    /// exactly the non-optional ones and gives each the JSON type of the values seen; every `$ref` resolves.
    @Test func componentSchemasMatchTheirModels() throws {
        let run = try run()
        let components = try #require((run.document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        #expect(components.count > 50)
        for (name, schema) in components.sorted(by: { $0.key < $1.key }) {
            guard let shape = run.shapes[name] else {
                Issue.record("the run met no value of \(name): send or answer one")
                continue
            }
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            #expect(Set(properties.keys) == Set(shape.properties.map(\.name)), "\(name): properties differ from the model's")
            #expect(Set(schema["required"] as? [String] ?? []) == Set(shape.properties.filter { !$0.isOptional }.map(\.name)),
                    "\(name): required differs from the model's non-optional properties")
            for property in shape.properties {
                guard let kind = property.kind, let declared = properties[property.name] else { continue }
                #expect(ModelShape.schema(declared, has: kind), "\(name).\(property.name) is a \(kind) in the model: \(declared)")
                if property.isOptional { #expect(declared["oneOf"] != nil, "\(name).\(property.name) is optional but not nullable") }
            }
        }
        var references: [String] = []
        Self.collectReferences(in: run.document, into: &references)
        #expect(references.count > 100)
        for reference in Set(references) {
            let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
            #expect(components[name] != nil, "\(reference) does not resolve")
        }
    }

    static func collectReferences(in value: Any, into references: inout [String]) {
        if let object = value as? [String: Any] {
            if let reference = object["$ref"] as? String { references.append(reference) }
            for member in object.values { collectReferences(in: member, into: &references) }
        } else if let array = value as? [Any] {
            for element in array { collectReferences(in: element, into: &references) }
        }
    }
}
