import Community
import Foundation
import HTTPServer
import Storage
import Synchronization
import WebUI

/// What a list row shows of an app, held in memory for every app (about 7,800).
struct AppSummary: Sendable, Hashable {
    var id: Int64
    var name: String
    /// Names and seller folded (``SearchIndex/fold(_:)``) as UTF-8: search finds a query's bytes in it (a substring, CJK included).
    var searchKey: [UInt8]
    var genre: String?
    var isGame: Bool?
    var devices: String?
    var rating: Double?
    var ratingCount: Int64?
    var iconURL: String?
    var catalogPrice: Int64?
    var catalogCurrency: Currency?
    /// True when rating and count come from the US store's 2016–17 data (`mobile_app_store_7200`), not a China Lookup:
    /// shown beside them, since 热榜 falls back to these counts.
    var ratingsFromUSData = false
}

extension AppSummary {
    /// True when `needle` (lower-cased UTF-8) occurs in ``searchKey``.
    func matches(search needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= searchKey.count else { return needle.isEmpty }
        var index = 0
        let last = searchKey.count - needle.count
        while index <= last {
            if searchKey[index] == first {
                var offset = 1
                while offset < needle.count && searchKey[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}

/// Everything a detail page adds to ``AppSummary``.
struct AppDetail: Sendable {
    var summary: AppSummary
    var englishName: String?
    var genresZh: [String]
    var sizeBytes: Int64?
    var version: String?
    var releaseNotes: String?
    /// True only when the data says the current version is the first (``LookupResult/isFirstVersion``).
    var isFirstVersion: Bool
    var description: String?
    var seller: String?
    var screenshotURLs: [String]
    var storeURL: String?
    var contentRating: String?
}

/// The imported data as the lists read it: app summaries and each region's price history, rebuilt when
/// `appdeals_meta.data_version` changes (an import or a poll, possibly in another process).
struct DealSnapshot: Sendable {
    var apps: [Int64: AppSummary]
    var engines: [Region: DealEngine]
    /// Each region's newest observation: the default as-of time.
    var latest: [Region: Int64]
    /// Each region's oldest observation: an earlier `at` has no data.
    var earliest: [Region: Int64]
    /// Primary genres present, sorted: the allowed `category` values (the App Store's English names).
    var categories: [String]
    /// Each primary genre's Chinese name as the China App Store names it: the first of `genres` in the China
    /// lookups and price events of the apps of that genre, the most common one (`Utilities` → 工具); for a genre
    /// only US records carry, the China store's name from ``DealStore/chinaStoreGenreNames``.
    var chineseCategoryNames: [String: String] = [:]
    /// Every app by rating count (most first), then id (highest first): 热榜's order among apps without signals.
    var byRatings: [AppSummary]
    /// Which of ``byRatings`` a search can match.
    var searchIndex: SearchIndex
    /// Editors' known ends of 限免 per region and app (``KnownEnds``).
    var knownEnds: [Region: [Int64: KnownEnd]] = [:]

    /// A primary genre as a page in `language` shows it: on a Chinese page the China store's name
    /// (``chineseCategoryNames``, `Games` → 游戏), else the App Store's English name. Every place a genre is shown uses this.
    func genreName(_ genre: String, _ language: Language) -> String {
        language == .zh ? chineseCategoryNames[genre] ?? genre : genre
    }

    /// Whether the poller follows the app's price (it asks the China store for apps with China history, ``Poller``),
    /// so a price alert on it can fire; an app known only from the US data cannot.
    func followsPrice(of id: Int64) -> Bool { engines[.cn]?.history[id] != nil }
}

/// SQL of the App Deals tables and the versioned in-memory snapshot the deal lists are computed from.
final class DealStore: Sendable {
    let database: any Database
    private let cache = Mutex<(version: String, snapshot: DealSnapshot)?>(nil)
    private let building = Mutex<Void>(())
    /// The last few computed (region, as-of) states; the default list asks for the same one every time.
    private let states = Mutex<[(key: String, states: [Int64: DealState])]>([])

    init(database: any Database) { self.database = database }

    static func bumpVersion(_ db: any SQLExecutor) throws(StorageError) {
        let current = try db.scalar("SELECT value FROM appdeals_meta WHERE key = 'data_version'", as: String.self).flatMap { Int64($0) } ?? 0
        try db.execute("INSERT INTO appdeals_meta (key, value) VALUES ('data_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       String(current + 1))
    }

    /// What kept pages of the lists (``Keep``) are made from: `appdeals_meta.data_version`, read from the database at
    /// each lookup (one small query, as ``snapshot()`` makes anyway), so a poll, an editor's known end or an import —
    /// on any server or process — is seen on the next request everywhere. Nil (nothing kept) when it cannot be read.
    var validity: CacheValidity {
        CacheValidity { [database] in
            let read: String?
            do {
                read = try database.read { db in try db.scalar("SELECT value FROM appdeals_meta WHERE key = 'data_version'", as: String.self) }
            } catch {
                return nil
            }
            guard let text = read else { return 0 }
            // Versions are counters (``bumpVersion(_:)``); FNV-1a of the text covers any other spelling.
            return UInt64(text) ?? text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
    }

    /// The current snapshot: one small query when nothing changed.
    func snapshot() throws -> DealSnapshot {
        let version = try database.read { db in
            try db.scalar("SELECT value FROM appdeals_meta WHERE key = 'data_version'", as: String.self)
        } ?? ""
        if let cached = cache.withLock({ $0 }), cached.version == version { return cached.snapshot }
        return try building.withLock { _ throws -> DealSnapshot in
            if let cached = cache.withLock({ $0 }), cached.version == version { return cached.snapshot }
            let snapshot = try load()
            cache.withLock { $0 = (version, snapshot) }
            states.withLock { $0.removeAll() }
            return snapshot
        }
    }

    private func load() throws -> DealSnapshot {
        try database.read { db in
            var apps: [Int64: AppSummary] = [:]
            var genres = Set<String>()
            var chineseNames: [String: [String: Int]] = [:]
            for row in try db.query("""
                SELECT id, name, search_text, genre, is_game, devices, rating, rating_count, icon_url, catalog_price, catalog_currency, genres_zh,
                    metadata_region
                FROM appdeals_apps
                """) {
                let app = AppSummary(
                    id: try row.get(0), name: try row.get(1), searchKey: Array(SearchIndex.fold(try row.get(2, as: String.self)).utf8), genre: try row.get(3),
                    isGame: try row.get(4, as: Int64?.self).map { $0 != 0 }, devices: try row.get(5), rating: try row.get(6),
                    ratingCount: try row.get(7), iconURL: try row.get(8), catalogPrice: try row.get(9),
                    catalogCurrency: try row.get(10, as: String?.self).flatMap(Currency.init(rawValue:)),
                    ratingsFromUSData: try row.get(12, as: String?.self) == Region.us.rawValue)
                apps[app.id] = app
                if let genre = app.genre {
                    genres.insert(genre)
                    if let first = try row.get(11, as: String?.self)?.split(separator: "|").first, first.unicodeScalars.contains(where: Self.isHan) {
                        chineseNames[genre, default: [:]][String(first), default: 0] += 1
                    }
                }
            }
            var engines: [Region: DealEngine] = [:]
            var latest: [Region: Int64] = [:]
            var earliest: [Region: Int64] = [:]
            for region in Region.allCases {
                var history: [Int64: [PriceObservation]] = [:]
                for row in try db.query("SELECT app_id, observed_at, price FROM appdeals_prices WHERE region = ? ORDER BY app_id, observed_at",
                                        region.rawValue) {
                    let at: Int64 = try row.get(1)
                    history[try row.get(0), default: []].append(PriceObservation(at: at, price: try row.get(2)))
                    latest[region] = max(latest[region] ?? at, at)
                    earliest[region] = min(earliest[region] ?? at, at)
                }
                engines[region] = DealEngine(history: history)
            }
            let byRatings = apps.values.sorted { ($0.ratingCount ?? 0, $0.id) > ($1.ratingCount ?? 0, $1.id) }
            return DealSnapshot(apps: apps, engines: engines, latest: latest, earliest: earliest, categories: genres.sorted(),
                                chineseCategoryNames: Self.chinaStoreGenreNames.merging(chineseNames.compactMapValues { counts in
                                    counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key }) { _, fromData in fromData },
                                byRatings: byRatings, searchIndex: SearchIndex(byRatings), knownEnds: try KnownEnds.all(db))
        }
    }

    /// The China App Store's names of the primary genres that only US apps of the data set have (no China record
    /// names them), as the China store lists those categories.
    static let chinaStoreGenreNames = ["Book": "图书", "Catalogs": "商品指南", "News": "新闻", "Shopping": "购物",
                                      "Sports": "体育", "Travel": "旅游", "Weather": "天气"]

    /// CJK Unified Ideographs (U+4E00–U+9FFF): a name from the China store rather than an English one.
    static func isHan(_ scalar: Unicode.Scalar) -> Bool { (0x4E00...0x9FFF).contains(scalar.value) }

    /// Every app's deal state in `region` as of `time` (cached for the last 8 asked).
    func states(_ snapshot: DealSnapshot, region: Region, at time: Int64) -> [Int64: DealState] {
        let key = "\(region.rawValue)@\(time)"
        if let hit = states.withLock({ $0.first { $0.key == key }?.states }) { return hit }
        var computed = snapshot.engines[region]?.states(at: time) ?? [:]
        KnownEnds.apply(snapshot.knownEnds[region] ?? [:], to: &computed)
        states.withLock { list in
            list.removeAll { $0.key == key }
            list.insert((key, computed), at: 0)
            if list.count > 8 { list.removeLast() }
        }
        return computed
    }

    func detail(_ id: Int64, snapshot: DealSnapshot) throws -> AppDetail? {
        guard let summary = snapshot.apps[id] else { return nil }
        return try database.read { db in
            guard let row = try db.queryFirst("""
                SELECT english_name, genres_zh, size_bytes, version, release_notes, description, seller, screenshot_urls, store_url,
                    content_rating, first_version FROM appdeals_apps WHERE id = ?
                """, id) else { return nil }
            return AppDetail(
                summary: summary, englishName: try row.get(0),
                genresZh: try row.get(1, as: String?.self).map { $0.split(separator: "|").map(String.init) } ?? [],
                sizeBytes: try row.get(2), version: try row.get(3), releaseNotes: try row.get(4),
                isFirstVersion: try row.get(10, as: Int64?.self) == 1, description: try row.get(5),
                seller: try row.get(6),
                screenshotURLs: try row.get(7, as: String?.self).map { $0.split(separator: "\n").map(String.init) } ?? [],
                storeURL: try row.get(8), contentRating: try row.get(9))
        }
    }

    /// The observed prices of an app in a region up to `time`, oldest first, with in-app-purchase-only rows
    /// merged away (they are not app price changes).
    func priceHistory(_ id: Int64, snapshot: DealSnapshot, region: Region, upTo time: Int64) -> [PriceRun] {
        DealEngine.runs(snapshot.engines[region]?.history[id] ?? [], upTo: time)
    }

    /// Our own signals per app for 热榜: favourites (all time), and views and shares in the 7 days up to `time`.
    func signals(since day: Int64) throws -> [Int64: (favorites: Int64, shares: Int64, views: Int64)] {
        try database.read { db in
            var result: [Int64: (favorites: Int64, shares: Int64, views: Int64)] = [:]
            for row in try db.query("SELECT app_id, CAST(sum(views) AS INTEGER), CAST(sum(shares) AS INTEGER) FROM appdeals_activity WHERE day >= ? GROUP BY app_id", day) {
                let id: Int64 = try row.get(0)
                result[id, default: (0, 0, 0)].views = try row.get(1)
                result[id, default: (0, 0, 0)].shares = try row.get(2)
            }
            for (item, count) in try FavoriteStore.counts(app: DealsApp.id, db: db) {
                guard let id = Int64(item) else { continue }
                result[id, default: (0, 0, 0)].favorites = count
            }
            return result
        }
    }

    /// Favourites (all time) and shares (all time) of the given apps, for the list rows.
    func counts(_ ids: [Int64]) throws -> [Int64: (favorites: Int64, shares: Int64)] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        return try database.read { db in
            var result: [Int64: (favorites: Int64, shares: Int64)] = [:]
            for row in try db.query("SELECT app_id, CAST(sum(shares) AS INTEGER) FROM appdeals_activity WHERE app_id IN (\(marks)) GROUP BY app_id",
                                    ids.map { SQLValue.integer($0) }) {
                result[try row.get(0), default: (0, 0)].shares = try row.get(1)
            }
            for (item, count) in try FavoriteStore.counts(app: DealsApp.id, items: ids.map { String($0) }, db: db) {
                guard let id = Int64(item) else { continue }
                result[id, default: (0, 0)].favorites = count
            }
            return result
        }
    }

    /// Counts one view or share of `id` on the UTC day of `time`.
    func record(_ kind: Activity, of id: Int64, at time: Int64) throws {
        try database.write { db in
            switch kind {
            case .view:
                try db.execute("""
                    INSERT INTO appdeals_activity (app_id, day, views) VALUES (?, ?, 1)
                    ON CONFLICT (app_id, day) DO UPDATE SET views = appdeals_activity.views + 1
                    """, id, time / 86_400)
            case .share:
                try db.execute("""
                    INSERT INTO appdeals_activity (app_id, day, shares) VALUES (?, ?, 1)
                    ON CONFLICT (app_id, day) DO UPDATE SET shares = appdeals_activity.shares + 1
                    """, id, time / 86_400)
            }
        }
    }

    enum Activity { case view, share }
}
