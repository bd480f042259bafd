import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

/// The `/api/v1/weather/…` handlers. Answers are the `AppSuiteAPI` models encoded with ``APICoding``;
/// errors are RFC 9457 problems.
struct WeatherAPI: Sendable {
    let store: WeatherStore
    let service: ForecastService
    let clock: AppClock

    static let unavailableType = "urn:appsuite:problem:weather-unavailable"
    static let notImportedType = "urn:appsuite:problem:weather-not-imported"
    /// Saved places per user.
    static let savedLimit = 20

    func register(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.get("/places") { request, viewer in try places(request, viewer) }
        api.anyone.get("/places/{id}") { request, viewer in try place(request, viewer) }
        api.anyone.get("/forecast") { request, viewer in try forecast(request, viewer) }
        api.anyone.get("/climate") { request, viewer in try climate(request, viewer) }
        api.get("/saved-places") { _, member in try saved(member) }
        api.post("/saved-places") { request, member in try save(request, member) }
        api.put("/saved-places") { request, member in try reorder(request, member) }
        api.delete("/saved-places/{id}") { request, member in try unsave(request, member) }
        api.post("/share-card") { request, member in try shareCard(request, member) }
    }

    static func encode(_ model: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        .json(Array(try APICoding.makeEncoder().encode(model)), status: status)
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

    /// A place by adcode (6 digits) or `lat,lon` (the nearest county); 404 for an unknown id or a point outside China.
    static func resolve(_ text: String?, in directory: PlaceDirectory, language: Language) throws(HTTPError) -> (Place, Double?) {
        guard let text, !text.isEmpty else { throw field("place", "缺少参数 place。", "The query parameter place is required.", language) }
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

    func places(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try directory(l)
        let limitText = request.query["limit"] ?? "50"
        guard let limit = Int(limitText), (1...200).contains(limit) else {
            throw Self.field("limit", "limit 须为 1–200 的整数。", "limit must be a whole number from 1 to 200.", l)
        }
        if let near = request.query["near"], !near.isEmpty {
            guard let point = Coordinate(text: near) else {
                throw Self.field("near", "near 须为“纬度,经度”。", "near must be \"latitude,longitude\".", l)
            }
            let items = directory.nearest(to: point, limit: min(limit, 20)).map { $0.place.wire(childCount: directory.childCount($0.place.id), distance: $0.distance) }
            return try Self.encode(WeatherPlaceList(items: items))
        }
        if let query = request.query["q"], !query.isEmpty {
            guard query.count <= 32, !query.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw Self.field("q", "q 最多 32 个字符。", "q has at most 32 characters.", l)
            }
            let items = directory.search(query, limit: limit).map { $0.wire(childCount: directory.childCount($0.id)) }
            return try Self.encode(WeatherPlaceList(items: items))
        }
        let parent = request.query["parent"].flatMap { $0.isEmpty ? nil : $0 }
        if let parent, directory.place(parent) == nil {
            throw HTTPError.notFound(l == .zh ? "没有代码为 \(parent) 的地区。" : "No place has the code \(parent).")
        }
        let items = directory.children(of: parent).prefix(limit).map { $0.wire(childCount: directory.childCount($0.id)) }
        return try Self.encode(WeatherPlaceList(items: Array(items)))
    }

    func place(_ request: Request, _ viewer: Viewer) throws -> Response {
        let directory = try directory(viewer.language)
        let id = try request.parameter("id")
        guard let place = directory.place(id) else {
            throw HTTPError.notFound(viewer.language == .zh ? "没有代码为 \(id) 的地区。" : "No place has the code \(id).")
        }
        return try Self.encode(place.wire(childCount: directory.childCount(place.id)))
    }

    func forecast(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try directory(l)
        let (place, _) = try Self.resolve(request.query["place"], in: directory, language: l)
        let childCount = directory.childCount(place.id)
        let now = clock.now()
        switch try service.cachedBody(for: place, childCount: childCount, language: l, now: now) {
        case .success(let body): return .json(body)
        case .failure(let error): throw Self.unavailable(error, language: l)
        case nil: break
        }
        let service = service
        return .offloaded(key: viewer.user.map { "user:\($0.id)" } ?? request.clientAddress) {
            let result = Result { () throws(ProviderError) in try service.forecast(for: place, childCount: childCount, language: l, now: now) }
            return try Self.answer(result, language: l)
        }
    }

    static func answer(_ result: Result<WeatherForecast, ProviderError>, language: Language) throws -> Response {
        switch result {
        case .success(let forecast): return try encode(forecast)
        case .failure(let error): throw unavailable(error, language: language)
        }
    }

    /// `503` naming the provider's failure; the pages show the recorded samples instead.
    static func unavailable(_ error: ProviderError, language: Language) -> HTTPError {
        var headers = HTTPHeaders()
        headers.set("Retry-After", "60")
        return HTTPError(.serviceUnavailable, title: "Live weather unavailable",
                         detail: (language == .zh ? "暂时无法获取实时天气（" : "Live weather is unavailable (") + error.description
                             + (language == .zh ? "）。可查看 /weather/samples 的录制样例。" : "). Recorded samples are at /weather/samples."),
                         type: unavailableType, headers: headers)
    }

    func climate(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try directory(l)
        let (place, _) = try Self.resolve(request.query["place"], in: directory, language: l)
        let (month, day) = try Self.monthDay(request.query["date"], now: clock.now(), language: l)
        guard let climate = try ClimateLookup(store: store).climate(for: place, in: directory, month: month, day: day) else {
            throw HTTPError.notFound(l == .zh ? "\(place.fullName) 没有历史观测（仅有北京、上海、广州、成都、沈阳）。"
                : "No observations for \(place.fullName) (only Beijing, Shanghai, Guangzhou, Chengdu and Shenyang).")
        }
        return try Self.encode(climate)
    }

    /// `MM-DD` (default: today in Beijing).
    static func monthDay(_ text: String?, now: Date, language: Language) throws(HTTPError) -> (Int, Int) {
        guard let text, !text.isEmpty else {
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
    func shareCard(_ request: Request, _ member: SignedIn) throws -> Response {
        let l = member.viewer.language
        let directory = try directory(l)
        let (place, _) = try Self.resolve(request.query["place"] ?? request.form()["place"], in: directory, language: l)
        let photo = try ShareCard.photo(in: request, language: l)
        let childCount = directory.childCount(place.id), service = service, now = clock.now()
        return .offloaded(key: "user:\(member.user.id)", lane: .batch) {
            let made = try ShareCard.make(photo: photo, place: place, childCount: childCount, service: service, language: l, now: now)
            return ShareCard.response(made.card, filename: made.filename, inline: false)
        }
    }

    // MARK: saved places

    func savedList(_ userID: Int64, _ language: Language) throws -> WeatherSavedPlaces {
        let directory = try store.directory()
        let items = try store.savedPlaces(userID: userID).compactMap { directory.place($0) }.map { $0.wire(childCount: directory.childCount($0.id)) }
        return WeatherSavedPlaces(items: items)
    }

    func saved(_ member: SignedIn) throws -> Response {
        try Self.encode(try savedList(member.user.id, member.viewer.language))
    }

    func save(_ request: Request, _ member: SignedIn) throws -> Response {
        let l = member.viewer.language
        let input = try request.decodeJSON(WeatherSavedPlaceInput.self)
        let directory = try directory(l)
        guard directory.place(input.placeId) != nil else {
            throw Self.field("placeId", "没有代码为 \(input.placeId.prefix(16)) 的地区。", "No place has the code \(input.placeId.prefix(16)).", l)
        }
        guard try store.save(userID: member.user.id, adcode: input.placeId, at: Int64(clock.now().timeIntervalSince1970), limit: Self.savedLimit) else {
            throw Self.field("placeId", "最多保存 \(Self.savedLimit) 个地点。", "At most \(Self.savedLimit) places can be saved.", l)
        }
        return try Self.encode(try savedList(member.user.id, l))
    }

    func reorder(_ request: Request, _ member: SignedIn) throws -> Response {
        let l = member.viewer.language
        let input = try request.decodeJSON(WeatherSavedPlaceOrder.self)
        guard input.placeIds.count <= Self.savedLimit, try store.reorder(userID: member.user.id, adcodes: input.placeIds) else {
            throw Self.field("placeIds", "placeIds 须恰好列出每个已保存的地点一次。", "placeIds must list each saved place exactly once.", l)
        }
        return try Self.encode(try savedList(member.user.id, l))
    }

    func unsave(_ request: Request, _ member: SignedIn) throws -> Response {
        let id = try request.parameter("id")
        guard try store.remove(userID: member.user.id, adcode: id) else {
            throw HTTPError.notFound(member.viewer.language == .zh ? "没有保存这个地点。" : "This place is not saved.")
        }
        return .noContent
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
