public import Foundation
import Synchronization

/// Periodic work of an app or of the platform: a poller, a refresher, a clean-up (DESIGN.md "A mini app").
/// `work` runs on a background thread, never twice at once; it returns a short summary for the log
/// ("3 expired sessions deleted") or nil, and throws to report a failure, which is logged and retried at
/// the next interval.
public struct ScheduledJob: Sendable {
    /// Shown in the log: `app.what`, e.g. `sessions.purge`.
    public let name: String
    /// Seconds from the end of one run to the start of the next (at least 1).
    public let interval: TimeInterval
    /// Up to this many seconds are added at random to every wait, the first one included, so servers
    /// started together do not run the job at the same moment.
    public let jitter: TimeInterval
    public let work: @Sendable () throws -> String?

    public init(_ name: String, every interval: TimeInterval, jitter: TimeInterval = 0, work: @escaping @Sendable () throws -> String?) {
        precondition(interval >= 1 && jitter >= 0, "job \(name): interval must be at least 1 s and jitter not negative")
        self.name = name
        self.interval = interval
        self.jitter = jitter
        self.work = work
    }
}

/// Runs every ``ScheduledJob`` of the server on time, by one timer thread. A job's first run is due `jitter`
/// (at random, up to) after the scheduler is made, each later one `interval` plus jitter after the previous
/// run ended, so a job never overlaps itself and a slow run delays only its own next run. Each run is
/// logged with its duration (measured, not read from the clock) and outcome; a thrown error is logged,
/// never fatal. Due times come from the ``AppClock``: tests use a ``FixedClock``, move it and call
/// ``runDue()`` instead of waiting.
///
/// With a ``Lease`` (``JobLeases``, when several servers share one database), a due job runs only if this
/// server gets the job's lease; otherwise the run is skipped (and logged as such) and the job is due again
/// one interval later.
public final class JobScheduler: Sendable {
    /// Whether this server may run `job` now (taking it for the coming interval); throws when that cannot be told.
    public typealias Lease = @Sendable (ScheduledJob) throws -> Bool

    private struct State {
        /// When each job runs next; nil while it runs (and after the scheduler stopped).
        var nextRun: [Date?]
        var isStarted = false
        var isStopped = false
    }

    /// Longest wait of the timer thread before it reads the clock again.
    static let longestWait: TimeInterval = 60

    public let jobs: [ScheduledJob]
    private let clock: AppClock
    private let log: @Sendable (String) -> Void
    private let lease: Lease?
    private let state: Mutex<State>
    private let runs = DispatchGroup()
    private let timer = DispatchGroup()
    private let wake = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - log: receives one line per run, e.g. `job sessions.purge: ok in 0.8 ms (2 expired sessions deleted)`.
    ///   - lease: asked before each run; nil runs every due job (one server).
    public init(jobs: [ScheduledJob], clock: AppClock, lease: Lease? = nil, log: @escaping @Sendable (String) -> Void) {
        self.jobs = jobs
        self.clock = clock
        self.lease = lease
        self.log = log
        let now = clock.now()
        state = Mutex(State(nextRun: jobs.map { now + Self.randomJitter($0) }))
    }

    /// Starts the jobs that are due and the timer thread that starts the others when they come due.
    public func start() {
        let starts = state.withLock { state in
            defer { state.isStarted = true }
            return !state.isStarted && !state.isStopped
        }
        guard starts else { return }
        runDue()
        timer.enter()
        Thread.detachNewThread { [self] in
            defer { timer.leave() }
            while let wait = secondsUntilNextRun() {
                if wait > 0 { _ = wake.wait(timeout: .now() + min(wait, Self.longestWait)) }
                runDue()
            }
        }
    }

    /// Starts, each on its own thread, every job whose time has come and which is not running.
    /// - Returns: the names of the jobs started.
    @discardableResult
    public func runDue() -> [String] {
        let now = clock.now()
        let due: [Int] = state.withLock { state in
            guard !state.isStopped else { return [] }
            let due = jobs.indices.filter { index in state.nextRun[index].map { $0 <= now } ?? false }
            for index in due {
                state.nextRun[index] = nil
                runs.enter()
            }
            return due
        }
        for index in due {
            DispatchQueue.global().async { [self] in
                defer { runs.leave() }
                run(index)
            }
        }
        return due.map { jobs[$0].name }
    }

    /// When job `name` runs next; nil while it runs, after ``stop()`` or for an unknown name.
    public func nextRun(of name: String) -> Date? {
        guard let index = jobs.firstIndex(where: { $0.name == name }) else { return nil }
        return state.withLock { $0.nextRun[index] }
    }

    /// Blocks until no job is running.
    public func waitUntilIdle() { runs.wait() }

    /// Starts no more runs, ends the timer thread and waits for the runs in flight to finish.
    public func stop() {
        state.withLock { state in
            state.isStopped = true
            state.nextRun = state.nextRun.map { _ in nil }
        }
        wake.signal()
        timer.wait()
        runs.wait()
    }

    private func run(_ index: Int) {
        let job = jobs[index]
        let started = ContinuousClock.now
        var outcome: String
        do {
            if let lease, try !lease(job) {
                outcome = "skipped (another server holds its lease)"
            } else {
                let summary = try job.work()
                outcome = "ok in \(Self.milliseconds(since: started))" + (summary.map { " (\($0))" } ?? "")
            }
        } catch {
            outcome = "failed in \(Self.milliseconds(since: started)): \(error)"
        }
        log("job \(job.name): " + outcome)
        let next = clock.now() + job.interval + Self.randomJitter(job)
        state.withLock { state in
            if !state.isStopped { state.nextRun[index] = next }
        }
        wake.signal()
    }

    /// Seconds the timer thread waits before the next run is due (0 or less: one is due now); nil once stopped.
    private func secondsUntilNextRun() -> TimeInterval? {
        let now = clock.now()
        return state.withLock { state in
            guard !state.isStopped else { return nil }
            return state.nextRun.compactMap { $0 }.min().map { $0.timeIntervalSince(now) } ?? Self.longestWait
        }
    }

    private static func randomJitter(_ job: ScheduledJob) -> TimeInterval {
        job.jitter > 0 ? TimeInterval.random(in: 0...job.jitter) : 0
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = (ContinuousClock.now - start).components
        return String(format: "%.1f ms", Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
    }
}
