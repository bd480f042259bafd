public import APIKit
public import Community
public import Foundation
public import HTTPServer
public import Identity
public import Notifications
public import RemoteImages
public import Storage
public import WebUI

/// What the launcher and the server know about an app: its id (also its URL prefix), names and tile.
public struct AppManifest: Sendable {
    /// Lower-case id, the first path segment of its pages (`/gaokao`) and API (`/api/v1/gaokao`).
    public var id: String
    public var title: LocalizedText
    public var summary: LocalizedText
    public var icon: Icon
    public var tint: Tint

    public init(id: String, title: LocalizedText, summary: LocalizedText, icon: Icon, tint: Tint) {
        self.id = id
        self.title = title
        self.summary = summary
        self.icon = icon
        self.tint = tint
    }

    /// The app's home page.
    public var path: String { "/" + id }
}

/// One mini app as the server composes it (DESIGN.md "A mini app"). Apps depend on platform targets only,
/// never on each other; the server lists the installed ones in `AppCatalog`. Everything but the manifest,
/// migrations and routes has a default, so an app declares only what it has.
public protocol MiniApp: Sendable {
    var manifest: AppManifest { get }
    /// The app's own tables: numbered, append-only migrations of module `manifest.id`.
    func migrations() -> [Migration]
    /// Mounts its pages (`routes.pages`, `/{id}/…`), API (`routes.api`, `/api/v1/{id}/…`) and assets; every
    /// route needs a signed-in user and CSRF-checks unsafe methods unless it opts out with `.anyone`.
    func routes(_ routes: inout AppRoutes, context: AppContext)
    /// Its endpoints declared with `Endpoint` values (`AppSuiteAPI`), served by its routes and listed in
    /// `/api/openapi.json` from the declarations; nil for an app without any.
    var endpoints: EndpointGroup? { get }
    /// One entry per API route not declared as an `Endpoint`, for `/api/openapi.json` (a test checks none is missing).
    var apiOperations: [APIOperation] { get }
    /// Its wire models (`AppSuiteAPI`) as the document's `components.schemas`, each made with
    /// `JSONSchema.component(Model.self)`, nested models included; operations refer to one as `.ref(Model.self)`.
    var apiSchemas: [(String, JSONSchema)] { get }
    /// The importer for `appsuite import {id} PATH`, if the app has data to import.
    func importer(context: AppContext) -> (any DataImporter)?
    /// Its command-line commands, `appsuite <name> …`, listed in `appsuite --help`.
    var commands: [any AppCommand] { get }
    /// Its periodic work, run by the server's one ``JobScheduler`` while `appsuite serve` runs.
    func jobs(context: AppContext) -> [ScheduledJob]
    /// How its items (subject `{id}/{item}`) appear in favourites, "my comments" and share links.
    var subjects: SubjectResolver? { get }
    /// Its settings, read with the server's options (`--name`, then `APPSUITE_NAME`, then the default);
    /// the app reads the values from ``AppContext/settings``, never from the environment.
    var settings: [any DeclaredSetting] { get }
    /// Kinds of notification it sends (a price alert, merchant news), ids starting with `manifest.id + "."`;
    /// listed on the preferences page after the platform's. Deliver them with `Inbox.deliver(_:db:now:)`.
    var notificationKinds: [NotificationKind] { get }
    /// What it does when a moderator approves or rejects one of its users' submissions (which it queued with
    /// `ModerationQueue.submit`), with its own folders and storage; nil when it takes none.
    func submissionReviewer(context: AppContext) -> SubmissionReviewer?
    /// Its remote images (store icons, posters) the platform cache may fetch, from which hosts; pages link
    /// them with `RemoteImages.path(app:item:url:)`. Nil when it shows none.
    var remoteImages: RemoteImageSource? { get }
    /// Its share of a user's "download my data" and "delete my account" (``AccountArchive``): the rows and files
    /// of user `id` it keeps, and how it removes or anonymises them. Nil when it keeps nothing per user.
    func accountData(context: AppContext) -> AccountDataPart?
    /// The bytes one account may store in it (uploads and what is made from them), shown on `/me`; nil when
    /// users store nothing there.
    func storageQuota(context: AppContext) -> StorageQuota?
}

extension MiniApp {
    public var endpoints: EndpointGroup? { nil }
    public var apiOperations: [APIOperation] { [] }
    public var apiSchemas: [(String, JSONSchema)] { [] }
    public func importer(context: AppContext) -> (any DataImporter)? { nil }
    public var commands: [any AppCommand] { [] }
    public func jobs(context: AppContext) -> [ScheduledJob] { [] }
    public var subjects: SubjectResolver? { nil }
    public var settings: [any DeclaredSetting] { [] }
    public var notificationKinds: [NotificationKind] { [] }
    public func submissionReviewer(context: AppContext) -> SubmissionReviewer? { nil }
    public var remoteImages: RemoteImageSource? { nil }
    public func accountData(context: AppContext) -> AccountDataPart? { nil }
    public func storageQuota(context: AppContext) -> StorageQuota? { nil }
}

/// What an app gets from the server: storage, the signed-in viewer, its own folders, the work pool, the
/// resolved settings, the clock and the community's view of every app's items.
public struct AppContext: Sendable {
    public let database: any Database
    public let authenticator: Authenticator
    /// `<data-dir>/apps/<id>`: files the app owns (created on first use).
    public let dataDirectory: URL
    /// `<data-dir>/media`: files served publicly under `/media/`.
    public let mediaDirectory: URL
    /// The server's pool for slow work (libvips, outbound HTTP): the same one `Response.offloaded` runs on,
    /// so background jobs (thumbnails after an upload) and offloaded requests share its limits.
    public let workPool: WorkPool
    /// Every declared setting's value; read the app's own with `settings[MyApp.someSetting]`.
    public let settings: AppSettings
    /// The time to use instead of `Date()`.
    public let clock: AppClock
    /// Titles, pages and pictures of any app's items, from the resolvers the apps declared.
    public let subjects: SubjectDirectory

    public init(database: any Database, authenticator: Authenticator, dataDirectory: URL, mediaDirectory: URL, workPool: WorkPool,
                settings: AppSettings, clock: AppClock, subjects: SubjectDirectory) {
        self.database = database
        self.authenticator = authenticator
        self.dataDirectory = dataDirectory
        self.mediaDirectory = mediaDirectory
        self.workPool = workPool
        self.settings = settings
        self.clock = clock
        self.subjects = subjects
    }
}

/// Loads an app's public data set (`appsuite import <app> PATH`). Re-running it must be idempotent.
public protocol DataImporter: Sendable {
    /// The folder under `../shared/data` that `appsuite import all` hands to this importer.
    var defaultFolder: String { get }
    /// Imports `folder`, reporting progress as it goes. Throws for a folder it cannot use at all; files it
    /// cannot read are skipped and listed in the summary.
    func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary
}

/// How far an import is: `done` of `total` items (nil when unknown), the current item's name.
public struct ImportProgress: Sendable {
    public var done: Int
    public var total: Int?
    public var item: String
    public init(done: Int, total: Int?, item: String) {
        self.done = done
        self.total = total
        self.item = item
    }
}

/// What an import did: rows or files imported, and everything skipped with its reason.
public struct ImportSummary: Sendable, CustomStringConvertible {
    public var imported: Int
    public var skipped: [(item: String, reason: String)]
    public init(imported: Int, skipped: [(item: String, reason: String)] = []) {
        self.imported = imported
        self.skipped = skipped
    }
    public var description: String {
        "\(imported) imported" + (skipped.isEmpty ? "" : ", \(skipped.count) skipped")
    }
}
