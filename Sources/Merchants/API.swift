import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

/// The `/api/v1/merchants/…` handlers: nearby, search, shake, one merchant and the datum conversion. Every
/// parameter is checked and a bad one answers `422` naming it (RFC 9457 `errors`).
struct MerchantsAPI: Sendable {
    let store: MerchantStore
    let nearby: NearbySearch
    let photos: PhotoStore
    let clock: AppClock

    static let maxRadius = 50_000.0
    static let maxLimit = 50

    func register(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.get("/nearby") { request, viewer in try nearbyList(request, viewer) }
        api.anyone.get("/search") { request, viewer in try search(request, viewer) }
        api.anyone.get("/shake") { request, viewer in try shake(request, viewer) }
        api.anyone.get("/coordinates") { request, viewer in try coordinates(request, viewer) }
        api.anyone.get("/{id}") { request, viewer in try detail(request, viewer) }
        api.post("/submissions") { request, member in try submit(request, member) }
        api.anyone.get("/{id}/photos") { request, viewer in try photoList(request, viewer) }
        api.post("/{id}/photos") { request, member in try uploadPhotos(request, member) }
        registerArticles(into: &api)
    }

    static func encode(_ model: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        .json(Array(try APICoding.makeEncoder().encode(model)), status: status)
    }

    static func field(_ name: String, _ zh: String, _ en: String, _ language: Language) -> HTTPError {
        .validation([.init(field: name, message: language == .zh ? zh : en)])
    }

    // MARK: parameters (shared with the pages)

    /// A latitude/longitude pair; nil when both are absent (`required` false).
    static func point(_ request: Request, required: Bool, _ l: Language) throws(HTTPError) -> Coordinate? {
        let latText = request.query["lat"].flatMap { $0.isEmpty ? nil : $0 }, lonText = request.query["lon"].flatMap { $0.isEmpty ? nil : $0 }
        if latText == nil, lonText == nil, !required { return nil }
        guard let latText, latText.count <= 32, let latitude = Double(latText), latitude.isFinite, (-90...90).contains(latitude) else {
            throw field("lat", "lat 须为 −90 到 90 之间的纬度（WGS-84 度）。", "lat must be a latitude from -90 to 90 (WGS-84 degrees).", l)
        }
        guard let lonText, lonText.count <= 32, let longitude = Double(lonText), longitude.isFinite, (-180...180).contains(longitude) else {
            throw field("lon", "lon 须为 −180 到 180 之间的经度（WGS-84 度）。", "lon must be a longitude from -180 to 180 (WGS-84 degrees).", l)
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The filters of `nearby` and `shake`: radius (metres, default 1,000, at most 50 km), category, openNow,
    /// minPrice/maxPrice (fen), minRating (1–5), sort, cursor, limit (1–50, default 20).
    /// `defaultCenter` stands in for a missing lat/lon (the pages' default position); without it they are required.
    static func nearbyQuery(_ request: Request, _ l: Language, defaultCenter: Coordinate? = nil) throws(HTTPError) -> NearbyQuery {
        guard let center = try point(request, required: defaultCenter == nil, l) ?? defaultCenter else {
            throw field("lat", "缺少 lat。", "lat is required.", l)
        }
        var query = NearbyQuery(center: center, radius: 1_000)
        if let text = nonEmpty(request.query["radius"]) {
            guard text.count <= 12, let radius = Double(text), radius.isFinite, radius >= 1, radius <= maxRadius else {
                throw field("radius", "radius 须为 1 到 50000 米。", "radius must be from 1 to 50000 metres.", l)
            }
            query.radius = radius
        }
        if let category = nonEmpty(request.query["category"]) {
            guard MerchantCategory.ids.contains(category) else {
                throw field("category", "没有这个分类：\(category.prefix(32))。", "Unknown category: \(category.prefix(32)).", l)
            }
            query.category = category
        }
        if let text = nonEmpty(request.query["openNow"]) {
            switch text {
            case "true", "1": query.openNow = true
            case "false", "0": query.openNow = false
            default: throw field("openNow", "openNow 须为 true 或 false。", "openNow must be true or false.", l)
            }
        }
        let minPrice = try price(request, "minPrice", l), maxPrice = try price(request, "maxPrice", l)
        if minPrice != nil || maxPrice != nil {
            let low = minPrice ?? 0, high = maxPrice ?? 100_000_000
            guard low <= high else { throw field("maxPrice", "maxPrice 不能小于 minPrice。", "maxPrice must not be below minPrice.", l) }
            query.priceRange = low...high
        }
        if let text = nonEmpty(request.query["minRating"]) {
            guard text.count <= 8, let rating = Double(text), (1...5).contains(rating) else {
                throw field("minRating", "minRating 须为 1 到 5。", "minRating must be from 1 to 5.", l)
            }
            query.minRating = rating
        }
        if let text = nonEmpty(request.query["sort"]) {
            guard let sort = NearbySort(rawValue: text) else {
                throw field("sort", "sort 须为 distance、rating 或 price。", "sort must be distance, rating or price.", l)
            }
            query.sort = sort
        }
        if let text = nonEmpty(request.query["cursor"]) {
            guard let cursor = NearbyCursor(text), cursor.sort == query.sort else {
                throw field("cursor", "cursor 无效（请使用上一页返回的 nextCursor）。", "Invalid cursor (pass the previous page's nextCursor).", l)
            }
            query.cursor = cursor
        }
        query.limit = try limit(request, l)
        return query
    }

    static func limit(_ request: Request, _ l: Language) throws(HTTPError) -> Int {
        guard let text = nonEmpty(request.query["limit"]) else { return 20 }
        guard text.count <= 4, let limit = Int(text), (1...maxLimit).contains(limit) else {
            throw field("limit", "limit 须为 1 到 50 的整数。", "limit must be a whole number from 1 to 50.", l)
        }
        return limit
    }

    /// Fen, 0 … 100,000,000 (¥1,000,000).
    static func price(_ request: Request, _ name: String, _ l: Language) throws(HTTPError) -> Int64? {
        guard let text = nonEmpty(request.query[name]) else { return nil }
        guard text.count <= 10, let value = Int64(text), (0...100_000_000).contains(value) else {
            throw field(name, "\(name) 须为 0 到 100000000 分。", "\(name) must be from 0 to 100000000 fen.", l)
        }
        return value
    }

    static func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }

    // MARK: answers

    static func summary(_ item: NearbyItem) -> MerchantSummary {
        summary(item.merchant, distance: item.distance, standing: item.standing, openNow: item.openNow)
    }

    static func summary(_ merchant: Merchant, distance: Double?, standing: Standing, openNow: Bool?) -> MerchantSummary {
        MerchantSummary(id: merchant.id, sourceId: merchant.sourceID, name: merchant.name, category: merchant.category,
                        lat: merchant.position.latitude, lon: merchant.position.longitude, distanceMeters: distance.map { $0.rounded(toPlaces: 1) },
                        rating: standing.rating.map { $0.rounded(toPlaces: 2) }, reviewCount: standing.reviewCount,
                        pricePerPerson: merchant.pricePerPerson, openNow: openNow, address: merchant.address, city: merchant.city)
    }

    // MARK: handlers

    func nearbyList(_ request: Request, _ viewer: Viewer) throws -> Response {
        let query = try Self.nearbyQuery(request, viewer.language)
        let page = try nearby.page(query, now: clock.now())
        return try Self.encode(MerchantList(items: page.items.map(Self.summary), total: page.total, nextCursor: page.nextCursor?.encoded,
                                            totalIsLowerBound: page.totalIsLowerBound, searchedRadiusMeters: page.searchedRadius.map { $0.rounded(toPlaces: 1) }))
    }

    func search(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard let q = Self.nonEmpty(request.query["q"]), q.count <= 64,
              !q.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Self.field("q", "q 须为 1 到 64 个字符。", "q must have 1 to 64 characters.", l)
        }
        let near = try Self.point(request, required: false, l)
        let limit = try Self.limit(request, l)
        let now = clock.now()
        let hits = try MerchantSearch(store: store).search(q, near: near)
        let shown = Array(hits.prefix(limit))
        let standings = try nearby.standings(shown.map(\.merchant))
        let items = shown.map { hit in
            Self.summary(hit.merchant, distance: hit.distance, standing: standings[hit.merchant.id] ?? Standing(hit.merchant), openNow: hit.merchant.isOpen(at: now))
        }
        return try Self.encode(MerchantList(items: items, total: hits.count, nextCursor: nil))
    }

    func shake(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let query = try Self.nearbyQuery(request, l)
        var previous: Int64?
        if let text = Self.nonEmpty(request.query["previous"]) {
            guard let id = Int64(text) else { throw Self.field("previous", "previous 须为商户 id。", "previous must be a merchant id.", l) }
            previous = id
        }
        var random = SystemRandomNumberGenerator()
        guard let item = try nearby.shake(query, previous: previous, now: clock.now(), using: &random) else {
            throw HTTPError.notFound(l == .zh ? "附近没有（别的）正在营业的商户，试试扩大范围。" : "No (other) merchant open nearby; try a larger radius.")
        }
        return try Self.encode(Self.summary(item))
    }

    func coordinates(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard let from = Datum(rawValue: request.query["from"] ?? "") else {
            throw Self.field("from", "from 须为 wgs84 或 gcj02。", "from must be wgs84 or gcj02.", l)
        }
        guard let to = Datum(rawValue: request.query["to"] ?? "") else {
            throw Self.field("to", "to 须为 wgs84 或 gcj02。", "to must be wgs84 or gcj02.", l)
        }
        guard let point = try Self.point(request, required: true, l) else { throw Self.field("lat", "缺少 lat。", "lat is required.", l) }
        let converted = from.convert(point, to: to)
        return try Self.encode(MerchantCoordinates(from: from.rawValue, to: to.rawValue, lat: converted.latitude, lon: converted.longitude,
                                                   shifted: ChinaDatum.isShifted(point)))
    }

    func detail(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let merchant = try Self.merchant(request, store: store, l)
        let near = try Self.point(request, required: false, l)
        return try Self.encode(try detailModel(merchant, near: near))
    }

    static func merchant(_ request: Request, store: MerchantStore, _ l: Language) throws -> Merchant {
        let text = try request.parameter("id")
        guard let id = Int64(text), let merchant = try store.merchant(id) else {
            throw HTTPError.notFound(l == .zh ? "没有 id 为 \(text.prefix(20)) 的商户。" : "No merchant has the id \(text.prefix(20)).")
        }
        return merchant
    }

    func submit(_ request: Request, _ member: SignedIn) throws -> Response {
        let input = try request.decodeJSON(MerchantSubmissionInput.self)
        let submitted = try Self.submit(input, userID: member.user.id, store: store, now: Int64(clock.now().timeIntervalSince1970), member.viewer.language)
        return try Self.encode(MerchantSubmission(id: submitted.id, state: "pending", duplicateOf: submitted.duplicate?.merchant.id,
                                                  duplicateDistanceMeters: submitted.duplicate.map { $0.distance.rounded(toPlaces: 1) }), status: .created)
    }

    /// Checks a submission's fields (422 naming the first bad one) and queues it: 422 `lat` outside the covered
    /// area, 429 with `Retry-After` past ``SubmissionStore/perHour``. Shared with the add-a-merchant form.
    static func submit(_ input: MerchantSubmissionInput, userID: Int64, store: MerchantStore, now: Int64, _ l: Language,
                       photos: (store: PhotoStore, pictures: [PhotoStore.Processed])? = nil) throws -> SubmissionStore.Submitted {
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(name.count), UserText.refusal(name, lines: .single) == nil else {
            throw field("name", "名称须为 1 到 60 个字符。", "The name must have 1 to 60 characters.", l)
        }
        guard MerchantCategory.ids.contains(input.category) else {
            throw field("category", "没有这个分类。", "Unknown category.", l)
        }
        guard input.lat.isFinite, (-90...90).contains(input.lat) else { throw field("lat", "lat 须为 −90 到 90。", "lat must be from -90 to 90.", l) }
        guard input.lon.isFinite, (-180...180).contains(input.lon) else { throw field("lon", "lon 须为 −180 到 180。", "lon must be from -180 to 180.", l) }
        for (key, value, maximum) in [("address", input.address, 200), ("openingHours", input.openingHours, 255), ("phone", input.phone, 32)] {
            if let value, value.count > maximum || UserText.refusal(value, lines: .single) != nil {
                throw field(key, "\(key) 最多 \(maximum) 个字符，且不能含控制字符。", "\(key) has at most \(maximum) characters and no control characters.", l)
            }
        }
        if let price = input.pricePerPerson, !(0...100_000_000).contains(price) {
            throw field("pricePerPerson", "人均须为 0 到 100000000 分。", "pricePerPerson must be from 0 to 100000000 fen.", l)
        }
        var clean = input
        clean.name = name
        clean.address = input.address.flatMap { $0.isEmpty ? nil : $0 }
        clean.openingHours = input.openingHours.flatMap { $0.isEmpty ? nil : $0 }
        clean.phone = input.phone.flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try SubmissionStore(store: store).submit(clean, userID: userID, now: now, photos: photos)
        } catch let refusal as PhotoStore.Refusal {
            throw refusal.httpError(l)
        } catch SubmissionStore.Refusal.outsideCoverage {
            throw field("lat", "这个位置不在覆盖范围内（离已知商户超过 50 公里）。", "This pin is outside the covered area (over 50 km from any known merchant).", l)
        } catch SubmissionStore.Refusal.tooMany(let retryAfter) {
            var headers = HTTPHeaders()
            headers.set("Retry-After", String(retryAfter))
            throw HTTPError(.tooManyRequests, detail: l == .zh ? "每小时最多提交 \(SubmissionStore.perHour) 个商户。" : "At most \(SubmissionStore.perHour) merchants an hour.",
                            headers: headers)
        }
    }

    func detailModel(_ merchant: Merchant, near: Coordinate?) throws -> MerchantDetail {
        let standing = try nearby.standings([merchant])[merchant.id] ?? Standing(merchant)
        let gcj = ChinaDatum.gcj02(fromWGS84: merchant.position)
        let reviews = try store.importedReviews(merchantID: merchant.id).map {
            MerchantImportedReview(sourceId: $0.sourceID, author: $0.author, rating: $0.rating, text: $0.body, licence: $0.licence)
        }
        return MerchantDetail(
            merchant: Self.summary(merchant, distance: near.map { $0.distance(to: merchant.position) }, standing: standing, openNow: merchant.isOpen(at: clock.now())),
            nameEn: merchant.nameEn, address: merchant.address, city: merchant.city, phone: merchant.phone, website: merchant.website,
            cuisine: merchant.cuisine, openingHours: merchant.openingHours, hoursKnown: merchant.hours != nil, timeZone: merchant.timeZone.identifier,
            sourceDatum: merchant.sourceDatum.rawValue, sourceLat: merchant.sourcePosition.latitude, sourceLon: merchant.sourcePosition.longitude,
            gcj02Lat: gcj.latitude, gcj02Lon: gcj.longitude, priceText: merchant.priceText, notes: merchant.notes, source: merchant.source,
            licence: merchant.licence, ratingDistribution: standing.distribution, importedReviews: reviews)
    }
}
