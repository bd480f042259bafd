import APIKit
@testable import Identity
import Storage
import Testing

/// The write-limit counters every route group consults (issue 27 item 2), on the test database (SQLite, or
/// PostgreSQL under `APPSUITE_TEST_DATABASE_URL`).
@Suite struct RateLimitStoreTests {
    let store: RateLimitStore
    /// 2026-12-07 10:00:30 UTC: 30 s into a minute window.
    let start: Int64 = 1_796_637_630

    init() throws { store = RateLimitStore(database: try migratedDatabase()) }

    private func refusal(_ limit: RateLimit, _ subject: String, at now: Int64) -> RateLimitStore.Exceeded? {
        do { try store.admit(limit, subject: subject, now: now); return nil } catch { return error as? RateLimitStore.Exceeded }
    }

    @Test func twentyContentWritesAMinuteThenRefusedUntilTheWindowEnds() {
        for second in 0..<20 { #expect(refusal(.content, "u:1", at: start + Int64(second / 2)) == nil) }
        #expect(refusal(.content, "u:1", at: start + 10) == RateLimitStore.Exceeded(limit: .content, retryAfter: 20))
        #expect(refusal(.content, "u:1", at: start + 29)?.retryAfter == 1)
        // Another account, and another class of the same account, have budgets of their own.
        #expect(refusal(.content, "u:2", at: start + 10) == nil)
        #expect(refusal(.reaction, "u:1", at: start + 10) == nil)
        // The next minute starts afresh.
        #expect(refusal(.content, "u:1", at: start + 30) == nil)
    }

    @Test func theDayWindowHoldsAcrossMinutes() {
        var now = start
        for _ in 0..<10 {
            for _ in 0..<20 { #expect(refusal(.content, "a:203.0.113.9", at: now) == nil) }
            now += 60
        }
        let refused = refusal(.content, "a:203.0.113.9", at: now)
        #expect(refused?.limit == .content)
        #expect(refused?.retryAfter == 86_400 - (now % 86_400))
    }

    @Test func purgeDeletesOnlyEndedWindows() throws {
        try store.admit(.content, subject: "u:1", now: start)
        #expect(try store.purge(now: start + 1) == 0)
        #expect(try store.purge(now: start + 31) == 1)   // the minute ended; the day goes on
        #expect(try store.purge(now: start + 86_400) == 1)
    }

    @Test func readsAreNeverCounted() throws {
        for _ in 0..<1_000 { try store.admit(.none, subject: "u:1", now: start) }
        #expect(try store.purge(now: start + 86_400 * 2) == 0)
    }
}
