import AppHost
import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// Every Weather endpoint called through `client.call` on a live server with the real places and observations, the provider replayed from
/// Open-Meteo's recorded reply at the time it was current (2026-10-03 10:00 in Amsterdam); the share card of a corpus photo.
@Suite(.requires(.weather), .requires(.photos)) struct WeatherLiveTests {
    @Test func everyMethod() async throws {
        let replay = try ReplayServer(["/v1/forecast": try .file(TestData.folder("weather").appendingPathComponent(
            "fixtures/open_meteo/forecast_enschede_all_sections.json"))])
        let server = try TestServer(clock: FixedClock(Date(timeIntervalSince1970: 1_791_014_400)), importing: [.weather],
                                    options: ["weather-provider-url": replay.url])
        let recorder = RecordingTransport()
        let client = server.client(recorder: recorder)
        _ = try await client.auth.register(username: uniqueName("wx"), password: TestServer.password)

        #expect(try await client.call(WeatherEndpoints.places, query: .init()).items.count == 31)
        #expect(try await client.call(WeatherEndpoints.places, query: .init(parent: "110100")).items.count == 16)
        #expect(try await client.call(WeatherEndpoints.places, query: .init(q: "朝阳")).items.contains { $0.id == "220104" && $0.city == "长春市" })
        #expect(try await client.call(WeatherEndpoints.places, query: .init(near: "31.2304,121.4737", limit: 1)).items.first?.id == "310101")
        #expect(try await client.call(WeatherEndpoints.place, path: ["id": "110105"]).weatherId == "101010300")
        let forecast = try await client.call(WeatherEndpoints.forecast, query: .init(place: "110105"))
        #expect(forecast.current?.temperature == 16.2)
        #expect(forecast.daily.map(\.high) == [21.0, 20.1, 22.2])
        let climate = try await client.call(WeatherEndpoints.climate, query: .init(place: "310000", date: "07-15"))
        #expect(climate.place.id == "310000")  // 上海市 has weather id 101020100, the observed city
        #expect(climate.days == 42)
        #expect(try await client.call(WeatherEndpoints.savePlace, body: .init(placeId: "110105")).items.map(\.id) == ["110105"])
        #expect(try await client.call(WeatherEndpoints.savedPlaces).items.map(\.id) == ["110105"])
        _ = try await client.call(WeatherEndpoints.savePlace, body: .init(placeId: "310101"))
        #expect(try await client.call(WeatherEndpoints.reorderPlaces, body: .init(placeIds: ["110105", "310101"])).items.map(\.id) == ["110105", "310101"])
        _ = try await client.call(WeatherEndpoints.removePlace, path: ["id": "310101"])
        _ = try await client.call(WeatherEndpoints.removePlace, path: ["id": "110105"])
        #expect(try await client.call(WeatherEndpoints.savedPlaces).items.isEmpty)

        let card = try await client.upload(WeatherEndpoints.shareCard, query: .init(place: "110105"),
                                           files: [("photo", UploadFile(file: SharedDataSet.photos.url("ordinary/22-canon_tags.jpg")))])
        #expect(card.filename == "weather-110105-2026-10-03.jpg")
        #expect(card.contentType == "image/jpeg")
        #expect(card.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))  // a JPEG
        let refused = await failure { () async throws(AppSuiteError) in
            _ = try await client.upload(WeatherEndpoints.shareCard, query: .init(place: "110105"),
                                        files: [("photo", UploadFile(data: Data("not a photo".utf8), filename: "x.jpg"))])
        }
        #expect(refused?.status == 422)

        let unknown = await failure { () async throws(AppSuiteError) in _ = try await client.call(WeatherEndpoints.place, path: ["id": "999999"]) }
        #expect(unknown?.status == 404)
        let tooLong = await failure { () async throws(AppSuiteError) in
            _ = try await client.call(WeatherEndpoints.places, query: .init(q: String(repeating: "朝", count: 33)))
        }
        #expect(tooLong?.status == 422 && tooLong?.fieldErrors.first?.field == "q")
        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/weather/") }
        #expect(expected.count == 9)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }
}
