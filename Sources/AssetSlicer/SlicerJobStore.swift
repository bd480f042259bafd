import AppHost
import Foundation
import Storage
import WebUI

/// The `/slicer` jobs in the database (`slicer_jobs`), so that every server sharing it knows every job: the one
/// that slices an upload writes its progress and result, and whichever server a later request reaches reads
/// them (issue 10 item 4). The files (upload, zip, previews) are in `<data>/apps/slicer/jobs/<token>/`, which
/// those servers share too.
struct SlicerJobStore: Sendable {
    static let migrations = [
        Migration(module: "slicer", version: 1, name: "create_slicer_jobs", sql: """
            CREATE TABLE slicer_jobs (
                id INTEGER PRIMARY KEY,             -- creation order, also for jobs made in the same second
                token TEXT NOT NULL UNIQUE,         -- the job's id in URLs and its folder's name (32 hex digits)
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                design TEXT NOT NULL,               -- the upload's name, as shown
                created_at INTEGER NOT NULL,        -- UTC seconds
                state TEXT NOT NULL,                -- queued | running | finished | failed
                done INTEGER NOT NULL,              -- slices made so far, of total
                total INTEGER NOT NULL,
                summary TEXT,                       -- JSON of SlicerJobs.Summary once finished
                error TEXT,                         -- the reason once failed
                updated_at INTEGER NOT NULL         -- UTC seconds of the last change (a running job moves)
            );
            CREATE INDEX slicer_jobs_user ON slicer_jobs (user_id, id);
            """),
        // The bytes of the job's files for the account quota (issue 27): the upload while it waits or runs, the zip
        // and previews once finished, 0 after a failure; NULL for jobs made before, measured on disk.
        Migration(module: "slicer", version: 2, name: "job_bytes", sql: """
            ALTER TABLE slicer_jobs ADD COLUMN bytes INTEGER;
            """),
    ]

    /// A queued or running job untouched this long belongs to a server that stopped: it counts as failed.
    static let staleAfter: Int64 = 15 * 60

    let database: any Database

    /// The job `token` if it is `userID`'s.
    func job(_ token: String, userID: Int64, now: Int64) throws -> SlicerJobs.Job? {
        try database.read { db in
            try db.queryFirst("SELECT * FROM slicer_jobs WHERE token = ? AND user_id = ?", token, userID)
                .map { try Self.job($0, now: now) }
        }
    }

    /// The user's jobs, newest first.
    func list(userID: Int64, now: Int64) throws -> [SlicerJobs.Job] {
        try database.read { db in
            try db.query("SELECT * FROM slicer_jobs WHERE user_id = ? ORDER BY id DESC", userID).map { try Self.job($0, now: now) }
        }
    }

    /// Adds a queued job of `bytes` (its upload) unless the user has one queued or running (that has not gone
    /// stale), and deletes the user's jobs beyond the newest `keep`.
    /// - Returns: the tokens deleted, or nil when the user is busy.
    /// - Throws: ``QuotaExceeded`` when the upload does not fit the account's `quota` once those are gone.
    func insert(token: String, userID: Int64, design: String, bytes: Int64, now: Int64, keep: Int, quota: StorageQuota) throws -> [String]? {
        try database.write { db in
            let busy = try db.scalar(
                "SELECT count(*) FROM slicer_jobs WHERE user_id = ? AND state IN ('queued', 'running') AND updated_at > ?",
                userID, now - Self.staleAfter, as: Int.self) ?? 0
            guard busy == 0 else { return nil }
            let old = try db.query("SELECT token FROM slicer_jobs WHERE user_id = ? ORDER BY id DESC", userID).dropFirst(keep - 1)
                .map { try $0.get(0, as: String.self) }
            for token in old { try db.execute("DELETE FROM slicer_jobs WHERE token = ?", token) }
            try quota.check(userID: userID, adding: bytes, db: db)
            try db.execute(
                "INSERT INTO slicer_jobs (token, user_id, design, created_at, state, done, total, updated_at, bytes) VALUES (?, ?, ?, ?, 'queued', 0, 0, ?, ?)",
                token, userID, design, now, now, bytes)
            return old
        }
    }

    /// The bytes of `userID`'s jobs; `measure` gives those of a job recorded without them (its folder on disk).
    func usedBytes(userID: Int64, db: any SQLExecutor, measure: (String) -> Int64) throws -> Int64 {
        let known: Int64 = try db.scalar("SELECT COALESCE(SUM(bytes), 0) FROM slicer_jobs WHERE user_id = ?", userID) ?? 0
        let unknown = try db.query("SELECT token FROM slicer_jobs WHERE user_id = ? AND bytes IS NULL", userID).map { try $0.get(0, as: String.self) }
        return known + unknown.reduce(0) { $0 + measure($1) }
    }

    func delete(_ token: String) throws {
        try database.write { try $0.execute("DELETE FROM slicer_jobs WHERE token = ?", token) }
    }

    func progress(_ token: String, done: Int, total: Int, now: Int64) throws {
        try database.write { db in
            try db.execute("UPDATE slicer_jobs SET state = 'running', done = ?, total = ?, updated_at = ? WHERE token = ?", done, total, now, token)
        }
    }

    /// Records the finished job and the `bytes` of its files (zip and previews).
    func finish(_ token: String, summary: SlicerJobs.Summary, bytes: Int64, now: Int64) throws {
        let json = String(decoding: try JSONEncoder().encode(summary), as: UTF8.self)
        try database.write { db in
            try db.execute("UPDATE slicer_jobs SET state = 'finished', summary = ?, bytes = ?, updated_at = ? WHERE token = ?", json, bytes, now, token)
        }
    }

    /// Records the failure; the job keeps no files.
    func fail(_ token: String, reason: SlicerFailure, now: Int64) throws {
        try database.write { db in
            try db.execute("UPDATE slicer_jobs SET state = 'failed', error = ?, bytes = 0, updated_at = ? WHERE token = ?", reason.storedText, now, token)
        }
    }

    private static func job(_ row: Row, now: Int64) throws -> SlicerJobs.Job {
        let state: SlicerJobs.State
        let updated = try row.get("updated_at", as: Int64.self)
        switch try row.get("state", as: String.self) {
        case "finished":
            let json = try row.get("summary", as: String.self)
            state = .finished(try JSONDecoder().decode(SlicerJobs.Summary.self, from: Data(json.utf8)))
        case "failed":
            state = .failed(SlicerFailure.stored(try row.get("error", as: String?.self) ?? ""))
        case _ where updated <= now - staleAfter:
            state = .failed(SlicerFailure(SlicerText.serverStopped, retry: true))
        case "running":
            state = .running(done: try row.get("done"), total: try row.get("total"))
        default:
            state = .queued
        }
        return SlicerJobs.Job(id: try row.get("token"), userID: try row.get("user_id"), design: try row.get("design"),
                              created: Date(timeIntervalSince1970: TimeInterval(try row.get("created_at", as: Int64.self))), state: state)
    }
}
