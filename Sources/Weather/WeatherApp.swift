public import AppHost
public import AppSuiteAPI
import Foundation
public import HTTPServer
public import Storage
import WebUI

/// 天气 Weather: the division tree (province → city → county) joined to weather locations, forecasts from one
/// configured provider through a coalescing cache, 温馨提示, 历史同期 from real observations, saved places
/// (`appsuite import weather ../shared/data/weather`).
public struct WeatherApp: MiniApp {
    /// Every mainland place's zone (China has one zone and no daylight saving since 1991).
    static let chinaTime = TimeZone(identifier: "Asia/Shanghai")!

    /// The live provider: `open-meteo` (no key), `qweather`, `qweather-v1`, `webxml`, `weather.com.cn`, `etouch` or `openweathermap`.
    public static let provider = AppSetting<String>(
        "weather-provider", default: "open-meteo", valueName: "NAME",
        help: "forecast provider: open-meteo, qweather, qweather-v1, webxml, weather.com.cn, etouch or openweathermap (default open-meteo)",
        expected: ProviderKind.allCases.map(\.rawValue).joined(separator: ", ")) { ProviderKind(rawValue: $0)?.rawValue }
    /// The provider's base URL; empty means its public address (``ProviderKind/defaultURL``).
    public static let providerURL = AppSetting<String>(
        "weather-provider-url", default: "", valueName: "URL",
        help: "the provider's base URL, e.g. a QWeather API host or a local replay server (default: the provider's public URL)",
        expected: "an absolute http(s) URL without query or fragment") { text in
            guard let url = URLComponents(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false,
                  url.query == nil, url.fragment == nil, text.count <= 256 else { return nil }
            return text
        }
    /// The key for QWeather or OpenWeatherMap (environment only).
    public static let providerKey = AppSetting<String?>.secret(
        "weather-key", help: "API key of the provider (QWeather, OpenWeatherMap); from the environment only")

    public init() {}

    public var manifest: AppManifest {
        AppManifest(id: "weather", title: LocalizedText(zh: "天气", en: "Weather"),
                    summary: LocalizedText(zh: "省市县天气 · 温馨提示 · 历史同期", en: "Forecasts, tips and climate"),
                    icon: .cloudSun, tint: .blue)
    }

    public var settings: [any DeclaredSetting] { [Self.provider, Self.providerURL, Self.providerKey] }

    public func migrations() -> [Migration] { WeatherSchema.migrations() }

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let store = WeatherStore(database: context.database)
        let service = ForecastService(provider: Self.configuredProvider(context.settings),
                                      cache: ForecastCache(fetch: OutboundFetch.make()))
        WeatherAPI(store: store, service: service, clock: context.clock).register(into: &routes.api)
        let assets = AppAssets(appID: "weather", directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
        routes.serve(assets)
        WeatherPages(store: store, service: service, clock: context.clock, assets: assets).register(into: &routes.pages)
    }

    public func importer(context: AppContext) -> (any DataImporter)? { WeatherImporter(store: WeatherStore(database: context.database)) }

    public var endpoints: EndpointGroup? { WeatherEndpoints.group }

    public var apiSchemas: [(String, JSONSchema)] { WeatherOpenAPI.schemas }

    static func configuredProvider(_ settings: AppSettings) -> any WeatherProvider {
        let kind = ProviderKind(rawValue: settings[provider]) ?? .openMeteo
        let url = settings[providerURL].isEmpty ? kind.defaultURL : settings[providerURL]
        return kind.make(baseURL: url, key: settings[providerKey] ?? "")
    }
}

/// The providers the app can be configured with.
enum ProviderKind: String, CaseIterable, Sendable {
    case openMeteo = "open-meteo"
    case qweather
    case qweatherV1 = "qweather-v1"
    case webxml
    case weatherComCN = "weather.com.cn"
    case etouch
    case openWeatherMap = "openweathermap"

    /// The provider's public address.
    var defaultURL: String {
        switch self {
        case .openMeteo: "https://api.open-meteo.com"
        case .qweather, .qweatherV1: "https://devapi.qweather.com"
        case .webxml: "http://ws.webxml.com.cn"
        case .weatherComCN: "http://www.weather.com.cn"
        case .etouch: "http://wthrcdn.etouch.cn"
        case .openWeatherMap: "https://api.openweathermap.org"
        }
    }

    func make(baseURL: String, key: String) -> any WeatherProvider {
        switch self {
        case .openMeteo: OpenMeteoProvider(baseURL: baseURL)
        case .qweather: QWeatherProvider(host: baseURL, key: key)
        case .qweatherV1: QWeatherV1Provider(host: baseURL, key: key)
        case .webxml: WebXMLProvider(baseURL: baseURL)
        case .weatherComCN: WeatherComCNProvider(baseURL: baseURL)
        case .etouch: ETouchProvider(baseURL: baseURL)
        case .openWeatherMap: OpenWeatherMapProvider(baseURL: baseURL, key: key)
        }
    }
}
