import AppSuiteAPI
import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
import Maps
@testable import PhotoStudio
import Storage
import Testing
import WebUI

/// 地点 (issue 29 item 8): the photos with a GPS place grouped into areas on the offline plot or the online map, each
/// area opening its timeline through `bbox`, which the API checks.
@Suite(.serialized) struct PlacesPageTests {
    /// The corpus' three GPS photos (Florence, Helsinki, Madrid) and one without GPS, uploaded by alice.
    static func library(_ server: TestServer) throws -> (account: TestAccount, ids: [String: Int64]) {
        let alice = try server.register("alice")
        let names = ["87_OSError.jpg", "HMD_Nokia_8.3_5G.jpg", "iphone_hdr_YES.jpg", "coffee.png"]
        let files = try names.map { ($0, [UInt8](try Data(contentsOf: Corpus.url("ordinary/" + $0)))) }
        let form = TimelineTests.form(files: files, fields: [])
        let upload = try server.request("POST", "/api/v1/photos", token: alice.token, headers: form.headers, body: form.body)
        #expect(upload.status == 201, "\(upload.text)")
        let items = try #require(try server.request("GET", "/api/v1/photos", token: alice.token).json()["items"] as? [[String: Any]])
        let ids = Dictionary(uniqueKeysWithValues: items.map { ($0["filename"] as? String ?? "", ($0["id"] as? NSNumber)?.int64Value ?? 0) })
        return (alice, ids)
    }

    /// `cx`/`cy` of the plot dot whose link's `aria-label` starts with `label`.
    static func dot(_ html: String, _ label: String) throws -> (x: Double, y: Double) {
        let link = try #require(html.range(of: "aria-label=\"\(label)"))
        let dot = try #require(html[link.upperBound...].range(of: "class=\"places-plot-dot\""))
        func value(_ name: String) throws -> Double {
            let from = try #require(html[dot.upperBound...].range(of: " \(name)=\"")).upperBound
            return try #require(Double(html[from...].prefix { $0 != "\"" }))
        }
        return (try value("cx"), try value("cy"))
    }

    @Test("three places on the plot at their true positions, the photo without GPS counted, each area's timeline",
          .requires(.photos))
    func offlinePlot() throws {
        let server = try TestServer()
        let (alice, ids) = try Self.library(server)
        let page = try server.get("/photos/places", headers: ["Cookie": alice.cookie])
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("3 张照片有地点，分布在 3 处（每处约 200 km 见方）。另有 1 张没有地点，不在图上。"), "\(html)")
        #expect(html.components(separatedBy: "class=\"places-plot-dot\"").count == 4)
        #expect(!html.contains("data-tile-url") && !html.contains("leaflet"), "no tiles configured: the plot alone, no script")
        // Helsinki to Madrid is the wider span (2,190 km north–south): it fills the plot less its 36-unit margins.
        let helsinki = try Self.dot(html, "北纬 60.15°，东经 24.91°")
        let madrid = try Self.dot(html, "北纬 40.45°，西经 3.72°")
        let florence = try Self.dot(html, "北纬 43.79°，东经 11.23°")
        #expect(helsinki.y == 36 && madrid.y == 324)
        let fit = PlacesPlot.fit([Coordinate(latitude: 60.146706, longitude: 24.906772)!, Coordinate(latitude: 40.446972, longitude: -3.724753)!,
                                  Coordinate(latitude: 43.785594, longitude: 11.234619)!], cellMetres: 200_000)
        let expected = MapPlot.project(Coordinate(latitude: 43.785594, longitude: 11.234619)!, center: fit.center, unitsPerMetre: fit.unitsPerMetre,
                                       origin: (180, 180))
        #expect(abs(florence.x - expected.x) < 0.051 && abs(florence.y - expected.y) < 0.051)
        #expect(madrid.x < florence.x && florence.x < helsinki.x && (36...324).contains(madrid.x) && (36...324).contains(helsinki.x))

        // Each area links to the timeline of exactly its photos.
        let from = try #require(html.range(of: "href=\"/photos?group=day&amp;bbox=")).lowerBound
        let href = String(html[html.index(from, offsetBy: 6)...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        let bbox = try #require(href.components(separatedBy: "bbox=").last)
        let listed = try #require(try server.request("GET", "/api/v1/photos?bbox=" + bbox, token: alice.token).json()["items"] as? [[String: Any]])
        #expect(listed.count == 1)
        let grid = try server.get(href, headers: ["Cookie": alice.cookie])
        #expect(grid.status == 200 && grid.text.contains("只看地图上这一带拍的照片。"))
        #expect(grid.text.components(separatedBy: "class=\"photo-link\"").count == 2)
        #expect(ids.count == 4)

        let english = try server.get("/photos/places?lang=en", headers: ["Cookie": alice.cookie, "Accept-Language": "en"]).text
        #expect(english.contains("3 photos with a place, in 3 areas (about 200 km across each). 1 photo without a place is not shown."), "\(english)")
    }

    @Test("bbox: only photos inside, edges included; bad bounds are a 422 naming each value", .requires(.photos))
    func boundingBox() throws {
        let server = try TestServer()
        let (alice, _) = try Self.library(server)
        func names(_ query: String) throws -> [String] {
            let items = try #require(try server.request("GET", "/api/v1/photos?" + query, token: alice.token).json()["items"] as? [[String: Any]])
            return items.compactMap { $0["filename"] as? String }.sorted()
        }
        #expect(try names("bbox=24,60,25,61") == ["HMD_Nokia_8.3_5G.jpg"])
        #expect(try names("bbox=-10,35,30,61") == ["87_OSError.jpg", "HMD_Nokia_8.3_5G.jpg", "iphone_hdr_YES.jpg"], "never the photo without GPS")
        // The stored position exactly (the list's JSON goes through Foundation's parser, which may round the last digit).
        let (lat, lon): (Double, Double) = try server.suite.database.read { db in
            let row = try #require(try db.queryFirst("SELECT place_latitude, place_longitude FROM photos_photos WHERE filename = 'HMD_Nokia_8.3_5G.jpg'"))
            return (try row.get("place_latitude"), try row.get("place_longitude"))
        }
        #expect(try names("bbox=\(lon),\(lat),\(lon),\(lat)") == ["HMD_Nokia_8.3_5G.jpg"], "edges included")
        #expect(try names("bbox=\(lon.nextUp),\(lat),\(lon.nextUp),\(lat)").isEmpty, "just outside")
        #expect(try names("bbox=100,20,120,40").isEmpty)
        for (query, message) in [("bbox=200,0,10,10", "minLon 200.0 is out of range (-180 to 180)."),
                                 ("bbox=10,0,5,1", "minLon 10.0 is greater than maxLon 5.0."),
                                 ("bbox=0,-95,1,1", "minLat -95.0 is out of range (-90 to 90)."),
                                 ("bbox=1,2,3", "is not four numbers")] {
            let reply = try server.request("GET", "/api/v1/photos?" + query, token: alice.token, headers: ["Accept-Language": "en"])
            #expect(reply.status == 422 && reply.text.contains("\"bbox\"") && reply.text.contains(message), "\(query): \(reply.text)")
        }
        #expect(try server.get("/photos?bbox=0,0,x,1", headers: ["Cookie": alice.cookie]).status == 422)
        // The SDK's model writes the same query.
        let query = PhotoListQuery(bbox: PhotoBounds(west: 24, south: 60, east: 25.5, north: 61))
        #expect(query.queryItems.contains { $0.name == "bbox" && $0.value == "24,60,25.5,61" })
        #expect(PhotoBounds(west: 10, south: 0, east: 5, north: 1) == nil)
    }

    /// 31.2298° N written by a camera as 31° 13′ 47.28″ reads back as 31.229799999999997, and `× 10⁷` rounds that up
    /// to 312298000: an area's link must still hold it (the E2E test's south-west photo was left out once).
    @Test func areaLinksRoundOutwards() throws {
        let south = 31.0 + 13.0 / 60 + 47.28 / 3600
        #expect(south < 31.2298 && (south * 1e7).rounded(.down) == 312_298_000)
        let bounds = try #require(PhotoPages.outwards(west: 121.473, south: south, east: 121.5003, north: 31.2401))
        let parsed = try PhotoListQuery(pairs: [("bbox", bounds.queryText)]).bbox
        #expect(bounds.queryText == "121.473,31.2297999,121.5003,31.2401")
        #expect(try #require(parsed).south <= south && parsed!.west <= 121.473 && parsed!.east >= 121.5003 && parsed!.north >= 31.2401)
    }

    @Test("no photo with a place: an empty state that says what to do and counts the others", .requires(.photos))
    func emptyState() throws {
        let server = try TestServer()
        let alice = try server.register("alice")
        let form = TimelineTests.form(files: [("coffee.png", [UInt8](try Data(contentsOf: Corpus.url("ordinary/coffee.png"))))], fields: [])
        #expect(try server.request("POST", "/api/v1/photos", token: alice.token, headers: form.headers, body: form.body).status == 201)
        let html = try server.get("/photos/places", headers: ["Cookie": alice.cookie]).text
        #expect(html.contains("还没有带地点的照片") && html.contains("拍照时打开相机的定位") && html.contains("现有 1 张照片都没有地点"))
        #expect(!html.contains("places-plot"))
        #expect(try server.get("/photos", headers: ["Cookie": alice.cookie]).text.contains("href=\"/photos/places\""))
    }

    @Test("GCJ-02 tiles: Leaflet under /photos, the tiles' CSP, and each marker converted from the stored WGS-84",
          .requires(.photos))
    func gcjMap() throws {
        let template = "http://127.0.0.1:29502/tiles/{z}/{x}/{y}.png"
        let server = try TestServer(options: ["map-tile-url": template, "map-tile-datum": "gcj02", "map-tile-attribution": "测试底图"])
        let (alice, ids) = try Self.library(server)
        // Two photos put in Shanghai (People's Square and 130 m away): one place, converted about 480 m for the tiles.
        try server.suite.database.write { db in
            _ = try db.execute("UPDATE photos_photos SET place_latitude = 31.2304, place_longitude = 121.4737 WHERE id = ?", ids["87_OSError.jpg"]!)
            _ = try db.execute("UPDATE photos_photos SET place_latitude = 31.2310, place_longitude = 121.4745 WHERE id = ?", ids["iphone_hdr_YES.jpg"]!)
        }
        let page = try server.get("/photos/places", headers: ["Cookie": alice.cookie])
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("data-tile-url=\"\(template)\"") && html.contains("data-datum=\"gcj02\"") && html.contains("GCJ-02"))
        #expect(html.contains("/photos/leaflet/leaflet.js?v=") && html.contains("/photos/map/maps.js?v=") && html.contains("photos-places.js"))
        let csp = try #require(page.headers.first { $0.key.lowercased() == "content-security-policy" }?.value)
        #expect(csp.contains("img-src 'self' data: blob: http://127.0.0.1:29502;"))
        let label = try #require(html.range(of: "aria-label=\"北纬 31.23°，东经 121.47° · 2 张\""))
        let tag = String(html[label.lowerBound...].prefix { $0 != ">" })
        func value(_ name: String) throws -> Double {
            let from = try #require(tag.range(of: name + "=\"")).upperBound
            return try #require(Double(tag[from...].prefix { $0 != "\"" }))
        }
        let mean = try #require(Coordinate(latitude: (31.2304 + 31.2310) / 2, longitude: (121.4737 + 121.4745) / 2))
        let gcj = ChinaDatum.gcj02(fromWGS84: mean)
        let shown = try #require(Coordinate(latitude: try value("data-lat"), longitude: try value("data-lon")))
        #expect(abs(shown.latitude - gcj.latitude) < 1e-6 && abs(shown.longitude - gcj.longitude) < 1e-6)
        #expect((400...600).contains(shown.distance(to: mean)), "\(shown.distance(to: mean)) m")
        #expect(try value("data-count") == 2)
        #expect(try server.get("/photos/map/maps.js").text.contains("AppSuiteMap"))
        #expect(try server.get("/photos/leaflet/leaflet.js").status == 200)
    }
}
