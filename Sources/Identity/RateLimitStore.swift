public import APIKit
public import Storage

/// The write-limit counters of every route (``RateLimit``), in `rate_limit_counters` so that servers sharing
/// the database share them: one row per class, subject and window, upserted in one statement per window.
public struct RateLimitStore: Sendable {
    /// Why a call was refused: its class and how long until the fullest window ends.
    public struct Exceeded: Error, Sendable, Equatable {
        public let limit: RateLimit
        /// Seconds until a call may go ahead (≥ 1).
        public let retryAfter: Int64
    }

    let database: any Database

    public init(database: any Database) { self.database = database }

    /// Counts one call of `limit`'s class by `subject` (`u:<id>` or `a:<address>`) at `now` (UTC seconds), in
    /// every window of the class. Refused calls count too, so a client that keeps trying stays refused until
    /// the window ends.
    /// - Throws: ``Exceeded`` when a window holds more than its count; `StorageError` from the database.
    public func admit(_ limit: RateLimit, subject: String, now: Int64) throws {
        guard !limit.windows.isEmpty else { return }
        let retryAfter: Int64? = try database.write { db in
            var wait: Int64?
            for window in limit.windows {
                let length = Int64(window.seconds)
                let start = now - now % length
                let count: Int64 = try db.queryFirst(
                    """
                    INSERT INTO rate_limit_counters (limit_class, subject, window_seconds, window_start, call_count) VALUES (?, ?, ?, ?, 1)
                    ON CONFLICT (limit_class, subject, window_seconds) DO UPDATE SET
                        call_count = CASE WHEN rate_limit_counters.window_start = excluded.window_start
                                          THEN rate_limit_counters.call_count + 1 ELSE 1 END,
                        window_start = excluded.window_start
                    RETURNING call_count
                    """, limit.name, subject, length, start)?.get("call_count") ?? 1
                if count > Int64(window.count) { wait = max(wait ?? 0, start + length - now) }
            }
            return wait
        }
        if let retryAfter { throw Exceeded(limit: limit, retryAfter: max(1, retryAfter)) }
    }

    /// Deletes counters whose window ended before `now`; returns how many.
    @discardableResult
    public func purge(now: Int64) throws -> Int {
        try database.write { db in
            try db.execute("DELETE FROM rate_limit_counters WHERE window_start + window_seconds <= ?", now)
        }
    }
}
