public import AppHost
public import AppSuiteAPI
public import Community
import Foundation
import Geo
import Maps
public import HTTPServer
public import Storage
import WebUI

/// 商户 Merchants (the textbook's MyDemo, a Dianping-like local guide): nearby merchants from OpenStreetMap, the
/// work-friendly cafés and Dianping fixtures (`appsuite import merchants ../shared/data/merchants`), search with
/// Traditional/Simplified folding, 摇一摇, merchant pages with opening hours and rated reviews (Community).
public struct MerchantsApp: MiniApp {
    /// Mainland China's zone (the Hong Kong rows carry `Asia/Hong_Kong`).
    static let chinaTime = TimeZone(identifier: "Asia/Shanghai")!
    /// People's Square, the default position of the pages before the browser gives one.
    static let shanghai = Coordinate(latitude: 31.2304, longitude: 121.4737)!

    public init() {}

    public var manifest: AppManifest {
        AppManifest(id: "merchants", title: LocalizedText(zh: "商户", en: "Merchants"),
                    summary: LocalizedText(zh: "附近商户 · 摇一摇 · 点评", en: "Nearby shops, shake and reviews"),
                    icon: .mapPin, tint: .orange)
    }

    public func migrations() -> [Migration] { MerchantsSchema.migrations() }

    /// The photo quota. The online map's tiles are the platform's (`--map-tile-url`, Maps' ``TileSource``).
    public var settings: [any DeclaredSetting] { [Self.photoQuotaMegabytes] }

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let store = MerchantStore(database: context.database)
        let search = Self.nearbySearch(store)
        let photos = Self.photoStore(context)
        let api = MerchantsAPI(store: store, nearby: search, photos: photos, clock: context.clock)
        api.register(into: &routes.api)
        let assets = AppAssets(appID: "merchants", directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
        routes.serve(assets)
        let map = MapSetup.configured(context.settings, appID: "merchants")
        map?.register(into: &routes.files)
        let now: @Sendable () -> Int64 = { [clock = context.clock] in Int64(clock.now().timeIntervalSince1970) }
        MerchantsPages(store: store, api: api, photos: photos, comments: CommentStore(database: context.database, now: now),
                       ratings: RatingStore(database: context.database),
                       favorites: FavoriteStore(database: context.database, directory: context.subjects), clock: context.clock, assets: assets,
                       map: map)
            .register(into: &routes.pages)
    }

    /// Approves or rejects a queued new merchant (``SubmissionStore/decided(_:item:approved:now:)``) or photo
    /// (``PhotoStore/decided(_:photo:approved:)``); a rejected photo's files are removed after the decision commits.
    public func submissionReviewer(context: AppContext) -> SubmissionReviewer? {
        let photos = Self.photoStore(context)
        return SubmissionReviewer({ db, item, approved in
            if let photo = PhotoStore.photoID(item: item) {
                try PhotoStore.decided(db, photo: photo, approved: approved)
            } else {
                try SubmissionStore.decided(db, item: item, approved: approved, now: Int64(context.clock.now().timeIntervalSince1970))
            }
        }, afterDecision: { item, approved in
            if !approved { photos.removeRejected(item: item) }
        }, previews: { db, item throws(StorageError) in try PhotoStore.previews(db, item: item) },
        label: { item in PhotoStore.photoID(item: item) == nil ? MerchantsText.newMerchant : MerchantsText.merchantPhoto },
        summary: { db, item throws(StorageError) in PhotoStore.photoID(item: item) == nil ? try SubmissionStore.summary(db, item: item) : nil },
        published: { db, item throws(StorageError) in try SubmissionStore.publishedPath(db, item: item) })
    }

    static func photoStore(_ context: AppContext) -> PhotoStore {
        PhotoStore(database: context.database, directory: context.dataDirectory.appendingPathComponent("photos"),
                   quotaBytes: Int64(context.settings[Self.photoQuotaMegabytes] * 1_048_576))
    }

    /// `--merchants-photo-quota-mb`: what one account's merchant photos may keep on disk, in MiB.
    public static let photoQuotaMegabytes = AppSetting.positiveNumber(
        "merchants-photo-quota-mb", default: Double(PhotoStore.defaultQuotaBytes >> 20), maximum: 1_048_576, valueName: "MB",
        help: "bytes one account's merchant photos may keep, as stored (default 256 MiB)")

    public func storageQuota(context: AppContext) -> StorageQuota? { Self.photoStore(context).quota }

    static func subject(_ id: Int64) -> Subject { Subject(app: "merchants", item: String(id)) }

    /// How favourites, "my comments" and share links describe a merchant.
    public var subjects: SubjectResolver? {
        SubjectResolver { db, item in
            guard let id = Int64(item), String(id) == item,
                  let row = try db.queryFirst("SELECT name, category, address FROM merchants WHERE id = ?", id) else { return nil }
            let category = MerchantCategory.named(try row.get("category"))?.name.zh
            return SubjectInfo(title: try row.get("name"), path: "/merchants/\(id)",
                               summary: [category, try row.get("address", as: String?.self)].compactMap { $0 }.joined(separator: " · "),
                               commentsPath: "/merchants/\(id)")
        }
    }

    public func importer(context: AppContext) -> (any DataImporter)? {
        MerchantsImporter(store: MerchantStore(database: context.database), clock: context.clock)
    }

    public var commands: [any AppCommand] { [MerchantsCommand()] }

    public var endpoints: EndpointGroup? { MerchantEndpoints.group }

    public var apiSchemas: [(String, JSONSchema)] { MerchantsOpenAPI.schemas }

    /// Nearby search whose standings join the users' star ratings (Community subject `merchants/{id}`) with the
    /// source's score and review counts (``Standing/combined(source:sourceWeight:users:)``).
    static func nearbySearch(_ store: MerchantStore) -> NearbySearch {
        let ratings = RatingStore(database: store.database)
        return NearbySearch(store: store) { merchants in
            let summaries = try ratings.summaries(merchants.map { subject($0.id) })
            let imported = try store.importedReviewCounts(merchants.map(\.id))
            var standings: [Int64: Standing] = [:]
            for merchant in merchants {
                let summary = summaries[subject(merchant.id)] ?? RatingSummary()
                let extra = Int64(imported[merchant.id] ?? 0) + summary.count
                guard extra > 0 else { continue }
                standings[merchant.id] = Standing(rating: Standing.combined(source: merchant.sourceRating, sourceWeight: merchant.sourceReviewCount, users: summary),
                                                  reviewCount: merchant.sourceReviewCount + extra, distribution: summary.distribution)
            }
            return standings
        }
    }
}
