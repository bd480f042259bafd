public import AppHost
import Foundation
public import HTTPServer
import WebUI

/// Leaflet and its marker clustering from Debian (`libjs-leaflet`, `libjs-leaflet.markercluster`, installed by
/// scripts/bootstrap), served under the app's prefix (`/merchants/leaflet/…`, `/photos/leaflet/…`) with
/// content-hash versions.
public struct LeafletFiles: Sendable {
    public static let debianDirectory = "/usr/share/javascript/leaflet"
    static let scripts = ["leaflet.js", "leaflet.markercluster.js"]
    static let stylesheets = ["leaflet.css", "MarkerCluster.css", "MarkerCluster.Default.css"]

    public let directory: String
    /// `/{app}/leaflet/`.
    public let mountPath: String
    private let versions: [String: String]

    /// The files in `directory`, nil when one of them is missing (pages then keep the offline plot).
    public init?(appID: String, directory: String = Self.debianDirectory) {
        var versions: [String: String] = [:]
        for name in Self.scripts + Self.stylesheets {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { return nil }
            versions[name] = WebAssets.contentHash(data)
        }
        self.directory = directory
        self.mountPath = "/\(appID)/leaflet/"
        self.versions = versions
    }

    public func url(_ name: String) -> String { mountPath + name + (versions[name].map { "?v=" + $0 } ?? "") }

    public var scriptURLs: [String] { Self.scripts.map(url) }
    public var stylesheetURLs: [String] { Self.stylesheets.map(url) }

    /// The package's top folder (scripts, stylesheets) and its `images/` (the icons leaflet.css names).
    func register(into files: inout SessionlessRoutes) {
        let folder = StaticFiles(directory: directory)
        files.get("/leaflet/{file}") { request in try folder.serve(try request.parameter("file"), request: request) }
        files.get("/leaflet/images/{file}") { request in try folder.serve("images/" + (try request.parameter("file")), request: request) }
    }
}

/// What a page needs for its online map: the tiles, the Leaflet files that draw them and maps.js (which turns a
/// plot carrying ``MapPlot/tileAttributes(_:label:note:)`` into a map), all served under the app's own prefix.
public struct MapSetup: Sendable {
    public let tiles: TileSource
    public let leaflet: LeafletFiles
    /// `/{app}/map/maps.js?v=…`.
    public let scriptURL: String
    static let assets = Bundle.module.resourceURL!.appendingPathComponent("Assets").path

    public init(tiles: TileSource, leaflet: LeafletFiles, appID: String) {
        self.tiles = tiles
        self.leaflet = leaflet
        let version = FileManager.default.contents(atPath: Self.assets + "/maps.js").map(WebAssets.contentHash)
        scriptURL = "/\(appID)/map/maps.js" + (version.map { "?v=" + $0 } ?? "")
    }

    /// The map of `appID` when `--map-tile-url` is set and Leaflet is installed; nil keeps the offline plots.
    public static func configured(_ settings: AppSettings, appID: String) -> MapSetup? {
        guard let tiles = TileSource.configured(settings), let leaflet = LeafletFiles(appID: appID) else { return nil }
        return MapSetup(tiles: tiles, leaflet: leaflet, appID: appID)
    }

    /// Serves Leaflet (`/{app}/leaflet/…`) and maps.js (`/{app}/map/…`), session-free.
    public func register(into files: inout SessionlessRoutes) {
        leaflet.register(into: &files)
        let folder = StaticFiles(directory: Self.assets)
        files.get("/map/{file}") { request in try folder.serve(try request.parameter("file"), request: request) }
    }

    public var stylesheetURLs: [String] { leaflet.stylesheetURLs }
    /// Leaflet's scripts, then maps.js; the app's own script goes after them.
    public var scriptURLs: [String] { leaflet.scriptURLs + [scriptURL] }
    /// The standard policy with the tiles' hosts allowed as images.
    public var contentSecurityPolicy: String { ContentSecurityPolicy.allowingImages(from: tiles.origins) }
}
