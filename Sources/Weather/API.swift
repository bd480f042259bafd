import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

/// The `/api/v1/weather/…` handlers of the endpoints declared in ``WeatherEndpoints``: the route group decodes and
/// checks every parameter (a bad one answers `422` naming it); errors are RFC 9457 problems.
struct WeatherAPI: Sendable {
    let store: WeatherStore
    let service: ForecastService
    let clock: AppClock

    static let unavailableType = "urn:appsuite:problem:weather-unavailable"
    static let notImportedType = "urn:appsuite:problem:weather-not-imported"
    /// Saved places per user.
    static let savedLimit = 20

    func register(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.handle(WeatherEndpoints.places) { call in try places(call.query, call.context.language) }
        api.anyone.handle(WeatherEndpoints.place) { call in try place(try call.request.parameter("id"), call.context.language) }
        api.anyone.reply(WeatherEndpoints.forecast) { call in try forecast(call.query, call.request, call.context) }
        api.anyone.handle(WeatherEndpoints.climate) { call in try climate(call.query, call.context.language) }
        api.handle(WeatherEndpoints.savedPlaces) { call in try savedList(call.context.user.id) }
        api.handle(WeatherEndpoints.savePlace) { call in try save(call.body, call.context) }
        api.handle(WeatherEndpoints.reorderPlaces) { call in try reorder(call.body, call.context) }
        api.handle(WeatherEndpoints.removePlace) { call in try unsave(try call.request.parameter("id"), call.context) }
        api.handleUpload(WeatherEndpoints.shareCard) { call in try shareCard(call.query, call.request, call.context) }
    }

    static func field(_ name: String, _ zh: String, _ en: String, _ language: Language) -> HTTPError {
        .validation([.init(field: name, message: language == .zh ? zh : en)])
    }

    func directory(_ language: Language) throws -> PlaceDirectory {
        let directory = try store.directory()
        guard !directory.isEmpty else {
            throw HTTPError(.serviceUnavailable, title: "Not imported",
                            detail: language == .zh ? "尚未导入地区数据（appsuite import weather）。" : "No places imported yet (appsuite import weather).",
                            type: Self.notImportedType)
        }
        return directory
    }

    /// A place by adcode (6 digits) or `lat,lon` (the nearest county); 404 for an unknown id or a point outside China,
    /// 422 naming `place` for anything else.
    static func resolve(_ text: String, in directory: PlaceDirectory, language: Language) throws(HTTPError) -> (Place, Double?) {
        if text.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let place = directory.place(text) else {
                throw .notFound(language == .zh ? "没有代码为 \(text) 的地区。" : "No place has the code \(text).")
            }
            return (place, nil)
        }
        guard let point = Coordinate(text: text) else {
            throw field("place", "place 须为 6 位地区代码或“纬度,经度”。", "place must be a 6-digit adcode or \"latitude,longitude\".", language)
        }
        guard let nearest = directory.nearest(to: point, limit: 1).first, nearest.distance <= 100_000 else {
            throw .notFound(language == .zh ? "坐标 \(point) 不在中国境内（或离最近的县超过 100 公里）。"
                : "The point \(point) is not in China (or more than 100 km from the nearest county).")
        }
        return (nearest.place, nearest.distance)
    }

    // MARK: handlers

    func places(_ query: WeatherPlacesQuery, _ l: Language) throws -> WeatherPlaceList {
        let directory = try directory(l)
        if let near = query.near {
            guard let point = Coordinate(text: near) else {
                throw Self.field("near", "near 须为“纬度,经度”。", "near must be \"latitude,longitude\".", l)
            }
            let items = directory.nearest(to: point, limit: min(query.limit, 20))
                .map { $0.place.wire(childCount: directory.childCount($0.place.id), distance: $0.distance) }
            return WeatherPlaceList(items: items)
        }
        if let text = query.q {
            return WeatherPlaceList(items: directory.search(text, limit: query.limit).map { $0.wire(childCount: directory.childCount($0.id)) })
        }
        if let parent = query.parent, directory.place(parent) == nil {
            throw HTTPError.notFound(l == .zh ? "没有代码为 \(parent) 的地区。" : "No place has the code \(parent).")
        }
        let items = directory.children(of: query.parent).prefix(query.limit).map { $0.wire(childCount: directory.childCount($0.id)) }
        return WeatherPlaceList(items: Array(items))
    }

    func place(_ id: String, _ l: Language) throws -> WeatherPlace {
        let directory = try directory(l)
        guard let place = directory.place(id) else {
            throw HTTPError.notFound(l == .zh ? "没有代码为 \(id.prefix(16)) 的地区。" : "No place has the code \(id.prefix(16)).")
        }
        return place.wire(childCount: directory.childCount(place.id))
    }

    /// The cached forecast's kept encoding (``ForecastBodies``) without waiting; else the provider, on the work pool.
    func forecast(_ query: WeatherPlaceQuery, _ request: Request, _ viewer: Viewer) throws -> Reply<WeatherForecast> {
        let l = viewer.language
        let directory = try directory(l)
        let (place, _) = try Self.resolve(query.place, in: directory, language: l)
        let childCount = directory.childCount(place.id)
        let now = clock.now()
        switch try service.cachedBody(for: place, childCount: childCount, language: l, now: now) {
        case .success(let body): return .encoded(body)
        case .failure(let error): throw Self.unavailable(error, language: l)
        case nil: break
        }
        let service = service
        return .offloaded(key: viewer.user.map { "user:\($0.id)" } ?? request.clientAddress) {
            do throws(ProviderError) {
                return try service.forecast(for: place, childCount: childCount, language: l, now: now)
            } catch {
                throw Self.unavailable(error, language: l)
            }
        }
    }

    /// `503` naming the provider's failure in the reader's language (issue 30: no English inside a Chinese detail); an
    /// English detail also quotes the provider's or libcurl's own words. The pages show the recorded samples instead.
    static func unavailable(_ error: ProviderError, language: Language) -> HTTPError {
        var headers = HTTPHeaders()
        headers.set("Retry-After", "60")
        return HTTPError(.serviceUnavailable, title: WeatherText.unavailableTitle(language),
                         detail: WeatherText.unavailableDetail(error.reason(language) + (language == .en ? ": " + error.providerText : ""))(language), type: unavailableType, headers: headers)
    }

    func climate(_ query: WeatherClimateQuery, _ l: Language) throws -> WeatherClimate {
        let directory = try directory(l)
        let (place, _) = try Self.resolve(query.place, in: directory, language: l)
        let (month, day) = try Self.monthDay(query.date, now: clock.now(), language: l)
        guard let climate = try ClimateLookup(store: store).climate(for: place, in: directory, month: month, day: day) else {
            throw HTTPError.notFound(l == .zh ? "\(place.fullName) 没有历史观测（仅有北京、上海、广州、成都、沈阳）。"
                : "No observations for \(place.fullName) (only Beijing, Shanghai, Guangzhou, Chengdu and Shenyang).")
        }
        return climate
    }

    /// `MM-DD` (nil: today in Beijing). - Throws: `422` naming `date` for anything else.
    static func monthDay(_ text: String?, now: Date, language: Language) throws(HTTPError) -> (Int, Int) {
        guard let text else {
            let today = ProviderTime.LocalDate(now, in: WeatherApp.chinaTime)
            return (today.month, today.day)
        }
        let parts = text.split(separator: "-")
        guard text.count == 5, parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]),
              let date = ProviderTime.LocalDate(year: 2012, month: month, day: day), ProviderTime.isReal(date, zone: WeatherApp.chinaTime) else {
            throw field("date", "date 须为 MM-DD，如 07-15。", "date must be MM-DD, e.g. 07-15.", language)
        }
        return (month, day)
    }

    /// `POST share-card?place=` with the multipart part `photo`: the card as a JPEG download (composed on the work pool).
    func shareCard(_ query: WeatherPlaceQuery, _ request: Request, _ member: SignedIn) throws -> Reply<BinaryFile> {
        let l = member.viewer.language
        let directory = try directory(l)
        let (place, _) = try Self.resolve(query.place, in: directory, language: l)
        let photo = try ShareCard.photo(in: request, language: l)
        let childCount = directory.childCount(place.id), service = service, now = clock.now()
        return .response(.offloaded(key: "user:\(member.user.id)", lane: .batch) {
            let made = try ShareCard.make(photo: photo, place: place, childCount: childCount, service: service, language: l, now: now)
            return ShareCard.response(made.card, filename: made.filename, inline: false)
        })
    }

    // MARK: saved places

    func savedList(_ userID: Int64) throws -> WeatherSavedPlaces {
        let directory = try store.directory()
        let items = try store.savedPlaces(userID: userID).compactMap { directory.place($0) }.map { $0.wire(childCount: directory.childCount($0.id)) }
        return WeatherSavedPlaces(items: items)
    }

    func save(_ input: WeatherSavedPlaceInput, _ member: SignedIn) throws -> WeatherSavedPlaces {
        let l = member.viewer.language
        let directory = try directory(l)
        guard directory.place(input.placeId) != nil else {
            throw Self.field("placeId", "没有代码为 \(input.placeId.prefix(16)) 的地区。", "No place has the code \(input.placeId.prefix(16)).", l)
        }
        guard try store.save(userID: member.user.id, adcode: input.placeId, at: Int64(clock.now().timeIntervalSince1970), limit: Self.savedLimit) else {
            throw Self.field("placeId", "最多保存 \(Self.savedLimit) 个地点。", "At most \(Self.savedLimit) places can be saved.", l)
        }
        return try savedList(member.user.id)
    }

    func reorder(_ input: WeatherSavedPlaceOrder, _ member: SignedIn) throws -> WeatherSavedPlaces {
        guard input.placeIds.count <= Self.savedLimit, try store.reorder(userID: member.user.id, adcodes: input.placeIds) else {
            throw Self.field("placeIds", "placeIds 须恰好列出每个已保存的地点一次。", "placeIds must list each saved place exactly once.", member.viewer.language)
        }
        return try savedList(member.user.id)
    }

    func unsave(_ id: String, _ member: SignedIn) throws -> NoContent {
        guard try store.remove(userID: member.user.id, adcode: id) else {
            throw HTTPError.notFound(member.viewer.language == .zh ? "没有保存这个地点。" : "This place is not saved.")
        }
        return NoContent()
    }
}

/// Finds the observations for a place: its own weather location, else its prefecture's or province's (a
/// Beijing district shows Beijing's), naming the place the numbers belong to.
struct ClimateLookup {
    let store: WeatherStore

    func climate(for place: Place, in directory: PlaceDirectory, month: Int, day: Int) throws -> WeatherClimate? {
        guard let (source, id) = try observed(for: place, in: directory) else { return nil }
        return Climate.summary(try store.observations(weatherID: id), month: month, day: day,
                               place: source.wire(childCount: directory.childCount(source.id)))
    }

    /// The place whose observations stand for `place` and their weather id, without reading them; nil: none.
    func observed(for place: Place, in directory: PlaceDirectory) throws -> (Place, String)? {
        let observed = try store.observedWeatherIDs()
        var candidate: Place? = place
        while let current = candidate {
            if let id = current.weatherID, observed.contains(id) { return (current, id) }
            candidate = current.parentID.flatMap { directory.place($0) }
        }
        return nil
    }
}
