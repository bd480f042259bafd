import AppHost
import Foundation
import Storage
import Synchronization
import Testing

/// Two servers on one database run a scheduled job once between them (issue 10 item 4), on SQLite and, with
/// APPSUITE_TEST_DATABASE_URL, on PostgreSQL.
@Suite struct JobLeaseTests {
    final class Runs: Sendable {
        private let servers = Mutex<[String]>([])
        func ran(on server: String) { servers.withLock { $0.append(server) } }
        var all: [String] { servers.withLock { $0 } }
    }

    let start = Date(timeIntervalSince1970: 1_717_200_000)

    @Test func twoServersSharingADatabaseRunEachDueJobOnce() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, JobLeases.migrations())
        let clock = FixedClock(start)
        let runs = Runs()
        let lines = Mutex<[String]>([])
        func server(_ name: String) -> JobScheduler {
            let leases = JobLeases(database: database, holder: name)
            return JobScheduler(
                jobs: [ScheduledJob("test.purge", every: 3600) { runs.ran(on: name); return nil }],
                clock: clock.clock, lease: leases.scheduling(clock: clock.clock), log: { line in lines.withLock { $0.append(line) } })
        }
        let (a, b) = (server("a"), server("b"))
        for hour in 0..<3 {
            // Both are due at the same moment and race for the lease.
            a.runDue()
            b.runDue()
            a.waitUntilIdle()
            b.waitUntilIdle()
            #expect(runs.all.count == hour + 1, "hour \(hour): \(runs.all)")
            clock.advance(by: 3600)
        }
        #expect(lines.withLock { $0 }.filter { $0.contains("skipped (another server holds its lease)") }.count == 3)
        #expect(lines.withLock { $0 }.filter { $0.contains("failed") }.isEmpty, "\(lines.withLock { $0 })")
    }

    @Test func aLeaseIsKeptByItsHolderAndTakenOverOnlyOnceItRunsOut() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, JobLeases.migrations())
        let (a, b) = (JobLeases(database: database, holder: "a"), JobLeases(database: database, holder: "b"))
        #expect(try a.acquire("job", now: 1_000, until: 1_060))
        #expect(try !b.acquire("job", now: 1_030, until: 1_090))
        #expect(try a.acquire("job", now: 1_030, until: 1_090), "the holder renews its own lease")
        #expect(try !b.acquire("job", now: 1_089, until: 1_149))
        #expect(try b.acquire("job", now: 1_090, until: 1_150), "a lease that ran out is anyone's")
        #expect(try !a.acquire("job", now: 1_100, until: 1_160))
        #expect(try a.acquire("other", now: 1_100, until: 1_160), "each job has its own lease")
        #expect(JobLeases.newHolder() != JobLeases.newHolder())
    }
}
