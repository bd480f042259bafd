import AppHost
import AppSuiteTesting
@testable import AppSuiteServer
import Foundation
import Storage
import Testing

/// The platform's scheduled jobs on a real server with a fixed clock.
@Suite struct JobTests {
    @Test func expiredSessionsArePurgedByThePlatformJob() throws {
        let clock = FixedClock(Date(timeIntervalSince1970: 1_717_200_000))
        let server = try TestServer(apps: [], clock: clock)
        #expect(server.suite.scheduler.jobs.map(\.name) == ["sessions.purge", "push.deliver"])
        func sessions() throws -> Int? { try server.suite.database.read { try $0.scalar("SELECT COUNT(*) FROM sessions", as: Int.self) } }
        try server.register("early")
        #expect(try sessions() == 1)
        // More than 30 days idle: expired. The scheduler's own thread may purge it from here on (push.deliver wakes
        // it every 5 s), so the count is checked only after the run below.
        clock.advance(by: 31 * 86_400)
        try server.register("late")
        server.suite.scheduler.runDue()
        server.suite.scheduler.waitUntilIdle()
        #expect(try sessions() == 1)
        #expect(server.suite.scheduler.nextRun(of: "sessions.purge").map { $0 >= clock.now + 3600 && $0 <= clock.now + 3900 } == true)
    }
}
