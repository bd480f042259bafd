import Foundation
import Synchronization

/// Sends one provider request; throws ``ProviderError/unavailable(_:)`` when no answer came.
typealias ProviderFetch = @Sendable (ProviderRequest) throws(ProviderError) -> ProviderResponse

/// Forecasts per provider and place, fresh for the provider's ``WeatherProvider/freshness``. However many
/// users ask, a place is fetched at most once per interval: concurrent askers wait for the one fetch in
/// flight (request coalescing), and after a failure the provider is not asked again for that place for
/// ``retryAfterFailure``. When a fetch fails, the last good forecast is served marked stale, with its fetch time
/// (research note pitfall 8); without one the failure is thrown.
final class ForecastCache: Sendable {
    struct Entry: Sendable {
        var forecast: ProviderForecast
        var fetchedAt: Date
    }

    /// What ``forecast(for:provider:now:)`` answers.
    struct Answer: Sendable {
        var entry: Entry
        /// True when the provider failed and `entry` is older than its freshness.
        var stale: Bool
        /// The failure behind a stale answer.
        var failure: ProviderError?
    }

    private struct Slot {
        var entry: Entry?
        var failedAt: Date?
        var failure: ProviderError?
    }

    let retryAfterFailure: TimeInterval
    /// Most entries kept; the least recently fetched go first.
    let capacity: Int
    private let fetch: ProviderFetch
    private let slots = Mutex<[String: Slot]>([:])
    /// One lock per key, held while that key is fetched, so other askers wait instead of fetching too.
    private let locks = Mutex<[String: NSLock]>([:])
    private let calls = Atomic<Int>(0)

    init(fetch: @escaping ProviderFetch, retryAfterFailure: TimeInterval = 60, capacity: Int = 5_000) {
        self.fetch = fetch
        self.retryAfterFailure = retryAfterFailure
        self.capacity = capacity
    }

    /// Provider requests sent so far (for the benchmark and tests).
    var providerCalls: Int { calls.load(ordering: .relaxed) }

    func forecast(for place: Place, provider: any WeatherProvider, now: Date) throws(ProviderError) -> Answer {
        let key = provider.id + "|" + place.id
        if let answer = usable(key, provider: provider, now: now) { return try answer.get() }
        let lock = locks.withLock { locks in
            if let lock = locks[key] { return lock }
            let lock = NSLock()
            locks[key] = lock
            return lock
        }
        lock.lock()
        defer { lock.unlock() }
        if let answer = usable(key, provider: provider, now: now) { return try answer.get() }
        do throws(ProviderError) {
            let forecast = try load(place, provider: provider, now: now)
            let entry = Entry(forecast: forecast, fetchedAt: now)
            store(key) { $0 = Slot(entry: entry, failedAt: nil, failure: nil) }
            return Answer(entry: entry, stale: false, failure: nil)
        } catch {
            var kept: Entry?
            store(key) { slot in
                slot.failedAt = now
                slot.failure = error
                kept = slot.entry
            }
            if let kept { return Answer(entry: kept, stale: true, failure: error) }
            throw error
        }
    }

    /// What the cache can answer without fetching: nil when a fetch is needed.
    func peek(_ place: Place, provider: any WeatherProvider, now: Date) -> Result<Answer, ProviderError>? {
        usable(provider.id + "|" + place.id, provider: provider, now: now)
    }

    /// A fresh entry; during the back-off after a failure, the stale entry or the failure again; nil: fetch.
    private func usable(_ key: String, provider: any WeatherProvider, now: Date) -> Result<Answer, ProviderError>? {
        slots.withLock { slots -> Result<Answer, ProviderError>? in
            guard let slot = slots[key] else { return nil }
            if let entry = slot.entry, now.timeIntervalSince(entry.fetchedAt) < provider.freshness, now >= entry.fetchedAt {
                return .success(Answer(entry: entry, stale: false, failure: nil))
            }
            if let failedAt = slot.failedAt, let failure = slot.failure, now.timeIntervalSince(failedAt) < retryAfterFailure, now >= failedAt {
                return slot.entry.map { .success(Answer(entry: $0, stale: true, failure: failure)) } ?? .failure(failure)
            }
            return nil
        }
    }

    private func store(_ key: String, _ change: (inout Slot) -> Void) {
        slots.withLock { slots in
            var slot = slots[key] ?? Slot()
            change(&slot)
            slots[key] = slot
            if slots.count > capacity {
                let oldest = slots.min { ($0.value.entry?.fetchedAt ?? .distantPast) < ($1.value.entry?.fetchedAt ?? .distantPast) }
                if let oldest, oldest.key != key { slots[oldest.key] = nil }
            }
        }
    }

    private func load(_ place: Place, provider: any WeatherProvider, now: Date) throws(ProviderError) -> ProviderForecast {
        guard let requests = provider.requests(for: place) else {
            throw .unavailable("\(provider.id) has no location for \(place.fullName)")
        }
        var responses: [ProviderResponse] = []
        for request in requests {
            calls.add(1, ordering: .relaxed)
            responses.append(try fetch(request))
        }
        return try provider.parse(responses, place: place, now: now)
    }
}
