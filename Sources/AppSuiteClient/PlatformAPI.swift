public import AppSuiteAPI
public import Foundation

extension AppSuiteClient {
    /// What belongs to no app: health and the API's own description.
    public var platform: Platform { Platform(client: self) }

    /// The methods of ``AppSuiteClient/platform``.
    public struct Platform: Sendable {
        let client: AppSuiteClient

        static let health = Endpoint("GET", APIPath.health)
        static let openAPI = Endpoint("GET", APIPath.openAPI)
        static let endpoints = [health, openAPI]

        /// `GET /healthz`: `ok` once the server's database answers; a `500` problem otherwise.
        public func health() async throws(AppSuiteError) -> HealthStatus {
            try await client.value(.init(Self.health), as: HealthStatus.self)
        }

        /// `GET /api/openapi.json`: the OpenAPI 3.1 document of every operation, as JSON bytes.
        public func openAPIDocument() async throws(AppSuiteError) -> Data {
            let response = try await client.response(.init(Self.openAPI))
            guard response.mediaType == "application/json" else { throw AppSuiteClient.unexpected(response, "the JSON document") }
            return response.body
        }
    }
}
