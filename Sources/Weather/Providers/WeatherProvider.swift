import Foundation

/// One HTTP request a provider needs for a place: what `OutboundHTTP` sends.
struct ProviderRequest: Sendable, Equatable {
    var method: String
    var url: URL
    var headers: [(String, String)]
    var body: [UInt8]?

    init(method: String = "GET", url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    static func == (a: ProviderRequest, b: ProviderRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
    }
}

/// One answer to a ``ProviderRequest``: status, `Content-Type` and body bytes.
struct ProviderResponse: Sendable {
    var status: Int
    var contentType: String?
    var body: [UInt8]
}

/// A weather service behind the app's one interface (research note pitfall 9: free endpoints vanish,
/// so every provider is replaceable and pinned by its recorded fixtures). A provider builds its requests
/// for a place and turns the answers into a ``ProviderForecast``; it does no I/O itself.
protocol WeatherProvider: Sendable {
    /// `open-meteo`, `qweather`, …: shown as the forecast's source.
    var id: String { get }
    /// How long an answer stays fresh before the cache asks again.
    var freshness: TimeInterval { get }
    /// The requests for `place`, sent in order; nil when the provider cannot serve the place (no id or coordinates).
    func requests(for place: Place) -> [ProviderRequest]?
    /// Reads the answers to ``requests(for:)`` (same order). `now` dates replies that omit the year.
    func parse(_ responses: [ProviderResponse], place: Place, now: Date) throws(ProviderError) -> ProviderForecast
}

extension URL {
    /// `base` + `path` with query items, percent-encoded; nil only for a base that is not a URL.
    static func provider(_ base: String, _ path: String, _ query: [(String, String)]) -> URL? {
        guard var components = URLComponents(string: base.hasSuffix("/") ? String(base.dropLast()) + path : base + path) else { return nil }
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url
    }
}
