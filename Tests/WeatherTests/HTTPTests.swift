import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Storage
import Testing
@testable import Weather

/// The Weather API on a real server with the real divisions, observations and recorded replies imported.
@Suite(.requires(.weather)) struct WeatherAPITests {
    static func server() throws -> TestServer { try TestServer(apps: [WeatherApp()], transport: .inProcess, importing: [.weather]) }

    @Test func importCounts() throws {
        let server = try Self.server()
        let summary = try #require(server.imports[.weather])
        // 3,351 division rows less the county rows of 东莞, 中山 and 儋州 (their prefecture's own adcode),
        // 10,955 observed days, 11 recorded replies.
        #expect(summary.imported == 3_348 + 10_955 + 11)
        #expect(summary.skipped.map(\.reason) == ["东莞市 441900 is its prefecture's own row", "中山市 442000 is its prefecture's own row",
                                                 "儋州市 460400 is its prefecture's own row"])
        // Importing again replaces everything (idempotent).
        let again = try #require(server.suite.importer(for: "weather")).importData(from: TestData.folder("weather")) { _ in }
        #expect(again.imported == summary.imported)
        let count = try server.suite.database.read { db in try db.scalar("SELECT count(*) FROM weather_places", as: Int.self) }
        #expect(count == 3_348)
    }

    @Test func provinceCityCountyTree() throws {
        let server = try Self.server()
        let provinces = try server.get("/api/v1/weather/places").decode(WeatherPlaceList.self).items
        #expect(provinces.count == 31)
        #expect(provinces.first?.id == "110000")
        #expect(provinces.first?.weatherId == "101010100")
        #expect(provinces.first?.childCount == 1)
        // The municipality's prefecture row 市辖区 shows the province's name.
        let beijing = try server.get("/api/v1/weather/places?parent=110000").decode(WeatherPlaceList.self).items
        #expect(beijing.map(\.id) == ["110100"])
        #expect(beijing.first?.name == "北京市")
        let districts = try server.get("/api/v1/weather/places?parent=110100").decode(WeatherPlaceList.self).items
        #expect(districts.count == 16)
        let chaoyang = try #require(districts.first { $0.id == "110105" })
        #expect(chaoyang.name == "朝阳区")
        #expect(chaoyang.weatherId == "101010300")
        #expect(chaoyang.latitude == 39.9215)
        #expect(chaoyang.city == "北京市")
        let one = try server.get("/api/v1/weather/places/220104").decode(WeatherPlace.self)
        #expect(one.weatherId == "101060110")
        #expect(one.province == "吉林省")
        #expect(one.city == "长春市")
    }

    /// 朝阳 is three places (research note pitfall 7): a search finds each, told apart by province and city.
    @Test func searchByNamePrefixAndAdcode() throws {
        let server = try Self.server()
        let chaoyang = try server.get("/api/v1/weather/places?q=%E6%9C%9D%E9%98%B3").decode(WeatherPlaceList.self).items
        let ids = Set(chaoyang.map(\.id))
        #expect(ids.isSuperset(of: ["110105", "211300", "220104", "211321"]))
        #expect(Set(chaoyang.filter { ["110105", "220104"].contains($0.id) }.map(\.weatherId)) == ["101010300", "101060110"])
        let byCode = try server.get("/api/v1/weather/places?q=1101&limit=5").decode(WeatherPlaceList.self).items
        #expect(byCode.count == 5)
        #expect(byCode.allSatisfy { $0.id.hasPrefix("1101") })
        let none = try server.get("/api/v1/weather/places?q=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E5%9C%B0%E6%96%B9").decode(WeatherPlaceList.self)
        #expect(none.items.isEmpty)
        #expect(try server.get("/api/v1/weather/places?q=" + String(repeating: "a", count: 33)).status == 422)
        #expect(try server.get("/api/v1/weather/places?limit=0").status == 422)
        #expect(try server.get("/api/v1/weather/places?parent=999999").status == 404)
        #expect(try server.get("/api/v1/weather/places/999999").status == 404)
    }

    /// Pinyin finds places by the romanised names of QWeather's China city list (issue 30: "hangzhou" found nothing),
    /// folded for case, width and punctuation.
    @Test func searchByPinyin() throws {
        let server = try Self.server()
        func ids(_ query: String) throws -> [String] {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            return try server.get("/api/v1/weather/places?q=\(encoded)&limit=5").decode(WeatherPlaceList.self).items.map(\.id)
        }
        #expect(try ids("hangzhou").first == "330100")
        #expect(try ids("HangZhou").first == "330100")
        #expect(try ids("ｈａｎｇｚｈｏｕ").first == "330100")
        #expect(try ids("zhejiang").first == "330000")
        #expect(try ids("xi'an").contains("610100"))
        #expect(try ids("xian").contains("610100"))
        // 朝阳: the Beijing district and the Liaoning prefecture.
        #expect(Set(try ids("chaoyang")).isSuperset(of: ["211300", "110105"]))
        #expect(try ids("qqqqq").isEmpty)
        let page = try server.get("/weather/places?q=hangzhou")
        #expect(page.status == 200 && page.text.contains("杭州市"))
    }

    /// The nearest counties to People's Square, Shanghai, by haversine distance (values computed apart from
    /// this code, with Python, from `divisions_weather_map.csv`): 黄浦区 1,790 m, 静安区 2,430 m, 虹口区 3,813 m.
    @Test func nearestByHaversine() throws {
        let server = try Self.server()
        let near = try server.get("/api/v1/weather/places?near=31.2304,121.4737&limit=3").decode(WeatherPlaceList.self).items
        #expect(near.map(\.id) == ["310101", "310106", "310109"])
        #expect(near.map(\.distance) == [1_790, 2_430, 3_813])
        #expect(try server.get("/api/v1/weather/places?near=52.27,6.87").decode(WeatherPlaceList.self).items.isEmpty)
        #expect(try server.get("/api/v1/weather/places?near=91,0").status == 422)
    }

    @Test func forecastRefusesBadPlaces() throws {
        let server = try Self.server()
        let outside = try server.get("/api/v1/weather/forecast?place=52.27,6.87")
        #expect(outside.status == 404)
        #expect(outside.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        #expect(try server.get("/api/v1/weather/forecast?place=123456").status == 404)
        #expect(try server.get("/api/v1/weather/forecast?place=beijing").status == 422)
        #expect(try server.get("/api/v1/weather/forecast").status == 422)
    }

    /// 历史同期 of 15 July in Beijing, 2010–2015, the date ±3 days (expected values computed with Python from the CSV).
    @Test func climateOfBeijing() throws {
        let server = try Self.server()
        let climate = try server.get("/api/v1/weather/climate?place=110105&date=07-15").decode(WeatherClimate.self)
        #expect(climate.place.id == "110100")  // a Beijing district shows its prefecture (北京市, 101010100)
        #expect(climate.firstYear == 2010 && climate.lastYear == 2015)
        #expect(climate.days == 42)
        #expect(climate.meanHigh == 31.1)
        #expect(climate.meanLow == 22.3)
        #expect(climate.highest == 40.0)
        #expect(climate.lowest == 19.0)
        #expect(climate.rainDayShare == 0.452)
        #expect(climate.wettestYear == 2013 && climate.wettestTotal == 51.2)
        #expect(climate.driestYear == 2012 && climate.driestTotal == 0.0)
        #expect(climate.months.count == 12)
        #expect(climate.months[6].meanHigh == 31.6)
        #expect(try server.get("/api/v1/weather/climate?place=650100").status == 404)  // 乌鲁木齐: no observations
        #expect(try server.get("/api/v1/weather/climate?place=110000&date=02-30").status == 422)
        #expect(try server.get("/api/v1/weather/climate?place=110000&date=02-29").status == 200)
    }

    @Test func savedPlaces() throws {
        let server = try Self.server()
        #expect(try server.get("/api/v1/weather/saved-places").status == 401)
        let alice = try server.register("weather_alice", unique: true)
        #expect(try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"110105"}"#, token: alice.token).status == 200)
        server.clock.advance(by: 60)
        let list = try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"310101"}"#, token: alice.token)
            .decode(WeatherSavedPlaces.self)
        #expect(list.items.map(\.id) == ["310101", "110105"])  // the last saved (or opened) first
        server.clock.advance(by: 60)
        _ = try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"110105"}"#, token: alice.token)
        #expect(try server.get("/api/v1/weather/saved-places", token: alice.token).decode(WeatherSavedPlaces.self).items.map(\.id)
                == ["110105", "310101"])
        // Her own order; opening a place (the forecast page) keeps it but makes it the home page's "last opened".
        server.clock.advance(by: 60)
        _ = try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"440106"}"#, token: alice.token)
        let reordered = try server.send("PUT", "/api/v1/weather/saved-places", json: #"{"placeIds":["310101","440106","110105"]}"#, token: alice.token)
        #expect(try reordered.decode(WeatherSavedPlaces.self).items.map(\.id) == ["310101", "440106", "110105"])
        server.clock.advance(by: 60)
        _ = try server.get("/weather/forecast?place=110105", headers: ["Cookie": alice.cookie])
        #expect(try server.get("/api/v1/weather/saved-places", token: alice.token).decode(WeatherSavedPlaces.self).items.map(\.id)
                == ["310101", "440106", "110105"])
        #expect(try server.get("/weather", headers: ["Cookie": alice.cookie]).text.contains("/weather/forecast?place=110105"))
        for bad in [#"{"placeIds":["310101","440106"]}"#, #"{"placeIds":["310101","440106","110105","110105"]}"#,
                    #"{"placeIds":["310101","440106","999999"]}"#, #"{"placeIds":"310101"}"#] {
            #expect(try server.send("PUT", "/api/v1/weather/saved-places", json: bad, token: alice.token).status / 100 == 4, "\(bad)")
        }
        // The page's ↑ ↓ buttons (no JavaScript): 110105 up, twice (the second time it is first already).
        let page = try server.get("/weather/saved", headers: ["Cookie": alice.cookie])
        let csrf = try #require(TestServer.csrfToken(in: page.text))
        for _ in 0..<3 {
            let moved = try server.postForm("/weather/saved/110105/move", [("csrf_token", csrf), ("direction", "up")], headers: ["Cookie": alice.cookie])
            #expect(moved.status == 303)
        }
        #expect(try server.get("/api/v1/weather/saved-places", token: alice.token).decode(WeatherSavedPlaces.self).items.map(\.id)
                == ["110105", "310101", "440106"])
        _ = try server.postForm("/weather/saved/310101/move", [("csrf_token", csrf), ("direction", "down")], headers: ["Cookie": alice.cookie])
        #expect(try server.get("/api/v1/weather/saved-places", token: alice.token).decode(WeatherSavedPlaces.self).items.map(\.id)
                == ["110105", "440106", "310101"])
        #expect(try server.request("DELETE", "/api/v1/weather/saved-places/440106", token: alice.token).status == 204)
        #expect(try server.request("DELETE", "/api/v1/weather/saved-places/310101", token: alice.token).status == 204)
        #expect(try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"999999"}"#, token: alice.token).status == 422)
        #expect(try server.send("POST", "/api/v1/weather/saved-places", json: #"{"place":1}"#, token: alice.token).status == 400)
        #expect(try server.request("DELETE", "/api/v1/weather/saved-places/110105", token: alice.token).status == 204)
        #expect(try server.request("DELETE", "/api/v1/weather/saved-places/110105", token: alice.token).status == 404)
        // Another user sees none of alice's places.
        let bob = try server.register("weather_bob", unique: true)
        #expect(try server.get("/api/v1/weather/saved-places", token: bob.token).decode(WeatherSavedPlaces.self).items.isEmpty)
        // At most 20.
        let ids = try server.get("/api/v1/weather/places?parent=110100").decode(WeatherPlaceList.self).items.map(\.id)
            + (try server.get("/api/v1/weather/places?parent=310100").decode(WeatherPlaceList.self).items.map(\.id))
        var statuses: [Int] = []
        for id in ids.prefix(21) {
            statuses.append(try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"\#(id)"}"#, token: bob.token).status)
        }
        #expect(statuses.prefix(20).allSatisfy { $0 == 200 })
        #expect(statuses.last == 422)
    }
}
