public import Foundation

/// An app in a 爱限免 list (`GET /api/v1/appdeals/apps`). Prices are decimal strings in the store currency
/// (`"8.00"`); `formattedPrice` is how that store shows it (`¥8.00`, `免费`, `$4.99`, `Free`).
public struct DealApp: Codable, Sendable, Equatable {
    /// The App Store track id (64-bit).
    public var id: Int64
    public var name: String
    /// The App Store icon through this server's image cache (`/images/appdeals/icon-{id}?v=…`), or a generated
    /// icon (`/appdeals/icons/{id}.svg`) when the store gave none. Same-origin paths.
    public var iconUrl: String
    /// The App Store's primary genre (`Games`, `Productivity`); nil when unknown.
    public var category: String?
    /// `game` (游戏) or `app` (应用); nil when the genre is unknown.
    public var kind: String?
    /// The current price; nil when no store gave one.
    public var price: String?
    /// The price before the current one (struck through on a deal); nil when the app has had one price.
    public var lastPrice: String?
    /// ISO 4217: `CNY` or `USD`.
    public var currency: String
    public var formattedPrice: String?
    public var formattedLastPrice: String?
    /// `limited` (限免), `sales` (降价), `free` (免费), `paid` (no deal); nil when only the 2016/17 US
    /// catalogue priced the app (no history).
    public var trend: String?
    /// When the current price began; nil without history.
    public var since: Date?
    /// When a 限免 ends (estimated unless `expiresEstimated` is false).
    public var expiresAt: Date?
    public var expiresEstimated: Bool
    /// True when the struck-through price is above `regularPrice`: raised shortly before the "sale".
    public var fakeDiscount: Bool
    /// The price the app sold at for longest in the 180 days before the deal began (deals only).
    public var regularPrice: String?
    /// Average rating 0–5; nil without ratings.
    public var rating: Double?
    public var ratingCount: Int64?
    /// Our users' favourites and shares of the app.
    public var favorites: Int64
    public var shares: Int64

    public init(id: Int64, name: String, iconUrl: String, category: String?, kind: String?, price: String?, lastPrice: String?,
                currency: String, formattedPrice: String?, formattedLastPrice: String?, trend: String?, since: Date?, expiresAt: Date?,
                expiresEstimated: Bool, fakeDiscount: Bool, regularPrice: String?, rating: Double?, ratingCount: Int64?,
                favorites: Int64, shares: Int64) {
        self.id = id
        self.name = name
        self.iconUrl = iconUrl
        self.category = category
        self.kind = kind
        self.price = price
        self.lastPrice = lastPrice
        self.currency = currency
        self.formattedPrice = formattedPrice
        self.formattedLastPrice = formattedLastPrice
        self.trend = trend
        self.since = since
        self.expiresAt = expiresAt
        self.expiresEstimated = expiresEstimated
        self.fakeDiscount = fakeDiscount
        self.regularPrice = regularPrice
        self.rating = rating
        self.ratingCount = ratingCount
        self.favorites = favorites
        self.shares = shares
    }
}

/// A keyset page of a tab (`?tab=limited|sales|free|hot&region=cn|us&category=&device=iphone|ipad|mac&q=&at=&cursor=&limit=1…100`).
public struct DealAppPage: Codable, Sendable, Equatable {
    public var items: [DealApp]
    /// Pass as `cursor` (with the same filters) for the next page; nil on the last page.
    public var nextCursor: String?
    /// The time the list is computed as of: `at`, or the newest observation ("数据更新于"); nil before any import.
    public var asOf: Date?

    public init(items: [DealApp], nextCursor: String?, asOf: Date?) {
        self.items = items
        self.nextCursor = nextCursor
        self.asOf = asOf
    }
}

/// One observed price (`priceHistory`): the price from `at` until the next point.
public struct DealPricePoint: Codable, Sendable, Equatable {
    public var at: Date
    /// Decimal string in the store currency.
    public var price: String

    public init(at: Date, price: String) {
        self.at = at
        self.price = price
    }
}

/// One app with its details and price history (`GET /api/v1/appdeals/apps/{id}?region=&at=`).
public struct DealAppDetail: Codable, Sendable, Equatable {
    public var app: DealApp
    public var englishName: String?
    /// Chinese genre names in the CN store (`游戏`, `策略`).
    public var genres: [String]
    /// Size in bytes.
    public var sizeBytes: Int64?
    public var version: String?
    /// Absent for first versions.
    public var releaseNotes: String?
    public var description: String?
    public var seller: String?
    /// How many screenshots the store lists.
    public var screenshotCount: Int
    /// The screenshots through this server's image cache (`/images/appdeals/shot-{id}-{n}?v=…`), in the store's order.
    public var screenshots: [String]
    /// The app's App Store page.
    public var storeUrl: String?
    /// Every price change in the region up to the as-of time, oldest first (in-app-purchase-only changes left out).
    public var priceHistory: [DealPricePoint]
    public var minPrice: String?
    public var maxPrice: String?
    public var asOf: Date?
    /// Whether the signed-in viewer saved it; nil when signed out.
    public var favorite: Bool?
    /// The signed-in viewer's price alert on it: `drop` or `free` (``DealAlert/when``); nil when none or signed out.
    public var alert: String?

    public init(app: DealApp, englishName: String?, genres: [String], sizeBytes: Int64?, version: String?, releaseNotes: String?,
                description: String?, seller: String?, screenshotCount: Int, screenshots: [String] = [], storeUrl: String?, priceHistory: [DealPricePoint],
                minPrice: String?, maxPrice: String?, asOf: Date?, favorite: Bool?, alert: String? = nil) {
        self.app = app
        self.englishName = englishName
        self.genres = genres
        self.sizeBytes = sizeBytes
        self.version = version
        self.releaseNotes = releaseNotes
        self.description = description
        self.seller = seller
        self.screenshotCount = screenshotCount
        self.screenshots = screenshots
        self.storeUrl = storeUrl
        self.priceHistory = priceHistory
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.asOf = asOf
        self.favorite = favorite
        self.alert = alert
    }
}

/// A 专题 (`GET /api/v1/appdeals/topics`): made by an editor (`editorial`, listed first in their order), or
/// generated from the deals as of the newest observation.
public struct DealTopic: Codable, Sendable, Equatable {
    /// An editor's topic: its number (`"12"`); a generated one: `limited-games`, `limited-apps`, `real-sales`, `all-time-low`.
    public var id: String
    /// In Chinese (``titleEn`` in English).
    public var title: String
    public var summary: String
    /// Apps in the topic (at least 4).
    public var appCount: Int
    /// The first four apps (every app from `GET …/topics/{id}`).
    public var apps: [DealApp]
    /// True for a topic made by an editor.
    public var editorial: Bool
    public var titleEn: String?
    public var summaryEn: String?
    /// The editor's cover picture (`/media/appdeals/topics/…`, a JPEG at most 1200 px wide), nil until one is uploaded.
    public var coverUrl: String?
    /// An editor's topic: its place in the list (smaller first).
    public var position: Int?
    public var updatedAt: Date?

    public init(id: String, title: String, summary: String, appCount: Int, apps: [DealApp], editorial: Bool = false,
                titleEn: String? = nil, summaryEn: String? = nil, coverUrl: String? = nil, position: Int? = nil, updatedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.summary = summary
        self.appCount = appCount
        self.apps = apps
        self.editorial = editorial
        self.titleEn = titleEn
        self.summaryEn = summaryEn
        self.coverUrl = coverUrl
        self.position = position
        self.updatedAt = updatedAt
    }
}

/// An editor's 专题 as an admin writes it (`POST /api/v1/appdeals/topics`, `PUT …/topics/{id}`); the cover is
/// uploaded apart (`PUT …/topics/{id}/cover`, multipart field `cover`).
public struct DealTopicInput: Codable, Sendable, Equatable {
    /// 1–60 characters each.
    public var title: String
    public var titleEn: String
    /// 1–1,000 characters; `summaryEn` may be left out (the Chinese text is shown instead).
    public var summary: String
    public var summaryEn: String?
    /// 4–50 distinct App Store ids of imported apps, in the order shown.
    public var appIds: [Int64]
    /// Place in the list, 0–10,000, smaller first (default 100); ties by id.
    public var position: Int?

    public init(title: String, titleEn: String, summary: String, summaryEn: String? = nil, appIds: [Int64], position: Int? = nil) {
        self.title = title
        self.titleEn = titleEn
        self.summary = summary
        self.summaryEn = summaryEn
        self.appIds = appIds
        self.position = position
    }
}

/// The topics with at least four apps (`GET /api/v1/appdeals/topics`); one with its apps (`GET …/topics/{id}`)
/// has every app in `apps`.
public struct DealTopicList: Codable, Sendable, Equatable {
    public var items: [DealTopic]
    public var asOf: Date?

    public init(items: [DealTopic], asOf: Date?) {
        self.items = items
        self.asOf = asOf
    }
}

/// A location as 周边 keeps it: rounded to 0.01° (about 1 km), never the precise one.
public struct DealLocation: Codable, Sendable, Equatable {
    /// Degrees, two decimals.
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }
}

/// 周边 (`GET /api/v1/appdeals/nearby?lat=&lon=`): apps favourited by users who shared their coarse location
/// within about 1.5 km (the same 0.01° cell or a neighbour); the given position is rounded and not stored.
public struct DealNearby: Codable, Sendable, Equatable {
    /// The rounded position the list is for.
    public var location: DealLocation
    /// Opted-in users nearby (the viewer not counted).
    public var users: Int64
    /// Most favourited first.
    public var items: [DealApp]

    public init(location: DealLocation, users: Int64, items: [DealApp]) {
        self.location = location
        self.users = users
        self.items = items
    }
}

/// What `PUT /api/v1/appdeals/alerts/{id}` sets: when to notify about the app's China-store price.
public struct DealAlertInput: Codable, Sendable, Equatable {
    /// `drop`: any price drop (降价 or 限免); `free`: only a drop to 0 (限免).
    public var when: String

    public init(when: String) {
        self.when = when
    }
}

/// A price alert on one of my favourite apps (`PUT /api/v1/appdeals/alerts/{id}`, `GET /api/v1/appdeals/alerts`).
/// It is delivered to the inbox (and by Web Push) as kind `appdeals.price-drop` or `appdeals.free` when the
/// poller records the drop.
public struct DealAlert: Codable, Sendable, Equatable {
    /// The App Store track id.
    public var appId: Int64
    public var name: String
    /// `drop` or `free`.
    public var when: String
    public var createdAt: Date
    /// The last notification it sent; nil before the first.
    public var lastNotifiedAt: Date?

    public init(appId: Int64, name: String, when: String, createdAt: Date, lastNotifiedAt: Date?) {
        self.appId = appId
        self.name = name
        self.when = when
        self.createdAt = createdAt
        self.lastNotifiedAt = lastNotifiedAt
    }
}

/// My price alerts, by app id (`GET /api/v1/appdeals/alerts`).
public struct DealAlertList: Codable, Sendable, Equatable {
    public var items: [DealAlert]

    public init(items: [DealAlert]) {
        self.items = items
    }
}
