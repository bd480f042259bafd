import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// Issue 16 item 2: the client has a method for every operation of the server's `/api/openapi.json` and for
/// nothing else. A route added to the server without its client method fails here, naming it.
@Suite struct CoverageTests {
    @Test func everyDocumentedOperationHasAClientMethod() async throws {
        let server = try TestServer()
        #expect(try await server.client().platform.health() == HealthStatus(status: "ok"))
        let document = try await server.client().platform.openAPIDocument()
        let json = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: [String: Any]])
        var documented: Set<String> = []
        for (path, operations) in paths {
            for method in operations.keys where ["get", "put", "post", "patch", "delete"].contains(method) {
                documented.insert(method.uppercased() + " " + path)
            }
        }
        let covered = Set(AppSuiteClient.routes.map(\.description))
        #expect(documented.count > 40)
        #expect(covered.count == AppSuiteClient.routes.count, "an endpoint is listed twice")
        let missing = documented.subtracting(covered).sorted()
        #expect(missing.isEmpty, "operations without an AppSuiteClient method (add them in Sources/AppSuiteClient): \(missing)")
        let stale = covered.subtracting(documented).sorted()
        #expect(stale.isEmpty, "client methods for operations the server does not document: \(stale)")
    }
}
