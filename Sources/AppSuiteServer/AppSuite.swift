public import AppHost
import Community
import Foundation
import HTTPServer
import Identity
import Imaging
import Storage

/// The composition root: opens storage, runs every module's migrations, wires identity and the apps into
/// one router, and runs the HTTP server. `appsuite serve` and the integration tests both build it.
public final class AppSuite: Sendable {
    public static let version = "0.1.0"

    public let configuration: AppSuiteConfiguration
    public let apps: [any MiniApp]
    let database: SQLiteDatabase
    let authenticator: Authenticator
    let router: Router
    /// Slow work of requests (`Response.offloaded`) and of apps (`AppContext.workPool`).
    let workPool = WorkPool()
    private let server: Server

    /// - Throws: ``AppSuiteError`` when the data directory, database or secret cannot be set up.
    public init(configuration: AppSuiteConfiguration, apps: [any MiniApp]? = nil) throws(AppSuiteError) {
        self.configuration = configuration
        let apps = apps ?? AppCatalog.installed
        self.apps = apps
        // The data directory holds password hashes and the server secret: only its owner may enter it.
        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: configuration.dataDirectory), mkdir(configuration.dataDirectory, 0o700) != 0 {
            throw .dataDirectory("cannot create \(configuration.dataDirectory): \(String(cString: strerror(errno)))")
        }
        chmod(configuration.dataDirectory, 0o700)
        do {
            try fileManager.createDirectory(atPath: configuration.mediaDirectory, withIntermediateDirectories: true)
        } catch {
            throw .dataDirectory("cannot create \(configuration.mediaDirectory): \(String(cString: strerror(errno)))")
        }
        // Multipart files of requests a crash interrupted.
        let uploads = configuration.dataDirectory + "/uploads"
        for name in (try? fileManager.contentsOfDirectory(atPath: uploads)) ?? [] where name.hasPrefix("upload-") {
            try? fileManager.removeItem(atPath: uploads + "/" + name)
        }
        do {
            database = try SQLiteDatabase(configuration: .init(path: configuration.databasePath))
            try Migrator.migrate(database, IdentitySchema.migrations() + CommunitySchema.migrations() + apps.flatMap { $0.migrations() })
        } catch {
            throw .storage("\(configuration.databasePath): \(error)")
        }
        let secret: ServerSecret
        do {
            secret = try ServerSecret.loadOrCreate(at: URL(fileURLWithPath: configuration.dataDirectory + "/server-secret"))
        } catch {
            if case .serverSecret(let reason) = error { throw .dataDirectory(reason) }
            throw .dataDirectory(error.message(.english))
        }
        do { try Imaging.start() } catch { throw .imaging("\(error)") }
        authenticator = Authenticator(identity: IdentityService(database: database, secret: secret),
                                      usesSecureCookies: configuration.usesSecureCookies)

        var router = Router()
        IdentityRoutes(authenticator: authenticator, mediaDirectory: configuration.mediaDirectory).register(into: &router)
        Launcher(authenticator: authenticator, apps: apps.map(\.manifest)).register(into: &router)
        CommunityRoutes(database: database, authenticator: authenticator).register(into: &router)
        for app in apps {
            app.routes(&router, context: Self.context(for: app.manifest.id, database: database, authenticator: authenticator,
                                                      configuration: configuration, workPool: workPool))
        }
        PlatformRoutes(configuration: configuration, database: database, apps: apps).register(into: &router)
        self.router = router

        let serverConfiguration = Self.serverConfiguration(configuration)
        let errorPage = ErrorPage(authenticator: authenticator)
        server = Server(configuration: serverConfiguration,
                        responder: Responder(router: router, configuration: serverConfiguration, errorPage: errorPage.render),
                        workPool: workPool)
    }

    /// Starts serving. Throws when the address is taken or invalid.
    public func start() throws(AppSuiteError) {
        do { try server.start() } catch { throw .cannotListen(error.description) }
    }

    /// The port actually bound (useful with port 0).
    public var port: UInt16 { server.port }

    /// Graceful stop: requests in flight finish, then connections close; then the work pool runs what apps
    /// queued on it and its threads end.
    public func stop() {
        server.stop()
        workPool.shutdown()
    }

    /// The importer of app `id`, or nil when the app has no data to import or does not exist.
    public func importer(for id: String) -> (any DataImporter)? {
        guard let app = apps.first(where: { $0.manifest.id == id }) else { return nil }
        return app.importer(context: Self.context(for: id, database: database, authenticator: authenticator, configuration: configuration,
                                                  workPool: workPool))
    }

    /// What app `id` gets: the shared database, authenticator and work pool, `<data-dir>/apps/<id>` and the media folder.
    static func context(for id: String, database: any Database, authenticator: Authenticator,
                        configuration: AppSuiteConfiguration, workPool: WorkPool) -> AppContext {
        AppContext(
            database: database, authenticator: authenticator,
            dataDirectory: URL(fileURLWithPath: configuration.dataDirectory + "/apps/" + id),
            mediaDirectory: URL(fileURLWithPath: configuration.mediaDirectory), workPool: workPool)
    }

    static func serverConfiguration(_ configuration: AppSuiteConfiguration) -> ServerConfiguration {
        var server = ServerConfiguration()
        server.host = configuration.host
        server.port = configuration.port
        if let threads = configuration.threadCount { server.threadCount = threads }
        server.uploadDirectory = configuration.dataDirectory + "/uploads"
        server.isAccessLogEnabled = configuration.isAccessLogEnabled
        server.defaultHeaders.set("Content-Security-Policy", contentSecurityPolicy)
        server.defaultHeaders.set("X-Frame-Options", "DENY")
        server.defaultHeaders.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)")
        return server
    }

    /// No inline script or style, nothing from other origins (ASVS 5.0 3.4.3 / 50.x; DESIGN.md "Pages").
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; "
        + "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
}

/// Why AppSuite could not start.
public enum AppSuiteError: Error, CustomStringConvertible {
    case dataDirectory(String)
    case storage(String)
    case imaging(String)
    case cannotListen(String)

    public var description: String {
        switch self {
        case .dataDirectory(let reason): "data directory: \(reason)"
        case .storage(let reason): "database: \(reason)"
        case .imaging(let reason): "libvips: \(reason)"
        case .cannotListen(let reason): reason
        }
    }
}
