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
        try server.register("early")
        clock.advance(by: 31 * 86_400)  // more than 30 days idle: expired
        try server.register("late")
        func sessions() throws -> Int? { try server.suite.database.read { try $0.scalar("SELECT COUNT(*) FROM sessions", as: Int.self) } }
        #expect(try sessions() == 2)
        server.suite.scheduler.runDue()
        server.suite.scheduler.waitUntilIdle()
        #expect(try sessions() == 1)
        #expect(server.suite.scheduler.nextRun(of: "sessions.purge").map { $0 >= clock.now + 3600 && $0 <= clock.now + 3900 } == true)
    }
}
