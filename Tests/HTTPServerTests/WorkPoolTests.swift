import Dispatch
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
        let pool = WorkPool(workers: 1, perKeyRunning: 1)
        let gate = Gate()
        let log = Log()
        try pool.submit(key: "gate", gate.pass)
        gate.waitUntilEntered()
        for index in 1...5 { try pool.submit(key: "alice", log.job("a\(index)")) }
        try pool.submit(key: "bob", log.job("b1"))
        try pool.submit(key: "carol", log.job("c1"))
        try pool.submit(key: "bob", log.job("b2"))
        gate.open()
        pool.shutdown()
        #expect(log.names == ["a1", "b1", "c1", "a2", "b2", "a3", "a4", "a5"])
    }

    @Test func aKeyOverItsQueueGets429AndAFullQueue503() throws {
        let pool = WorkPool(workers: 1, queueLimit: 4, perKeyRunning: 1, perKeyQueued: 2)
        let gate = Gate()
        let log = Log()
        try pool.submit(key: "gate", gate.pass)
        gate.waitUntilEntered()
        try pool.submit(key: "alice", log.job("a1"))
        try pool.submit(key: "alice", log.job("a2"))
        #expect(throws: WorkPoolError.quotaExceeded) { try pool.submit(key: "alice", log.job("a3")) }
        try pool.submit(key: "bob", log.job("b1"))
        try pool.submit(key: "bob", log.job("b2"))
        #expect(throws: WorkPoolError.full) { try pool.submit(key: "carol", log.job("c1")) }
        gate.open()
        pool.shutdown()
        #expect(log.names == ["a1", "b1", "a2", "b2"])
    }

    @Test func aKeyRunsAtMostPerKeyRunningJobsEvenWithIdleThreads() throws {
        let pool = WorkPool(workers: 3, perKeyRunning: 2)
        let gates = (0..<3).map { _ in Gate() }
        for gate in gates { try pool.submit(key: "alice", gate.pass) }
        gates[0].waitUntilEntered()
        gates[1].waitUntilEntered()
        // The third thread is idle: another key's job runs on it while alice's third job keeps waiting.
        let other = DispatchSemaphore(value: 0)
        try pool.submit(key: "bob") { other.signal() }
        other.wait()
        #expect(gates[2].enteredCount == 0)
        gates[0].open()
        gates[2].waitUntilEntered()  // alice's third job starts once one of hers has finished
        gates[1].open()
        gates[2].open()
        pool.shutdown()
    }

    @Test func shutdownRunsWhatIsQueuedThenRefusesJobs() throws {
        let pool = WorkPool(workers: 2, perKeyRunning: 1)
        let gate = Gate()
        let done = Mutex(0)
        try pool.submit(key: "gate", gate.pass)
        gate.waitUntilEntered()
        for index in 0..<20 { try pool.submit(key: "k\(index % 3)") { done.withLock { $0 += 1 } } }
        gate.open()
        pool.shutdown()
        #expect(done.withLock { $0 } == 20)
        #expect(throws: WorkPoolError.full) { try pool.submit(key: "late") {} }
        pool.shutdown()  // a second call returns at once
    }

    @Test func refusalsCarryTheirStatusAndRetryAfter() {
        #expect(WorkPoolError.full.httpError.status == .serviceUnavailable)
        #expect(WorkPoolError.full.httpError.headers["Retry-After"] == "5")
        #expect(WorkPoolError.quotaExceeded.httpError.status == .tooManyRequests)
        #expect(WorkPoolError.quotaExceeded.httpError.headers["Retry-After"] == "2")
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
