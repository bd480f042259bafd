@testable import AppDeals
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import HTTPServer
import Storage
import Testing

/// 周边 on a live server: a shared location is kept only rounded to 0.01°, and the apps its owner saved show up
/// for someone about a kilometre away but not for someone across town.
@Suite(.requires(.appstore)) struct NearbyTests {
    @Test func roundsAndRefusesCoordinates() throws {
        let tiananmen = try CoarseLocation(latitude: "39.9042", longitude: "116.4074")
        #expect(tiananmen == CoarseLocation(cellLat: 3990, cellLon: 11641))
        #expect(try CoarseLocation(latitude: "-33.868", longitude: "151.209") == CoarseLocation(cellLat: -3387, cellLon: 15121))
        for (lat, lon) in [("91", "0"), ("0", "181"), ("nan", "0"), ("x", "1"), (nil, "1"), ("1", "")] as [(String?, String?)] {
            #expect(throws: HTTPError.self) { try CoarseLocation(latitude: lat, longitude: lon) }
        }
    }

    @Test func savedAppsOfPeopleNearbyAndNobodyFarAway() throws {
        let server = try TestServer.shared(importing: .appstore)
        let bob = try server.register("nearby_bob", unique: true).token
        for app in ["6466390901", "1587301632"] {
            #expect(try server.send("PUT", "/api/v1/favorites/appdeals/\(app)", json: "{}", token: bob).status == 200)
        }
        let shared = try server.send("PUT", "/api/v1/appdeals/location", json: #"{"lat":39.9042,"lon":116.4074}"#, token: bob)
        #expect(shared.status == 200)
        #expect(try shared.decode(DealLocation.self) == DealLocation(lat: 39.9, lon: 116.41))
        let stored = try server.suite.database.read { db in
            try db.queryFirst("SELECT l.cell_lat, l.cell_lon FROM appdeals_locations l JOIN users u ON u.id = l.user_id WHERE u.username LIKE 'nearby_bob%'")
                .map { row throws(StorageError) in [try row.get(0, as: Int64.self), try row.get(1, as: Int64.self)] }
        }
        #expect(stored == [3990, 11641])

        // About 1 km east (one cell over): bob's two apps; across town (10 km): nobody.
        let near = try server.get("/api/v1/appdeals/nearby?lat=39.9049&lon=116.4201").decode(DealNearby.self)
        #expect(near.users == 1)
        #expect(Set(near.items.map(\.id)) == [6_466_390_901, 1_587_301_632])
        #expect(near.location == DealLocation(lat: 39.9, lon: 116.42))
        let far = try server.get("/api/v1/appdeals/nearby?lat=39.99&lon=116.31").decode(DealNearby.self)
        // Only this test shares locations on the shared server.
        #expect(far.users == 0 && far.items.isEmpty)
        #expect(try server.get("/api/v1/appdeals/nearby?lat=100&lon=1").status == 422)
        #expect(try server.send("PUT", "/api/v1/appdeals/location", json: #"{"lat":39.9,"lon":116.4}"#).status == 401)

        // Opting out deletes the rounded location: bob's apps are gone from 周边.
        #expect(try server.request("DELETE", "/api/v1/appdeals/location", token: bob).status == 204)
        let after = try server.get("/api/v1/appdeals/nearby?lat=39.9042&lon=116.4074").decode(DealNearby.self)
        #expect(after.users == 0 && after.items.isEmpty)
        let page = try server.get("/appdeals/nearby?lat=39.9042&lon=116.4074", headers: ["Cookie": "lang=zh"])
        #expect(page.status == 200 && page.text.contains("周边"))
    }
}
