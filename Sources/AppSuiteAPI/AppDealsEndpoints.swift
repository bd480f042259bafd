/// 爱限免 App Deals: every `/api/v1/appdeals/…` endpoint, declared once. Prices are decimal amounts in the store's
/// currency (CNY for `cn`, USD for `us`); times are UTC. Favourites and share links are the community endpoints
/// (`/api/v1/favorites/appdeals/{id}`, `/api/v1/shares/appdeals/{id}`).
public enum AppDealsEndpoints {
    static let noApp = DocumentedError(404, "No such app")
    static let noEditorsTopic = DocumentedError(404, "No editor's topic with this id")

    public static let apps = Endpoint<DealAppsQuery, NoBody, DealAppPage>(
        .get, "/api/v1/appdeals/apps", summary: "A tab of deals (限免/降价/免费) or 热榜, filtered and searched, as of a time",
        access: .anyone, cache: .revalidate,
        errors: [.init(422, "An unknown tab, region, category or device, or a bad at, limit, cursor or q (errors name it)")])
    public static let app = Endpoint<DealAppQuery, NoBody, DealAppDetail>(
        .get, "/api/v1/appdeals/apps/{id}", summary: "An app with its price history in a region, as of a time", access: .anyone,
        cache: .revalidate, errors: [noApp])
    public static let setEnd = Endpoint<NoQuery, DealKnownEndInput, DealApp>(
        .put, "/api/v1/appdeals/apps/{id}/end",
        summary: "Set the known end of an app's current 限免 in the China store (curators); shown instead of the estimate until its next price change",
        access: .permission("curate"), errors: [noApp, .init(409, "The app is not 限免 now")])
    public static let clearEnd = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/appdeals/apps/{id}/end", summary: "Clear an app's known end (curators): the estimate shows again",
        access: .permission("curate"), errors: [.init(404, "No such app or no known end")])
    public static let nearby = Endpoint<DealNearbyQuery, NoBody, DealNearby>(
        .get, "/api/v1/appdeals/nearby",
        summary: "周边: apps favourited by opted-in users within about 1.5 km (the position is rounded to 0.01° and not stored)",
        access: .anyone, cache: .revalidate)
    public static let shareLocation = Endpoint<NoQuery, DealLocation, DealLocation>(
        .put, "/api/v1/appdeals/location", summary: "Share my location for 周边, rounded to 0.01° before it is stored; answers the rounded location",
        errors: [.init(400, "A malformed body, or an out-of-range lat or lon")])
    public static let forgetLocation = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/appdeals/location", summary: "Stop sharing my location (the rounded one is deleted)")
    public static let alerts = Endpoint<NoQuery, NoBody, DealAlertList>(
        .get, "/api/v1/appdeals/alerts", summary: "My price alerts")
    public static let setAlert = Endpoint<NoQuery, DealAlertInput, DealAlert>(
        .put, "/api/v1/appdeals/alerts/{id}",
        summary: "Set my price alert on an app (saved to my favourites too): notify on any drop (drop) or only a drop to free (free)",
        limit: .reaction,
        errors: [.init(400, "A malformed body or an unknown when"), noApp, .init(422, "An app whose China store price this server does not follow (US data only): no alert could fire")])
    public static let removeAlert = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/appdeals/alerts/{id}", summary: "Remove my price alert on an app (the favourite stays); 204 also when there was none",
        limit: .reaction)
    public static let topics = Endpoint<NoQuery, NoBody, DealTopicList>(
        .get, "/api/v1/appdeals/topics", summary: "专题: the editors' ones in their order, then those generated from the newest deals",
        access: .anyone, cache: .revalidate)
    public static let topic = Endpoint<NoQuery, NoBody, DealTopic>(
        .get, "/api/v1/appdeals/topics/{id}", summary: "One 专题 with all its apps", access: .anyone, cache: .revalidate,
        errors: [.init(404, "No such topic")], textParameters: ["id"])
    public static let addTopic = Endpoint<NoQuery, DealTopicInput, DealTopic>(
        .post, "/api/v1/appdeals/topics", summary: "Add an editor's 专题 (curators): titles, text, 4–50 imported apps, a position",
        access: .permission("curate"), limit: .content, status: 201,
        errors: [.init(422, "A field out of its limits, fewer than 4 or more than 50 apps, or unknown app ids")])
    public static let replaceTopic = Endpoint<NoQuery, DealTopicInput, DealTopic>(
        .put, "/api/v1/appdeals/topics/{id}", summary: "Replace an editor's 专题's texts, apps and position (curators)",
        access: .permission("curate"), limit: .content,
        errors: [noEditorsTopic, .init(422, "A field out of its limits, fewer than 4 or more than 50 apps, or unknown app ids")])
    public static let deleteTopic = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/appdeals/topics/{id}", summary: "Delete an editor's 专题 and its cover (curators)", access: .permission("curate"),
        errors: [noEditorsTopic])
    public static let topicCover = Endpoint<NoQuery, DealCoverForm, DealTopic>(
        .put, "/api/v1/appdeals/topics/{id}/cover",
        summary: "Upload an editor's 专题's cover (curators): any picture within 100 megapixels and 64 MiB, turned upright, stripped of metadata and re-encoded as a JPEG of at most 1200 px",
        access: .permission("curate"), limit: .upload,
        errors: [noEditorsTopic, .init(422, "No cover, or a picture that cannot be read or is too large (errors name cover)")])

    public static let group = EndpointGroup(tag: "AppDeals", [
        apps, app, setEnd, clearEnd, nearby, shareLocation, forgetLocation, alerts, setAlert, removeAlert,
        topics, topic, addTopic, replaceTopic, deleteTopic, topicCover,
    ])
}

/// A list of App Deals: a deal tab or 热榜.
public enum DealTab: String, CaseIterable, Codable, Sendable, QueryChoice {
    /// 限免, 降价, 免费, 热榜.
    case limited, sales, free, hot
}

/// An App Store storefront: China (prices in CNY) or the United States (USD).
public enum DealRegion: String, CaseIterable, Codable, Sendable, QueryChoice {
    case cn, us
}

/// A device an app runs on.
public enum DealDevice: String, CaseIterable, Codable, Sendable, QueryChoice {
    case iphone, ipad, mac
}

/// `GET /api/v1/appdeals/apps` (and the list pages).
public struct DealAppsQuery: QueryDecodable, Equatable {
    public static let maximumSearchLength = 100

    public var tab: DealTab
    public var region: DealRegion
    /// A primary genre as the App Store names it (`Games`, `Productivity`), any case.
    public var category: String?
    public var device: DealDevice?
    /// Search in Chinese, English or mixed names (Traditional folded to Simplified).
    public var q: String?
    /// The as-of time: ISO 8601, a UTC date (`2026-05-01`) or UTC seconds; nil: the newest observation.
    public var at: String?
    /// The previous page's `nextCursor`.
    public var cursor: String?
    public var limit: Int

    public init(tab: DealTab = .limited, region: DealRegion = .cn, category: String? = nil, device: DealDevice? = nil, q: String? = nil,
                at: String? = nil, cursor: String? = nil, limit: Int = 20) {
        (self.tab, self.region, self.category, self.device, self.q) = (tab, region, category, device, q)
        (self.at, self.cursor, self.limit) = (at, cursor, limit)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        tab = try query.value("tab", default: .limited, "limited (限免), sales (降价), free (免费) or hot (热榜)")
        region = try query.value("region", default: .cn, "the store: cn or us")
        category = try query.text("category", maxLength: 64, "a primary genre, e.g. Games")
        device = try query.optional("device", "only apps for this device")
        q = try query.text("q", maxLength: Self.maximumSearchLength, "search in Chinese, English or mixed names")
        at = try query.text("at", maxLength: 32, "as-of time: ISO 8601, a UTC date or UTC seconds (default: the newest observation)")
        cursor = try query.text("cursor", maxLength: 64, "nextCursor of the previous page")
        limit = try query.value("limit", in: 1...100, default: 20, "page size")
    }
}

/// `GET /api/v1/appdeals/apps/{id}` (and the app page).
public struct DealAppQuery: QueryDecodable, Equatable {
    public var region: DealRegion
    /// As ``DealAppsQuery/at``.
    public var at: String?

    public init(region: DealRegion = .cn, at: String? = nil) {
        (self.region, self.at) = (region, at)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        region = try query.value("region", default: .cn, "the store: cn or us")
        at = try query.text("at", maxLength: 32, "as-of time: ISO 8601, a UTC date or UTC seconds (default: the newest observation)")
    }
}

/// `GET /api/v1/appdeals/nearby`.
public struct DealNearbyQuery: QueryDecodable, Equatable {
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        (self.lat, self.lon) = (lat, lon)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        lat = try query.required("lat", in: -90...90, "WGS-84 latitude, degrees (rounded to 0.01°, not stored)")
        lon = try query.required("lon", in: -180...180, "WGS-84 longitude, degrees (rounded to 0.01°, not stored)")
    }
}

/// `PUT /api/v1/appdeals/topics/{id}/cover`.
public struct DealCoverForm: UploadForm {
    public static let fields: [MultipartField] = [
        MultipartField("cover", .files(maxCount: 1, maxBytes: 64 << 20), required: true, "a picture, at most 64 MiB and 100 megapixels"),
    ]
}
