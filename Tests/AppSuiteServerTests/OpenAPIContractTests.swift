import APIKit
import AppSuiteTesting
import Foundation
import HTTPServer
import Testing
@testable import AppSuiteServer

/// Issue 8 item 9, by kind: the document served at `/api/openapi.json` declares every `{name}` of every path
/// template as a required path parameter (and no other), and documents every error response as
/// `application/problem+json`, the type the server sends.
@Suite struct OpenAPIContractTests {
    static func document() throws -> [String: [String: [String: Any]]] {
        let server = try TestServer()
        let reply = try server.get("/api/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        return try #require(document["paths"] as? [String: [String: [String: Any]]])
    }

    static func templateNames(_ path: String) -> Set<String> {
        var names: Set<String> = []
        var rest = path[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]).replacingOccurrences(of: "...", with: ""))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func everyPathTemplateParameterIsDeclared() throws {
        let paths = try Self.document()
        #expect(paths["/api/v1/movies/reviews/{id}/comments"] != nil)
        var checked = 0
        for (path, operations) in paths {
            for (method, operation) in operations {
                let parameters = operation["parameters"] as? [[String: Any]] ?? []
                let declared = parameters.filter { $0["in"] as? String == "path" }
                let names = Set(declared.compactMap { $0["name"] as? String })
                #expect(names == Self.templateNames(path), "\(method.uppercased()) \(path) declares path parameters \(names.sorted())")
                for parameter in declared { #expect(parameter["required"] as? Bool == true, "\(method) \(path) \(parameter)") }
                checked += 1
            }
        }
        #expect(checked > 30)
    }

    /// Every API route with a write limit documents its `429` (19 of 70 unsafe operations did before).
    @Test func everyLimitedOperationDocumentsItsTooManyRequests() throws {
        let server = try TestServer()
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(try server.get("/api/openapi.json").body)) as? [String: Any])["paths"]
            as? [String: [String: [String: Any]]]
        var checked = 0
        for route in server.suite.router.registered where !route.limit.windows.isEmpty && route.pattern.hasPrefix("/api/") {
            guard let operation = paths?[route.pattern]?[route.method.rawValue.lowercased()] else { continue }
            let responses = operation["responses"] as? [String: Any] ?? [:]
            #expect(responses["429"] != nil, "\(route.method.rawValue) \(route.pattern) has the \(route.limit.name) limit")
            checked += 1
        }
        #expect(checked > 60)
    }

    @Test func everyErrorResponseIsDocumentedAsProblemJSON() throws {
        var errors = 0
        for (path, operations) in try Self.document() {
            for (method, operation) in operations {
                let responses = try #require(operation["responses"] as? [String: [String: Any]])
                for (status, response) in responses where status == "default" || (Int(status) ?? 0) >= 400 {
                    guard let content = response["content"] as? [String: Any] else { continue }
                    #expect(Array(content.keys) == ["application/problem+json"], "\(method.uppercased()) \(path) \(status): \(content.keys)")
                    errors += 1
                }
            }
        }
        #expect(errors > 60)
    }

    /// OpenAPI 3.1 wants every operationId unique: tester 31b #11 found getPhotos, postPhotosAlbums, getPhotosDownload,
    /// deleteMeSessions and getMoviesReviews each on two operations (a path parameter left no trace in the name).
    @Test func everyOperationIDIsUnique() throws {
        var owners: [String: [String]] = [:]
        for (path, operations) in try Self.document() {
            for (method, operation) in operations {
                let id = try #require(operation["operationId"] as? String, "\(method.uppercased()) \(path) has no operationId")
                owners[id, default: []].append("\(method.uppercased()) \(path)")
            }
        }
        let repeated = owners.filter { $0.value.count > 1 }.mapValues { $0.sorted() }
        #expect(repeated.isEmpty, "operationIds used more than once: \(repeated.sorted { $0.key < $1.key })")
        #expect(owners["getPhotosById"] == ["GET /api/v1/photos/{id}"])
        #expect(owners["getPhotos"] == ["GET /api/v1/photos"])
        #expect(owners.count > 100)
    }
}
