import AppSuiteAPI
import HTTPServer

/// The OpenAPI entries of every `/api/v1/merchants/…` route.
enum MerchantsOpenAPI {
    static let tag = "Merchants 商户"
    static let problem = JSONSchema.reference("Problem")

    static func outcome(_ status: Int, _ description: String) -> APIOperation.Outcome {
        .init(status, description, schema: problem, mediaType: "application/problem+json")
    }

    static let lat = APIOperation.Parameter("lat", in: .query, required: true, schema: .number(), description: "WGS-84 latitude, degrees")
    static let lon = APIOperation.Parameter("lon", in: .query, required: true, schema: .number(), description: "WGS-84 longitude, degrees")
    static let optionalLat = APIOperation.Parameter("lat", in: .query, schema: .number(), description: "WGS-84 latitude, for distances")
    static let optionalLon = APIOperation.Parameter("lon", in: .query, schema: .number(), description: "WGS-84 longitude, for distances")
    static let radius = APIOperation.Parameter("radius", in: .query, schema: .number(), description: "metres (default 1000, at most 50 km)")
    static let category = APIOperation.Parameter("category", in: .query, schema: .string(maxLength: 32),
                                                 description: "restaurant, fast_food, cafe, supermarket, convenience, shop, hairdresser, fitness, hotel, pharmacy or ktv")
    static let limit = APIOperation.Parameter("limit", in: .query, schema: .integer(minimum: 1, maximum: 50), description: "page size (default 20)")

    static let operations: [APIOperation] = [
        APIOperation(.get, APIPath.Merchants.nearby, summary: "Merchants within a radius: filters, sort by distance, rating or price, keyset pages", tag: tag,
                     parameters: [lat, lon, radius, category,
                                  .init("openNow", in: .query, schema: .string(maxLength: 5), description: "true: only merchants open now (unknown hours excluded)"),
                                  .init("minPrice", in: .query, schema: .integer(minimum: 0, maximum: 100_000_000), description: "人均 at least, fen"),
                                  .init("maxPrice", in: .query, schema: .integer(minimum: 0, maximum: 100_000_000), description: "人均 at most, fen"),
                                  .init("minRating", in: .query, schema: .number(), description: "rating at least"),
                                  .init("sort", in: .query, schema: .string(maxLength: 8), description: "distance (default), rating or price"),
                                  .init("cursor", in: .query, schema: .string(maxLength: 200), description: "nextCursor of the previous page"), limit],
                     responses: [.init(200, "A page of merchants", schema: .ref(MerchantList.self)), outcome(422, "Invalid parameter (named in errors)")]),
        APIOperation(.get, APIPath.Merchants.search, summary: "Search names, categories and addresses (Traditional/Simplified folded), ranked by match then distance", tag: tag,
                     parameters: [.init("q", in: .query, required: true, schema: .string(maxLength: 64), description: "words to find"), optionalLat, optionalLon, limit],
                     responses: [.init(200, "The best matches", schema: .ref(MerchantList.self)), outcome(422, "Invalid parameter")]),
        APIOperation(.get, APIPath.Merchants.shake, summary: "摇一摇: one random merchant open now within the radius, never the previous one", tag: tag,
                     parameters: [lat, lon, radius, category, .init("previous", in: .query, schema: .integer(), description: "the id shown last")],
                     responses: [.init(200, "A merchant", schema: .ref(MerchantSummary.self)), outcome(404, "Nothing (else) open nearby"),
                                 outcome(422, "Invalid parameter")]),
        APIOperation(.get, APIPath.Merchants.coordinates, summary: "Convert a point between WGS-84 and GCJ-02", tag: tag,
                     parameters: [.init("from", in: .query, required: true, schema: .string(maxLength: 5), description: "wgs84 or gcj02"),
                                  .init("to", in: .query, required: true, schema: .string(maxLength: 5), description: "wgs84 or gcj02"),
                                  .init("lat", in: .query, required: true, schema: .number(), description: "latitude in `from`"),
                                  .init("lon", in: .query, required: true, schema: .number(), description: "longitude in `from`")],
                     responses: [.init(200, "The converted point", schema: .ref(MerchantCoordinates.self)), outcome(422, "Invalid parameter")]),
        APIOperation(.get, APIPath.Merchants.merchant, summary: "One merchant: hours, source and licence, rating distribution, imported reviews", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer()), optionalLat, optionalLon],
                     responses: [.init(200, "The merchant", schema: .ref(MerchantDetail.self)), outcome(404, "Unknown id"), outcome(422, "Invalid lat/lon")]),
        APIOperation(.get, APIPath.Merchants.photos, summary: "A merchant's approved photos, and the signed-in viewer's own still held for review", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer())],
                     responses: [.init(200, "The photos", schema: .ref(MerchantPhotoList.self)), outcome(404, "Unknown id")]),
        APIOperation(.post, APIPath.Merchants.photos,
                     summary: "Upload 1–9 photos (multipart field 'photo', each at most 64 MiB and 100 megapixels; optional 'alt', at most 100 characters): "
                         + "re-encoded upright without metadata, held for a moderator; at most 30 an hour", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer())],
                     requestBody: .object([("photo", .array(.string(format: "binary"))), ("alt", .string(maxLength: 100))]), requestMediaType: "multipart/form-data",
                     responses: [.init(202, "Held for review", schema: .ref(MerchantPhotoUpload.self)), outcome(401, "Not signed in"),
                                 outcome(403, "Banned"), outcome(404, "Unknown id"), outcome(413, "A photo over 64 MiB"),
                                 outcome(422, "No photo, more than 9, not a usable picture or over 100 megapixels (errors name 'photo'), or a bad 'alt'"),
                                 outcome(429, "Over 30 photos this hour; Retry-After"),
                                 outcome(507, "Over the account's merchant-photo quota (urn:appsuite:problem:quota-exceeded), or the server's disk is full")],
                     requiresAuthentication: true),
        APIOperation(.post, APIPath.Merchants.submissions, summary: "Add a merchant: queued for a moderator, the submitter notified of the decision", tag: tag,
                     requestBody: .ref(MerchantSubmissionInput.self),
                     responses: [.init(201, "Queued, with a possible duplicate flagged", schema: .ref(MerchantSubmission.self)),
                                 outcome(422, "Invalid field, or a pin outside the covered area"), outcome(429, "Too many submissions this hour; Retry-After")],
                     requiresAuthentication: true),
        APIOperation(.get, APIPath.Merchants.articles, summary: "The owner's articles and promotions (文章 / 优惠活动), newest first", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer())],
                     responses: [.init(200, "At most 50 articles", schema: .ref(MerchantArticleList.self)), outcome(404, "Unknown merchant")]),
        APIOperation(.post, APIPath.Merchants.articles, summary: "Publish an article (the merchant's owner or an admin; Markdown, safe subset)", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer())], requestBody: .ref(MerchantArticleInput.self),
                     responses: [.init(201, "Published", schema: .ref(MerchantArticle.self)), outcome(403, "Not the owner or an admin, or banned"),
                                 outcome(404, "Unknown merchant"), outcome(409, "The merchant has 50 articles"),
                                 outcome(422, "Invalid field (named in errors)"), outcome(429, "5 new articles this hour; Retry-After")],
                     requiresAuthentication: true),
        APIOperation(.get, APIPath.Merchants.article, summary: "One article: its Markdown source and the HTML rendered from it", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer()), .init("articleID", in: .path, schema: .integer())],
                     responses: [.init(200, "The article", schema: .ref(MerchantArticle.self)), outcome(404, "Unknown merchant or article")]),
        APIOperation(.put, APIPath.Merchants.article, summary: "Replace an article's title, text and dates (the owner or an admin)", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer()), .init("articleID", in: .path, schema: .integer())],
                     requestBody: .ref(MerchantArticleInput.self),
                     responses: [.init(200, "Saved", schema: .ref(MerchantArticle.self)), outcome(403, "Not the owner or an admin, or banned"),
                                 outcome(404, "Unknown merchant or article"), outcome(422, "Invalid field (named in errors)")],
                     requiresAuthentication: true),
        APIOperation(.delete, APIPath.Merchants.article, summary: "Delete an article (the owner, an admin or a moderator)", tag: tag,
                     parameters: [.init("id", in: .path, schema: .integer()), .init("articleID", in: .path, schema: .integer())],
                     responses: [.init(204, "Deleted"), outcome(403, "Not allowed"), outcome(404, "Unknown merchant or article")],
                     requiresAuthentication: true),
    ]

    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(MerchantSummary.self),
        JSONSchema.component(MerchantList.self),
        JSONSchema.component(MerchantImportedReview.self),
        JSONSchema.component(MerchantDetail.self),
        JSONSchema.component(MerchantCoordinates.self),
        JSONSchema.component(MerchantSubmissionInput.self, overriding: ["name": .string(maxLength: 60), "category": .string(maxLength: 32),
                                                                        "address": .string(maxLength: 200), "openingHours": .string(maxLength: 255),
                                                                        "phone": .string(maxLength: 32)]),
        JSONSchema.component(MerchantSubmission.self, overriding: ["state": .string(description: "pending, approved or rejected")]),
        JSONSchema.component(MerchantPhoto.self, overriding: ["state": .string(description: "pending or approved"), "alt": .string(maxLength: 100)]),
        JSONSchema.component(MerchantPhotoList.self),
        JSONSchema.component(MerchantPhotoUpload.self),
        JSONSchema.component(MerchantArticleSummary.self, overriding: ["state": .string(description: "upcoming, running or ended; absent without dates")]),
        JSONSchema.component(MerchantArticleList.self),
        JSONSchema.component(MerchantArticle.self, overriding: ["state": .string(description: "upcoming, running or ended; absent without dates")]),
        JSONSchema.component(MerchantArticleInput.self, overriding: ["title": .string(maxLength: 60), "markdown": .string(maxLength: 20_000),
                                                                     "validFrom": .string(maxLength: 10), "validUntil": .string(maxLength: 10)]),
    ]
}
