import Dispatch
import Foundation
import Synchronization

/// A bounded pool of threads for slow work (libvips, argon2id, outbound HTTP), so the server's request
/// threads stay free for cheap requests (DESIGN.md "Concurrency").
///
/// Jobs carry a key (a user id, else the client address). Keys are served round-robin: each key with
/// waiting jobs gets one job started per turn, so one key's backlog never delays another key's next job.
/// Every limit is explicit:
/// - at most `perKeyRunning` jobs of one key run at once (its other jobs wait even when threads are idle);
/// - at most `perKeyQueued` jobs of one key wait (more is ``WorkPoolError/quotaExceeded``, HTTP 429);
/// - at most `queueLimit` jobs wait in all (more is ``WorkPoolError/full``, HTTP 503).
///
/// ```swift
/// let pool = WorkPool()
/// try pool.submit(key: "user:42") { makeThumbnail() }
/// pool.shutdown()   // runs what is queued, then joins the threads
/// ```
public final class WorkPool: Sendable {
    /// The number of threads.
    public let workers: Int
    public let queueLimit: Int
    public let perKeyRunning: Int
    public let perKeyQueued: Int

    /// The active core count, at least 2.
    public static var defaultWorkers: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }

    private let core: Core
    private let finished = DispatchGroup()

    /// workers: threads (default: active core count, at least 2); queueLimit: jobs waiting in all (default 256);
    /// perKeyRunning: jobs of one key running at once (default 2); perKeyQueued: jobs of one key waiting (default 32).
    public init(
        workers: Int = WorkPool.defaultWorkers, queueLimit: Int = 256,
        perKeyRunning: Int = 2, perKeyQueued: Int = 32
    ) {
        precondition(workers >= 1 && queueLimit >= 1 && perKeyRunning >= 1 && perKeyQueued >= 1, "work pool limits must be positive")
        self.workers = workers
        self.queueLimit = queueLimit
        self.perKeyRunning = perKeyRunning
        self.perKeyQueued = perKeyQueued
        core = Core(perKeyRunning: perKeyRunning)
        for index in 0..<workers {
            finished.enter()
            let thread = Thread { [core, finished] in
                core.run()
                finished.leave()
            }
            thread.name = "work-pool-\(index)"
            thread.start()
        }
    }

    /// Queues `job`. Keys (a user id, else the client address) are served round-robin, so one key's backlog never
    /// delays another key's next job. Throws `.full` (queue at its limit → HTTP 503 + Retry-After) or
    /// `.quotaExceeded` (this key's queue at its limit → HTTP 429 + Retry-After). Never blocks the caller.
    /// After ``shutdown()`` every job is refused with `.full`.
    public func submit(key: String, _ job: @escaping @Sendable () -> Void) throws(WorkPoolError) {
        let outcome: WorkPoolError? = core.state.withLock { state in
            if state.isStopping { return .full }
            if state.waiting[key, default: []].count >= perKeyQueued { return .quotaExceeded }
            if state.queued >= queueLimit { return .full }
            if state.waiting[key] == nil { state.rotation.append(key) }
            state.waiting[key, default: []].append(job)
            state.queued += 1
            return nil
        }
        if let outcome { throw outcome }
        core.wake.signal()
    }

    /// Jobs waiting (not yet started), all keys together.
    var queuedCount: Int { core.state.withLock { $0.queued } }

    /// Stops taking jobs, runs what is queued, joins the threads. Safe to call more than once; must not be
    /// called from a job.
    public func shutdown() {
        core.stop(workers: workers)
        finished.wait()
    }

    deinit { core.stop(workers: workers) }

    /// The state the threads share with ``submit(key:_:)``.
    private final class Core: Sendable {
        struct State {
            /// Waiting jobs by key, oldest first.
            var waiting: [String: [@Sendable () -> Void]] = [:]
            /// Keys with waiting jobs, in the order they get their next turn.
            var rotation: [String] = []
            var running: [String: Int] = [:]
            var queued = 0
            var isStopping = false
        }

        let state = Mutex(State())
        /// Signalled once per submitted job and once per thread at shutdown. A thread that wakes and finds
        /// nothing it may start waits again; a thread that finishes a job looks for the next one itself, so
        /// a job held back by its key's running limit is started by the thread that frees the slot.
        let wake = DispatchSemaphore(value: 0)
        let perKeyRunning: Int

        init(perKeyRunning: Int) { self.perKeyRunning = perKeyRunning }

        func run() {
            while true {
                switch next() {
                case .job(let key, let job):
                    job()
                    state.withLock { state in
                        state.running[key, default: 1] -= 1
                        if state.running[key] == 0 { state.running[key] = nil }
                    }
                case .wait:
                    wake.wait()
                case .exit:
                    wake.signal()  // passes the stop on to a thread that went back to waiting
                    return
                }
            }
        }

        enum Next { case job(String, @Sendable () -> Void), wait, exit }

        /// The first key in rotation below its running limit gives up its oldest job and goes to the back.
        func next() -> Next {
            state.withLock { state in
                guard let index = state.rotation.firstIndex(where: { state.running[$0, default: 0] < perKeyRunning }) else {
                    return state.isStopping && state.queued == 0 ? .exit : .wait
                }
                let key = state.rotation.remove(at: index)
                let job = state.waiting[key]!.removeFirst()
                if state.waiting[key]!.isEmpty {
                    state.waiting[key] = nil
                } else {
                    state.rotation.append(key)
                }
                state.queued -= 1
                state.running[key, default: 0] += 1
                return .job(key, job)
            }
        }

        func stop(workers: Int) {
            let first = state.withLock { state in
                defer { state.isStopping = true }
                return !state.isStopping
            }
            if first { for _ in 0..<workers { wake.signal() } }
        }
    }
}

/// Why ``WorkPool/submit(key:_:)`` refused a job.
public enum WorkPoolError: Error, Sendable, HTTPErrorConvertible {
    /// Every queue slot is taken (or the pool is shutting down): `503` with `Retry-After: 5`.
    case full
    /// This key already has its maximum of jobs waiting: `429` with `Retry-After: 2`.
    case quotaExceeded

    public var httpError: HTTPError {
        switch self {
        case .full:
            HTTPError(.serviceUnavailable, detail: "The server is busy with slow work; try again in a few seconds.",
                      headers: ["Retry-After": "5"])
        case .quotaExceeded:
            HTTPError(.tooManyRequests, detail: "You already have many slow requests waiting; try again when they are done.",
                      headers: ["Retry-After": "2"])
        }
    }
}
