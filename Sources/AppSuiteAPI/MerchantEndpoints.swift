/// 商户 Merchants: every `/api/v1/merchants/…` endpoint, declared once. Lookups are open to everyone; positions are
/// WGS-84 decimal degrees unless named otherwise; prices are fen.
public enum MerchantEndpoints {
    /// Lookups change when merchants, reviews or photos are approved: a minute's staleness is what a cache may add.
    static let lookup = CachePolicy.publicFor(seconds: 60)
    static let noMerchant = DocumentedError(404, "No merchant has this id")

    public static let nearby = Endpoint<MerchantNearbyQuery, NoBody, MerchantList>(
        .get, "/api/v1/merchants/nearby", summary: "Merchants within a radius: filters, sort by distance, rating or price, keyset pages",
        access: .anyone, cache: lookup)
    public static let search = Endpoint<MerchantSearchQuery, NoBody, MerchantList>(
        .get, "/api/v1/merchants/search",
        summary: "Search names, categories and addresses (Traditional/Simplified folded), ranked by match then distance", access: .anyone, cache: lookup)
    public static let shake = Endpoint<MerchantShakeQuery, NoBody, MerchantSummary>(
        .get, "/api/v1/merchants/shake", summary: "摇一摇: one random merchant open now within the radius, never the previous one",
        access: .anyone, errors: [.init(404, "Nothing (else) open nearby")])
    public static let coordinates = Endpoint<MerchantCoordinatesQuery, NoBody, MerchantCoordinates>(
        .get, "/api/v1/merchants/coordinates", summary: "Convert a point between WGS-84 and GCJ-02", access: .anyone,
        cache: .publicFor(seconds: 86_400))
    public static let submit = Endpoint<NoQuery, MerchantSubmissionInput, MerchantSubmission>(
        .post, "/api/v1/merchants/submissions", summary: "Add a merchant: queued for a moderator, the submitter notified of the decision",
        limit: .content, status: 201,
        errors: [.init(422, "Invalid field, or a pin outside the covered area"), .init(429, "Too many submissions this hour; Retry-After")])
    public static let merchant = Endpoint<MerchantPointQuery, NoBody, MerchantDetail>(
        .get, "/api/v1/merchants/{id}", summary: "One merchant: hours, source and licence, rating distribution, imported reviews",
        access: .anyone, cache: lookup, errors: [noMerchant])
    public static let photos = Endpoint<NoQuery, NoBody, MerchantPhotoList>(
        .get, "/api/v1/merchants/{id}/photos", summary: "A merchant's approved photos, and the signed-in viewer's own still held for review",
        access: .anyone, cache: lookup, errors: [noMerchant])
    public static let uploadPhotos = Endpoint<NoQuery, MerchantPhotoForm, MerchantPhotoUpload>(
        .post, "/api/v1/merchants/{id}/photos",
        summary: "Upload 1–9 photos: re-encoded upright without metadata, held for a moderator; at most 30 an hour", limit: .upload, status: 202,
        errors: [.init(403, "Banned"), noMerchant, .init(413, "A photo over 64 MiB"),
                 .init(422, "No photo, more than 9, not a usable picture or over 100 megapixels (errors name 'photo'), or a bad 'alt'"),
                 .init(429, "Over 30 photos this hour; Retry-After"),
                 .init(507, "Over the account's merchant-photo quota (urn:appsuite:problem:quota-exceeded), or the server's disk is full")])
    public static let articles = Endpoint<NoQuery, NoBody, MerchantArticleList>(
        .get, "/api/v1/merchants/{id}/articles", summary: "The owner's articles and promotions (文章 / 优惠活动), newest first",
        access: .anyone, cache: lookup, errors: [noMerchant])
    public static let article = Endpoint<NoQuery, NoBody, MerchantArticle>(
        .get, "/api/v1/merchants/{id}/articles/{articleID}", summary: "One article: its Markdown source and the HTML rendered from it",
        access: .anyone, cache: lookup, errors: [.init(404, "Unknown merchant or article")])
    public static let publish = Endpoint<NoQuery, MerchantArticleInput, MerchantArticle>(
        .post, "/api/v1/merchants/{id}/articles", summary: "Publish an article (the merchant's owner or an admin; Markdown, safe subset)",
        limit: .content, status: 201,
        errors: [.init(403, "Not the owner or an admin, or banned"), noMerchant, .init(409, "The merchant has 50 articles"),
                 .init(429, "5 new articles this hour; Retry-After")])
    public static let replace = Endpoint<NoQuery, MerchantArticleInput, MerchantArticle>(
        .put, "/api/v1/merchants/{id}/articles/{articleID}", summary: "Replace an article's title, text and dates (the owner or an admin)",
        limit: .content, errors: [.init(403, "Not the owner or an admin, or banned"), .init(404, "Unknown merchant or article")])
    public static let delete = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/merchants/{id}/articles/{articleID}", summary: "Delete an article (the owner, an admin or a moderator)",
        errors: [.init(403, "Not allowed"), .init(404, "Unknown merchant or article")])

    public static let group = EndpointGroup(tag: "Merchants 商户", [
        nearby, search, shake, coordinates, merchant, submit, photos, uploadPhotos, articles, article, publish, replace, delete,
    ])
}

/// A merchant category: the normalised OpenStreetMap categories plus `ktv` (the API's `category` values).
public enum MerchantCategoryID: String, CaseIterable, Codable, Sendable, QueryChoice {
    case restaurant, fastFood = "fast_food", cafe, supermarket, convenience, shop, hairdresser, fitness, hotel, pharmacy, ktv
}

/// The order of a nearby list.
public enum MerchantSort: String, CaseIterable, Codable, Sendable, QueryChoice {
    case distance, rating, price
}

/// A geodetic datum of coordinates: WGS-84 (GPS) or GCJ-02 (the map datum mandated in mainland China).
public enum MerchantDatum: String, CaseIterable, Codable, Sendable, QueryChoice {
    case wgs84, gcj02
}

/// `GET /api/v1/merchants/nearby`.
public struct MerchantNearbyQuery: QueryDecodable, Equatable {
    public var lat: Double
    public var lon: Double
    /// Metres.
    public var radius: Double
    public var category: MerchantCategoryID?
    /// True: only merchants known to be open now.
    public var openNow: Bool?
    /// 人均 at least, fen.
    public var minPrice: Int64?
    /// 人均 at most, fen.
    public var maxPrice: Int64?
    public var minRating: Double?
    public var sort: MerchantSort
    /// The previous page's `nextCursor`.
    public var cursor: String?
    public var limit: Int

    public init(lat: Double, lon: Double, radius: Double = 1_000, category: MerchantCategoryID? = nil, openNow: Bool? = nil,
                minPrice: Int64? = nil, maxPrice: Int64? = nil, minRating: Double? = nil, sort: MerchantSort = .distance,
                cursor: String? = nil, limit: Int = 20) {
        (self.lat, self.lon, self.radius, self.category, self.openNow) = (lat, lon, radius, category, openNow)
        (self.minPrice, self.maxPrice, self.minRating, self.sort, self.cursor, self.limit) = (minPrice, maxPrice, minRating, sort, cursor, limit)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        lat = try query.required("lat", in: -90...90, "WGS-84 latitude, degrees")
        lon = try query.required("lon", in: -180...180, "WGS-84 longitude, degrees")
        radius = try query.value("radius", in: 1...50_000, default: 1_000, "metres")
        category = try query.optional("category", "a merchant category")
        openNow = try query.optional("openNow", "true: only merchants open now (unknown hours excluded)")
        minPrice = try query.optional("minPrice", in: 0...100_000_000, "人均 at least, fen")
        maxPrice = try query.optional("maxPrice", in: 0...100_000_000, "人均 at most, fen")
        try query.check((minPrice ?? 0) <= (maxPrice ?? .max), "maxPrice", zh: "maxPrice 不能小于 minPrice。", en: "maxPrice must not be below minPrice.")
        minRating = try query.optional("minRating", in: 1...5, "rating at least")
        sort = try query.value("sort", default: .distance, "the order")
        cursor = try query.text("cursor", maxLength: 200, "nextCursor of the previous page")
        limit = try query.value("limit", in: 1...50, default: 20, "page size")
    }
}

/// `GET /api/v1/merchants/search`.
public struct MerchantSearchQuery: QueryDecodable, Equatable {
    public var q: String
    public var lat: Double?
    public var lon: Double?
    public var limit: Int

    public init(q: String, lat: Double? = nil, lon: Double? = nil, limit: Int = 20) {
        (self.q, self.lat, self.lon, self.limit) = (q, lat, lon, limit)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        q = try query.requiredText("q", maxLength: 64, "words to find")
        lat = try query.optional("lat", in: -90...90, "WGS-84 latitude, for distances")
        lon = try query.optional("lon", in: -180...180, "WGS-84 longitude, for distances")
        try query.check((lat == nil) == (lon == nil), lat == nil ? "lat" : "lon", zh: "lat 和 lon 须同时给出。", en: "Give lat and lon together.")
        limit = try query.value("limit", in: 1...50, default: 20, "page size")
    }
}

/// `GET /api/v1/merchants/shake`.
public struct MerchantShakeQuery: QueryDecodable, Equatable {
    public var lat: Double
    public var lon: Double
    public var radius: Double
    public var category: MerchantCategoryID?
    /// The id shown last, never picked again.
    public var previous: Int64?

    public init(lat: Double, lon: Double, radius: Double = 1_000, category: MerchantCategoryID? = nil, previous: Int64? = nil) {
        (self.lat, self.lon, self.radius, self.category, self.previous) = (lat, lon, radius, category, previous)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        lat = try query.required("lat", in: -90...90, "WGS-84 latitude, degrees")
        lon = try query.required("lon", in: -180...180, "WGS-84 longitude, degrees")
        radius = try query.value("radius", in: 1...50_000, default: 1_000, "metres")
        category = try query.optional("category", "a merchant category")
        previous = try query.optional("previous", in: 1...Int64.max, "the id shown last")
    }
}

/// `GET /api/v1/merchants/coordinates`.
public struct MerchantCoordinatesQuery: QueryDecodable, Equatable {
    public var from: MerchantDatum
    public var to: MerchantDatum
    public var lat: Double
    public var lon: Double

    public init(from: MerchantDatum, to: MerchantDatum, lat: Double, lon: Double) {
        (self.from, self.to, self.lat, self.lon) = (from, to, lat, lon)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        from = try query.required("from", "the datum of lat/lon")
        to = try query.required("to", "the datum to convert to")
        lat = try query.required("lat", in: -90...90, "latitude in `from`, degrees")
        lon = try query.required("lon", in: -180...180, "longitude in `from`, degrees")
    }
}

/// `GET /api/v1/merchants/{id}`: an optional position for the distance.
public struct MerchantPointQuery: QueryDecodable, Equatable {
    public var lat: Double?
    public var lon: Double?

    public init(lat: Double? = nil, lon: Double? = nil) {
        (self.lat, self.lon) = (lat, lon)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        lat = try query.optional("lat", in: -90...90, "WGS-84 latitude, for the distance")
        lon = try query.optional("lon", in: -180...180, "WGS-84 longitude, for the distance")
        try query.check((lat == nil) == (lon == nil), lat == nil ? "lat" : "lon", zh: "lat 和 lon 须同时给出。", en: "Give lat and lon together.")
    }
}

/// `POST /api/v1/merchants/{id}/photos`.
public struct MerchantPhotoForm: UploadForm {
    public static let fields: [MultipartField] = [
        MultipartField("photo", .files(maxCount: 9, maxBytes: 64 << 20), required: true, "1–9 pictures, each at most 64 MiB and 100 megapixels"),
        MultipartField("alt", .text(maxLength: 100), "what the photos show, for screen readers"),
    ]
}
