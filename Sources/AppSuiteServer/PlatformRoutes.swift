import AppHost
import Community
import Foundation
import AppSuiteAPI
import HTTPServer
import Identity
import Notifications
import Storage
import WebUI

/// Routes that belong to no app: health, the OpenAPI document, static assets, the PWA manifest, media.
struct PlatformRoutes: Sendable {
    let configuration: AppSuiteConfiguration
    let database: any Database
    let apps: [any MiniApp]

    func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        // A JSON endpoint outside /api/: its failures are problem+json too (a load balancer or a monitor reads
        // them), never the HTML error page a browser path would get.
        router.get(PlatformEndpoints.health.path) { request in
            do {
                _ = try database.read { try $0.scalar("SELECT 1", as: Int.self) }
            } catch let error as StorageError {
                return .problem(error.httpError, instance: request.path)
            }
            return .json(Array(#"{"status":"ok"}"#.utf8))
        }
        let document = OpenAPIDocument.render(
            title: "AppSuite", version: AppSuite.version, operations: Self.documentingLimits(Self.operations(apps: apps), of: router),
            schemas: Self.schemas(apps: apps))
        router.get(APIPath.openAPI) { _ in .json(document) }
        var api = RouteGroup(prefix: "/api/v1", kind: .api, guard: sessionGuard)
        api.anyone.handle(PlatformEndpoints.appVersion) { [versions = configuration.clientVersions] call in
            try versions.answer(platform: call.query.platform, current: call.query.current)
        }
        router.mount(api)

        let assets = StaticFiles(directory: WebAssets.directory.path)
        router.get(WebAssets.mountPath + "{path...}", assets.handler())
        router.get(WebAssets.manifestPath) { request in try assets.serve("manifest.webmanifest", request: request) }
        // The service worker at the root, so its scope is the whole site (Web Push, Notifications).
        router.get("/sw.js") { request in
            var response = try assets.serve("sw.js", request: request)
            response.headers.set("Cache-Control", "no-cache")
            return response
        }
        router.get("/favicon.ico") { request in try assets.serve("icon-192.png", request: request) }
        router.get("/apple-touch-icon.png") { request in try assets.serve("apple-touch-icon.png", request: request) }
        let media = StaticFiles(directory: configuration.mediaDirectory)
        router.get("/media/{path...}", media.handler())
    }

    /// Every documented API operation: the platform's, identity's and each app's.
    /// `operations`, each whose route has a write limit (registered before this document, ``Router/registered``)
    /// answering `429` too, documented once here rather than by every operation.
    static func documentingLimits(_ operations: [APIOperation], of router: Router) -> [APIOperation] {
        var limits: [String: RateLimit] = [:]
        for route in router.registered where !route.limit.windows.isEmpty { limits["\(route.method.rawValue) \(route.pattern)"] = route.limit }
        return operations.map { operation in
            guard let limit = limits["\(operation.method.rawValue) \(operation.path)"], !operation.responses.contains(where: { $0.status == 429 })
            else { return operation }
            var limited = operation
            limited.responses.append(.init(429, "Over the \(limit.name) limit (\(limit.summary)); Retry-After gives the seconds to wait",
                                           schema: .reference("Problem"), mediaType: "application/problem+json"))
            return limited
        }
    }

    static func operations(apps: [any MiniApp]) -> [APIOperation] {
        APIOperation.operations([PlatformEndpoints.group])
            + [APIOperation(.get, APIPath.openAPI, summary: "This document", tag: "Platform", responses: [.init(200, "OpenAPI 3.1")])]
            + IdentityRoutes.apiOperations + CommunityRoutes.apiOperations + ModerationRoutes.apiOperations + apps.flatMap(\.apiOperations)
            + APIOperation.operations([PlatformEndpoints.accountGroup, NotificationEndpoints.inboxGroup, NotificationEndpoints.pushGroup] + apps.compactMap(\.endpoints))
    }

    /// Every component schema: the platform's models, identity's, the community's and each app's.
    static func schemas(apps: [any MiniApp]) -> [(String, JSONSchema)] {
        [
            JSONSchema.component(Problem.self, overriding: ["type": .string(format: "uri-reference")]),
            JSONSchema.component(Problem.FieldError.self),
            JSONSchema.component(HealthStatus.self),
            JSONSchema.component(AppVersion.self),
        ] + IdentityRoutes.apiSchemas + AccountDataRoutes.apiSchemas + StorageRoutes.apiSchemas + CommunityRoutes.apiSchemas + ModerationRoutes.apiSchemas + InboxRoutes.apiSchemas + PushRoutes.apiSchemas + apps.flatMap(\.apiSchemas)
    }
}
