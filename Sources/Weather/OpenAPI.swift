import AppSuiteAPI
import HTTPServer

/// The wire models of the `/api/v1/weather/…` endpoints (``WeatherEndpoints``), as OpenAPI components.
enum WeatherOpenAPI {
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
