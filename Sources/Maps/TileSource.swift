public import AppHost
import Foundation
public import Geo

/// Online map tiles, configured once by the operator for every app that draws a map (商户's nearby page, Photo
/// Studio's 地点; DESIGN.md "Configuration"). Without a template (the default) the pages keep their offline SVG
/// plots; with one, maps.js (``MapSetup``) replaces a plot by a Leaflet map (Debian `libjs-leaflet`, served from our
/// origin, never a CDN) over these tiles, and the page's CSP lets images come from the template's hosts only.
public struct TileSource: Sendable, Equatable {
    /// `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`: `{z}`, `{x}`, `{y}` required, `{s}` optional.
    public var template: String
    /// Shown in the map's corner (OpenStreetMap's tiles ask for `© OpenStreetMap contributors`).
    public var attribution: String
    /// The system the tiles are drawn in: WGS-84 (OpenStreetMap) or GCJ-02 (Amap, Tencent and other
    /// mainland providers); pages hand Leaflet every coordinate in it (``ChinaDatum``).
    public var datum: Datum
    /// The values `{s}` takes, one character each (`abc` for OpenStreetMap, `1234` for Amap).
    public var subdomains: String

    public init(template: String, attribution: String, datum: Datum, subdomains: String) {
        (self.template, self.attribution, self.datum, self.subdomains) = (template, attribution, datum, subdomains)
    }

    /// `--map-tile-url`: empty (the default) keeps the offline plots.
    public static let tileURL = AppSetting<String>(
        "map-tile-url", default: "", valueName: "TEMPLATE",
        help: "map tile URL template with {z} {x} {y} (and {s}), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png (default: empty, the offline plot)",
        expected: "an absolute http(s) URL of at most 512 characters containing {z}, {x} and {y}, or empty") { text in
            text.isEmpty || isValidTemplate(text) ? text : nil
        }
    /// `--map-tile-attribution`.
    public static let attributionSetting = AppSetting<String>(
        "map-tile-attribution", default: "© OpenStreetMap contributors", valueName: "TEXT",
        help: "the tiles' attribution shown on the map (default © OpenStreetMap contributors)",
        expected: "1 to 200 characters without control characters") { text in
            text.isEmpty || text.count > 200 || text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
        }
    /// `--map-tile-datum`: `wgs84` or `gcj02`.
    public static let datumSetting = AppSetting<Datum>(
        "map-tile-datum", default: .wgs84, valueName: "DATUM",
        help: "the tiles' coordinate system: wgs84 (OpenStreetMap) or gcj02 (Amap, Tencent) (default wgs84)",
        expected: "wgs84 or gcj02") { Datum(rawValue: $0) }
    /// `--map-tile-subdomains`.
    public static let subdomainSetting = AppSetting<String>(
        "map-tile-subdomains", default: "abc", valueName: "CHARS",
        help: "the values of {s} in the tile URL, one character each (default abc)",
        expected: "1 to 8 letters or digits") { text in
            (1...8).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? text : nil
        }

    /// The four settings; every app with a map declares them (the server reads a name once, whoever declares it).
    public static let settings: [any DeclaredSetting] = [tileURL, attributionSetting, datumSetting, subdomainSetting]

    /// The configured source, nil when no template is set.
    public static func configured(_ settings: AppSettings) -> TileSource? {
        let template = settings[tileURL]
        guard !template.isEmpty else { return nil }
        return TileSource(template: template, attribution: settings[attributionSetting], datum: settings[datumSetting],
                          subdomains: settings[subdomainSetting])
    }

    static func isValidTemplate(_ text: String) -> Bool {
        guard text.count <= 512, ["{z}", "{x}", "{y}"].allSatisfy(text.contains),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " || $0 == "'" || $0 == ";" }),
              let url = URLComponents(string: text.replacingOccurrences(of: "{s}", with: "a")
                  .replacingOccurrences(of: "{z}", with: "0").replacingOccurrences(of: "{x}", with: "0").replacingOccurrences(of: "{y}", with: "0")),
              ["http", "https"].contains(url.scheme ?? ""), let host = url.host, !host.isEmpty, url.user == nil, url.fragment == nil
        else { return false }
        return true
    }

    /// Every origin tiles come from (`{s}` expanded), for the CSP's `img-src`: `https://a.tile.example.org`.
    public var origins: [String] {
        let hosts = template.contains("{s}") ? subdomains.map { template.replacingOccurrences(of: "{s}", with: String($0)) } : [template]
        var seen: [String] = []
        for text in hosts {
            guard let url = URLComponents(string: text.replacingOccurrences(of: "{z}", with: "0")
                      .replacingOccurrences(of: "{x}", with: "0").replacingOccurrences(of: "{y}", with: "0")),
                  let scheme = url.scheme, let host = url.host else { continue }
            let origin = scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
            if !seen.contains(origin) { seen.append(origin) }
        }
        return seen
    }

    /// `point` (WGS-84, as stored) in the tiles' system.
    public func display(_ point: Coordinate) -> Coordinate { Datum.wgs84.convert(point, to: datum) }
}
