public import AppHost
public import AppSuiteAPI
public import Community
import Foundation
public import HTTPServer
import Identity
public import Notifications
import OutboundHTTP
public import RemoteImages
public import Storage
import WebUI

/// 爱限免 App Deals: 限免 / 降价 / 免费 derived from observed App Store prices, 专题, 热榜 from our own
/// signals, search, app pages with a price-history chart, favourites (community subject `appdeals/<track id>`).
public struct DealsApp: MiniApp {
    public static let id = "appdeals"

    public init() {}

    public var manifest: AppManifest {
        AppManifest(id: Self.id, title: DealText.appTitle, summary: DealText.summary, icon: .tag, tint: .red)
    }

    public func migrations() -> [Migration] { DealSchema.migrations() }

    public func importer(context: AppContext) -> (any DataImporter)? { DealImporter(database: context.database) }

    /// Where the poller asks the iTunes Lookup API; empty (the default) keeps the poller off, so development
    /// and test servers never call Apple. Production sets `https://itunes.apple.com/lookup`.
    static let lookupURL = AppSetting<URL?>(
        "appdeals-lookup-url", default: nil, valueName: "URL",
        help: "iTunes Lookup endpoint the price poller calls, e.g. https://itunes.apple.com/lookup (default: empty, poller off)",
        expected: "an absolute http(s) URL, or empty for no poller") { text in
            if text.isEmpty { return .some(nil) }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else { return nil }
            return .some(url)
        }

    /// Minutes between two polls.
    static let pollMinutes = AppSetting<Int>(
        "appdeals-poll-minutes", default: 60, valueName: "N", help: "minutes between two price polls, 5 to 1440 (default 60)",
        expected: "a whole number from 5 to 1440") { text in
            Int(text).flatMap { (5...1440).contains($0) ? $0 : nil }
        }

    public var settings: [any DeclaredSetting] { [Self.lookupURL, Self.pollMinutes] }

    public var commands: [any AppCommand] { [DealCommand()] }

    /// Price alerts on favourites (``AlertStore``): 降价 and 限免.
    public var notificationKinds: [NotificationKind] { [Self.dropAlert, Self.freeAlert] }

    /// `appdeals.poll`: the Lookup poller, when `--appdeals-lookup-url` is set.
    public func jobs(context: AppContext) -> [ScheduledJob] {
        guard let endpoint = context.settings[Self.lookupURL] else { return [] }
        let clock = context.clock
        let poller = LookupPoller(database: context.database, client: CurlHTTPClient(), endpoint: endpoint, now: { clock.now() })
        return [ScheduledJob("appdeals.poll", every: TimeInterval(context.settings[Self.pollMinutes] * 60), jitter: 60) {
            let report = try poller.poll()
            if !report.failures.isEmpty && report.results == 0 { throw LookupError.transport(report.description) }
            return report.description
        }]
    }

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let assets = AppAssets(appID: Self.id, directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
        routes.serve(assets)
        let store = DealStore(database: context.database)
        let lists = DealLists(store: store)
        let editors = EditorTopicStore(database: context.database, mediaDirectory: context.mediaDirectory)
        let topics = DealTopics(store: store, editors: editors)
        let favorites = FavoriteStore(database: context.database, directory: context.subjects)
        let nearby = NearbyStore(database: context.database)
        let alerts = AlertStore(database: context.database, favorites: favorites)
        let api = DealAPI(store: store, lists: lists, topics: topics, favorites: favorites, nearby: nearby, alerts: alerts, editors: editors,
                          auth: context.authenticator, clock: context.clock)
        api.register(into: &routes.api)
        DealPages(store: store, lists: lists, topics: topics, api: api, favorites: favorites, nearby: nearby, alerts: alerts,
                  clock: context.clock, assets: assets, pollInterval: Int64(context.settings[Self.pollMinutes] * 60))
            .register(into: &routes.pages, files: &routes.files)
    }

    public var endpoints: EndpointGroup? { AppDealsEndpoints.group }

    public var apiSchemas: [(String, JSONSchema)] { DealAPI.schemas }

    /// How favourites and share links describe an app.
    public var subjects: SubjectResolver? {
        SubjectResolver { db, item in
            guard let id = Int64(item), String(id) == item,
                  let row = try db.queryFirst("SELECT name, genre, icon_url FROM appdeals_apps WHERE id = ?", id) else { return nil }
            return SubjectInfo(title: try row.get("name"), path: "/appdeals/apps/\(id)", summary: try row.get("genre"),
                               imageURL: Self.icon(id, url: try row.get("icon_url")))
        }
    }

    static func subject(_ id: Int64) -> Subject { Subject(app: Self.id, item: String(id)) }

    /// Our generated icon of an app: what shows when the store has none, or until the platform cache has it.
    static func iconPath(_ id: Int64) -> String { "/appdeals/icons/\(id).svg" }

    /// The App Store icon through the platform's image cache when the store gave one, else ``iconPath(_:)``.
    static func icon(_ id: Int64, url: String?) -> String {
        url.map { RemoteImages.path(app: Self.id, item: "icon-\(id)", url: $0) } ?? iconPath(id)
    }

    /// The store's screenshots through the platform's image cache.
    static func screenshots(_ id: Int64, urls: [String]) -> [String] {
        urls.enumerated().map { RemoteImages.path(app: Self.id, item: "shot-\(id)-\($0.offset)", url: $0.element) }
    }

    /// App Store artwork (`https://is1-ssl.mzstatic.com/image/thumb/…`): items `icon-{id}` (falling back to our
    /// drawn icon) and `shot-{id}-{n}` (the n-th screenshot, from 0).
    public var remoteImages: RemoteImageSource? {
        RemoteImageSource(hosts: [".mzstatic.com"]) { db, item in
            // Only the canonical spelling (no empty parts, no leading zeros), so one image has one item name.
            let parts = item.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count >= 2, let id = Int64(parts[1]), id > 0, parts[1] == "\(id)",
                  parts.count < 3 || parts[2] == Int(parts[2]).map({ "\($0)" }) ?? "" else { return nil }
            switch (parts[0], parts.count) {
            case ("icon", 2):
                return try db.scalar("SELECT icon_url FROM appdeals_apps WHERE id = ?", id, as: String.self).map { ($0, Self.iconPath(id)) }
            case ("shot", 3):
                guard let index = Int(parts[2]), index >= 0,
                      let urls = try db.scalar("SELECT screenshot_urls FROM appdeals_apps WHERE id = ?", id, as: String.self) else { return nil }
                let list = urls.split(separator: "\n")
                return index < list.count ? (String(list[index]), nil) : nil
            default:
                return nil
            }
        }
    }
}
