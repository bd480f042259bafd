import AppHost
import Foundation
import Synchronization
import Testing

/// The scheduler driven by a fixed clock: a test moves the time and calls `runDue()`, nothing sleeps.
@Suite struct JobSchedulerTests {
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() -> Int { value.withLock { $0 += 1; return $0 } }
        func set(_ count: Int) { value.withLock { $0 = count } }
        var count: Int { value.withLock { $0 } }
    }

    let start = Date(timeIntervalSince1970: 1_717_200_000)

    @Test func runsWhenDueThenEveryIntervalAfterTheRunEnded() {
        let clock = FixedClock(start)
        let log = Log()
        let runs = Counter()
        let scheduler = JobScheduler(jobs: [ScheduledJob("test.count", every: 60) { "run \(runs.increment())" }],
                                     clock: clock.clock, log: log.append)
        #expect(scheduler.nextRun(of: "test.count") == start, "no jitter: the first run is due at once")
        #expect(scheduler.runDue() == ["test.count"])
        scheduler.waitUntilIdle()
        #expect(runs.count == 1)
        #expect(scheduler.nextRun(of: "test.count") == start + 60)
        clock.advance(by: 59)
        #expect(scheduler.runDue().isEmpty)
        clock.advance(by: 1)
        #expect(scheduler.runDue() == ["test.count"])
        scheduler.waitUntilIdle()
        #expect(runs.count == 2)
        #expect(log.all.count == 2)
        #expect(log.all.allSatisfy { $0.hasPrefix("job test.count: ok in ") && $0.contains(" ms (run ") }, "\(log.all)")
        scheduler.stop()
    }

    @Test func jitterDelaysEveryRunByAtMostItsBound() {
        let clock = FixedClock(start)
        let scheduler = JobScheduler(jobs: [ScheduledJob("test.jitter", every: 100, jitter: 30) { nil }], clock: clock.clock, log: { _ in })
        let first = scheduler.nextRun(of: "test.jitter")!
        #expect(first >= start && first <= start + 30)
        clock.advance(by: 30)
        #expect(scheduler.runDue() == ["test.jitter"])
        scheduler.waitUntilIdle()
        let next = scheduler.nextRun(of: "test.jitter")!
        #expect(next >= clock.now + 100 && next <= clock.now + 130)
    }

    @Test func aJobNeverOverlapsItself() {
        let clock = FixedClock(start)
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let runs = Counter()
        let scheduler = JobScheduler(jobs: [ScheduledJob("test.slow", every: 1) {
            _ = runs.increment()
            entered.signal()
            release.wait()
            return nil
        }], clock: clock.clock, log: { _ in })
        #expect(scheduler.runDue() == ["test.slow"])
        entered.wait()
        #expect(scheduler.nextRun(of: "test.slow") == nil, "no due time while it runs")
        clock.advance(by: 3600)
        #expect(scheduler.runDue().isEmpty, "still running: not started again")
        release.signal()
        scheduler.waitUntilIdle()
        #expect(runs.count == 1)
        #expect(scheduler.nextRun(of: "test.slow") == start + 3600 + 1, "the next run counts from the end of this one")
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    @Test func anErrorIsLoggedAndTheJobRunsAgain() {
        let clock = FixedClock(start)
        let log = Log()
        let runs = Counter()
        let scheduler = JobScheduler(jobs: [
            ScheduledJob("test.fails", every: 10) { _ = runs.increment(); throw Broken() },
            ScheduledJob("test.fine", every: 10) { nil },
        ], clock: clock.clock, log: log.append)
        #expect(Set(scheduler.runDue()) == ["test.fails", "test.fine"])
        scheduler.waitUntilIdle()
        #expect(log.all.contains { $0.hasPrefix("job test.fails: failed in ") && $0.hasSuffix(" ms: disk on fire") }, "\(log.all)")
        #expect(log.all.contains { $0.hasPrefix("job test.fine: ok in ") && $0.hasSuffix(" ms") }, "\(log.all)")
        clock.advance(by: 10)
        #expect(Set(scheduler.runDue()) == ["test.fails", "test.fine"])
        scheduler.waitUntilIdle()
        #expect(runs.count == 2)
    }

    @Test func stopWaitsForTheRunInFlightAndStartsNoMore() {
        let clock = FixedClock(start)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let finished = Counter()
        let finishedWhenStopReturned = Counter()
        let scheduler = JobScheduler(jobs: [ScheduledJob("test.stop", every: 1) {
            entered.signal()
            release.wait()
            _ = finished.increment()
            return nil
        }], clock: clock.clock, log: { _ in })
        scheduler.start()
        entered.wait()
        DispatchQueue.global().async {
            scheduler.stop()
            finishedWhenStopReturned.set(finished.count)
            stopped.signal()
        }
        release.signal()
        stopped.wait()
        #expect(finishedWhenStopReturned.count == 1, "stop() returned before the run in flight ended")
        #expect(scheduler.nextRun(of: "test.stop") == nil)
        clock.advance(by: 3600)
        #expect(scheduler.runDue().isEmpty)
    }
}
