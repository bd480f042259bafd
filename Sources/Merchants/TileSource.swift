import AppHost
import Foundation
import Geo
import HTTPServer
import WebUI

/// Online map tiles for the nearby page, configured by the operator (DESIGN.md "Configuration"). Without a
/// template (the default) the page keeps the offline SVG plot (``MerchantPlot``); with one, merchants.js
/// replaces the plot by a Leaflet map (Debian `libjs-leaflet`, served from our origin, never a CDN) over these
/// tiles, and the page's CSP lets images come from the template's hosts only.
struct TileSource: Sendable, Equatable {
    /// `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`: `{z}`, `{x}`, `{y}` required, `{s}` optional.
    var template: String
    /// Shown in the map's corner (OpenStreetMap's tiles ask for `© OpenStreetMap contributors`).
    var attribution: String
    /// The system the tiles are drawn in: WGS-84 (OpenStreetMap) or GCJ-02 (Amap, Tencent and other
    /// mainland providers); the page hands Leaflet every coordinate in it (``ChinaDatum``).
    var datum: Datum
    /// The values `{s}` takes, one character each (`abc` for OpenStreetMap, `1234` for Amap).
    var subdomains: String

    static let tileURL = AppSetting<String>(
        "merchants-tile-url", default: "", valueName: "TEMPLATE",
        help: "map tile URL template with {z} {x} {y} (and {s}), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png (default: empty, the offline plot)",
        expected: "an absolute http(s) URL of at most 512 characters containing {z}, {x} and {y}, or empty") { text in
            text.isEmpty || isValidTemplate(text) ? text : nil
        }
    static let attributionSetting = AppSetting<String>(
        "merchants-tile-attribution", default: "© OpenStreetMap contributors", valueName: "TEXT",
        help: "the tiles' attribution shown on the map (default © OpenStreetMap contributors)",
        expected: "1 to 200 characters without control characters") { text in
            text.isEmpty || text.count > 200 || text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
        }
    static let datumSetting = AppSetting<Datum>(
        "merchants-tile-datum", default: .wgs84, valueName: "DATUM",
        help: "the tiles' coordinate system: wgs84 (OpenStreetMap) or gcj02 (Amap, Tencent) (default wgs84)",
        expected: "wgs84 or gcj02") { Datum(rawValue: $0) }
    static let subdomainSetting = AppSetting<String>(
        "merchants-tile-subdomains", default: "abc", valueName: "CHARS",
        help: "the values of {s} in the tile URL, one character each (default abc)",
        expected: "1 to 8 letters or digits") { text in
            (1...8).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? text : nil
        }

    static let settings: [any DeclaredSetting] = [tileURL, attributionSetting, datumSetting, subdomainSetting]

    /// The configured source, nil when no template is set.
    static func configured(_ settings: AppSettings) -> TileSource? {
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
    var origins: [String] {
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
    func display(_ point: Coordinate) -> Coordinate { Datum.wgs84.convert(point, to: datum) }
}

/// Leaflet and its marker clustering from Debian (`libjs-leaflet`, `libjs-leaflet.markercluster`, installed
/// by scripts/bootstrap), served at `/merchants/leaflet/…` with content-hash versions.
struct LeafletFiles: Sendable {
    static let debianDirectory = "/usr/share/javascript/leaflet"
    static let mountPath = "/merchants/leaflet/"
    static let scripts = ["leaflet.js", "leaflet.markercluster.js"]
    static let stylesheets = ["leaflet.css", "MarkerCluster.css", "MarkerCluster.Default.css"]

    let directory: String
    private let versions: [String: String]

    /// The files in `directory`, nil when one of them is missing (the page then keeps the offline plot).
    init?(directory: String = Self.debianDirectory) {
        var versions: [String: String] = [:]
        for name in Self.scripts + Self.stylesheets {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { return nil }
            versions[name] = WebAssets.contentHash(data)
        }
        self.directory = directory
        self.versions = versions
    }

    func url(_ name: String) -> String { Self.mountPath + name + (versions[name].map { "?v=" + $0 } ?? "") }

    var scriptURLs: [String] { Self.scripts.map(url) }
    var stylesheetURLs: [String] { Self.stylesheets.map(url) }

    /// The package's top folder (scripts, stylesheets) and its `images/` (the icons leaflet.css names).
    func register(into files: inout SessionlessRoutes) {
        let folder = StaticFiles(directory: directory)
        files.get("/leaflet/{file}") { request in try folder.serve(try request.parameter("file"), request: request) }
        files.get("/leaflet/images/{file}") { request in try folder.serve("images/" + (try request.parameter("file")), request: request) }
    }
}

/// What the nearby page needs for its online map: the tiles and the Leaflet files that draw them.
struct MapSetup: Sendable {
    let tiles: TileSource
    let leaflet: LeafletFiles
}
