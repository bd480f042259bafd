public import Foundation

/// A merchant in a list (`GET /api/v1/merchants/nearby`, `search`, `shake`). Positions are WGS-84.
public struct MerchantSummary: Codable, Sendable, Equatable {
    public var id: Int64
    /// The record's id at its source: `osm:node/4161760489`, `awcafe:shanghai:003`, `hmdp:5`, `user:12`.
    public var sourceId: String
    public var name: String
    /// `restaurant`, `fast_food`, `cafe`, `supermarket`, `convenience`, `shop`, `hairdresser`, `fitness`, `hotel`, `pharmacy`, `ktv`.
    public var category: String
    public var lat: Double
    public var lon: Double
    /// Metres (haversine, R = 6,371,008.8 m) from the point asked about; nil when none was given.
    public var distanceMeters: Double?
    /// 1.0–5.0: the source's aggregate score (weighted by its review count) and our users' stars combined; nil when neither exists.
    public var rating: Double?
    /// The source's review count plus the imported and the users' rated reviews.
    public var reviewCount: Int64
    /// 人均 in fen (CNY minor units); nil when unknown.
    public var pricePerPerson: Int64?
    /// Open at the time of the answer in the merchant's zone; nil when its hours are missing or unreadable.
    public var openNow: Bool?
    /// The street address as the source gave it; nil when it has none (most OpenStreetMap rows): then `city`
    /// and the distance tell same-named branches apart.
    public var address: String?
    /// The city (`上海`, `杭州`, `香港` …) as the source gave it.
    public var city: String?

    public init(id: Int64, sourceId: String, name: String, category: String, lat: Double, lon: Double, distanceMeters: Double?,
                rating: Double?, reviewCount: Int64, pricePerPerson: Int64?, openNow: Bool?, address: String? = nil, city: String? = nil) {
        self.id = id
        self.sourceId = sourceId
        self.name = name
        self.category = category
        self.lat = lat
        self.lon = lon
        self.distanceMeters = distanceMeters
        self.rating = rating
        self.reviewCount = reviewCount
        self.pricePerPerson = pricePerPerson
        self.openNow = openNow
        self.address = address
        self.city = city
    }
}

/// A page of merchants: `total` counts every page; pass `nextCursor` back as `cursor` for the next.
public struct MerchantList: Codable, Sendable, Equatable {
    public var items: [MerchantSummary]
    /// Matches on every page: exact unless `totalIsLowerBound` is true, then at least this many (the nearby search
    /// stops once it has the page instead of counting the whole circle).
    public var total: Int
    public var nextCursor: String?
    /// `nearby` only: true when `total` is a lower bound; nil or false when it is exact.
    public var totalIsLowerBound: Bool?
    /// `nearby` only, metres: set when a read cap stopped the search short of the radius (or, sorted by rating or
    /// price, when the circle holds more than the 2,000 nearest matches that are ranked); the list is exact within
    /// this distance and nothing farther was looked at. Nil when the whole radius was searched.
    public var searchedRadiusMeters: Double?

    public init(items: [MerchantSummary], total: Int, nextCursor: String?, totalIsLowerBound: Bool? = nil, searchedRadiusMeters: Double? = nil) {
        self.items = items
        self.total = total
        self.nextCursor = nextCursor
        self.totalIsLowerBound = totalIsLowerBound
        self.searchedRadiusMeters = searchedRadiusMeters
    }
}

/// A review that came with the data (read-only; the reviewer is a pseudonym of the source).
public struct MerchantImportedReview: Codable, Sendable, Equatable {
    public var sourceId: String
    public var author: String
    /// 1–5; nil when the source has none (the café reviews have none).
    public var rating: Int?
    public var text: String
    /// The attribution the source's licence asks for.
    public var licence: String

    public init(sourceId: String, author: String, rating: Int?, text: String, licence: String) {
        self.sourceId = sourceId
        self.author = author
        self.rating = rating
        self.text = text
        self.licence = licence
    }
}

/// One merchant (`GET /api/v1/merchants/{id}`).
public struct MerchantDetail: Codable, Sendable, Equatable {
    public var merchant: MerchantSummary
    public var nameEn: String?
    public var address: String?
    public var city: String?
    public var phone: String?
    public var website: String?
    public var cuisine: String?
    /// The source's opening-hours text verbatim (OSM `opening_hours` or Dianping `10:00-07:00`).
    public var openingHours: String?
    /// False when `openingHours` is missing or cannot be read ("hours unknown"; `openNow` is then nil).
    public var hoursKnown: Bool
    /// The merchant's IANA zone, in which the hours are read (`Asia/Shanghai`, `Asia/Hong_Kong`).
    public var timeZone: String
    /// The position as the source gave it and its datum (`wgs84` or `gcj02`); `lat`/`lon` are the WGS-84 conversion.
    public var sourceDatum: String
    public var sourceLat: Double
    public var sourceLon: Double
    /// The GCJ-02 position, for map services in mainland China (equal to `lat`/`lon` where they do not shift).
    public var gcj02Lat: Double
    public var gcj02Lon: Double
    /// The source's free-text price (`25-30 元`), shown as given.
    public var priceText: String?
    /// Other facts from the source as `key=value` lines (Wi-Fi speed, toilet …).
    public var notes: String?
    /// `osm`, `awesome-cn-cafe`, `hmdp` or `user`, and the attribution its licence asks for.
    public var source: String
    public var licence: String
    /// The users' star ratings: how many gave 1, 2, 3, 4 and 5 stars.
    public var ratingDistribution: [Int64]
    public var importedReviews: [MerchantImportedReview]

    public init(merchant: MerchantSummary, nameEn: String?, address: String?, city: String?, phone: String?, website: String?, cuisine: String?,
                openingHours: String?, hoursKnown: Bool, timeZone: String, sourceDatum: String, sourceLat: Double, sourceLon: Double,
                gcj02Lat: Double, gcj02Lon: Double, priceText: String?, notes: String?, source: String, licence: String,
                ratingDistribution: [Int64], importedReviews: [MerchantImportedReview]) {
        self.merchant = merchant
        self.nameEn = nameEn
        self.address = address
        self.city = city
        self.phone = phone
        self.website = website
        self.cuisine = cuisine
        self.openingHours = openingHours
        self.hoursKnown = hoursKnown
        self.timeZone = timeZone
        self.sourceDatum = sourceDatum
        self.sourceLat = sourceLat
        self.sourceLon = sourceLon
        self.gcj02Lat = gcj02Lat
        self.gcj02Lon = gcj02Lon
        self.priceText = priceText
        self.notes = notes
        self.source = source
        self.licence = licence
        self.ratingDistribution = ratingDistribution
        self.importedReviews = importedReviews
    }
}

/// A point converted between datums (`GET /api/v1/merchants/coordinates`).
public struct MerchantCoordinates: Codable, Sendable, Equatable {
    /// `wgs84` or `gcj02`.
    public var from: String
    public var to: String
    public var lat: Double
    public var lon: Double
    /// False where the services do not shift (outside mainland China, Hong Kong, Macau, Taiwan): the point is returned unchanged.
    public var shifted: Bool

    public init(from: String, to: String, lat: Double, lon: Double, shifted: Bool) {
        self.from = from
        self.to = to
        self.lat = lat
        self.lon = lon
        self.shifted = shifted
    }
}

/// A new merchant (`POST /api/v1/merchants/submissions`): it waits for a moderator, and the submitter is notified
/// when it is approved (it then appears, owned by the submitter) or rejected.
public struct MerchantSubmissionInput: Codable, Sendable, Equatable {
    /// 1–60 characters.
    public var name: String
    /// One of the categories of ``MerchantSummary/category``.
    public var category: String
    /// The pin, WGS-84 degrees; within 50 km of a merchant already known (the covered area).
    public var lat: Double
    public var lon: Double
    /// At most 200 characters.
    public var address: String?
    /// OSM `opening_hours` syntax (`Mo-Su 10:00-22:00`) or the Chinese way (`每天 10:00-22:00`), at most 255 characters;
    /// text that cannot be read, or an empty range (`10:00-10:00`), is refused (422).
    public var openingHours: String?
    /// One phone number, at most 32 characters: digits, spaces, `+`, `-`, parentheses, and an extension after
    /// 分机, 转, `ext` or `x` (`021-6217 9797 转 801`); anything else is refused (422, field `phone`).
    public var phone: String?
    /// 人均 in fen, 0–100,000,000.
    public var pricePerPerson: Int64?

    public init(name: String, category: String, lat: Double, lon: Double, address: String? = nil, openingHours: String? = nil,
                phone: String? = nil, pricePerPerson: Int64? = nil) {
        self.name = name
        self.category = category
        self.lat = lat
        self.lon = lon
        self.address = address
        self.openingHours = openingHours
        self.phone = phone
        self.pricePerPerson = pricePerPerson
    }
}

/// A queued submission: `pending` until a moderator decides; `duplicateOf` is an existing merchant with the same
/// name within 50 m (the moderator sees the flag).
public struct MerchantSubmission: Codable, Sendable, Equatable {
    public var id: Int64
    public var state: String
    public var duplicateOf: Int64?
    /// Metres from the pin to `duplicateOf`.
    public var duplicateDistanceMeters: Double?

    public init(id: Int64, state: String, duplicateOf: Int64?, duplicateDistanceMeters: Double?) {
        self.id = id
        self.state = state
        self.duplicateOf = duplicateOf
        self.duplicateDistanceMeters = duplicateDistanceMeters
    }
}

/// A user's photo of a merchant (`GET /api/v1/merchants/{id}/photos`): re-encoded by the server as JPEG, upright,
/// without metadata.
public struct MerchantPhoto: Codable, Sendable, Equatable {
    public var id: Int64
    /// `pending` (seen by its uploader alone until a moderator approves it) or `approved`.
    public var state: String
    /// The uploader's description of the picture (its alt text), at most 100 characters; nil when none was given.
    public var alt: String?
    /// Pixels of the display size (``url``), which fits 1,280 × 1,280.
    public var width: Int
    public var height: Int
    /// The display size, a JPEG path on this server.
    public var url: String
    /// A 240 × 240 JPEG (cropped to its most interesting part), a path on this server.
    public var thumbnailUrl: String
    public var uploadedAt: Date

    public init(id: Int64, state: String, alt: String?, width: Int, height: Int, url: String, thumbnailUrl: String, uploadedAt: Date) {
        self.id = id
        self.state = state
        self.alt = alt
        self.width = width
        self.height = height
        self.url = url
        self.thumbnailUrl = thumbnailUrl
        self.uploadedAt = uploadedAt
    }
}

/// A merchant's photos: the approved ones, oldest first (at most 60), and the signed-in viewer's own still waiting
/// for a moderator.
public struct MerchantPhotoList: Codable, Sendable, Equatable {
    public var items: [MerchantPhoto]
    public var pending: [MerchantPhoto]

    public init(items: [MerchantPhoto], pending: [MerchantPhoto]) {
        self.items = items
        self.pending = pending
    }
}

/// The answer to an upload (`202`): the photos, `pending` until a moderator approves them (the uploader is notified).
public struct MerchantPhotoUpload: Codable, Sendable, Equatable {
    public var items: [MerchantPhoto]

    public init(items: [MerchantPhoto]) {
        self.items = items
    }
}

/// An article or promotion (文章 / 优惠活动) a merchant's owner wrote, in a list (``MerchantArticleList``).
public struct MerchantArticleSummary: Codable, Sendable, Equatable {
    public var id: Int64
    public var merchantId: Int64
    public var title: String
    /// The text without markup, at most 140 characters (an ellipsis marks a cut).
    public var summary: String
    /// 活动时间: the first and last day of a promotion (`YYYY-MM-DD`, the merchant's zone), either optional.
    public var validFrom: String?
    public var validUntil: String?
    /// `upcoming`, `running` or `ended` by today's date in the merchant's zone; nil without dates.
    public var state: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64, merchantId: Int64, title: String, summary: String, validFrom: String?, validUntil: String?, state: String?,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.merchantId = merchantId
        self.title = title
        self.summary = summary
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A merchant's articles, newest first (`GET /api/v1/merchants/{id}/articles`; at most 50 per merchant, so one page).
public struct MerchantArticleList: Codable, Sendable, Equatable {
    public var items: [MerchantArticleSummary]

    public init(items: [MerchantArticleSummary]) { self.items = items }
}

/// One article (`GET /api/v1/merchants/{id}/articles/{articleID}`): its Markdown source and the HTML rendered from it.
public struct MerchantArticle: Codable, Sendable, Equatable {
    public var id: Int64
    public var merchantId: Int64
    public var merchantName: String
    public var title: String
    /// The source as the owner wrote it: CommonMark.
    public var markdown: String
    /// An HTML fragment rendered by libcmark in safe mode: no raw HTML, no images, links only to `http(s)`, `mailto`,
    /// `tel` and this site, each with `rel="nofollow noopener ugc"`, headings from `<h2>`.
    public var html: String
    public var summary: String
    public var validFrom: String?
    public var validUntil: String?
    public var state: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64, merchantId: Int64, merchantName: String, title: String, markdown: String, html: String, summary: String,
                validFrom: String?, validUntil: String?, state: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.merchantId = merchantId
        self.merchantName = merchantName
        self.title = title
        self.markdown = markdown
        self.html = html
        self.summary = summary
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A new or changed article (`POST …/articles`, `PUT …/articles/{articleID}`; the merchant's owner or an admin).
public struct MerchantArticleInput: Codable, Sendable, Equatable {
    /// 1–60 characters, one line.
    public var title: String
    /// CommonMark, 1–20,000 UTF-8 bytes, block quotes and lists nested at most 16 deep; raw HTML is not shown.
    public var markdown: String
    /// `YYYY-MM-DD`; `validFrom` not after `validUntil`.
    public var validFrom: String?
    public var validUntil: String?

    public init(title: String, markdown: String, validFrom: String? = nil, validUntil: String? = nil) {
        self.title = title
        self.markdown = markdown
        self.validFrom = validFrom
        self.validUntil = validUntil
    }
}
