import Foundation

/// One result object of the iTunes Lookup API (`https://itunes.apple.com/lookup?id=…&country=cn`), decoded
/// field by field with every field optional but the id (`../shared/research/appdeals.md` §2: `fileSizeBytes`
/// is a string, `price` may be `0`, `0.0` or `0.00`, ids exceed 32 bits, mac apps lack `supportedDevices`,
/// first versions lack `releaseNotes`, `screenshotUrls` may be empty).
struct LookupResult: Sendable, Hashable {
    var id: Int64
    var name: String?
    /// Minor units of the store currency; nil when absent (pre-orders).
    var price: Int64?
    var currency: String?
    var formattedPrice: String?
    var genre: String?
    /// Chinese genre names in the CN store (`游戏|策略`).
    var genresZh: [String]
    var rating: Double?
    var ratingCount: Int64?
    var sizeBytes: Int64?
    var version: String?
    var releaseNotes: String?
    var description: String?
    var seller: String?
    var iconURL: String?
    var screenshotURLs: [String]
    var storeURL: String?
    var contentRating: String?
    /// `iphone`, `ipad`, `mac`: what the app runs on.
    var devices: [String]
    /// True when the current version is the app's first (`currentVersionReleaseDate` equals `releaseDate`), false when
    /// a later one; nil when either date is absent.
    var isFirstVersion: Bool?

    /// Nil when the object has no usable `trackId`.
    init?(_ object: [String: Any]) {
        guard let id = (object["trackId"] as? NSNumber)?.int64Value ?? (object["trackId"] as? String).flatMap({ Int64($0) }), id > 0
        else { return nil }
        self.id = id
        func text(_ key: String) -> String? {
            guard let value = object[key] as? String, !value.isEmpty else { return nil }
            return value
        }
        name = text("trackName")
        price = object["price"].flatMap { Money.minorUnits(json: $0) }
        currency = text("currency")
        formattedPrice = text("formattedPrice")
        genre = text("primaryGenreName")
        genresZh = (object["genres"] as? [String]) ?? []
        rating = (object["averageUserRating"] as? NSNumber)?.doubleValue
        ratingCount = (object["userRatingCount"] as? NSNumber)?.int64Value
        sizeBytes = text("fileSizeBytes").flatMap { Int64($0) } ?? (object["fileSizeBytes"] as? NSNumber)?.int64Value
        version = text("version")
        releaseNotes = text("releaseNotes")
        description = text("description")
        seller = text("sellerName") ?? text("artistName")
        iconURL = text("artworkUrl512") ?? text("artworkUrl100") ?? text("artworkUrl60")
        let phone = (object["screenshotUrls"] as? [String]) ?? []
        let pad = (object["ipadScreenshotUrls"] as? [String]) ?? []
        screenshotURLs = phone.isEmpty ? pad : phone
        storeURL = text("trackViewUrl")
        contentRating = text("trackContentRating") ?? text("contentAdvisoryRating")
        var devices: [String] = []
        let supported = (object["supportedDevices"] as? [String]) ?? []
        if supported.contains(where: { $0.hasPrefix("iPhone") || $0.hasPrefix("iPod") }) { devices.append("iphone") }
        if supported.contains(where: { $0.hasPrefix("iPad") }) { devices.append("ipad") }
        if text("kind") == "mac-software" { devices.append("mac") }
        self.devices = devices
        if let released = text("releaseDate"), let current = text("currentVersionReleaseDate") {
            isFirstVersion = released == current
        }
    }

    /// The results of a whole Lookup response body. Throws ``LookupError`` for anything that is not a
    /// Lookup answer: an empty body, HTML (the endpoint under load), malformed or truncated JSON, an
    /// `errorMessage`. A valid answer with no results is an empty array.
    static func results(of body: [UInt8]) throws(LookupError) -> [LookupResult] {
        let first = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        guard let first else { throw LookupError.emptyBody }
        guard first == UInt8(ascii: "{") else { throw first == UInt8(ascii: "<") ? LookupError.html : LookupError.malformed("not a JSON object") }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            throw LookupError.malformed("invalid or truncated JSON")
        }
        if let message = object["errorMessage"] as? String { throw LookupError.apiError(message) }
        guard let results = object["results"] as? [Any] else { throw LookupError.malformed("no results array") }
        return results.compactMap { ($0 as? [String: Any]).flatMap(LookupResult.init) }
    }
}

/// Why a Lookup answer was not used. None of these is ever recorded as "no results".
enum LookupError: Error, Equatable, CustomStringConvertible {
    case emptyBody
    case html
    case malformed(String)
    case apiError(String)
    /// 403 or 429: Apple's rate limit (403 with an empty body, no Retry-After).
    case rateLimited(status: Int)
    case status(Int)
    case transport(String)

    var description: String {
        switch self {
        case .emptyBody: "empty body"
        case .html: "an HTML page instead of JSON (outage or rate limit)"
        case .malformed(let why): "malformed answer: \(why)"
        case .apiError(let message): "errorMessage: \(message)"
        case .rateLimited(let status): "rate limited (HTTP \(status))"
        case .status(let status): "HTTP \(status)"
        case .transport(let message): message
        }
    }
}
