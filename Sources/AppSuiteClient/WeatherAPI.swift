public import AppSuiteAPI
public import Foundation

extension AppSuiteClient {
    /// 天气 Weather: the division tree (adcodes), forecasts with their age, 历史同期, and saved places. Places are
    /// 6-digit adcodes (`110105` 北京 朝阳区); temperatures °C, wind km/h, precipitation mm.
    public var weather: Weather { Weather(client: self) }

    /// The methods of ``AppSuiteClient/weather``.
    public struct Weather: Sendable {
        let client: AppSuiteClient

        static let places = Route("GET", APIPath.Weather.places)
        static let place = Route("GET", APIPath.Weather.place)
        static let forecast = Route("GET", APIPath.Weather.forecast)
        static let climate = Route("GET", APIPath.Weather.climate)
        static let savedPlaces = Route("GET", APIPath.Weather.savedPlaces)
        static let savePlace = Route("POST", APIPath.Weather.savedPlaces)
        static let reorderPlaces = Route("PUT", APIPath.Weather.savedPlaces)
        static let removePlace = Route("DELETE", APIPath.Weather.savedPlace)
        static let shareCard = Route("POST", APIPath.Weather.shareCard)
        static let endpoints = [places, place, forecast, climate, savedPlaces, savePlace, reorderPlaces, removePlace, shareCard]

        /// A share card's JPEG.
        public struct Card: Sendable {
            /// The JPEG's bytes (1080 × 1440).
            public var data: Data
            /// The name the server suggests, `weather-110105-2026-12-01.jpg`.
            public var filename: String?
        }

        /// `GET /api/v1/weather/places`: the 31 provinces (no arguments), the children of `parent`, the places whose
        /// name or adcode starts with (or name contains) `query`, or the counties nearest `near` (`"lat,lon"`).
        /// - Throws: a `404` problem for an unknown parent, `422` for an invalid parameter.
        public func places(parent: String? = nil, query: String? = nil, near: String? = nil, limit: Int? = nil) async throws(AppSuiteError) -> [WeatherPlace] {
            try await client.value(.init(Self.places, query: [("parent", parent), ("q", query), ("near", near), ("limit", limit.map(String.init))]),
                                   as: WeatherPlaceList.self).items
        }

        /// `GET /api/v1/weather/places/{id}`: one place by adcode.
        /// - Throws: a `404` problem for an unknown adcode.
        public func place(_ id: String) async throws(AppSuiteError) -> WeatherPlace {
            try await client.value(.init(Self.place, path: ["id": id]), as: WeatherPlace.self)
        }

        /// `GET /api/v1/weather/forecast`: current, 24 hours, the coming days, tips and warnings of a place (an adcode, or
        /// `"lat,lon"` for the nearest county); `stale` with `fetchedAt` when the provider failed and this is the last answer.
        /// - Throws: `404` for an unknown place or a point outside China, `422` for an invalid one, `503` (type
        ///   `urn:appsuite:problem:weather-unavailable`, `Retry-After`) when the provider failed and nothing is cached.
        public func forecast(place: String) async throws(AppSuiteError) -> WeatherForecast {
            try await client.value(.init(Self.forecast, query: [("place", place)]), as: WeatherForecast.self)
        }

        /// `GET /api/v1/weather/climate`: 历史同期 of `date` (`MM-DD`, default today in Beijing) from the 2010–2015 observations.
        /// - Throws: a `404` problem for a place without observations, `422` for an invalid date.
        public func climate(place: String, date: String? = nil) async throws(AppSuiteError) -> WeatherClimate {
            try await client.value(.init(Self.climate, query: [("place", place), ("date", date)]), as: WeatherClimate.self)
        }

        /// `GET /api/v1/weather/saved-places`: my saved places in my order (signed in).
        public func savedPlaces() async throws(AppSuiteError) -> [WeatherPlace] {
            try await client.value(.init(Self.savedPlaces), as: WeatherSavedPlaces.self).items
        }

        /// `POST /api/v1/weather/saved-places`: saves a place, or moves it to the top; answers my places.
        /// - Throws: a `422` problem for an unknown place or when 20 are saved already.
        public func savePlace(_ id: String) async throws(AppSuiteError) -> [WeatherPlace] {
            try await client.value(try AppSuiteClient.Call(Self.savePlace).json(WeatherSavedPlaceInput(placeId: id)), as: WeatherSavedPlaces.self).items
        }

        /// `PUT /api/v1/weather/saved-places`: puts my saved places in the order of `ids` (each saved place once); answers them.
        /// - Throws: a `422` problem when `ids` is not exactly my saved places.
        public func reorderPlaces(_ ids: [String]) async throws(AppSuiteError) -> [WeatherPlace] {
            try await client.value(try AppSuiteClient.Call(Self.reorderPlaces).json(WeatherSavedPlaceOrder(placeIds: ids)), as: WeatherSavedPlaces.self).items
        }

        /// `POST /api/v1/weather/share-card` (multipart part `photo`): the photo with the place, the date, the condition,
        /// the temperatures and a tip of `place`'s forecast, as a 1080 × 1440 JPEG (signed in). The photo is not kept.
        /// - Throws: `413` for a photo over 64 MiB, `422` for no photo, one that is not an image, corrupt or over 100
        ///   megapixels (type `urn:appsuite:problem:weather-photo`), `404` for an unknown place, `503` when the provider
        ///   failed with nothing cached.
        public func shareCard(place: String, photo: UploadFile, progress: UploadProgressHandler? = nil) async throws(AppSuiteError) -> Card {
            let body = try MultipartBody([("photo", photo)])
            defer { try? FileManager.default.removeItem(at: body.file) }
            var call = AppSuiteClient.Call(Self.shareCard, query: [("place", place)]).multipart(body, progress: progress)
            call.accept = "image/jpeg, application/problem+json"
            let response = try await client.response(call)
            guard response.mediaType == "image/jpeg" else { throw AppSuiteClient.unexpected(response, "a JPEG") }
            return Card(data: response.body, filename: response.header("Content-Disposition").flatMap(Photos.filename))
        }

        /// `DELETE /api/v1/weather/saved-places/{id}`: removes a saved place.
        /// - Throws: a `404` problem when it is not saved.
        public func removePlace(_ id: String) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.removePlace, path: ["id": id]))
        }
    }
}
