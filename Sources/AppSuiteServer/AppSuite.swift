public import AppHost
import Community
import Foundation
public import HTTPServer
import Identity
import Imaging
import Mail
import Notifications
import OutboundHTTP
import RemoteImages
public import Storage
public import WebUI

/// The composition root: opens storage, runs every module's migrations, wires identity and the apps into
/// one router, collects the apps' subject resolvers and jobs, and runs the HTTP server and the job
/// scheduler. `appsuite serve`, the apps' commands and the integration tests all build it.
public final class AppSuite: Sendable {
    public static let version = "0.1.0"

    public let configuration: AppSuiteConfiguration
    public let apps: [any MiniApp]
    /// The suite's one database (SQLite in the data directory, or PostgreSQL with `--database`), migrated.
    public let database: any Database
    let authenticator: Authenticator
    let router: Router
    /// Slow work of requests (`Response.offloaded`) and of apps (`AppContext.workPool`).
    let workPool = WorkPool()
    let clock: AppClock
    let subjects: SubjectDirectory
    /// What read models and kept answers are stamped with; on PostgreSQL it listens for other servers' writes.
    public let dataVersions: DataVersions
    /// The platform's jobs and every app's, started with the server.
    public let scheduler: JobScheduler
    /// What the server answers requests with: routing, error pages, default headers, gzip. Tests hand it
    /// requests directly, without a socket (its `configuration` has the upload folder and body limits).
    public let responder: Responder
    private let server: Server
    private let publicURLSource: PublicURLSource
    /// Verification and reset mail, sent in the background; nil without `--smtp-url`.
    private let outbox: MailOutbox?

    /// - Parameters:
    ///   - apps: the apps to serve; nil serves ``AppCatalog/installed``.
    ///   - clock: the time for identity, the apps and the job scheduler (tests pass a ``FixedClock``'s).
    ///   - database: an open database to use instead of the configured one (tests pass a ``TemporaryDatabase``).
    /// - Throws: ``AppSuiteError`` when the data directory, database or secret cannot be set up.
    public init(configuration: AppSuiteConfiguration, apps: [any MiniApp]? = nil, clock: AppClock = .system,
                database given: (any Database)? = nil) throws(AppSuiteError) {
        self.configuration = configuration
        let apps = apps ?? AppCatalog.installed
        self.apps = apps
        self.clock = clock
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
        let connections = Self.connectionCount(configuration, workPool: workPool)
        do {
            if let given {
                database = given
            } else if let url = configuration.databaseURL {
                database = try PostgreSQLDatabase(configuration: .init(url: url, maximumConnections: connections))
            } else {
                database = try SQLiteDatabase(configuration: .init(path: configuration.databasePath, maximumConnections: connections))
            }
            try Migrator.migrate(database, Self.migrations(apps: apps))
        } catch {
            let location = "\(configuration.databaseURL.map(PostgreSQLDatabase.redacted) ?? configuration.databasePath): \(error)"
            if let error = error as? StorageError, error.condition == .unavailable { throw .databaseUnreachable(location) }
            throw .storage(location)
        }
        let dataVersions = DataVersions(database: database, log: { FileHandle.standardError.write(Data("appsuite: \($0)\n".utf8)) })
        self.dataVersions = dataVersions
        let secret: ServerSecret
        do {
            secret = try ServerSecret.loadOrCreate(at: URL(fileURLWithPath: configuration.dataDirectory + "/server-secret"))
        } catch {
            if case .serverSecret(let reason) = error { throw .dataDirectory(reason) }
            throw .dataDirectory(error.message(.english))
        }
        let vapid: VAPID
        do {
            // RFC 8292 §2.1: a contact for the push services; the public URL when it is https.
            let contact = configuration.publicURL.map { $0.absolute("/") }.flatMap { $0.hasPrefix("https://") ? $0 : nil }
            vapid = try VAPID.loadOrCreate(at: URL(fileURLWithPath: configuration.dataDirectory + "/vapid-key.pem"),
                                           subject: contact ?? "mailto:webpush@appsuite.invalid")
        } catch {
            throw .dataDirectory("\(error)")
        }
        do { try Imaging.start() } catch { throw .imaging("\(error)") }
        var authenticator = Authenticator(identity: IdentityService(database: database, secret: secret, clock: clock.identityClock),
                                          usesSecureCookies: configuration.usesSecureCookies)
        let inbox = Inbox(database: database)
        authenticator.unreadCount = { userID in (try? inbox.unreadCount(userID: userID)) ?? 0 }
        self.authenticator = authenticator
        subjects = SubjectDirectory(Dictionary(apps.compactMap { app in app.subjects.map { (app.manifest.id, $0) } },
                                               uniquingKeysWith: { first, _ in first }))

        let publicURLSource = PublicURLSource(configuration: configuration)
        self.publicURLSource = publicURLSource
        let sessionGuard = SessionGuard(authenticator: authenticator)
        var router = Router()
        // One outbound client for the process (its kept-alive connections are shared).
        let outboundClient = CurlHTTPClient()
        outbox = Self.outbox(configuration, publicURL: publicURLSource)
        let mail = outbox.map { outbox in AccountMail(outbox: outbox, publicURL: { publicURLSource.current }) }
        let (database, workPool, subjects) = (self.database, self.workPool, self.subjects)
        let storage = StorageRoutes(database: database, quotas: apps.compactMap { app in
            app.storageQuota(context: Self.context(for: app.manifest.id, database: database, authenticator: authenticator,
                                                   configuration: configuration, workPool: workPool, clock: clock, subjects: subjects, dataVersions: dataVersions))
        })
        IdentityRoutes(authenticator: authenticator, mediaDirectory: configuration.mediaDirectory, mail: mail,
                       oidc: Self.oidc(configuration, identity: authenticator.identity, client: outboundClient, publicURL: publicURLSource),
                       profileSection: { viewer, user in try? storage.section(viewer, userID: user.id) })
            .register(into: &router, guard: sessionGuard)
        storage.register(into: &router, guard: sessionGuard)
        Launcher(apps: apps.map(\.manifest)).register(into: &router, guard: sessionGuard)
        let identityClock = clock.identityClock
        let kinds = Self.notificationKinds(apps)
        InboxRoutes(database: database, kinds: kinds, now: { identityClock.now() }).register(into: &router, guard: sessionGuard)
        let push = PushService(database: database, vapid: vapid, client: outboundClient, kinds: kinds,
                               testReceiver: configuration.testPushReceiver.flatMap(PushService.loopbackReceiver))
        PushRoutes(push: push, now: { identityClock.now() }).register(into: &router, guard: sessionGuard)
        var reviewers: [String: SubmissionReviewer] = [:]
        for app in apps where reviewers[app.manifest.id] == nil {
            reviewers[app.manifest.id] = app.submissionReviewer(context: Self.context(
                for: app.manifest.id, database: database, authenticator: authenticator, configuration: configuration, workPool: workPool,
                clock: clock, subjects: subjects, dataVersions: dataVersions))
        }
        ModerationRoutes(queue: ModerationQueue(database: database, reviewers: reviewers, directory: subjects, now: { identityClock.now() }), authenticator: authenticator,
                         directory: subjects, appTitles: Dictionary(apps.map { ($0.manifest.id, $0.manifest.title) }, uniquingKeysWith: { first, _ in first }))
            .register(into: &router, guard: sessionGuard)
        CommunityRoutes(database: database, directory: subjects, publicURL: { publicURLSource.current }, now: { identityClock.now() })
            .register(into: &router, guard: sessionGuard)
        var jobs = [Self.sessionPurge(authenticator.identity), Self.pushDelivery(push, now: { identityClock.now() })]
        var accountParts: [AccountDataPart] = []
        for app in apps {
            let context = Self.context(for: app.manifest.id, database: database, authenticator: authenticator,
                                       configuration: configuration, workPool: workPool, clock: clock, subjects: subjects,
                                       dataVersions: dataVersions)
            var routes = AppRoutes(appID: app.manifest.id, guard: sessionGuard)
            app.routes(&routes, context: context)
            routes.mount(into: &router)
            jobs += app.jobs(context: context)
            if let part = app.accountData(context: context) { accountParts.append(part) }
        }
        // The platform's parts after the apps', identity last: it deletes the users row the others' rows point to.
        accountParts += [CommunityAccountData.part, NotificationAccountData.part,
                         IdentityService.accountData(mediaDirectory: configuration.mediaDirectory)]
        AccountDataRoutes(archive: AccountArchive(database: database, parts: accountParts, directory: configuration.dataDirectory + "/exports"),
                          authenticator: authenticator)
            .register(into: &router, guard: sessionGuard)
        let imageSources = Dictionary(apps.compactMap { app in app.remoteImages.map { (app.manifest.id, $0) } }, uniquingKeysWith: { first, _ in first })
        var imageLimits = RemoteImageCache.Limits()
        imageLimits.maximumTotalBytes = Int64(configuration.remoteImagesMaximumMegabytes) << 20
        RemoteImageRoutes(cache: RemoteImageCache(
            database: database, directory: configuration.dataDirectory + "/remote-images", sources: imageSources, client: CurlHTTPClient(),
            workPool: workPool, limits: imageLimits, now: { identityClock.now() }, log: { FileHandle.standardError.write(Data("appsuite: \($0)\n".utf8)) }))
            .register(into: &router)
        PlatformRoutes(configuration: configuration, database: database, apps: apps).register(into: &router, guard: sessionGuard)
        self.router = router
        // Servers sharing one database run each job once between them (JobLeases).
        scheduler = JobScheduler(jobs: jobs, clock: clock, lease: JobLeases(database: database).scheduling(clock: clock),
                                 log: { FileHandle.standardError.write(Data("appsuite: \($0)\n".utf8)) })

        let serverConfiguration = Self.serverConfiguration(configuration)
        let errorPage = ErrorPage(authenticator: authenticator)
        responder = Responder(router: router, configuration: serverConfiguration, errorPage: errorPage.render, problemWords: errorPage.problemWords)
        server = Server(configuration: serverConfiguration, responder: responder, workPool: workPool)
    }

    /// Starts serving, then the job scheduler. Throws when the address is taken or invalid.
    public func start() throws(AppSuiteError) {
        do { try server.start() } catch { throw .cannotListen(error.description) }
        publicURLSource.listening(on: server.port)
        scheduler.start()
    }

    /// The port actually bound (useful with port 0).
    public var port: UInt16 { server.port }

    /// Where absolute links point: `--public-url`, or `http://<host>:<port>` of the listening address.
    public var publicURL: PublicURL { publicURLSource.current }

    /// Graceful stop: no new job runs and the running ones finish; requests in flight finish, then connections
    /// close; then the work pool runs what apps queued on it and its threads end.
    public func stop() {
        scheduler.stop()
        server.stop()
        workPool.shutdown()
        outbox?.stop()
        dataVersions.stop()
    }

    /// The outbox for `--smtp-url` (validated with the configuration), from `--mail-from` or `noreply@` the public host.
    static func outbox(_ configuration: AppSuiteConfiguration, publicURL: PublicURLSource) -> MailOutbox? {
        guard let url = configuration.smtpURL else { return nil }
        let host = URLComponents(string: publicURL.current.origin)?.host ?? "localhost"
        guard let from = try? MailAddress(configuration.mailFrom ?? "noreply@" + host, name: "AppSuite"),
              let sender = try? SMTPSender(url: url, from: from)
        else { return nil }
        return MailOutbox(sender: sender, log: { FileHandle.standardError.write(Data("appsuite: \($0)\n".utf8)) })
    }

    /// Third-party sign-in with the configured providers (nil without any); the redirect URI every provider must
    /// register is `<public URL>/login/oidc/callback`.
    static func oidc(_ configuration: AppSuiteConfiguration, identity: IdentityService, client: any HTTPClient,
                     publicURL: PublicURLSource) -> OIDCLogin? {
        guard !configuration.oidcProviders.isEmpty else { return nil }
        return OIDCLogin(providers: configuration.oidcProviders.map { OIDCProviderClient(provider: $0, client: client) }, identity: identity,
                         redirectURI: { publicURL.current.absolute("/login/oidc/callback") })
    }

    /// The importer of app `id`, or nil when the app has no data to import or does not exist.
    public func importer(for id: String) -> (any DataImporter)? {
        context(for: id).flatMap { context in apps.first { $0.manifest.id == id }?.importer(context: context) }
    }

    /// What installed app `id` gets (for its importer and commands), or nil for an unknown id.
    public func context(for id: String) -> AppContext? {
        guard apps.contains(where: { $0.manifest.id == id }) else { return nil }
        return Self.context(for: id, database: database, authenticator: authenticator, configuration: configuration,
                            workPool: workPool, clock: clock, subjects: subjects, dataVersions: dataVersions)
    }

    /// What app `id` gets: the shared database, authenticator and work pool, `<data-dir>/apps/<id>`, the media
    /// folder, the resolved settings, the clock and every app's subject resolvers.
    static func context(for id: String, database: any Database, authenticator: Authenticator, configuration: AppSuiteConfiguration,
                        workPool: WorkPool, clock: AppClock, subjects: SubjectDirectory, dataVersions: DataVersions) -> AppContext {
        AppContext(
            database: database, authenticator: authenticator,
            dataDirectory: URL(fileURLWithPath: configuration.dataDirectory + "/apps/" + id),
            mediaDirectory: URL(fileURLWithPath: configuration.mediaDirectory), workPool: workPool,
            settings: configuration.settings, clock: clock, subjects: subjects, dataVersions: dataVersions)
    }

    /// Every module's migrations, the platform's then each app's: the schema of a suite serving `apps`
    /// (`appsuite db copy` brings both databases to it).
    public static func migrations(apps: [any MiniApp]) -> [Migration] {
        IdentitySchema.migrations() + RoleSchema.migrations() + NotificationSchema.migrations() + CommunitySchema.migrations()
            + ModerationSchema.migrations() + JobLeases.migrations() + apps.flatMap { $0.migrations() }
    }

    /// The platform's notification kinds, then each app's (an app's ids must start with its own id and a dot).
    static func notificationKinds(_ apps: [any MiniApp]) -> NotificationKinds {
        NotificationKinds(NotificationKind.platform + apps.flatMap { app in
            app.notificationKinds.filter { $0.id.hasPrefix(app.manifest.id + ".") }
        })
    }

    /// The platform's job sending queued Web Push messages (on the scheduler's thread, never a request's): every
    /// 5 seconds, at most 50 a run.
    static func pushDelivery(_ push: PushService, now: @escaping @Sendable () -> Int64) -> ScheduledJob {
        ScheduledJob("push.deliver", every: 5, jitter: 1) { try push.deliverDue(now: now()).description }
    }

    /// The platform's job: deletes expired sessions every hour (signing in already deletes the expired
    /// ones it meets; this removes those of clients that never came back), e-mail links and the write-limit
    /// counters of windows that have ended.
    static func sessionPurge(_ identity: IdentityService) -> ScheduledJob {
        ScheduledJob("sessions.purge", every: 3600, jitter: 300) {
            let deleted = try identity.sessions.purgeExpired(now: identity.clock.now())
            let links = try identity.emails.purgeExpired(now: identity.clock.now())
            let counters = try identity.rateLimits.purge(now: identity.clock.now())
            return "\(deleted) expired session\(deleted == 1 ? "" : "s"), \(links) e-mail link\(links == 1 ? "" : "s")"
                + " and \(counters) write-limit counter\(counters == 1 ? "" : "s") deleted"
        }
    }

    /// One database connection per thread that may use one at once: the server's request threads, the work
    /// pool's threads, the job scheduler and one for a command or a test running beside them.
    static func connectionCount(_ configuration: AppSuiteConfiguration, workPool: WorkPool) -> Int {
        serverConfiguration(configuration).threadCount + workPool.workers + 2
    }

    static func serverConfiguration(_ configuration: AppSuiteConfiguration) -> ServerConfiguration {
        var server = ServerConfiguration()
        server.host = configuration.host
        server.port = configuration.port
        if let threads = configuration.threadCount { server.threadCount = threads }
        server.uploadDirectory = configuration.dataDirectory + "/uploads"
        server.isAccessLogEnabled = configuration.isAccessLogEnabled
        server.trustedProxies = configuration.trustedProxies
        server.defaultHeaders.set("Content-Security-Policy", contentSecurityPolicy)
        server.defaultHeaders.set("X-Frame-Options", "DENY")
        server.defaultHeaders.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)")
        return server
    }

    /// No inline script or style, nothing from other origins (ASVS 5.0 3.4.3 / 50.x; DESIGN.md "Pages").
    static let contentSecurityPolicy = ContentSecurityPolicy.standard
}

/// Why AppSuite could not start.
public enum AppSuiteError: Error, CustomStringConvertible {
    case dataDirectory(String)
    case storage(String)
    /// The database server did not answer (PostgreSQL down, wrong host or port): worth retrying later.
    case databaseUnreachable(String)
    case imaging(String)
    case cannotListen(String)

    public var description: String {
        switch self {
        case .dataDirectory(let reason): "data directory: \(reason)"
        case .storage(let reason), .databaseUnreachable(let reason): "database: \(reason)"
        case .imaging(let reason): "libvips: \(reason)"
        case .cannotListen(let reason): reason
        }
    }
}
