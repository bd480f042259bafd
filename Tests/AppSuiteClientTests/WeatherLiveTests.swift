import AppHost
import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// Every Weather method on a live server with the real places and observations, the provider replayed from
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
        let weather = client.weather

        #expect(try await weather.places().count == 31)
        #expect(try await weather.places(parent: "110100").count == 16)
        #expect(try await weather.places(query: "朝阳").contains { $0.id == "220104" && $0.city == "长春市" })
        #expect(try await weather.places(near: "31.2304,121.4737", limit: 1).first?.id == "310101")
        #expect(try await weather.place("110105").weatherId == "101010300")
        let forecast = try await weather.forecast(place: "110105")
        #expect(forecast.current?.temperature == 16.2)
        #expect(forecast.daily.map(\.high) == [21.0, 20.1, 22.2])
        let climate = try await weather.climate(place: "310000", date: "07-15")
        #expect(climate.place.id == "310000")  // 上海市 has weather id 101020100, the observed city
        #expect(climate.days == 42)
        #expect(try await weather.savePlace("110105").map(\.id) == ["110105"])
        #expect(try await weather.savedPlaces().map(\.id) == ["110105"])
        _ = try await weather.savePlace("310101")
        #expect(try await weather.reorderPlaces(["110105", "310101"]).map(\.id) == ["110105", "310101"])
        try await weather.removePlace("310101")
        try await weather.removePlace("110105")
        #expect(try await weather.savedPlaces().isEmpty)

        let card = try await weather.shareCard(place: "110105", photo: UploadFile(file: SharedDataSet.photos.url("ordinary/22-canon_tags.jpg")))
        #expect(card.filename == "weather-110105-2026-10-03.jpg")
        #expect(card.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))  // a JPEG
        let refused = await failure { () async throws(AppSuiteError) in
            try await weather.shareCard(place: "110105", photo: UploadFile(data: Data("not a photo".utf8), filename: "x.jpg"))
        }
        #expect(refused?.status == 422)

        let unknown = await failure { () async throws(AppSuiteError) in try await weather.place("999999") }
        #expect(unknown?.status == 404)
        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/weather/") }
        #expect(expected.count == 9)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }
}
