import AppSuiteAPI
import Foundation
import HTTPServer
import WebUI

/// Puts a forecast together for a place: the configured provider through the cache, then what the pages and
/// the API show — days from the place's today on (a cached "today" is never shown after local midnight:
/// pitfall 8), the next 24 hours, tips in the viewer's language.
struct ForecastService: Sendable {
    let provider: any WeatherProvider
    let cache: ForecastCache
    let bodies = ForecastBodies()

    /// The forecast, stale or fresh; throws the provider's failure when there is nothing to show.
    func forecast(for place: Place, childCount: Int, language: Language, now: Date) throws(ProviderError) -> WeatherForecast {
        let answer = try cache.forecast(for: place, provider: provider, now: now)
        return assemble(answer, place: place, childCount: childCount, language: language, now: now)
    }

    /// The same without waiting: nil when the cache has nothing usable and a fetch is needed.
    func cachedForecast(for place: Place, childCount: Int, language: Language, now: Date) -> Result<WeatherForecast, ProviderError>? {
        cache.peek(place, provider: provider, now: now).map { result in
            result.map { assemble($0, place: place, childCount: childCount, language: language, now: now) }
        }
    }

    /// The API's encoded answer without waiting, reused while it holds (``ForecastBodies``); nil when the cache has
    /// nothing usable and a fetch is needed.
    func cachedBody(for place: Place, childCount: Int, language: Language, now: Date) throws -> Result<EncodedAnswer<WeatherForecast>, ProviderError>? {
        guard let result = cache.peek(place, provider: provider, now: now) else { return nil }
        switch result {
        case .failure(let error): return .failure(error)
        case .success(let answer):
            let wire = place.wire(childCount: childCount)
            let key = ForecastBodies.Key(provider: provider.id, place: place.id, language: language)
            return .success(try bodies.body(key, answer: answer, place: wire, now: now) {
                let forecast = assemble(answer, place: place, childCount: childCount, language: language, now: now)
                return (try EncodedAnswer(forecast), Self.shownUntil(answer.entry.forecast, now: now))
            })
        }
    }

    func assemble(_ answer: ForecastCache.Answer, place: Place, childCount: Int, language: Language, now: Date) -> WeatherForecast {
        let forecast = answer.entry.forecast
        return Self.view(forecast, providerID: provider.id, fetchedAt: answer.entry.fetchedAt, stale: answer.stale,
                         place: place.wire(childCount: childCount), language: language, now: now)
    }

    /// A provider's forecast as shown at `now`: past days and hours dropped, tips added.
    static func view(_ forecast: ProviderForecast, providerID: String, fetchedAt: Date, stale: Bool, place: WeatherPlace,
                     language: Language, now: Date) -> WeatherForecast {
        let today = ProviderTime.LocalDate(now, in: forecast.timeZone).text
        let days = forecast.daily.filter { $0.date >= today }
        let hourStart = now.addingTimeInterval(-3600)
        let hours = forecast.hourly.filter { $0.time > hourStart && $0.time <= now.addingTimeInterval(24 * 3600) }
        let todayRow = days.first { $0.date == today }
        return WeatherForecast(
            place: place, provider: providerID, fetchedAt: fetchedAt, stale: stale, timeZone: forecast.timeZone.identifier,
            current: forecast.current, hourly: hours, daily: days, tips: Tips.all(forecast, today: todayRow, coming: days.filter { $0.date > today }, language: language),
            warnings: forecast.warnings.filter { ($0.endTime ?? .distantFuture) > now })
    }

    /// The first instant after `now` at which ``view(_:providerID:fetchedAt:stale:place:language:now:)`` would
    /// drop or add something: the place's next local midnight (days and tips), an hour leaving the window of the
    /// last hour or entering the next 24 hours, a warning ending.
    static func shownUntil(_ forecast: ProviderForecast, now: Date) -> Date {
        let today = ProviderTime.LocalDate(now, in: forecast.timeZone)
        var until = ProviderTime.compose(today, hour: 12, minute: 0, zone: forecast.timeZone)
            .map { ProviderTime.LocalDate($0.addingTimeInterval(86_400), in: forecast.timeZone) }
            .flatMap { ProviderTime.compose($0, hour: 0, minute: 0, zone: forecast.timeZone) } ?? now.addingTimeInterval(60)
        let changes = forecast.hourly.flatMap { [$0.time.addingTimeInterval(3600), $0.time.addingTimeInterval(-24 * 3600)] }
            + forecast.warnings.compactMap(\.endTime)
        for change in changes where change > now && change < until { until = change }
        return until
    }
}
