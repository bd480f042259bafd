import AppSuiteAPI
import AppSuiteTesting
import HTTPServer
import WebUI
import Foundation
import Synchronization
import Testing
@testable import Weather

/// The forecast cache: one provider request per place per interval however many ask, stale answers with
/// their fetch time when the provider fails, a back-off after a failure. The fetch here answers the recorded
/// Open-Meteo reply from memory; `ReplayTests` run the same over real HTTP.
@Suite(.requires(.weather)) struct CacheTests {
    final class Counter: Sendable {
        let calls = Atomic<Int>(0)
        let failing = Atomic<Bool>(false)
    }

    static func cache(_ counter: Counter, delay: TimeInterval = 0) throws -> ForecastCache {
        let body = try Fixture.bytes("open_meteo/forecast_enschede_all_sections.json")
        return ForecastCache(fetch: { _ throws(ProviderError) in
            counter.calls.add(1, ordering: .relaxed)
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            if counter.failing.load(ordering: .relaxed) { throw .unavailable("connection refused") }
            return ProviderResponse(status: 200, contentType: "application/json", body: body)
        })
    }

    @Test func concurrentAskersShareOneFetch() throws {
        let counter = Counter()
        let cache = try Self.cache(counter, delay: 0.2)
        let provider = OpenMeteoProvider(baseURL: "http://127.0.0.1:1")
        let now = Date()
        let answers = Mutex<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            let answer = try? cache.forecast(for: beijing(), provider: provider, now: now)
            answers.withLock { $0.append(answer?.stale == false) }
        }
        #expect(counter.calls.load(ordering: .relaxed) == 1)
        #expect(answers.withLock { $0 } == Array(repeating: true, count: 32))
        #expect(cache.providerCalls == 1)
        // Another place is its own fetch; the same place after the interval is fetched again.
        var shanghai = beijing()
        shanghai.id = "310000"
        _ = try cache.forecast(for: shanghai, provider: provider, now: now)
        _ = try cache.forecast(for: beijing(), provider: provider, now: now.addingTimeInterval(provider.freshness - 1))
        #expect(counter.calls.load(ordering: .relaxed) == 2)
        _ = try cache.forecast(for: beijing(), provider: provider, now: now.addingTimeInterval(provider.freshness))
        #expect(counter.calls.load(ordering: .relaxed) == 3)
    }

    @Test func staleWhenTheProviderFailsThenBackOff() throws {
        let counter = Counter()
        let cache = try Self.cache(counter)
        let provider = OpenMeteoProvider(baseURL: "http://127.0.0.1:1")
        let start = Date()
        let fresh = try cache.forecast(for: beijing(), provider: provider, now: start)
        #expect(fresh.stale == false)
        counter.failing.store(true, ordering: .relaxed)
        let later = start.addingTimeInterval(provider.freshness + 5)
        let stale = try cache.forecast(for: beijing(), provider: provider, now: later)
        #expect(stale.stale)
        #expect(stale.entry.fetchedAt == start)  // "更新于" the first fetch
        #expect(stale.failure == .unavailable("connection refused"))
        #expect(counter.calls.load(ordering: .relaxed) == 2)
        // Within the back-off the provider is not asked again.
        _ = try cache.forecast(for: beijing(), provider: provider, now: later.addingTimeInterval(cache.retryAfterFailure - 1))
        #expect(counter.calls.load(ordering: .relaxed) == 2)
        // After it, it is; once it answers, the forecast is fresh again.
        counter.failing.store(false, ordering: .relaxed)
        let recovered = try cache.forecast(for: beijing(), provider: provider, now: later.addingTimeInterval(cache.retryAfterFailure))
        #expect(recovered.stale == false)
        #expect(counter.calls.load(ordering: .relaxed) == 3)
    }

    @Test func failureWithNothingCachedIsThrownAndRemembered() throws {
        let counter = Counter()
        counter.failing.store(true, ordering: .relaxed)
        let cache = try Self.cache(counter)
        let provider = OpenMeteoProvider(baseURL: "http://127.0.0.1:1")
        let now = Date()
        #expect(throws: ProviderError.unavailable("connection refused")) { try cache.forecast(for: beijing(), provider: provider, now: now) }
        #expect(throws: ProviderError.unavailable("connection refused")) {
            try cache.forecast(for: beijing(), provider: provider, now: now.addingTimeInterval(10))
        }
        #expect(counter.calls.load(ordering: .relaxed) == 1)
    }

    /// A cached forecast never calls a past day "today" (pitfall 8): days before the place's today are dropped.
    @Test func pastDaysAreDropped() throws {
        let forecast = try OpenMeteoProvider(baseURL: "").parse([ok(try Fixture.bytes("open_meteo/forecast_enschede_all_sections.json"))],
                                                              place: beijing(), now: Date())
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        let place = beijing().wire(childCount: 0)
        let onTheFifth = ForecastService.view(forecast, providerID: "open-meteo", fetchedAt: Date(), stale: true, place: place, language: .zh,
                                              now: ProviderTime.instant("2026-10-05T00:30", zone: amsterdam)!)
        #expect(onTheFifth.daily.map(\.date) == ["2026-10-05"])
        // 23:30 on the 4th in Amsterdam is already the 5th in Beijing, but the days are the reply's zone's.
        let lateOnTheFourth = ForecastService.view(forecast, providerID: "open-meteo", fetchedAt: Date(), stale: true, place: place,
                                                   language: .zh, now: ProviderTime.instant("2026-10-04T23:30", zone: amsterdam)!)
        #expect(lateOnTheFourth.daily.map(\.date) == ["2026-10-04", "2026-10-05"])
    }

    /// The instant the view of the recorded reply changes next (its zone is Amsterdam, UTC+2 in October): the next
    /// hour entering the 24-hour window, else the next local midnight.
    @Test func shownUntilTheNextChange() throws {
        let forecast = try OpenMeteoProvider(baseURL: "").parse([ok(try Fixture.bytes("open_meteo/forecast_enschede_all_sections.json"))],
                                                              place: beijing(), now: Date())
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        // The reply's hours are 00:00, 01:00 and 02:00 on 3 October; 02:00 enters "the next 24 hours" at 02:00 on the 2nd.
        #expect(ForecastService.shownUntil(forecast, now: ProviderTime.instant("2026-10-02T01:55", zone: amsterdam)!)
                == ProviderTime.instant("2026-10-02T02:00", zone: amsterdam)!)
        // After the last hour has left the window, the day changes at local midnight.
        #expect(ForecastService.shownUntil(forecast, now: ProviderTime.instant("2026-10-03T23:50", zone: amsterdam)!)
                == ProviderTime.instant("2026-10-03T22:00:00Z", zone: amsterdam)!)
    }

    /// The API's cached body is reused while it holds and remade when the view changes, the answer changes or
    /// the language differs: each body equals a fresh encoding of the view at that instant.
    @Test func encodedBodiesFollowTheView() throws {
        let counter = Counter()
        let provider = OpenMeteoProvider(baseURL: "http://127.0.0.1:1")
        let service = ForecastService(provider: provider, cache: try Self.cache(counter))
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        let place = beijing()
        func body(_ local: String, _ language: Language = .zh) throws -> WeatherForecast {
            let now = ProviderTime.instant(local, zone: amsterdam)!
            let body = try #require(try service.cachedBody(for: place, childCount: 0, language: language, now: now)).get()
            let decoded = try APICoding.makeDecoder().decode(WeatherForecast.self, from: Data(body.bytes))
            let fresh = try #require(service.cachedForecast(for: place, childCount: 0, language: language, now: now)).get()
            #expect(decoded == fresh, "\(local)")
            return decoded
        }
        #expect(try service.cachedBody(for: place, childCount: 0, language: .zh, now: Date()) == nil)  // nothing fetched yet
        _ = try service.cache.forecast(for: place, provider: provider, now: ProviderTime.instant("2026-10-02T01:50", zone: amsterdam)!)
        #expect(try body("2026-10-02T01:55").hourly.count == 2)
        #expect(try body("2026-10-02T01:59").hourly.count == 2)
        #expect(service.bodies.count == 1)
        #expect(try body("2026-10-02T02:00").hourly.count == 3)
        #expect(try body("2026-10-02T02:00", .en).tips.first?.name == "Clothing")
        #expect(service.bodies.count == 2)
        #expect(counter.calls.load(ordering: .relaxed) == 1)
    }
}
