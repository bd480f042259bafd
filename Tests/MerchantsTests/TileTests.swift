import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Geo
import Maps
@testable import Merchants
import Testing
import WebUI

/// The online map of the nearby page over the platform's tiles (Maps): the CSP they open, Leaflet served from the
/// Debian package, and every position handed to the map in the tiles' datum.
@Suite(.requires(.merchants)) struct TileTests {
    static let template = "http://127.0.0.1:29501/tiles/{z}/{x}/{y}.png"

    /// The shared data, served a second time with GCJ-02 tiles configured.
    static let tiled: Result<TestServer, any Error> = Result {
        try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(MerchantsServer.noon),
                       directory: try MerchantsServer.get().directory,
                       options: ["map-tile-url": template, "map-tile-datum": "gcj02", "map-tile-attribution": "测试底图"])
    }

    static func header(_ reply: RawHTTPClient.Reply, _ name: String) -> String? {
        reply.headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// `data-lat`/`data-lon` of the element whose opening tag contains `marker`.
    static func position(_ html: String, after marker: String) throws -> Coordinate {
        let tag = try #require(html.range(of: marker)).lowerBound
        let start = html[..<tag].range(of: "<", options: .backwards)!.lowerBound
        let end = try #require(html[tag...].range(of: ">")).upperBound
        let text = String(html[start..<end])
        func value(_ name: String) throws -> Double {
            let from = try #require(text.range(of: name + "=\"")).upperBound
            return try #require(Double(text[from...].prefix { $0 != "\"" }))
        }
        return try #require(Coordinate(latitude: value("data-lat"), longitude: value("data-lon")))
    }

    @Test func withoutTilesThePlotStaysAlone() throws {
        let page = try MerchantsServer.get().get("/merchants?lat=31.2304&lon=121.4737")
        #expect(page.status == 200)
        #expect(!page.text.contains("data-tile-url") && !page.text.contains("leaflet.js"))
        #expect(Self.header(page, "Content-Security-Policy") == ContentSecurityPolicy.standard)
        #expect(try MerchantsServer.get().get("/merchants/leaflet/leaflet.js").status == 404)
    }

    /// The plot's dots are links: each hit disc is at least 44 px across on a 390 px phone, where the 360-unit plot
    /// is drawn 358 px wide (it was 22 px).
    @Test func plotDotsAreFullTapTargets() throws {
        let page = try MerchantsServer.get().get("/merchants?lat=31.2304&lon=121.4737")
        let discs = page.text.components(separatedBy: #"class="mx-plot-hit""#).dropFirst()
        #expect(discs.count >= 5)
        for disc in discs {
            let from = try #require(disc.range(of: #" r=""#)).upperBound
            let radius = try #require(Double(disc[from...].prefix { $0 != "\"" }))
            #expect(2 * radius * 358 / MerchantPlot.size >= 44)
        }
    }

    @Test func gcjTilesGetConvertedPositionsLeafletAndTheirCSP() throws {
        let server = try Self.tiled.get()
        let page = try server.get("/merchants?lat=31.2304&lon=121.4737&radius=1000")
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("data-tile-url=\"\(Self.template)\"") && html.contains("data-datum=\"gcj02\""))
        #expect(html.contains("data-tile-attribution=\"测试底图\""))
        #expect(html.contains("/merchants/leaflet/leaflet.js?v=") && html.contains("/merchants/leaflet/leaflet.markercluster.js?v="))
        #expect(html.contains("/merchants/leaflet/leaflet.css?v=") && html.contains("/merchants/map/maps.js?v="))
        let csp = try #require(Self.header(page, "Content-Security-Policy"))
        #expect(csp.contains("img-src 'self' data: blob: http://127.0.0.1:29501;") && csp.contains("script-src 'self';"))

        // The centre and every merchant in GCJ-02: People's Square moves about 480 m; each dot is the exact forward
        // conversion of the stored WGS-84 position.
        let square = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        let center = try Self.position(html, after: "data-tile-url=")
        let expected = ChinaDatum.gcj02(fromWGS84: square)
        #expect(abs(center.latitude - expected.latitude) < 1e-6 && abs(center.longitude - expected.longitude) < 1e-6)
        #expect((400...600).contains(center.distance(to: square)), "\(center.distance(to: square)) m")
        let nearby = try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&radius=1000&limit=20").decode(MerchantList.self)
        #expect(nearby.items.count == 20)
        for item in nearby.items {
            let shown = try Self.position(html, after: "href=\"/merchants/\(item.id)\" aria-label")
            let gcj = ChinaDatum.gcj02(fromWGS84: try #require(Coordinate(latitude: item.lat, longitude: item.lon)))
            #expect(abs(shown.latitude - gcj.latitude) < 1e-6 && abs(shown.longitude - gcj.longitude) < 1e-6, "\(item.name)")
        }
    }

    /// The network banner and the upgrade prompt are on every page, hidden until merchants.js needs them; the
    /// prompt carries the release the page was rendered with, which the version API compares.
    @Test func bannerAndUpgradePromptCarryTheRelease() throws {
        let server = try MerchantsServer.get()
        for (path, offline, release) in [("/merchants/search", "网络已断开", "刷新"), ("/merchants/shake?lang=en", "You are offline", "Reload")] {
            let html = try server.get(path).text
            #expect(html.contains("class=\"mx-network\" role=\"status\" hidden"), "\(path)")
            #expect(html.contains(offline) && html.contains(release), "\(path)")
            #expect(html.contains("data-release=\"\(WebAssets.release)\""), "\(path)")
        }
        let version = try server.get("/api/v1/app/version?platform=web&current=\(WebAssets.release)").decode(AppVersion.self)
        #expect(version.latest == WebAssets.release && !version.updateRequired)
    }

    @Test func leafletIsServedFromTheDebianPackage() throws {
        let server = try Self.tiled.get()
        let script = try server.get("/merchants/leaflet/leaflet.js")
        #expect(script.status == 200)
        #expect(Self.header(script, "Content-Type")?.hasPrefix("text/javascript") == true)
        #expect(script.text.contains("Leaflet"))
        let icon = try server.get("/merchants/leaflet/images/marker-icon.png")
        #expect(icon.status == 200 && Array(icon.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(try server.get("/merchants/leaflet/..%2F..%2Fetc/passwd").status == 404)
        #expect(try server.get("/merchants/leaflet/missing.js").status == 404)
    }
}
