public import AppHost
public import Foundation
public import Storage

/// `appsuite import appdeals PATH` (PATH = `../shared/data/appstore`): the US catalogue with descriptions
/// (7,197 apps), the CN and US price-change logs (4,325 and 5,568 rows), the CN limited-free periods (371),
/// the CN discount events (228) and the 103 CN Lookup objects. Every row is upserted by its natural key (App
/// Store track id; region + app + time), so a second run changes nothing. An app's metadata is merged in a
/// fixed order (catalogue, then the CN log's name, then the latest discount event, then the Lookup object),
/// newer and Chinese sources winning.
public struct DealImporter: DataImporter {
    public let database: any Database
    public var defaultFolder: String { "appstore" }

    public init(database: any Database) { self.database = database }

    public func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        func read(_ name: String) throws -> [CSVRecord] {
            let url = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            return CSVTable(data).records
        }
        var skipped: [(item: String, reason: String)] = []
        var apps: [Int64: AppRecord] = [:]

        let catalogue = try read("mobile_app_store_7200/apps.csv")
        var descriptions: [Int64: String] = [:]
        for record in try read("mobile_app_store_7200/descriptions.csv") {
            if let id = record["id"].flatMap({ Int64($0) }), let text = record["app_desc"] { descriptions[id] = text }
        }
        for (index, record) in catalogue.enumerated() {
            guard let id = record["id"].flatMap({ Int64($0) }), id > 0, let name = record["track_name"] else {
                skipped.append(("apps.csv row \(index + 2)", "no id or name"))
                continue
            }
            var app = AppRecord(id: id, name: name)
            app.englishName = name
            app.genre = record["prime_genre"]
            app.rating = record["user_rating"].flatMap { Double($0) }
            app.ratingCount = record["rating_count_tot"].flatMap { Int64($0) }
            app.sizeBytes = record["size_bytes"].flatMap { Int64($0) }
            app.version = record["ver"]
            app.contentRating = record["cont_rating"]
            app.description = descriptions[id]
            if let price = record["price"].flatMap(Money.minorUnits) {
                app.catalogPrice = price
                app.catalogCurrency = record["currency"] ?? Currency.usd.rawValue
            }
            app.metadataRegion = Region.us.rawValue
            apps[id] = app
        }

        var prices: [PriceRow] = []
        for region in Region.allCases {
            let file = "price_history/\(region.rawValue)_price_changes.csv"
            for (index, record) in try read(file).enumerated() {
                guard let id = record["app_id"].flatMap({ Int64($0) }), id > 0,
                      let millis = record["observed_at_ms"].flatMap({ Int64($0) }), let change = record["change"] else {
                    skipped.append(("\(file) row \(index + 2)", "no app id, time or change"))
                    continue
                }
                let price = record["price"].flatMap(Money.minorUnits)
                if record["price"] != nil && price == nil {
                    skipped.append(("\(file) row \(index + 2)", "price is not a decimal: \(record["price"] ?? "")"))
                    continue
                }
                prices.append(PriceRow(region: region, appID: id, at: millis / 1000, price: price, formatted: record["formatted_price"],
                                       iapCount: record["in_app_purchase_count"].flatMap { Int64($0) } ?? 0, change: change))
                // The CN store's name wins (it is the Chinese one); a US-only app keeps the catalogue's or its log's name.
                if let name = record["name"] {
                    if apps[id] == nil { apps[id] = AppRecord(id: id, name: name) } else if region == .cn { apps[id]?.name = name }
                }
            }
        }

        var periods: [FreePeriod] = []
        for (index, record) in try read("price_history/cn_limited_free_periods.csv").enumerated() {
            guard let id = record["app_id"].flatMap({ Int64($0) }), let from = record["free_from_utc"].flatMap(Self.time),
                  let regular = record["regular_price"].flatMap(Money.minorUnits) else {
                skipped.append(("cn_limited_free_periods.csv row \(index + 2)", "no app id, start or regular price"))
                continue
            }
            periods.append(FreePeriod(appID: id, from: from, until: record["free_until_utc"].flatMap(Self.time), regularPrice: regular))
        }

        var events: [EventRow] = []
        for (index, record) in try read("price_history/cn_discount_events.csv").enumerated() {
            guard let id = record["track_id"].flatMap({ Int64($0) }), let at = record["detected_at_utc"].flatMap(Self.time) else {
                skipped.append(("cn_discount_events.csv row \(index + 2)", "no track id or time"))
                continue
            }
            events.append(EventRow(appID: id, at: at, from: record["price_from"], to: record["price_to"],
                                   iapCount: record["iap_discount_count"].flatMap { Int64($0) } ?? 0, iap: record["iap_discounts"]))
            var app = apps[id] ?? AppRecord(id: id, name: record["track_name"] ?? String(id))
            if let name = record["track_name"] { app.name = name }
            app.genre = record["primary_genre_name"] ?? app.genre
            app.genresZh = record["genres"] ?? app.genresZh
            app.rating = record["average_user_rating"].flatMap { Double($0) } ?? app.rating
            app.ratingCount = record["user_rating_count"].flatMap { Int64($0) } ?? app.ratingCount
            app.sizeBytes = record["file_size_bytes"].flatMap { Int64($0) } ?? app.sizeBytes
            app.version = record["version"] ?? app.version
            app.seller = record["seller_name"] ?? app.seller
            app.iconURL = record["artwork_url_100"] ?? app.iconURL
            app.storeURL = record["track_view_url"] ?? app.storeURL
            if record["kind"] == "mac-software" { app.devices = ["mac"] }
            app.metadataRegion = Region.cn.rawValue
            apps[id] = app
        }

        let lookupFile = folder.appendingPathComponent("itunes_api/cn/lookup_results_latest.jsonl")
        guard let lookupData = FileManager.default.contents(atPath: lookupFile.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: lookupFile.path])
        }
        for (index, line) in lookupData.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                  let result = (object["result"] as? [String: Any]).flatMap(LookupResult.init) else {
                skipped.append(("lookup_results_latest.jsonl line \(index + 1)", "not a Lookup result object"))
                continue
            }
            var app = apps[result.id] ?? AppRecord(id: result.id, name: result.name ?? String(result.id))
            app.apply(result)
            apps[result.id] = app
        }

        let total = apps.count + prices.count + periods.count + events.count
        var done = 0
        try database.write { db in
            for app in apps.values.sorted(by: { $0.id < $1.id }) {
                try app.upsert(db)
                done += 1
                if done % 1000 == 0 { progress(ImportProgress(done: done, total: total, item: "apps")) }
            }
            for row in prices {
                try db.execute("""
                    INSERT INTO appdeals_prices (region, app_id, observed_at, price, currency, formatted_price, iap_count, change)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (region, app_id, observed_at) DO UPDATE SET price = excluded.price, currency = excluded.currency,
                        formatted_price = excluded.formatted_price, iap_count = excluded.iap_count, change = excluded.change
                    """, row.region.rawValue, row.appID, row.at, row.price, row.region.currency.rawValue, row.formatted, row.iapCount, row.change)
                done += 1
                if done % 1000 == 0 { progress(ImportProgress(done: done, total: total, item: "price history")) }
            }
            for period in periods {
                try db.execute("""
                    INSERT INTO appdeals_free_periods (region, app_id, free_from, free_until, regular_price) VALUES ('cn', ?, ?, ?, ?)
                    ON CONFLICT (region, app_id, free_from) DO UPDATE SET free_until = excluded.free_until, regular_price = excluded.regular_price
                    """, period.appID, period.from, period.until, period.regularPrice)
            }
            for event in events {
                try db.execute("""
                    INSERT INTO appdeals_discount_events (region, app_id, detected_at, price_from, price_to, iap_discount_count, iap_discounts)
                    VALUES ('cn', ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (region, app_id, detected_at) DO UPDATE SET price_from = excluded.price_from, price_to = excluded.price_to,
                        iap_discount_count = excluded.iap_discount_count, iap_discounts = excluded.iap_discounts
                    """, event.appID, event.at, event.from, event.to, event.iapCount, event.iap)
            }
            try DealStore.bumpVersion(db)
        }
        progress(ImportProgress(done: total, total: total, item: "done"))
        return ImportSummary(imported: total, skipped: skipped)
    }

    /// UTC seconds of an ISO 8601 time such as `2025-07-01T01:09:44Z`.
    static func time(_ text: String) -> Int64? {
        (try? Date(text, strategy: .iso8601)).map { Int64($0.timeIntervalSince1970) }
    }

    struct PriceRow {
        var region: Region
        var appID: Int64
        var at: Int64
        var price: Int64?
        var formatted: String?
        var iapCount: Int64
        var change: String
    }

    struct EventRow {
        var appID: Int64
        var at: Int64
        var from: String?
        var to: String?
        var iapCount: Int64
        var iap: String?
    }
}

/// One app's merged metadata as the importer and the poller write it.
struct AppRecord: Sendable {
    var id: Int64
    var name: String
    var englishName: String?
    var genre: String?
    var genresZh: String?
    var devices: [String] = []
    var rating: Double?
    var ratingCount: Int64?
    var sizeBytes: Int64?
    var version: String?
    var releaseNotes: String?
    /// From the Lookup dates (``LookupResult/isFirstVersion``); nil when unknown (the US 2016 data has no dates).
    var isFirstVersion: Bool?
    var description: String?
    var seller: String?
    var iconURL: String?
    var screenshotURLs: [String] = []
    var storeURL: String?
    var contentRating: String?
    var catalogPrice: Int64?
    var catalogCurrency: String?
    var metadataRegion: String?

    init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    /// Takes every field a Lookup result has (a Lookup object is the newest, most complete source).
    mutating func apply(_ result: LookupResult) {
        name = result.name ?? name
        genre = result.genre ?? genre
        if !result.genresZh.isEmpty { genresZh = result.genresZh.joined(separator: "|") }
        if !result.devices.isEmpty { devices = result.devices }
        rating = result.rating ?? rating
        ratingCount = result.ratingCount ?? ratingCount
        sizeBytes = result.sizeBytes ?? sizeBytes
        version = result.version ?? version
        releaseNotes = result.releaseNotes
        isFirstVersion = result.isFirstVersion
        description = result.description ?? description
        seller = result.seller ?? seller
        iconURL = result.iconURL ?? iconURL
        screenshotURLs = result.screenshotURLs
        storeURL = result.storeURL ?? storeURL
        contentRating = result.contentRating ?? contentRating
        metadataRegion = Region.cn.rawValue
    }

    /// Lower-cased names and seller: what search matches (CJK needs no case folding; `LIKE` finds substrings).
    var searchText: String {
        [name, englishName, seller].compactMap { $0 }.joined(separator: " ").lowercased()
    }

    func upsert(_ db: any SQLExecutor) throws(StorageError) {
        try db.execute("""
            INSERT INTO appdeals_apps (id, name, english_name, search_text, genre, genres_zh, is_game, devices, rating, rating_count,
                size_bytes, version, release_notes, description, seller, icon_url, screenshot_urls, store_url, content_rating,
                catalog_price, catalog_currency, metadata_region, first_version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, english_name = excluded.english_name, search_text = excluded.search_text,
                genre = excluded.genre, genres_zh = excluded.genres_zh, is_game = excluded.is_game, devices = excluded.devices,
                rating = excluded.rating, rating_count = excluded.rating_count, size_bytes = excluded.size_bytes, version = excluded.version,
                release_notes = excluded.release_notes, description = excluded.description, seller = excluded.seller,
                icon_url = excluded.icon_url, screenshot_urls = excluded.screenshot_urls, store_url = excluded.store_url,
                content_rating = excluded.content_rating, catalog_price = excluded.catalog_price,
                catalog_currency = excluded.catalog_currency, metadata_region = excluded.metadata_region,
                first_version = excluded.first_version
            """, [
                .integer(id), .text(name), englishName.sqlValue, .text(searchText), genre.sqlValue, genresZh.sqlValue,
                genre.map { Int64($0 == "Games" ? 1 : 0) }.sqlValue,
                devices.isEmpty ? .null : .text("," + devices.joined(separator: ",") + ","), rating.sqlValue, ratingCount.sqlValue,
                sizeBytes.sqlValue, version.sqlValue, releaseNotes.sqlValue, description.sqlValue, seller.sqlValue, iconURL.sqlValue,
                screenshotURLs.isEmpty ? .null : .text(screenshotURLs.joined(separator: "\n")), storeURL.sqlValue, contentRating.sqlValue,
                catalogPrice.sqlValue, catalogCurrency.sqlValue, metadataRegion.sqlValue, isFirstVersion.map { Int64($0 ? 1 : 0) }.sqlValue,
            ])
    }
}
