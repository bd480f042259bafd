import AppSuiteAPI
import Foundation
import HTTPServer
import Synchronization
import WebUI

/// The encoded `GET /api/v1/weather/forecast` answers of the cached path, so that a cached forecast costs a
/// dictionary look-up instead of assembling the view and running `JSONEncoder` again (together about three
/// quarters of that route's time in a profile of the cached path, issue 13 item 9).
///
/// A body is reused only while everything it was made from is the same: the cache's answer (its fetch time
/// and stale flag), the place as shown, and `now` inside the window in which
/// ``ForecastService/view(_:providerID:fetchedAt:stale:place:language:now:)`` gives the same result
/// (``ForecastService/shownUntil(_:now:)``). At most ``capacity`` bodies are kept; past it, the expired go
/// first, then the oldest.
final class ForecastBodies: Sendable {
    struct Key: Hashable {
        var provider: String
        var place: String
        var language: Language
    }

    struct Body {
        var fetchedAt: Date
        var stale: Bool
        var place: WeatherPlace
        /// The window of `now` in which the body is what the view would give.
        var from: Date
        var until: Date
        var bytes: EncodedAnswer<WeatherForecast>
    }

    let capacity: Int
    private let bodies = Mutex<[Key: Body]>([:])

    init(capacity: Int = 2_000) { self.capacity = capacity }

    /// Bodies kept now (for tests).
    var count: Int { bodies.withLock { $0.count } }

    /// The body kept for `key` if it was made from the same answer and place and `now` is in its window; else
    /// `make()` (the bytes and the instant until which they hold), kept for the next asker.
    func body(_ key: Key, answer: ForecastCache.Answer, place: WeatherPlace, now: Date,
              make: () throws -> (bytes: EncodedAnswer<WeatherForecast>, until: Date)) rethrows -> EncodedAnswer<WeatherForecast> {
        let kept = bodies.withLock { bodies -> EncodedAnswer<WeatherForecast>? in
            guard let body = bodies[key], body.fetchedAt == answer.entry.fetchedAt, body.stale == answer.stale, body.place == place,
                  now >= body.from, now < body.until else { return nil }
            return body.bytes
        }
        if let kept { return kept }
        let made = try make()
        let body = Body(fetchedAt: answer.entry.fetchedAt, stale: answer.stale, place: place, from: now, until: made.until, bytes: made.bytes)
        bodies.withLock { bodies in
            bodies[key] = body
            guard bodies.count > capacity else { return }
            bodies = bodies.filter { $0.value.until > now }
            if bodies.count > capacity, let oldest = bodies.min(by: { $0.value.from < $1.value.from }) { bodies[oldest.key] = nil }
        }
        return made.bytes
    }
}
