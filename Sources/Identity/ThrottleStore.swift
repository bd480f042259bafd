internal import Storage

/// Persists ``ThrottleState``s in `login_failures`, one row per (scope, subject).
/// All functions run on an executor the caller got from `read`/`write`, so the
/// read-modify-write of a failure happens inside one (serialised) write transaction.
enum ThrottleStore {
    enum Scope: String {
        case account
        case address
        case register
        /// Password-reset requests per client address.
        case reset
    }

    static func state(_ scope: Scope, _ subject: String, in db: any SQLExecutor) throws(StorageError) -> ThrottleState {
        guard let row = try db.queryFirst(
            "SELECT window_start, event_count, lockouts, locked_until, last_event_at FROM login_failures WHERE scope = ? AND subject = ?",
            scope.rawValue, subject)
        else { return ThrottleState() }
        return ThrottleState(
            windowStart: try row.get("window_start"), count: try row.get("event_count"),
            lockouts: try row.get("lockouts"), lockedUntil: try row.get("locked_until"),
            lastEventAt: try row.get("last_event_at"))
    }

    static func save(_ state: ThrottleState, _ scope: Scope, _ subject: String, in db: any SQLExecutor) throws(StorageError) {
        try db.execute(
            """
            INSERT INTO login_failures (scope, subject, window_start, event_count, lockouts, locked_until, last_event_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (scope, subject) DO UPDATE SET
                window_start = excluded.window_start, event_count = excluded.event_count,
                lockouts = excluded.lockouts, locked_until = excluded.locked_until,
                last_event_at = excluded.last_event_at
            """,
            scope.rawValue, subject, state.windowStart, state.count, state.lockouts, state.lockedUntil,
            state.lastEventAt)
    }

    /// Records one event under `rule` and returns the new state.
    @discardableResult
    static func record(_ scope: Scope, _ subject: String, rule: ThrottleRule, now: Int64,
                       in db: any SQLExecutor) throws(StorageError) -> ThrottleState {
        let next = rule.recordingEvent(try state(scope, subject, in: db), now: now)
        try save(next, scope, subject, in: db)
        return next
    }

    static func clear(_ scope: Scope, _ subject: String, in db: any SQLExecutor) throws(StorageError) {
        try db.execute("DELETE FROM login_failures WHERE scope = ? AND subject = ?", scope.rawValue, subject)
    }

    /// Deletes rows that ``ThrottleRule/isForgotten(_:now:)`` under their scope's rule.
    @discardableResult
    static func purge(throttle: LoginThrottle, now: Int64, in db: any SQLExecutor) throws(StorageError) -> Int {
        var deleted = 0
        for (scope, rule) in [(Scope.account, throttle.account), (.address, throttle.clientAddress),
                              (.register, throttle.registration), (.reset, throttle.registration)] {
            let cutoff = now - rule.forgetAfter
            deleted += try db.execute(
                "DELETE FROM login_failures WHERE scope = ? AND last_event_at <= ? AND locked_until <= ?",
                scope.rawValue, cutoff, cutoff)
        }
        return deleted
    }
}
