import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Storage
import Testing

@Suite(.requires(.merchants)) struct MerchantsImportTests {
    /// Every file of the folder: 2,371 + 2,457 OSM rows, 339 cafés, 14 Dianping rows and 339 café reviews; the
    /// GeoJSON's 5,167 features all match imported rows, so nothing is skipped. Importing again changes nothing.
    @Test func importsEveryFileIdempotently() throws {
        let server = try TestServer(apps: [MerchantsApp()], transport: .inProcess, importing: [.merchants])
        let summary = try #require(server.imports[.merchants])
        #expect(summary.imported == 2_371 + 2_457 + 339 + 14 + 339)
        #expect(summary.skipped.isEmpty, "\(summary.skipped)")
        let counts = { () throws -> [Int] in
            try server.suite.database.read { db in
                [try db.scalar("SELECT count(*) FROM merchants", as: Int.self) ?? -1,
                 try db.scalar("SELECT count(*) FROM merchants_reviews", as: Int.self) ?? -1,
                 try db.scalar("SELECT count(*) FROM merchants WHERE source = 'osm' AND licence LIKE '%ODbL%'", as: Int.self) ?? -1,
                 try db.scalar("SELECT count(*) FROM merchants WHERE source_datum = 'gcj02'", as: Int.self) ?? -1,
                 try db.scalar("SELECT count(*) FROM merchants WHERE time_zone = 'Asia/Hong_Kong'", as: Int.self) ?? -1]
            }
        }
        #expect(try counts() == [5_181, 339, 4_828, 14, 2_457])
        let again = try #require(server.suite.importer(for: "merchants")).importData(from: SharedDataSet.merchants.folder) { _ in }
        #expect(again.imported == summary.imported)
        #expect(try counts() == [5_181, 339, 4_828, 14, 2_457])
    }

    /// The GCJ-02 Dianping rows are converted with the iterative inverse and keep the original: 103茶餐厅's
    /// WGS-84 position agrees with the file's own estimate (30.318384, 120.144464) within 0.2 m.
    @Test func gcjRowsConvertedWithOriginalKept() throws {
        let server = try MerchantsServer.get()
        let store = MerchantStore(database: server.suite.database)
        let id = try #require(try server.suite.database.read { db in try db.scalar("SELECT id FROM merchants WHERE source_id = 'hmdp:1'", as: Int64.self) })
        let merchant = try #require(try store.merchant(id))
        #expect(merchant.sourceDatum == .gcj02)
        #expect(merchant.sourcePosition == Coordinate(latitude: 30.316078, longitude: 120.149192))
        #expect(merchant.position.distance(to: try #require(Coordinate(latitude: 30.318384, longitude: 120.144464))) < 0.2)
        #expect(merchant.pricePerPerson == 8_000)
        #expect(merchant.sourceRating == 3.7)
        #expect(merchant.licence.contains("no licence stated"))
        let osm = try #require(try server.suite.database.read { db in
            try db.queryFirst("SELECT lat, lon, source_lat, source_lon FROM merchants WHERE source_id = 'osm:node/26488397'")
        })
        #expect(try osm.get("lat", as: Double.self) == 30.2712537)
        #expect(try osm.get("source_lat", as: Double.self) == 30.2712537)
    }
}
