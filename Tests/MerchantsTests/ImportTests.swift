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

    /// Tester 31c #4: an imported merchant's page says everything in the reader's language: the source's review count
    /// labelled as Dianping's, apart from this site's reviews; the extra fields by their names, with units, unknown
    /// ones hidden; the licence line; no datum arithmetic.
    @Test func importedFactsAndSourcesInTheReadersLanguage() throws {
        let server = try MerchantsServer.get()
        func id(_ condition: String) throws -> Int64 {
            try #require(try server.suite.database.read { db in try db.scalar("SELECT id FROM merchants WHERE \(condition) ORDER BY id LIMIT 1", as: Int64.self) })
        }
        let dianping = try id("source_id = 'hmdp:1'")
        let zh = try server.get("/merchants/\(dianping)").text
        #expect(zh.contains("大众点评 3035 条评价") && !zh.contains("3035 条点评"), "\(zh.prefix(4_000))")
        #expect(zh.contains("<dt>销量（来源）</dt><dd>4215</dd>") && !zh.contains("image_count") && !zh.contains(">sold<"))
        #expect(zh.contains("黑马点评课程数据（cs001020/hmdp），未声明许可") && !zh.contains("not for publication"))
        #expect(!zh.contains("GCJ-02 30.") && !zh.contains("→ WGS-84"))
        let en = try server.get("/merchants/\(dianping)", headers: ["Cookie": "lang=en"]).text
        #expect(en.contains("3035 reviews on Dianping") && en.contains("<dt>Sold (source)</dt><dd>4215</dd>") && !en.contains("销量"))

        let cafe = try id("notes LIKE '%speed_class=moderate%' AND notes LIKE '%download_raw=%'")
        let cafeZh = try server.get("/merchants/\(cafe)").text
        #expect(cafeZh.contains("<dt>网速</dt><dd>中等</dd>") && cafeZh.contains("<dt>下载网速</dt><dd>") && !cafeZh.contains("speed_class"))
        #expect(!cafeZh.contains("moderate") && !cafeZh.contains("download_raw"))
        #expect(cafeZh.contains("咖啡馆数据：awesome-cn-cafe 贡献者") && !cafeZh.contains("Café data"))
        let cafeEn = try server.get("/merchants/\(cafe)", headers: ["Cookie": "lang=en"]).text
        #expect(cafeEn.contains("<dt>Network speed</dt><dd>Moderate</dd>") && cafeEn.contains("Café data: awesome-cn-cafe contributors"))
    }
}
