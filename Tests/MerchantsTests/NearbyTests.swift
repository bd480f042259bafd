import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Storage
import Testing
import WebUI

@Suite(.requires(.merchants)) struct NearbyTests {
    static let square = "lat=31.2304&lon=121.4737"

    /// Every merchant, read without the prefilter, for brute-force expectations.
    static func everyMerchant(_ server: TestServer) throws -> [Merchant] {
        try server.suite.database.read { db in
            try db.query("SELECT \(MerchantStore.columns) FROM merchants").map { row throws(StorageError) in try MerchantStore.merchant(row) }
        }
    }

    /// Within 1 km of People's Square: the same set as a brute-force scan, 99 of them OSM rows (the research
    /// note's count; its bounding box holds 116), sorted by distance, and the keyset pages cover it exactly once.
    @Test func nearbyMatchesBruteForceAndPagesCoverIt() throws {
        let server = try MerchantsServer.get()
        let center = try #require(Coordinate(latitude: 31.2304, longitude: 121.4737))
        let expected = try Self.everyMerchant(server).filter { center.distance(to: $0.position) <= 1_000 }
        #expect(expected.filter { $0.source == "osm" }.count == 99)
        var seen: [MerchantSummary] = []
        var cursor: String?
        var total = -1, lowerBounds: [Bool?] = []
        repeat {
            let page = try server.get("/api/v1/merchants/nearby?\(Self.square)&radius=1000&limit=17" + (cursor.map { "&cursor=\($0)" } ?? ""))
                .decode(MerchantList.self)
            total = page.total
            lowerBounds.append(page.totalIsLowerBound)
            #expect(page.searchedRadiusMeters == nil)
            if page.totalIsLowerBound == true { #expect(page.total < expected.count) }
            #expect(page.items.count <= 17)
            seen += page.items
            cursor = page.nextCursor
        } while cursor != nil
        // ~120 in the circle: few enough (Caps.counted) that every page reads it whole for an exact total.
        #expect(lowerBounds.allSatisfy { $0 == false })
        #expect(total == expected.count)
        #expect(seen.map(\.id).sorted() == expected.map(\.id).sorted())
        let distances = seen.compactMap(\.distanceMeters)
        #expect(distances == distances.sorted())
        #expect(distances.allSatisfy { $0 <= 1_000 })
    }

    /// The list page says "共 N" when the total is exact and "至少 N" / "At least N" when the search stopped at the
    /// page (20 km around People's Square holds thousands: too many to count for one page).
    @Test func pageSaysWhenTheTotalIsALowerBound() throws {
        let server = try MerchantsServer.get()
        let small = try server.get("/merchants?\(Self.square)&radius=1000", headers: ["Accept-Language": "zh-CN"]).text
        #expect(small.contains("共 ") && !small.contains("至少"))
        let wide = try server.get("/api/v1/merchants/nearby?\(Self.square)&radius=20000").decode(MerchantList.self)
        #expect(wide.totalIsLowerBound == true && wide.total < 5_181 && wide.items.count == 20 && wide.searchedRadiusMeters == nil)
        let zh = try server.get("/merchants?\(Self.square)&radius=20000", headers: ["Accept-Language": "zh-CN"]).text
        #expect(zh.contains("至少 \(wide.total) 家商户"))
        let en = try server.get("/merchants?\(Self.square)&radius=20000", headers: ["Accept-Language": "en"]).text
        #expect(en.contains("At least \(wide.total) merchants"))
    }

    @Test func filtersAndSorts() throws {
        let server = try MerchantsServer.get()
        let cafes = try server.get("/api/v1/merchants/nearby?\(Self.square)&radius=3000&category=cafe&limit=50").decode(MerchantList.self)
        #expect(!cafes.items.isEmpty)
        #expect(cafes.items.allSatisfy { $0.category == "cafe" })
        let open = try server.get("/api/v1/merchants/nearby?\(Self.square)&radius=5000&openNow=true&limit=50").decode(MerchantList.self)
        #expect(open.items.allSatisfy { $0.openNow == true })
        // Hangzhou's Dianping rows carry 人均 and 评分: price and rating filters and sorts.
        let hangzhou = "lat=30.32&lon=120.145&radius=5000"
        let cheap = try server.get("/api/v1/merchants/nearby?\(hangzhou)&maxPrice=8000&sort=price").decode(MerchantList.self)
        #expect(cheap.items.map(\.pricePerPerson) == [5_800, 6_000, 6_100, 6_700, 7_500, 8_000])
        let rated = try server.get("/api/v1/merchants/nearby?\(hangzhou)&minRating=4.7&sort=rating").decode(MerchantList.self)
        #expect(rated.items.compactMap(\.rating) == [4.9, 4.9, 4.7, 4.7, 4.7, 4.7])
        #expect(rated.items[0].reviewCount >= rated.items[1].reviewCount)
        // The page says how unknowns are treated (issue 30: most OSM shops have no hours, score or 人均).
        let byRating = try server.get("/merchants?\(hangzhou)&sort=rating&openNow=true", headers: ["Accept-Language": "zh-CN"]).text
        #expect(byRating.contains("没有评分的商户排在最后。") && byRating.contains("未列出不代表已打烊"))
        let byPrice = try server.get("/merchants?\(hangzhou)&sort=price", headers: ["Accept-Language": "en"]).text
        #expect(byPrice.contains("Merchants without a price per person are listed last.") && !byPrice.contains("hours are known"))
    }

    /// Out-of-range and unknown parameters answer 422 naming the field.
    @Test func badInputNamesTheField() throws {
        let server = try MerchantsServer.get()
        for (query, field) in [("lat=91&lon=121", "lat"), ("lat=31&lon=181", "lon"), ("lat=31", "lon"), ("lat=abc&lon=1", "lat"),
                               ("\(Self.square)&radius=50001", "radius"), ("\(Self.square)&radius=0", "radius"), ("\(Self.square)&category=bank", "category"),
                               ("\(Self.square)&sort=name", "sort"), ("\(Self.square)&cursor=bm9wZQ", "cursor"), ("\(Self.square)&limit=51", "limit"),
                               ("\(Self.square)&openNow=maybe", "openNow"), ("\(Self.square)&minPrice=-1", "minPrice"),
                               ("\(Self.square)&minPrice=9000&maxPrice=100", "maxPrice"), ("\(Self.square)&minRating=6", "minRating")] {
            let response = try server.get("/api/v1/merchants/nearby?\(query)")
            #expect(response.status == 422, "\(query)")
            #expect(response.text.contains("\"field\":\"\(field)\""), "\(query): \(response.text)")
        }
        #expect(try server.get("/api/v1/merchants/shake?lat=-91&lon=0").status == 422)
        #expect(try server.get("/api/v1/merchants/999999999").status == 404)
        for (query, field) in [("from=bd09&to=wgs84&lat=1&lon=1", "from"), ("to=wgs84&lat=1&lon=1", "from"), ("from=gcj02&to=WGS84&lat=1&lon=1", "to"),
                               ("from=gcj02&to=wgs84&lat=90.5&lon=1", "lat"), ("from=gcj02&to=wgs84&lon=1", "lat"),
                               ("from=wgs84&to=gcj02&lat=30&lon=-180.01", "lon"), ("from=wgs84&to=gcj02&lat=30&lon=nan", "lon")] {
            let response = try server.get("/api/v1/merchants/coordinates?\(query)")
            #expect(response.status == 422, "\(query)")
            #expect(response.text.contains("\"field\":\"\(field)\""), "\(query): \(response.text)")
        }
    }

    /// 麥當勞 finds 麦当劳 and the reverse (ICU's Traditional→Simplified fold), Latin case-insensitively,
    /// nearest first among equal matches.
    @Test func searchFoldsScriptsAndCase() throws {
        let server = try MerchantsServer.get()
        let traditional = try server.get("/api/v1/merchants/search?q=%E9%BA%A5%E7%95%B6%E5%8B%9E&\(Self.square)&limit=50").decode(MerchantList.self)
        let simplified = try server.get("/api/v1/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3&\(Self.square)&limit=50").decode(MerchantList.self)
        #expect(traditional.total == 63)  // OSM rows with either spelling in name, name:zh or address
        #expect(traditional.total == simplified.total)
        #expect(traditional.items.map(\.id) == simplified.items.map(\.id))
        let lower = try server.get("/api/v1/merchants/search?q=starbucks&limit=50").decode(MerchantList.self)
        let upper = try server.get("/api/v1/merchants/search?q=STARBUCKS&limit=50").decode(MerchantList.self)
        #expect(lower.total >= 138)
        #expect(lower.items.map(\.id) == upper.items.map(\.id))
        #expect(try server.get("/api/v1/merchants/search?q=").status == 422)
        #expect(try server.get("/api/v1/merchants/search?q=" + String(repeating: "a", count: 65)).status == 422)
    }

    /// A query matching more than ``MerchantSearch/scanLimit`` rows ("a": 4,626 of the real data) counts them all, and
    /// ranks the 2,000 nearest to the point asked about — not the first 2,000 by id, which could leave the rows around
    /// it out (the page showed "共 2000 家"). Oracle: every match read, ordered by great-circle distance.
    @Test func searchPastTheScanLimitCountsAllAndRanksTheNearest() throws {
        let server = try MerchantsServer.get()
        let hangzhou = try #require(Coordinate(latitude: 30.2741, longitude: 120.1551))
        let store = MerchantStore(database: server.suite.database)
        for q in ["a", "e"] {
            let everything = try store.search(q, near: nil, limit: 1_000_000).merchants
            try #require(everything.count > MerchantSearch.scanLimit, "\(q): \(everything.count) matches")
            let list = try server.get("/api/v1/merchants/search?q=\(q)&lat=30.2741&lon=120.1551&limit=50").decode(MerchantList.self)
            #expect(list.total == everything.count)
            let page = try server.get("/merchants/search?q=\(q)&lat=30.2741&lon=120.1551", headers: ["Accept-Language": "zh-CN"]).text
            #expect(page.contains("共 \(everything.count) 家商户"))
            let nearest = everything.map { ($0, hangzhou.distance(to: $0.position)) }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.id < $1.0.id }
            let ranked = try MerchantSearch(store: store).search(q, near: hangzhou).hits
            #expect(ranked.count == MerchantSearch.scanLimit)
            // The ranked set is the nearest 2,000 (the SQL order is approximate: allow the boundary 1 % either way).
            let within = Set(nearest.prefix(MerchantSearch.scanLimit * 101 / 100).map(\.0.id))
            #expect(ranked.allSatisfy { within.contains($0.merchant.id) })
            let cut = nearest[MerchantSearch.scanLimit * 99 / 100].1
            #expect(nearest.filter { $0.1 < cut }.allSatisfy { near in ranked.contains { $0.merchant.id == near.0.id } })
        }
    }

    /// 63 rows named 麦当劳 stay apart: the API gives each its address or city, the page a place line under the name
    /// (address or city, and the direction from the point asked about) next to the distance.
    @Test func sameNamedBranchesShowWhereTheyAre() throws {
        let server = try MerchantsServer.get()
        let list = try server.get("/api/v1/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3&\(Self.square)&limit=50").decode(MerchantList.self)
        #expect(list.items.count == 50)
        #expect(list.items.allSatisfy { $0.city != nil || $0.address != nil })
        #expect(Set(list.items.compactMap(\.city)).isSuperset(of: ["上海", "杭州"]))
        #expect(list.items.contains { $0.address == "上海市 天山西路 麦当劳" && $0.city == "上海" })
        let nearby = try server.get("/api/v1/merchants/nearby?\(Self.square)&radius=2000").decode(MerchantList.self)
        #expect(nearby.items.contains { $0.address != nil } && nearby.items.allSatisfy { $0.city == "上海" || $0.address != nil })

        let zh = try server.get("/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3&\(Self.square)", headers: ["Accept-Language": "zh-CN"]).text
        let places = zh.components(separatedBy: "<span class=\"mx-item-place\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(places.count == 50)
        #expect(places.contains("上海 · 西北方向") || places.contains("上海 · 东北方向") || places.contains("上海 · 东南方向") || places.contains("上海 · 西南方向"))
        #expect(places.contains("上海市 天山西路 麦当劳 · 正西方向"))  // 10 km west, 1.3 km south of People's Square
        let en = try server.get("/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3&\(Self.square)", headers: ["Accept-Language": "en"]).text
        #expect(en.contains("<span class=\"mx-item-place\">上海 · N") || en.contains("<span class=\"mx-item-place\">上海 · S"))
        #expect(!en.contains("方向"))
        #expect(MerchantsText.direction(0, .zh) == "正北方向" && MerchantsText.direction(359, .en) == "N" && MerchantsText.direction(44.9, .en) == "NE"
                && MerchantsText.direction(202.6, .en) == "SW" && MerchantsText.direction(292.5, .zh) == "西北方向")
    }

    @Test func coordinatesRoundTrip() throws {
        let server = try MerchantsServer.get()
        let gcj = try server.get("/api/v1/merchants/coordinates?from=wgs84&to=gcj02&lat=30.318384&lon=120.144464").decode(MerchantCoordinates.self)
        #expect(gcj.shifted)
        #expect(abs(gcj.lat - 30.316078) < 2e-6 && abs(gcj.lon - 120.149192) < 2e-6)
        let back = try server.get("/api/v1/merchants/coordinates?from=gcj02&to=wgs84&lat=\(gcj.lat)&lon=\(gcj.lon)").decode(MerchantCoordinates.self)
        #expect(try #require(Coordinate(latitude: back.lat, longitude: back.lon)).distance(to: try #require(Coordinate(latitude: 30.318384, longitude: 120.144464))) < 0.01)
        let hongKong = try server.get("/api/v1/merchants/coordinates?from=wgs84&to=gcj02&lat=22.2819&lon=114.1582").decode(MerchantCoordinates.self)
        #expect(!hongKong.shifted && hongKong.lat == 22.2819 && hongKong.lon == 114.1582)
    }

    /// A merchant whose hours cannot be read shows them verbatim with hoursKnown false and no openNow; the Chinese
    /// forms of the data are read (`24小时`, `周一至周五：7:30–20:00；周末不开`).
    @Test func detailWithUnknownHours() throws {
        let server = try MerchantsServer.get()
        func merchant(hours: String) throws -> Int64 {
            try #require(try server.suite.database.read { db in
                try db.scalar("SELECT id FROM merchants WHERE opening_hours = ?", hours, as: Int64.self)
            })
        }
        let id = try merchant(hours: "周一，周三，周五晚5点至9点")
        let detail = try server.get("/api/v1/merchants/\(id)").decode(MerchantDetail.self)
        #expect(detail.openingHours == "周一，周三，周五晚5点至9点")
        #expect(!detail.hoursKnown)
        #expect(detail.merchant.openNow == nil)
        for hours in ["24小时", "周一至周五：7:30–20:00；周末不开"] {
            let known = try server.get("/api/v1/merchants/\(try merchant(hours: hours))").decode(MerchantDetail.self)
            #expect(known.hoursKnown && known.merchant.openNow != nil, "\(hours)")
        }
        #expect(detail.licence.contains("ODbL"))
        // The rating distribution's rows: "1 star" (not "1 stars") in English, 1星 in Chinese.
        let en = try server.get("/merchants/\(id)", headers: ["Accept-Language": "en"]).text
        #expect(en.contains("<span class=\"mx-bar-label\">1 star</span>") && en.contains("<span class=\"mx-bar-label\">5 stars</span>"))
        #expect(try server.get("/merchants/\(id)", headers: ["Accept-Language": "zh-CN"]).text.contains("<span class=\"mx-bar-label\">1星</span>"))
        let cafe = try #require(try server.suite.database.read { db in
            try db.scalar("SELECT merchant_id FROM merchants_reviews ORDER BY source_id LIMIT 1", as: Int64.self)
        })
        let withReviews = try server.get("/api/v1/merchants/\(cafe)").decode(MerchantDetail.self)
        #expect(withReviews.importedReviews.first?.author.hasPrefix("reviewer-") == true)
        #expect(withReviews.merchant.reviewCount >= 1)
        #expect(withReviews.licence.contains("CC BY 4.0"))
    }
}
