import Foundation
import HTTPServer
import Identity
import Storage

/// An editor's known end of a 限免 (issue 12 item 2: "a countdown shows the known end when an editor set one,
/// otherwise an estimate clearly labelled").
struct KnownEnd: Sendable, Hashable {
    /// The start of the free period it is for (``DealState/since``); UTC seconds.
    var freeFrom: Int64
    var endsAt: Int64
}

/// SQL of `appdeals_known_ends` and how a known end replaces the estimate. An end holds only for the free period
/// it was set for: a state with another `since` keeps its estimate, and the poller deletes the row with the app's
/// next observed price change (``clear(appID:region:_:)``). Setting and clearing bump the data version, so every
/// server process rebuilds its lists, and are audited (action `curate`).
enum KnownEnds {
    /// The latest end an editor may set: 90 days after the free period began (the longest 限免 in the data is far shorter).
    static let maximumDuration: Int64 = 90 * 86_400

    static func all(_ db: any SQLExecutor) throws(StorageError) -> [Region: [Int64: KnownEnd]] {
        var ends: [Region: [Int64: KnownEnd]] = [:]
        for row in try db.query("SELECT region, app_id, free_from, ends_at FROM appdeals_known_ends") {
            guard let region = Region(rawValue: try row.get(0)) else { continue }
            ends[region, default: [:]][try row.get(1)] = KnownEnd(freeFrom: try row.get(2), endsAt: try row.get(3))
        }
        return ends
    }

    /// Puts each known end on the 限免 state of its free period: `expiresAt` becomes it, `expiresEstimated` false.
    static func apply(_ ends: [Int64: KnownEnd], to states: inout [Int64: DealState]) {
        for (id, end) in ends {
            guard var state = states[id], state.trend == .limited, state.since == end.freeFrom else { continue }
            state.expiresAt = end.endsAt
            state.expiresEstimated = false
            state.estimate = nil
            states[id] = state
        }
    }

    /// Sets the known end of the current free period `state` (a 限免) of app `id` in `region`.
    /// - Throws: `HTTPError` 409 when the app is not 限免 now, 422 (field `endsAt`) for an end before the period
    ///   began or more than ``maximumDuration`` after it.
    static func set(_ endsAt: Int64, state: DealState?, appID id: Int64, region: Region, editor: User, database: any Database,
                    now: Int64) throws {
        guard let state, state.trend == .limited else {
            throw HTTPError(.conflict, title: "Not free for a limited time", detail: "app \(id) is not 限免 now; only a 限免 has an end",
                            type: "urn:appsuite:problem:not-limited-free")
        }
        guard endsAt > state.since, endsAt - state.since <= maximumDuration else {
            throw HTTPError.validation([.init(field: "endsAt", message: "the end must be after the free period began (\(iso8601(state.since))) and at most 90 days later")])
        }
        try database.write { db in
            try db.execute("""
                INSERT INTO appdeals_known_ends (region, app_id, free_from, ends_at, set_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (region, app_id) DO UPDATE SET free_from = excluded.free_from, ends_at = excluded.ends_at, set_at = excluded.set_at
                """, region.rawValue, id, state.since, endsAt, now)
            try RoleStore.audit(db, actor: editor, action: .curate, targetUser: nil, target: "appdeals app \(id)",
                                detail: "known end \(iso8601(endsAt))", now: now)
            try DealStore.bumpVersion(db)
        }
    }

    /// Clears an editor's known end of app `id` (the estimate shows again). - Returns: false when there was none.
    static func remove(appID id: Int64, region: Region, editor: User, database: any Database, now: Int64) throws -> Bool {
        try database.write { db in
            guard try db.execute("DELETE FROM appdeals_known_ends WHERE region = ? AND app_id = ?", region.rawValue, id) == 1 else { return false }
            try RoleStore.audit(db, actor: editor, action: .curate, targetUser: nil, target: "appdeals app \(id)", detail: "known end cleared", now: now)
            try DealStore.bumpVersion(db)
            return true
        }
    }

    /// Deletes the known end of app `id`: called in the transaction that records a new price of it.
    static func clear(appID id: Int64, region: Region, _ db: any SQLExecutor) throws(StorageError) {
        try db.execute("DELETE FROM appdeals_known_ends WHERE region = ? AND app_id = ?", region.rawValue, id)
    }
}
