import Dispatch
import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// The work pool on its own threads: order, limits, errors and shutdown. Jobs wait on semaphores the test
/// releases, so every assertion is about order and counts, never about time.
@Suite struct WorkPoolTests {
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func job(_ name: String) -> @Sendable () -> Void { { self.entries.withLock { $0.append(name) } } }
        var names: [String] { entries.withLock { $0 } }
    }

    @Test func keysTakeTurnsSoOneBacklogDoesNotDelayAnotherKey() throws {
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 1, perKeyRunning: 1))
        let gate = Gate()
        let log = Log()
        try pool.submit(.interactive, key: "gate", gate.pass)
        gate.waitUntilEntered()
        for index in 1...5 { try pool.submit(.interactive, key: "alice", log.job("a\(index)")) }
        try pool.submit(.interactive, key: "bob", log.job("b1"))
        try pool.submit(.interactive, key: "carol", log.job("c1"))
        try pool.submit(.interactive, key: "bob", log.job("b2"))
        gate.open()
        pool.shutdown()
        #expect(log.names == ["a1", "b1", "c1", "a2", "b2", "a3", "a4", "a5"])
    }

    @Test func aKeyOverItsQueueGets429AndAFullQueue503() throws {
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 1, queueLimit: 4, perKeyRunning: 1, perKeyQueued: 2))
        let gate = Gate()
        let log = Log()
        try pool.submit(.interactive, key: "gate", gate.pass)
        gate.waitUntilEntered()
        try pool.submit(.interactive, key: "alice", log.job("a1"))
        try pool.submit(.interactive, key: "alice", log.job("a2"))
        #expect(throws: WorkPoolError.quotaExceeded(.interactive)) { try pool.submit(.interactive, key: "alice", log.job("a3")) }
        try pool.submit(.interactive, key: "bob", log.job("b1"))
        try pool.submit(.interactive, key: "bob", log.job("b2"))
        #expect(throws: WorkPoolError.full(.interactive)) { try pool.submit(.interactive, key: "carol", log.job("c1")) }
        gate.open()
        pool.shutdown()
        #expect(log.names == ["a1", "b1", "a2", "b2"])
    }

    @Test func aKeyRunsAtMostPerKeyRunningJobsEvenWithIdleThreads() throws {
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 3, perKeyRunning: 2))
        let gates = (0..<3).map { _ in Gate() }
        for gate in gates { try pool.submit(.interactive, key: "alice", gate.pass) }
        gates[0].waitUntilEntered()
        gates[1].waitUntilEntered()
        // The third thread is idle: another key's job runs on it while alice's third job keeps waiting.
        let other = DispatchSemaphore(value: 0)
        try pool.submit(.interactive, key: "bob") { other.signal() }
        other.wait()
        #expect(gates[2].enteredCount == 0)
        gates[0].open()
        gates[2].waitUntilEntered()  // alice's third job starts once one of hers has finished
        gates[1].open()
        gates[2].open()
        pool.shutdown()
    }

    @Test func shutdownRunsWhatIsQueuedThenRefusesJobs() throws {
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 2, perKeyRunning: 1))
        let gate = Gate()
        let done = Mutex(0)
        try pool.submit(.interactive, key: "gate", gate.pass)
        gate.waitUntilEntered()
        for index in 0..<20 { try pool.submit(.interactive, key: "k\(index % 3)") { done.withLock { $0 += 1 } } }
        gate.open()
        pool.shutdown()
        #expect(done.withLock { $0 } == 20)
        #expect(throws: WorkPoolError.full(.interactive)) { try pool.submit(.interactive, key: "late") {} }
        pool.shutdown()  // a second call returns at once
    }

    @Test func refusalsCarryTheirStatusAndRetryAfter() {
        #expect(WorkPoolError.full(.interactive).httpError.status == .serviceUnavailable)
        #expect(WorkPoolError.full(.interactive).httpError.headers["Retry-After"] == "5")
        #expect(WorkPoolError.quotaExceeded(.interactive).httpError.status == .tooManyRequests)
        #expect(WorkPoolError.quotaExceeded(.interactive).httpError.headers["Retry-After"] == "2")
        #expect(WorkPoolError.full(.batch).httpError.headers["Retry-After"] == "30")
        #expect(WorkPoolError.quotaExceeded(.batch).httpError.headers["Retry-After"] == "10")
        #expect(WorkPoolError.waitedTooLong(.batch).httpError.status == .serviceUnavailable)
    }

    /// Issue 27: every thread of the batch lane held by long jobs of two accounts; interactive jobs (sign-in)
    /// still start at once on their own threads, and the batch lane's queue limits are its own.
    @Test func interactiveWorkNeverWaitsBehindBatchWork() throws {
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 1, perKeyRunning: 1),
                            batch: WorkLaneLimits(threads: 2, queueLimit: 2, perKeyRunning: 1, perKeyQueued: 1))
        let gates = [Gate(), Gate()]
        try pool.submit(.batch, key: "user:1", gates[0].pass)
        try pool.submit(.batch, key: "user:2", gates[1].pass)
        gates[0].waitUntilEntered()
        gates[1].waitUntilEntered()
        let log = Log()
        try pool.submit(.batch, key: "user:1", log.job("batch 1"))
        #expect(throws: WorkPoolError.quotaExceeded(.batch)) { try pool.submit(.batch, key: "user:1", log.job("batch 1 again")) }
        try pool.submit(.batch, key: "user:3", log.job("batch 3"))
        #expect(throws: WorkPoolError.full(.batch)) { try pool.submit(.batch, key: "user:4", log.job("batch 4")) }
        for index in 1...3 {
            let done = DispatchSemaphore(value: 0)
            try pool.submit(.interactive, key: "127.0.0.1") { done.signal() }
            #expect(done.wait(timeout: .now() + 10) == .success, "sign-in \(index) ran while the batch lane was full")
        }
        #expect(log.names.isEmpty)
        gates[0].open()
        gates[1].open()
        pool.shutdown()
        #expect(Set(log.names) == ["batch 1", "batch 3"])
    }

    @Test func aJobThatWaitedPastItsLimitIsNotRunButExpired() throws {
        let pool = WorkPool(batch: WorkLaneLimits(threads: 1, perKeyRunning: 1))
        let gate = Gate()
        try pool.submit(.batch, key: "user:1", gate.pass)
        gate.waitUntilEntered()
        let log = Log()
        let expired = Mutex<[WorkPoolError]>([])
        try pool.submit(.batch, key: "user:2", maximumWait: .milliseconds(1), log.job("late")) { error in expired.withLock { $0.append(error) } }
        try pool.submit(.batch, key: "user:3", maximumWait: .seconds(3600), log.job("in time"))
        Thread.sleep(forTimeInterval: 0.05)  // past the first job's wait limit, far before the second's
        gate.open()
        pool.shutdown()
        #expect(log.names == ["in time"])
        #expect(expired.withLock { $0 } == [.waitedTooLong(.batch)])
    }

    @Test func batchThreadsRunNiced() throws {
        let pool = WorkPool(batch: WorkLaneLimits(threads: 1, niceness: 7))
        let nice = Mutex<[Int32]>([])
        try pool.submit(.batch, key: "k") { nice.withLock { $0.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) } }
        try pool.submit(.interactive, key: "k") { nice.withLock { $0.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) } }
        pool.shutdown()
        #expect(nice.withLock { $0 }.sorted() == [0, 7])
    }

    @Test func inProcessTheResponderRunsOffloadedWorkInline() {
        var router = Router()
        router.get("/slow/{n}") { request in
            let n = try request.parameter("n", as: Int64.self)
            var placeholder = Response.offloaded(key: request.clientAddress) {
                if n == 0 { throw HTTPError.badRequest("zero") }
                var response = Response.text("slow \(n)")
                response.headers.set("X-Work", "done")
                return response
            }
            placeholder.headers.set("X-Wrapper", "kept")
            placeholder.headers.set("X-Work", "overridden by the work")
            return placeholder
        }
        let responder = Responder(router: router, configuration: ServerConfiguration())
        let ok = responder.respond(to: Request(method: .get, path: "/slow/7"))
        #expect(ok.status == .ok)
        #expect(ok.offload == nil)
        #expect(ok.headers["X-Wrapper"] == "kept")
        #expect(ok.headers["X-Work"] == "done")
        #expect(ok.headers["X-Content-Type-Options"] == "nosniff")
        guard case .bytes(let bytes) = ok.body else { Issue.record("expected bytes"); return }
        #expect(String(decoding: bytes, as: UTF8.self) == "slow 7")
        let failed = responder.respond(to: Request(method: .get, path: "/slow/0", headers: ["Accept": "application/json"]))
        #expect(failed.status == .badRequest)
        #expect(failed.headers["Content-Type"] == "application/problem+json; charset=utf-8")
    }
}
