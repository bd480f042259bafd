import AppSuiteAPI
import HTTPServer

/// The wire models of the `/api/v1/weather/…` endpoints (``WeatherEndpoints``), as OpenAPI components. Every
/// measured quantity states its unit (metric: °C, %, mm, km/h, hPa, m).
enum WeatherOpenAPI {
    static func celsius(_ what: String) -> JSONSchema { .number(description: "\(what), °C", minimum: -100, maximum: 100) }
    static func percent(_ what: String) -> JSONSchema { .number(description: "\(what), % (0–100)", minimum: 0, maximum: 100) }
    static func millimetres(_ what: String) -> JSONSchema { .number(description: "\(what), mm", minimum: 0) }
    static func kmh(_ what: String) -> JSONSchema { .number(description: "\(what), km/h", minimum: 0) }

    static let current: [String: JSONSchema] = [
        "temperature": celsius("air temperature"), "feelsLike": celsius("apparent temperature"), "humidity": percent("relative humidity"),
        "windSpeed": kmh("wind speed"), "windDirection": .integer(description: "degrees the wind comes from, 0 = north"),
        "pressure": .number(description: "air pressure, hPa", minimum: 300, maximum: 1200), "precipitation": millimetres("precipitation"),
    ]
    static let hour: [String: JSONSchema] = [
        "temperature": celsius("air temperature"), "precipitationProbability": percent("chance of precipitation"),
        "precipitation": millimetres("precipitation in the hour"), "windSpeed": kmh("wind speed"),
    ]
    static let day: [String: JSONSchema] = [
        "date": .string(description: "local date YYYY-MM-DD"), "high": celsius("the day's highest temperature"),
        "low": celsius("the day's lowest temperature"), "precipitationProbability": percent("chance of precipitation"),
        "precipitation": millimetres("precipitation over the day"), "windSpeedMax": kmh("the day's highest wind speed"),
        "uvIndex": .number(description: "UV index (WHO scale, no unit)", minimum: 0, maximum: 20),
    ]
    static let climate: [String: JSONSchema] = [
        "meanHigh": celsius("mean daily high"), "meanLow": celsius("mean daily low"), "highest": celsius("highest observed"),
        "lowest": celsius("lowest observed"), "rainDayShare": .number(description: "share of days with precipitation > 0 mm, 0–1", minimum: 0, maximum: 1),
        "wettestTotal": millimetres("total precipitation of the wettest year's window"),
        "driestTotal": millimetres("total precipitation of the driest year's window"),
    ]

    /// The Weather models (`AppSuiteAPI`), as components of the document.
    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(WeatherPlace.self, overriding: ["level": .string(description: "province, city or county"),
                                                             "latitude": .number(description: "WGS-84 decimal degrees", minimum: -90, maximum: 90),
                                                             "longitude": .number(description: "WGS-84 decimal degrees", minimum: -180, maximum: 180),
                                                             "distance": .number(description: "metres from the point asked for", minimum: 0)]),
        JSONSchema.component(WeatherPlaceList.self),
        JSONSchema.component(WeatherConditionInfo.self),
        JSONSchema.component(WeatherCurrent.self, overriding: current),
        JSONSchema.component(WeatherHour.self, overriding: hour),
        JSONSchema.component(WeatherDay.self, overriding: day),
        JSONSchema.component(WeatherTip.self, overriding: ["source": .string(description: "provider or rule")]),
        JSONSchema.component(WeatherWarning.self),
        JSONSchema.component(WeatherForecast.self),
        JSONSchema.component(WeatherClimate.self, overriding: climate),
        JSONSchema.component(WeatherClimate.Month.self, overriding: ["meanHigh": celsius("mean daily high"), "meanLow": celsius("mean daily low"),
                                                                     "precipitation": millimetres("mean precipitation of the month")]),
        JSONSchema.component(WeatherSavedPlaces.self),
        JSONSchema.component(WeatherSavedPlaceInput.self, overriding: ["placeId": .string(maxLength: 6)]),
        JSONSchema.component(WeatherSavedPlaceOrder.self, overriding: ["placeIds": .array(.string(maxLength: 6), maxItems: 20)]),
    ]
}
