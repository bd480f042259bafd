import Foundation
import OutboundHTTP
import Storage
import Synchronization

/// The iTunes Lookup poller (`appdeals.poll`): asks the China store for the current state of every tracked
/// app and records a price observation when an app's price differs from its last one (the tracker's own
/// rule: rows are change points). Limits from `../shared/research/appdeals.md` §2: `country=cn` always, at
/// most 200 ids per call, at most 20 calls a minute (3 s between calls), a throw-away `timestamp` parameter
/// against the stale CDN cache, a 15 s time-out with two retries on connection failures and 5xx.
///
/// An answer that is not a Lookup answer (403 or 429, an empty body, HTML, malformed or truncated JSON, an
/// `errorMessage`, another store's currency) is logged and nothing of it is recorded: never "no results".
/// A 403/429 stops the run and makes the poller wait (5 min, doubling up to 6 h) before its next try.
/// Offline, every call fails, nothing changes, and the app keeps serving the last data.
final class LookupPoller: Sendable {
    static let idsPerCall = 200
    /// 20 calls a minute at most (Apple: "approximately 20 calls per minute").
    static let pauseBetweenCalls: Duration = .seconds(3)
    static let firstBackoff: Int64 = 300
    static let longestBackoff: Int64 = 6 * 3600

    let database: any Database
    let client: any HTTPClient
    /// `https://itunes.apple.com/lookup`, or a local server in tests.
    let endpoint: URL
    let addressPolicy: AddressPolicy
    let now: @Sendable () -> Date
    let pause: @Sendable (Duration) -> Void
    private let backoff = Mutex<(until: Int64, seconds: Int64)>((0, 0))

    init(database: any Database, client: any HTTPClient, endpoint: URL, addressPolicy: AddressPolicy = .publicOnly,
         now: @escaping @Sendable () -> Date, pause: @escaping @Sendable (Duration) -> Void = { Thread.sleep(forTimeInterval: Double($0.components.seconds)) }) {
        self.database = database
        self.client = client
        self.endpoint = endpoint
        self.addressPolicy = addressPolicy
        self.now = now
        self.pause = pause
    }

    /// What one run did, for the job's log line.
    struct Report: Sendable, Equatable, CustomStringConvertible {
        var calls = 0
        var results = 0
        var changed = 0
        /// Price alerts delivered (one per user and app).
        var alerted = 0
        var failures: [String] = []
        var skipped = false

        var description: String {
            if skipped { return "skipped: waiting after a rate limit" }
            let base = "\(calls) lookup calls, \(results) results, \(changed) price changes recorded, \(alerted) alerts sent"
            return failures.isEmpty ? base : base + "; " + failures.joined(separator: "; ")
        }
    }

    /// One poll of every app with a CN price history.
    func poll() throws -> Report {
        let time = Int64(now().timeIntervalSince1970)
        var report = Report()
        if backoff.withLock({ time < $0.until }) {
            report.skipped = true
            return report
        }
        let ids = try database.read { db in
            try db.query("SELECT DISTINCT app_id FROM appdeals_prices WHERE region = 'cn' ORDER BY app_id").map { row throws(StorageError) in
                try row.get(0, as: Int64.self)
            }
        }
        var index = 0
        while index < ids.count {
            if report.calls > 0 { pause(Self.pauseBetweenCalls) }
            let chunk = Array(ids[index..<min(index + Self.idsPerCall, ids.count)])
            index += chunk.count
            report.calls += 1
            let outcome = Result { () throws -> [LookupResult] in try lookup(chunk, time: time) }
            switch outcome {
            case .success(let results):
                report.results += results.count
                do {
                    let recorded = try record(results, requested: Set(chunk), time: time)
                    report.changed += recorded.changed
                    report.alerted += recorded.alerted
                } catch {
                    report.failures.append("ids \(chunk.first!)…\(chunk.last!): \(error)")
                }
            case .failure(let error):
                report.failures.append("ids \(chunk.first!)…\(chunk.last!): \(error)")
                if case LookupError.rateLimited = error {
                    backoff.withLock { state in
                        state.seconds = min(max(Self.firstBackoff, state.seconds * 2), Self.longestBackoff)
                        state.until = time + state.seconds
                    }
                    index = ids.count
                }
            }
        }
        if report.failures.isEmpty { backoff.withLock { $0 = (0, 0) } }
        return report
    }

    /// One Lookup call for up to 200 ids.
    func lookup(_ ids: [Int64], time: Int64) throws -> [LookupResult] {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "id", value: ids.map(String.init).joined(separator: ",")),
            URLQueryItem(name: "country", value: "cn"), URLQueryItem(name: "entity", value: "software"),
            URLQueryItem(name: "limit", value: String(Self.idsPerCall)), URLQueryItem(name: "timestamp", value: String(time * 1000)),
        ]
        guard let url = components?.url else { throw LookupError.transport("cannot build the lookup URL from \(endpoint)") }
        var request = OutboundRequest(url: url, headers: [(name: "Accept", value: "application/json")])
        request.timeout = .seconds(15)
        request.maxResponseBytes = 16 << 20
        request.retry = .idempotent(attempts: 3, baseDelay: .seconds(1))
        request.addressPolicy = addressPolicy
        let response: OutboundResponse
        do {
            response = try client.send(request)
        } catch {
            throw LookupError.transport("\(error)")
        }
        if response.status == 403 || response.status == 429 { throw LookupError.rateLimited(status: response.status) }
        guard response.status == 200 else { throw LookupError.status(response.status) }
        return try LookupResult.results(of: response.body)
    }

    /// Records a new CN observation for each result whose price differs from the app's last one, and takes the
    /// result's metadata; bumps the data version when anything changed. A change downwards raises the price alerts
    /// of the app in the same transaction (``AlertStore/deliver(_:appID:name:currency:db:now:)``).
    /// Returns the price changes recorded and the users alerted.
    func record(_ results: [LookupResult], requested: Set<Int64>, time: Int64) throws -> (changed: Int, alerted: Int) {
        for result in results where result.currency != nil && result.currency != Currency.cny.rawValue {
            throw LookupError.malformed("a \(result.currency ?? "") price in a country=cn answer")
        }
        guard results.contains(where: { requested.contains($0.id) }) else { return (0, 0) }
        do {
            return try database.write { db in
                var changed = 0
                var alerted = 0
                for result in results where requested.contains(result.id) {
                    guard let price = result.price else { continue }
                    let last = try db.queryFirst(
                        "SELECT price, observed_at FROM appdeals_prices WHERE region = 'cn' AND app_id = ? ORDER BY observed_at DESC LIMIT 1", result.id)
                    let lastPrice = try last?.get(0, as: Int64?.self)
                    let lastTime = try last?.get(1, as: Int64.self) ?? Int64.min
                    guard lastPrice != price, time > lastTime else { continue }
                    try db.execute("""
                        INSERT INTO appdeals_prices (region, app_id, observed_at, price, currency, formatted_price, iap_count, change)
                        VALUES ('cn', ?, ?, ?, 'CNY', ?, 0, 'price') ON CONFLICT (region, app_id, observed_at) DO NOTHING
                        """, result.id, time, price, result.formattedPrice ?? Money.formatted(price, .cny))
                    // A new price ends the free period an editor's known end was for.
                    try KnownEnds.clear(appID: result.id, region: .cn, db)
                    changed += 1
                    if let event = DealEngine.priceAlert(from: lastPrice, to: price) {
                        let name = try db.scalar("SELECT name FROM appdeals_apps WHERE id = ?", result.id, as: String.self)
                        alerted += try AlertStore.deliver(event, appID: result.id, name: name ?? result.name ?? String(result.id), currency: .cny,
                                                          db: db, now: time)
                    }
                }
                for result in results where requested.contains(result.id) {
                    try db.execute("""
                        UPDATE appdeals_apps SET rating = coalesce(?, rating), rating_count = coalesce(?, rating_count),
                            version = coalesce(?, version), release_notes = ?, size_bytes = coalesce(?, size_bytes)
                        WHERE id = ?
                        """, result.rating, result.ratingCount, result.version, result.releaseNotes, result.sizeBytes, result.id)
                }
                try DealStore.bumpVersion(db)
                return (changed, alerted)
            }
        } catch {
            throw LookupError.transport("storing the answer failed: \(error)")
        }
    }
}
