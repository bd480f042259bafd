import Foundation
public import Storage

/// Which server runs a scheduled job, when several servers share one database (issue 10 item 4): before a
/// run, the server takes the job's lease row until the run's next due time; another server whose turn comes
/// meanwhile finds the lease held and skips its run. So `sessions.purge` runs once an hour in all, not once
/// per server. On one server the lease is always its own.
///
/// The lease is one portable upsert (`INSERT … ON CONFLICT (name) DO UPDATE … WHERE` the lease ran out or is
/// ours, `RETURNING holder`), atomic on SQLite (one writer at a time) and on PostgreSQL (a `SERIALIZABLE`
/// write: of two servers racing for it, one commits and the other is retried and finds it held).
public struct JobLeases: Sendable {
    /// The migrations' module.
    public static let module = "jobs"

    /// `job_leases(name, holder, expires_at)`: one row per job that ever ran; `expires_at` in UTC seconds.
    public static func migrations() -> [Migration] {
        [
            Migration(
                module: module, version: 1, name: "create_job_leases",
                sql: """
                    CREATE TABLE job_leases (
                        name TEXT PRIMARY KEY,     -- ScheduledJob.name
                        holder TEXT NOT NULL,      -- JobLeases.holder of the server that took it
                        expires_at INTEGER NOT NULL
                    );
                    """)
        ]
    }

    public let database: any Database
    /// This server, unique among the servers sharing the database: host name, process id and a random part.
    public let holder: String

    public init(database: any Database, holder: String = JobLeases.newHolder()) {
        self.database = database
        self.holder = holder
    }

    /// `host:pid:random`, different for every process and every ``JobLeases`` made with it.
    public static func newHolder() -> String {
        "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Takes (or keeps) job `name` until `expiresAt` (UTC seconds) unless another server's lease runs
    /// past `now`. - Returns: whether this server holds the lease now.
    public func acquire(_ name: String, now: Int64, until expiresAt: Int64) throws -> Bool {
        try database.write { db in
            try db.queryFirst(
                "INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?) "
                    + "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at "
                    + "WHERE job_leases.expires_at <= ? OR job_leases.holder = excluded.holder RETURNING holder",
                name, holder, expiresAt, now) != nil
        }
    }

    /// The check ``JobScheduler`` makes before each run: the lease until the run's next due time.
    public func scheduling(clock: AppClock) -> JobScheduler.Lease {
        { job in
            let now = Int64(clock.now().timeIntervalSince1970.rounded(.down))
            return try acquire(job.name, now: now, until: now + Int64(job.interval.rounded(.up)))
        }
    }
}
