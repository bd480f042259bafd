/// 天气 Weather: every `/api/v1/weather/…` endpoint, declared once. Places are 6-digit adcodes (`110105` 北京 朝阳区);
/// temperatures °C, wind km/h, precipitation mm. Lookups are open to everyone; saved places and the share card need a
/// signed-in user.
public enum WeatherEndpoints {
    /// The division tree and the 2010–2015 observations change only when `appsuite import weather` runs: an hour's
    /// staleness is what a cache may add (a 历史同期 without `date`, today's in Beijing, may lag an hour at midnight).
    static let catalogue = CachePolicy.publicFor(seconds: 3_600)
    static let notImported = DocumentedError(503, "Places not imported yet (urn:appsuite:problem:weather-not-imported)")

    public static let places = Endpoint<WeatherPlacesQuery, NoBody, WeatherPlaceList>(
        .get, "/api/v1/weather/places", summary: "Provinces, the children of a place, a name/adcode search or the nearest counties",
        access: .anyone, cache: catalogue, errors: [.init(404, "Unknown parent"), notImported])
    public static let place = Endpoint<NoQuery, NoBody, WeatherPlace>(
        .get, "/api/v1/weather/places/{id}", summary: "One place by adcode", access: .anyone, cache: catalogue,
        errors: [.init(404, "Unknown adcode"), notImported], textParameters: ["id"])
    public static let forecast = Endpoint<WeatherPlaceQuery, NoBody, WeatherForecast>(
        .get, "/api/v1/weather/forecast",
        summary: "Current, 24 hours, the coming days, 温馨提示 and warnings; stale with fetchedAt when the provider fails", access: .anyone,
        cache: .revalidate,
        errors: [.init(404, "Unknown place or a point outside China"),
                 .init(503, "Places not imported, or the provider failed with nothing cached (urn:appsuite:problem:weather-unavailable); Retry-After")])
    public static let climate = Endpoint<WeatherClimateQuery, NoBody, WeatherClimate>(
        .get, "/api/v1/weather/climate", summary: "历史同期: observed days around a date (2010–2015) and monthly means", access: .anyone,
        cache: catalogue, errors: [.init(404, "Unknown place, or no observations for it"), notImported])
    public static let savedPlaces = Endpoint<NoQuery, NoBody, WeatherSavedPlaces>(
        .get, "/api/v1/weather/saved-places", summary: "My saved places in my order")
    public static let savePlace = Endpoint<NoQuery, WeatherSavedPlaceInput, WeatherSavedPlaces>(
        .post, "/api/v1/weather/saved-places", summary: "Save a place or move it to the top (at most 20); answers my saved places",
        errors: [.init(422, "Unknown place, or 20 saved already (errors name placeId)"), notImported])
    public static let reorderPlaces = Endpoint<NoQuery, WeatherSavedPlaceOrder, WeatherSavedPlaces>(
        .put, "/api/v1/weather/saved-places", summary: "Put my saved places in a new order (each saved place once); answers them",
        errors: [.init(422, "Not exactly my saved places (errors name placeIds)")])
    public static let removePlace = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/weather/saved-places/{id}", summary: "Remove a saved place", errors: [.init(404, "Not saved")], textParameters: ["id"])
    public static let shareCard = Endpoint<WeatherPlaceQuery, WeatherShareCardForm, BinaryFile>(
        .post, "/api/v1/weather/share-card",
        summary: "A share card: the photo with the place, date, condition, temperatures and a tip, a 1080×1440 JPEG (the photo is not kept)",
        limit: .upload,
        errors: [.init(404, "Unknown place or a point outside China"), .init(413, "The photo is over 64 MiB"),
                 .init(422, "No photo, not an image, corrupt or over 100 megapixels (urn:appsuite:problem:weather-photo), or an invalid place"),
                 .init(503, "Places not imported, or the provider failed with nothing cached; Retry-After")],
        produces: "image/jpeg")

    public static let group = EndpointGroup(tag: "Weather 天气", [
        places, place, forecast, climate, savedPlaces, savePlace, reorderPlaces, removePlace, shareCard,
    ])
}

/// `GET /api/v1/weather/places`: one of `parent`, `q` or `near` (in that order of precedence: `near`, then `q`, then
/// `parent`), or none for the 31 provinces.
public struct WeatherPlacesQuery: QueryDecodable, Equatable {
    /// The adcode whose children to list.
    public var parent: String?
    /// A name prefix or part (朝阳), or an adcode prefix (1101).
    public var q: String?
    /// `"latitude,longitude"` (WGS-84 degrees): the nearest counties by haversine distance, at most 20.
    public var near: String?
    public var limit: Int

    public init(parent: String? = nil, q: String? = nil, near: String? = nil, limit: Int = 50) {
        (self.parent, self.q, self.near, self.limit) = (parent, q, near, limit)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        parent = try query.text("parent", maxLength: 6, "adcode whose children to list (absent: the 31 provinces)")
        q = try query.text("q", maxLength: 32, "name prefix or part (朝阳), or adcode prefix (1101)")
        near = try query.text("near", maxLength: 64, "\"latitude,longitude\": the nearest counties by haversine distance (at most 20)")
        limit = try query.value("limit", in: 1...200, default: 50, "at most this many places")
    }
}

/// `GET /api/v1/weather/forecast`, `POST /api/v1/weather/share-card`: the place.
public struct WeatherPlaceQuery: QueryDecodable, Equatable {
    /// A 6-digit adcode (`110105`), or `"latitude,longitude"` in China for the nearest county (within 100 km).
    public var place: String

    public init(place: String) {
        self.place = place
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        place = try query.requiredText("place", maxLength: 64, "a 6-digit adcode (110105) or \"latitude,longitude\" in China (the nearest county)")
    }
}

/// `GET /api/v1/weather/climate`.
public struct WeatherClimateQuery: QueryDecodable, Equatable {
    /// As ``WeatherPlaceQuery/place``.
    public var place: String
    /// `MM-DD`, a real day of a leap year; nil: today in Beijing.
    public var date: String?

    public init(place: String, date: String? = nil) {
        (self.place, self.date) = (place, date)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        place = try query.requiredText("place", maxLength: 64, "a 6-digit adcode (110105) or \"latitude,longitude\" in China (the nearest county)")
        date = try query.text("date", maxLength: 5, "MM-DD (default: today in Beijing)")
    }
}

/// `POST /api/v1/weather/share-card`.
public struct WeatherShareCardForm: UploadForm {
    public static let fields: [MultipartField] = [
        MultipartField("photo", .files(maxCount: 1, maxBytes: 64 << 20), required: true, "a picture, at most 64 MiB and 100 megapixels; not kept"),
    ]
}
