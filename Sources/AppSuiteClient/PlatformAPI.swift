public import AppSuiteAPI
public import Foundation

extension AppSuiteClient {
    /// What belongs to no app: health, the published client version and the API's own description.
    public var platform: Platform { Platform(client: self) }

    /// The methods of ``AppSuiteClient/platform``.
    public struct Platform: Sendable {
        let client: AppSuiteClient

        static let openAPI = Route("GET", APIPath.openAPI)
        static let endpoints = [openAPI]

        /// `GET /healthz`: `ok` once the server's database answers; a `503` problem when it cannot be reached, a `500` one otherwise.
        public func health() async throws(AppSuiteError) -> HealthStatus {
            try await client.call(PlatformEndpoints.health)
        }

        /// `GET /api/v1/app/version`: the version the operator publishes for `platform` (`ios`, `android`) and, given
        /// the app's own `current` version (`1.4.2`), whether an update is available or required — show the
        /// upgrade prompt when ``AppVersion/updateRequired`` is true.
        /// - Throws: a `404` problem when no version is published for the platform; `422` naming `platform` or `current`.
        public func appVersion(platform: String, current: String? = nil) async throws(AppSuiteError) -> AppVersion {
            try await client.call(PlatformEndpoints.appVersion, query: AppVersionQuery(platform: platform, current: current))
        }

        /// `GET /api/openapi.json`: the OpenAPI 3.1 document of every operation, as JSON bytes.
        public func openAPIDocument() async throws(AppSuiteError) -> Data {
            let response = try await client.response(.init(Self.openAPI))
            guard response.mediaType == "application/json" else { throw AppSuiteClient.unexpected(response, "the JSON document") }
            return response.body
        }
    }
}
