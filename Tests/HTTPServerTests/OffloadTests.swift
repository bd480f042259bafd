import AppSuiteTesting
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// Offloaded work on a live server: the connection is suspended while the work pool runs it, so cheap
/// requests keep flowing. Slow work waits at a ``Gate`` the test opens, so nothing here depends on timing.
@Suite(.serialized) struct OffloadTests {
    static func makeRouter(gate: Gate) -> Router {
        var router = LiveServerTests.makeRouter()
        router.get("/work/{key}") { request in
            let key = try request.parameter("key")
            return .offloaded(key: key) {
                gate.pass()
                return .text("done \(key)")
            }
        }
        router.get("/batch/{key}") { request in
            let key = try request.parameter("key")
            return .offloaded(key: key, lane: .batch) {
                gate.pass()
                return .text("batch \(key)")
            }
        }
        router.get("/work-big") { request in
            .offloaded(key: request.clientAddress) { .text(String(repeating: "照片 photo ", count: 1000)) }
        }
        router.get("/work-fails") { request in
            .offloaded(key: request.clientAddress) { throw HTTPError(.conflict, detail: "thrown by offloaded work") }
        }
        return router
    }

    /// Sends `GET path` on its own thread; the reply (or nil) is in `replies[path]` once `done` is signalled.
    final class Requests: Sendable {
        let replies = Mutex<[String: RawHTTPClient.Reply?]>([:])
        let done = DispatchSemaphore(value: 0)

        func get(_ path: String, port: UInt16) {
            Thread.detachNewThread { [self] in
                let reply = try? RawHTTPClient.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                replies.withLock { $0[path] = reply }
                done.signal()
            }
        }

        func waitForAll(_ count: Int) { for _ in 0..<count { done.wait() } }
        subscript(path: String) -> RawHTTPClient.Reply? { replies.withLock { $0[path] ?? nil } }
    }

    @Test func aCheapRequestIsAnsweredWhileSlowWorkHoldsEveryRequestThread() throws {
        let gate = Gate()
        // Four slow requests, twice the two request threads, all running at once on a four-thread pool.
        try LiveServerTests.withServer(router: Self.makeRouter(gate: gate), workPool: WorkPool(interactive: WorkLaneLimits(threads: 4)), { $0.threadCount = 2 }) { server in
            let requests = Requests()
            for key in ["a", "b", "c", "d"] { requests.get("/work/\(key)", port: server.port) }
            #expect(gate.waitUntilEntered(4), "all four slow requests run at once")
            let hello = try RawHTTPClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(hello?.status == 200)
            #expect(requests.replies.withLock { $0.isEmpty }, "no slow request has been answered yet")
            gate.open()
            requests.waitForAll(4)
            for key in ["a", "b", "c", "d"] {
                #expect(requests["/work/\(key)"]?.text == "done \(key)")
                #expect(requests["/work/\(key)"]?.headers["x-content-type-options"] == "nosniff")
            }
        }
    }

    @Test func aFullPoolIs503AndAKeyOverItsQuota429() throws {
        let gate = Gate()
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 1, queueLimit: 1, perKeyRunning: 1, perKeyQueued: 1))
        try LiveServerTests.withServer(router: Self.makeRouter(gate: gate), workPool: pool) { server in
            let requests = Requests()
            requests.get("/work/a", port: server.port)
            #expect(gate.waitUntilEntered())
            requests.get("/work/a?second", port: server.port)
            #expect(wait(until: { pool.queuedCount(.interactive) == 1 }))
            let overQuota = try #require(try RawHTTPClient.exchange(port: server.port, "GET /work/a?third HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n"))
            #expect(overQuota.status == 429)
            #expect(overQuota.headers["retry-after"] == "2")
            #expect(overQuota.headers["content-type"] == "application/problem+json; charset=utf-8")
            let full = try #require(try RawHTTPClient.exchange(port: server.port, "GET /work/b HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(full.status == 503)
            #expect(full.headers["retry-after"] == "5")
            gate.open()
            requests.waitForAll(2)
            #expect(requests["/work/a"]?.text == "done a")
            #expect(requests["/work/a?second"]?.text == "done a")
        }
    }

    /// Issue 27: the batch lane's one thread is held; an interactive request is answered meanwhile, and batch
    /// work that waited past the lane's limit is answered 503 with the batch `Retry-After` without running.
    @Test func batchWorkPastItsWaitIs503WhileInteractiveWorkRuns() throws {
        let gate = Gate()
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 1),
                            batch: WorkLaneLimits(threads: 1, perKeyRunning: 1, maximumWait: .milliseconds(200)))
        try LiveServerTests.withServer(router: Self.makeRouter(gate: gate), workPool: pool) { server in
            let requests = Requests()
            requests.get("/batch/a", port: server.port)
            #expect(gate.waitUntilEntered())
            requests.get("/batch/b", port: server.port)
            #expect(wait(until: { pool.queuedCount(.batch) == 1 }))
            let interactive = try #require(try RawHTTPClient.exchange(port: server.port, "GET /work-big HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(interactive.status == 200)
            Thread.sleep(forTimeInterval: 0.3)
            gate.open()
            requests.waitForAll(2)
            #expect(requests["/batch/a"]?.text == "batch a")
            #expect(requests["/batch/b"]?.status == 503)
            #expect(requests["/batch/b"]?.headers["retry-after"] == "30")
            #expect(gate.enteredCount == 1, "the late job never ran")
        }
    }

    @Test func offloadedResponsesGetGzipDefaultHeadersAndErrorMapping() throws {
        try LiveServerTests.withServer(router: Self.makeRouter(gate: Gate())) { server in
            let big = try #require(try RawHTTPClient.exchange(port: server.port, "GET /work-big HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"))
            #expect(big.status == 200)
            #expect(big.headers["content-encoding"] == "gzip")
            #expect(big.headers["x-content-type-options"] == "nosniff")
            let failed = try #require(try RawHTTPClient.exchange(port: server.port, "GET /work-fails HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n"))
            #expect(failed.status == 409)
            #expect(failed.text.contains("thrown by offloaded work"))
            // The connection is usable again after a suspended request.
            let client = try RawHTTPClient(port: server.port)
            defer { client.close() }
            for _ in 0..<3 {
                client.send("GET /work-big HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(client.readReply()?.body.count == "照片 photo ".utf8.count * 1000)
            }
        }
    }

    @Test func theWatchdogLeavesASuspendedConnectionAlone() throws {
        let gate = Gate()
        try LiveServerTests.withServer(router: Self.makeRouter(gate: gate)) { server in
            let requests = Requests()
            requests.get("/work/a", port: server.port)
            #expect(gate.waitUntilEntered())
            server.core.watchdog.sweep(now: monotonicNanoseconds() + 3_600_000_000_000)  // an hour later
            gate.open()
            requests.waitForAll(1)
            #expect(requests["/work/a"]?.text == "done a")
        }
    }

    @Test func stoppingAnswersRunningWorkAndRefusesQueuedWorkAfterTheGracePeriod() throws {
        let gate = Gate()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.isAccessLogEnabled = false
        configuration.shutdownGracePeriod = .milliseconds(200)
        let pool = WorkPool(interactive: WorkLaneLimits(threads: 1, perKeyRunning: 1))
        let server = Server(configuration: configuration,
                            responder: Responder(router: Self.makeRouter(gate: gate), configuration: configuration), workPool: pool)
        try server.start()
        let requests = Requests()
        requests.get("/work/running", port: server.port)
        #expect(gate.waitUntilEntered())
        requests.get("/work/queued", port: server.port)
        #expect(wait(until: { pool.queuedCount(.interactive) == 1 }))
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop()
            stopped.signal()
        }
        #expect(wait(until: { server.core.offloads.withLock { $0.isClosed } }))
        gate.open()
        stopped.wait()
        requests.waitForAll(2)
        #expect(requests["/work/running"]?.text == "done running")
        #expect(requests["/work/queued"]?.status == 503)
        #expect(gate.enteredCount == 1, "the queued work never ran")
    }
}
