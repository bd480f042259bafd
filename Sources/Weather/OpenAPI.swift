import AppSuiteAPI
import HTTPServer

/// The OpenAPI entries of every `/api/v1/weather/…` route.
enum WeatherOpenAPI {
    static let tag = "Weather 天气"
    static let problem = JSONSchema.reference("Problem")

    static func outcome(_ status: Int, _ description: String) -> APIOperation.Outcome {
        .init(status, description, schema: problem, mediaType: "application/problem+json")
    }

    static let place = APIOperation.Parameter("place", in: .query, required: true, schema: .string(maxLength: 64),
                                              description: "a 6-digit adcode (110105) or \"latitude,longitude\" in China (the nearest county)")
    static let notImported = outcome(503, "Places not imported yet, or (forecast) the provider failed with nothing cached; Retry-After")

    static let operations: [APIOperation] = [
        APIOperation(.get, APIPath.Weather.places, summary: "Provinces, the children of a place, a name/adcode search or the nearest counties", tag: tag,
                     parameters: [.init("parent", in: .query, schema: .string(maxLength: 6), description: "adcode whose children to list (empty: the 31 provinces)"),
                                  .init("q", in: .query, schema: .string(maxLength: 32), description: "name prefix or part (朝阳), or adcode prefix (1101)"),
                                  .init("near", in: .query, schema: .string(maxLength: 64), description: "\"latitude,longitude\": the nearest counties by haversine distance"),
                                  .init("limit", in: .query, schema: .integer(minimum: 1, maximum: 200), description: "at most this many (default 50)")],
                     responses: [.init(200, "The places", schema: .ref(WeatherPlaceList.self)), outcome(404, "Unknown parent"),
                                 outcome(422, "Invalid parameter"), notImported]),
        APIOperation(.get, APIPath.Weather.place, summary: "One place by adcode", tag: tag,
                     parameters: [.init("id", in: .path, schema: .string(maxLength: 6))],
                     responses: [.init(200, "The place", schema: .ref(WeatherPlace.self)), outcome(404, "Unknown adcode"), notImported]),
        APIOperation(.get, APIPath.Weather.forecast, summary: "Current, 24 hours, the coming days, 温馨提示 and warnings; stale with fetchedAt when the provider fails", tag: tag,
                     parameters: [place],
                     responses: [.init(200, "The forecast", schema: .ref(WeatherForecast.self)), outcome(404, "Unknown place or a point outside China"),
                                 outcome(422, "Invalid place"), notImported]),
        APIOperation(.get, APIPath.Weather.climate, summary: "历史同期: observed days around a date (2010–2015) and monthly means", tag: tag,
                     parameters: [place, .init("date", in: .query, schema: .string(maxLength: 5), description: "MM-DD (default: today in Beijing)")],
                     responses: [.init(200, "The climate", schema: .ref(WeatherClimate.self)), outcome(404, "No observations for this place"),
                                 outcome(422, "Invalid date or place"), notImported]),
        APIOperation(.get, APIPath.Weather.savedPlaces, summary: "My saved places in my order", tag: tag,
                     responses: [.init(200, "The places", schema: .ref(WeatherSavedPlaces.self))], requiresAuthentication: true),
        APIOperation(.post, APIPath.Weather.savedPlaces, summary: "Save a place or move it to the top (at most 20)", tag: tag,
                     requestBody: .ref(WeatherSavedPlaceInput.self),
                     responses: [.init(200, "My saved places", schema: .ref(WeatherSavedPlaces.self)), outcome(422, "Unknown place or too many")],
                     requiresAuthentication: true),
        APIOperation(.put, APIPath.Weather.savedPlaces, summary: "Put my saved places in a new order (each saved place once)", tag: tag,
                     requestBody: .ref(WeatherSavedPlaceOrder.self),
                     responses: [.init(200, "My saved places", schema: .ref(WeatherSavedPlaces.self)),
                                 outcome(422, "Not exactly my saved places")],
                     requiresAuthentication: true),
        APIOperation(.delete, APIPath.Weather.savedPlace, summary: "Remove a saved place", tag: tag,
                     parameters: [.init("id", in: .path, schema: .string(maxLength: 6))],
                     responses: [.init(204, "Removed"), outcome(404, "Not saved")], requiresAuthentication: true),
        APIOperation(.post, APIPath.Weather.shareCard,
                     summary: "A share card: the photo with the place, date, condition, temperatures and a tip, a 1080×1440 JPEG (the photo is not kept)",
                     tag: tag, parameters: [place],
                     requestBody: .object([("photo", .string(format: "binary"))]), requestMediaType: "multipart/form-data",
                     responses: [.init(200, "The card", schema: .string(format: "binary"), mediaType: "image/jpeg"),
                                 outcome(404, "Unknown place or a point outside China"), outcome(413, "The photo is over 64 MiB"),
                                 outcome(422, "No photo, not an image, corrupt, over 100 megapixels, or an invalid place"), notImported],
                     requiresAuthentication: true),
    ]

    /// The Weather models (`AppSuiteAPI`), as components of the document.
    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(WeatherPlace.self, overriding: ["level": .string(description: "province, city or county")]),
        JSONSchema.component(WeatherPlaceList.self),
        JSONSchema.component(WeatherConditionInfo.self),
        JSONSchema.component(WeatherCurrent.self),
        JSONSchema.component(WeatherHour.self),
        JSONSchema.component(WeatherDay.self, overriding: ["date": .string(description: "local date YYYY-MM-DD")]),
        JSONSchema.component(WeatherTip.self, overriding: ["source": .string(description: "provider or rule")]),
        JSONSchema.component(WeatherWarning.self),
        JSONSchema.component(WeatherForecast.self),
        JSONSchema.component(WeatherClimate.self),
        JSONSchema.component(WeatherClimate.Month.self),
        JSONSchema.component(WeatherSavedPlaces.self),
        JSONSchema.component(WeatherSavedPlaceInput.self, overriding: ["placeId": .string(maxLength: 6)]),
        JSONSchema.component(WeatherSavedPlaceOrder.self, overriding: ["placeIds": .array(.string(maxLength: 6), maxItems: 20)]),
    ]
}
