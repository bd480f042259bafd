import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import HTTPServer
import Testing
@testable import Weather

/// The app over real HTTP: the suite's curl client asks a local server that replays the recorded provider
/// replies (`../shared/data/weather/fixtures`), including errors, HTML and a provider that stops answering.
@Suite(.requires(.weather), .serialized) struct ReplayTests {
    static func fixture(_ relative: String, status: Int = 200, contentType: String = "application/json") throws -> ReplayServer.Reply {
        try .file(TestData.folder("weather").appendingPathComponent("fixtures/" + relative), status: status, contentType: contentType)
    }

    /// 2026-10-03 10:00 in Amsterdam, when the recorded Open-Meteo reply was current.
    static func clock() -> FixedClock { FixedClock(ProviderTime.instant("2026-10-03T08:00:00Z", zone: china)!) }

    static func server(_ replay: ReplayServer, provider: String = "open-meteo", clock: FixedClock = clock()) throws -> TestServer {
        try TestServer(apps: [WeatherApp()], clock: clock, importing: [.weather],
                       options: ["weather-provider": provider, "weather-provider-url": replay.url])
    }

    @Test func forecastThroughTheCacheOverHTTP() throws {
        let replay = try ReplayServer(["/v1/forecast": try Self.fixture("open_meteo/forecast_enschede_all_sections.json")])
        let server = try Self.server(replay)
        let forecast = try server.get("/api/v1/weather/forecast?place=110105").decode(WeatherForecast.self)
        #expect(forecast.provider == "open-meteo")
        #expect(forecast.stale == false)
        #expect(forecast.fetchedAt == server.clock.now)
        #expect(forecast.current?.temperature == 16.2)
        #expect(forecast.daily.map(\.date) == ["2026-10-03", "2026-10-04", "2026-10-05"])
        #expect(forecast.daily.map(\.high) == [21.0, 20.1, 22.2])
        #expect(forecast.tips.map(\.kind) == ["dressing", "umbrella", "cold", "carWash", "sport"])
        #expect(forecast.place.id == "110105")
        // The request: the place's coordinates and zone, the variables asked for.
        let query = try #require(replay.received.first?.query)
        #expect(query["latitude"] == "39.9215")
        #expect(query["longitude"] == "116.4864")
        #expect(query["timezone"] == "Asia/Shanghai")
        // 20 clients at once, and again later within the interval: one provider request in all.
        DispatchQueue.concurrentPerform(iterations: 20) { _ in _ = try? server.get("/api/v1/weather/forecast?place=110105") }
        server.clock.advance(by: 14 * 60)
        _ = try server.get("/api/v1/weather/forecast?place=110105")
        #expect(replay.count("/v1/forecast") == 1)
        // After the interval the provider is asked again.
        server.clock.advance(by: 60)
        _ = try server.get("/api/v1/weather/forecast?place=110105")
        #expect(replay.count("/v1/forecast") == 2)
    }

    /// The provider fails (HTTP 500, then HTML, then its error object): the last good forecast is served, stale, with its time.
    @Test func staleWhenTheProviderFails() throws {
        let replay = try ReplayServer(["/v1/forecast": try Self.fixture("open_meteo/forecast_enschede_all_sections.json")])
        let server = try Self.server(replay)
        let first = try server.get("/api/v1/weather/forecast?place=310101").decode(WeatherForecast.self)
        for (index, reply) in [ReplayServer.Reply(status: 500, body: Array("oops".utf8)),
                               ReplayServer.Reply(status: 200, contentType: "text/html", body: Array("<html><body>维护中</body></html>".utf8)),
                               try Self.fixture("open_meteo/error_400_invalid_variable.json", status: 400)].enumerated() {
            replay.set("/v1/forecast", reply)
            server.clock.advance(by: 16 * 60)
            let answer = try server.get("/api/v1/weather/forecast?place=310101")
            #expect(answer.status == 200, "reply \(index)")
            let stale = try answer.decode(WeatherForecast.self)
            #expect(stale.stale, "reply \(index)")
            #expect(stale.fetchedAt == first.fetchedAt)
            #expect(stale.current == first.current)
        }
        #expect(replay.count("/v1/forecast") == 4)  // one each: a 500 is an answer (only 429, 502–504 and connection failures are retried)
    }

    /// Nothing cached and the provider fails: 503 with the provider's reason, never a 500 or a number.
    @Test func unavailableWithNothingCached() throws {
        let replay = try ReplayServer(["/v1/forecast": try Self.fixture("open_meteo/error_400_invalid_variable.json", status: 400)])
        let server = try Self.server(replay)
        let answer = try server.get("/api/v1/weather/forecast?place=440106")
        #expect(answer.status == 503)
        #expect(answer.headers["retry-after"] == "60")
        let problem = try answer.decode(Problem.self)
        #expect(problem.type == "urn:appsuite:problem:weather-unavailable")
        // In Chinese the reason in Chinese only; in English also the provider's own words (tester pass 11 item 8).
        #expect(problem.detail?.contains("天气数据源返回了错误") == true && problem.detail?.contains("tempeture_2m") == false)
        let englishProblem = try server.get("/api/v1/weather/forecast?place=440106", headers: ["Accept-Language": "en"]).decode(Problem.self)
        #expect(englishProblem.title == "Live weather unavailable" && englishProblem.detail?.contains("tempeture_2m") == true)
        let page = try server.get("/weather/forecast?place=440106")
        #expect(page.status == 503)
        #expect(page.text.contains("/weather/samples/beijing-qweather"))
        // The page says what went wrong in the reader's words, not the provider's (issue 30).
        #expect(page.text.contains("天气数据源返回了错误") && !page.text.contains("tempeture_2m") && !page.text.contains("provider error"))
        let english = try server.get("/weather/forecast?place=440106", headers: ["Cookie": "lang=en"])
        #expect(english.text.contains("the weather source answered with an error") && !english.text.contains("tempeture_2m"))
    }

    /// A provider that never answers in time: the client gives up after its time-out and the answer is 503.
    @Test func timeOut() throws {
        var slow = try Self.fixture("open_meteo/forecast_enschede_all_sections.json")
        slow.delay = .seconds(12)
        let replay = try ReplayServer(["/v1/forecast": slow])
        let server = try Self.server(replay)
        let answer = try server.get("/api/v1/weather/forecast?place=110105", headers: ["Accept-Language": "en"])
        #expect(answer.status == 503)
        #expect(try answer.decode(Problem.self).detail?.contains("timed out") == true)
    }

    /// webxml asked by POST with the place's name as a UTF-8 form, its XML read over HTTP.
    @Test func webxmlByPost() throws {
        let replay = try ReplayServer(["/WebServices/WeatherWS.asmx/getWeather":
            try Self.fixture("webxml/getWeather_tonghe_wrapped.xml", contentType: "text/xml; charset=utf-8")])
        let clock = FixedClock(ProviderTime.instant("2019-09-21T01:30", zone: china)!)
        let server = try Self.server(replay, provider: "webxml", clock: clock)
        // 通河县 (230128), weather name 通河.
        let forecast = try server.get("/api/v1/weather/forecast?place=230128").decode(WeatherForecast.self)
        #expect(forecast.provider == "webxml")
        #expect(forecast.daily.map(\.date) == ["2019-09-21", "2019-09-22", "2019-09-23", "2019-09-24"])  // 9月20日 is past
        #expect(forecast.current?.temperature == 11)
        let request = try #require(replay.received.first)
        #expect(request.method == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == "theCityCode=%E9%80%9A%E6%B2%B3&theUserID=")
    }

    /// QWeather: five requests for the place's location id, each reply read.
    @Test func qweatherFiveRequests() throws {
        let replay = try ReplayServer([
            "/v7/weather/now": try Self.fixture("qweather/v7_weather_now_101010100_zh.json"),
            "/v7/weather/7d": try Self.fixture("qweather/v7_weather_daily_3days_101010100_zh.json"),
            "/v7/weather/24h": try Self.fixture("qweather/v7_weather_hourly_24h_101010100_zh.json"),
            "/v7/indices/1d": try Self.fixture("qweather/v7_indices_1d_101010300_zh.json"),
            "/v7/warning/now": try Self.fixture("qweather/v7_warning_now_101020100_zh.json"),
        ])
        let clock = FixedClock(ProviderTime.instant("2021-11-15T17:00", zone: china)!)
        let server = try TestServer(apps: [WeatherApp()], clock: clock, importing: [.weather],
                                    options: ["weather-provider": "qweather", "weather-provider-url": replay.url],
                                    environment: ["APPSUITE_WEATHER_KEY": "test-key"])
        let forecast = try server.get("/api/v1/weather/forecast?place=110105").decode(WeatherForecast.self)
        #expect(forecast.provider == "qweather")
        #expect(forecast.daily.count == 3)
        #expect(forecast.tips.prefix(2).map(\.source) == ["provider", "provider"])
        #expect(forecast.warnings.count == 1)  // in force until 2023-04-04, so kept at this clock
        #expect(replay.received.map(\.path).sorted() == ["/v7/indices/1d", "/v7/warning/now", "/v7/weather/24h", "/v7/weather/7d", "/v7/weather/now"])
        #expect(replay.received.allSatisfy { $0.query["location"] == "101010300" })
    }
}
