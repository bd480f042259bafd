import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

/// The `/api/v1/merchants/…` handlers of the endpoints declared in ``MerchantEndpoints``: the route group decodes
/// and checks every parameter (a bad one answers `422` naming it, RFC 9457 `errors`); these turn the checked
/// query into the search engine's.
struct MerchantsAPI: Sendable {
    let store: MerchantStore
    let nearby: NearbySearch
    let photos: PhotoStore
    let clock: AppClock

    func register(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.handle(MerchantEndpoints.nearby) { call in try nearbyList(call.query, call.context.language) }
        api.anyone.handle(MerchantEndpoints.search) { call in try search(call.query) }
        api.anyone.handle(MerchantEndpoints.shake) { call in try shake(call.query, call.context.language) }
        api.anyone.handle(MerchantEndpoints.coordinates) { call in try Self.coordinates(call.query) }
        api.anyone.handle(MerchantEndpoints.merchant) { call in
            try detailModel(try Self.merchant(call.request, store: store, call.context.language), near: Self.point(call.query))
        }
        api.handle(MerchantEndpoints.submit) { call in try submit(call.body, call.context) }
        api.anyone.handle(MerchantEndpoints.photos) { call in try photoList(call.request, call.context) }
        api.handleUpload(MerchantEndpoints.uploadPhotos) { call in try uploadPhotos(call.request, call.context) }
        registerArticles(into: &api)
    }

    static func field(_ name: String, _ zh: String, _ en: String, _ language: Language) -> HTTPError {
        .validation([.init(field: name, message: language == .zh ? zh : en)])
    }

    // MARK: parameters (shared with the pages)

    /// The position of a checked query, nil when it has none.
    static func point(_ query: MerchantPointQuery) -> Coordinate? {
        guard let lat = query.lat, let lon = query.lon else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// The point of a query whose bounds the route group checked. - Throws: `422` naming `lat` otherwise.
    static func position(_ lat: Double, _ lon: Double) throws(HTTPError) -> Coordinate {
        guard let point = Coordinate(latitude: lat, longitude: lon) else {
            throw field("lat", "lat/lon 须为 WGS-84 度。", "lat/lon must be WGS-84 degrees.", .en)
        }
        return point
    }

    /// The search engine's query for a checked ``MerchantNearbyQuery``. - Throws: `422` naming `cursor` when it is
    /// not a cursor of this sort (pass the previous page's `nextCursor`).
    static func nearbyQuery(_ wire: MerchantNearbyQuery, _ l: Language) throws(HTTPError) -> NearbyQuery {
        var query = NearbyQuery(center: try position(wire.lat, wire.lon), radius: wire.radius)
        query.category = wire.category?.rawValue
        query.openNow = wire.openNow ?? false
        if wire.minPrice != nil || wire.maxPrice != nil { query.priceRange = (wire.minPrice ?? 0)...(wire.maxPrice ?? 100_000_000) }
        query.minRating = wire.minRating
        query.sort = wire.sort
        if let text = wire.cursor {
            guard let cursor = NearbyCursor(text), cursor.sort == wire.sort else {
                throw field("cursor", "cursor 无效（请使用上一页返回的 nextCursor）。", "Invalid cursor (pass the previous page's nextCursor).", l)
            }
            query.cursor = cursor
        }
        query.limit = wire.limit
        return query
    }

    /// A page's query as `Query`, the page's defaults standing in for absent fields; a bad field is a `422` naming it.
    static func pageQuery<Query: QueryDecodable>(_ type: Query.Type, _ request: Request, defaults: [(name: String, value: String)] = [],
                                                 _ l: Language) throws(HTTPError) -> Query {
        try request.query(as: type, defaults: defaults, chinese: l == .zh)
    }

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

    func nearbyList(_ wire: MerchantNearbyQuery, _ l: Language) throws -> MerchantList {
        let page = try nearby.page(try Self.nearbyQuery(wire, l), now: clock.now())
        return MerchantList(items: page.items.map(Self.summary), total: page.total, nextCursor: page.nextCursor?.encoded,
                            totalIsLowerBound: page.totalIsLowerBound, searchedRadiusMeters: page.searchedRadius.map { $0.rounded(toPlaces: 1) })
    }

    func search(_ query: MerchantSearchQuery) throws -> MerchantList {
        let near = Self.point(MerchantPointQuery(lat: query.lat, lon: query.lon))
        let now = clock.now()
        let (hits, total) = try MerchantSearch(store: store).search(query.q, near: near)
        let shown = Array(hits.prefix(query.limit))
        let standings = try nearby.standings(shown.map(\.merchant))
        let items = shown.map { hit in
            Self.summary(hit.merchant, distance: hit.distance, standing: standings[hit.merchant.id] ?? Standing(hit.merchant), openNow: hit.merchant.isOpen(at: now))
        }
        return MerchantList(items: items, total: total, nextCursor: nil)
    }

    func shake(_ wire: MerchantShakeQuery, _ l: Language) throws -> MerchantSummary {
        var query = NearbyQuery(center: try Self.position(wire.lat, wire.lon), radius: wire.radius)
        query.category = wire.category?.rawValue
        var random = SystemRandomNumberGenerator()
        guard let item = try nearby.shake(query, previous: wire.previous, now: clock.now(), using: &random) else {
            throw HTTPError.notFound(l == .zh ? "附近没有（别的）正在营业的商户，试试扩大范围。" : "No (other) merchant open nearby; try a larger radius.")
        }
        return Self.summary(item)
    }

    static func coordinates(_ query: MerchantCoordinatesQuery) throws -> MerchantCoordinates {
        let point = try position(query.lat, query.lon)
        let from = Datum(query.from), to = Datum(query.to)
        let converted = from.convert(point, to: to)
        return MerchantCoordinates(from: from.rawValue, to: to.rawValue, lat: converted.latitude, lon: converted.longitude,
                                   shifted: ChinaDatum.isShifted(point))
    }

    static func merchant(_ request: Request, store: MerchantStore, _ l: Language) throws -> Merchant {
        let text = try request.parameter("id")
        guard let id = Int64(text), let merchant = try store.merchant(id) else {
            throw HTTPError.notFound(l == .zh ? "没有 id 为 \(text.prefix(20)) 的商户。" : "No merchant has the id \(text.prefix(20)).")
        }
        return merchant
    }

    func submit(_ input: MerchantSubmissionInput, _ member: SignedIn) throws -> MerchantSubmission {
        let submitted = try Self.submit(input, userID: member.user.id, store: store, now: Int64(clock.now().timeIntervalSince1970), member.viewer.language)
        return MerchantSubmission(id: submitted.id, state: "pending", duplicateOf: submitted.duplicate?.merchant.id,
                                  duplicateDistanceMeters: submitted.duplicate.map { $0.distance.rounded(toPlaces: 1) })
    }

    /// Checks a submission's fields (422 naming the first bad one) and queues it: 422 `lat` outside the covered
    /// area, 429 with `Retry-After` past ``SubmissionStore/perHour``. Shared with the add-a-merchant form.
    static func submit(_ input: MerchantSubmissionInput, userID: Int64, store: MerchantStore, now: Int64, _ l: Language,
                       photos: (store: PhotoStore, pictures: [PhotoStore.Processed])? = nil) throws -> SubmissionStore.Submitted {
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(name.count), UserText.refusal(name, lines: .single) == nil else {
            throw field("name", "名称须为 1 到 60 个字符。", "The name must have 1 to 60 characters.", l)
        }
        guard MerchantCategoryID(rawValue: input.category) != nil else {
            throw field("category", "没有这个分类。", "Unknown category.", l)
        }
        guard input.lat.isFinite, (-90...90).contains(input.lat) else { throw field("lat", "lat 须为 −90 到 90。", "lat must be from -90 to 90.", l) }
        guard input.lon.isFinite, (-180...180).contains(input.lon) else { throw field("lon", "lon 须为 −180 到 180。", "lon must be from -180 to 180.", l) }
        for (key, value, maximum) in [("address", input.address, 200), ("openingHours", input.openingHours, 255), ("phone", input.phone, 32)] {
            if let value, value.count > maximum || UserText.refusal(value, lines: .single) != nil {
                throw field(key, "\(key) 最多 \(maximum) 个字符，且不能含控制字符。", "\(key) has at most \(maximum) characters and no control characters.", l)
            }
        }
        if let phone = input.phone, !phone.trimmingCharacters(in: .whitespaces).isEmpty, PhoneNumber(phone) == nil {
            throw field("phone", MerchantsText.phoneUnreadable.zh, MerchantsText.phoneUnreadable.en, l)
        }
        // Hours that cannot be read would be stored and then shown as 营业时间未知: ask again instead (issue 30).
        if let hours = input.openingHours, !hours.trimmingCharacters(in: .whitespaces).isEmpty, case .failure(let refusal) = OpeningHours.read(hours) {
            let message = refusal == .emptyRange ? MerchantsText.hoursEmptyRange : MerchantsText.hoursUnreadable
            throw field("openingHours", message.zh, message.en, l)
        }
        if let price = input.pricePerPerson, !(0...100_000_000).contains(price) {
            throw field("pricePerPerson", "人均须为 0 到 100000000 分。", "pricePerPerson must be from 0 to 100000000 fen.", l)
        }
        var clean = input
        clean.name = name
        clean.address = input.address.flatMap { $0.isEmpty ? nil : $0 }
        clean.openingHours = input.openingHours.flatMap { $0.isEmpty ? nil : $0 }
        clean.phone = input.phone.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
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

extension Datum {
    /// The datum a query names.
    init(_ wire: MerchantDatum) {
        switch wire {
        case .wgs84: self = .wgs84
        case .gcj02: self = .gcj02
        }
    }
}
