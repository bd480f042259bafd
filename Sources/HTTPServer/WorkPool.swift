import Dispatch
import Foundation
import Synchronization

/// The kind of slow work, which decides where it runs (DESIGN.md "Limits by default"). Each lane has its own
/// threads and queue, so interactive work never waits behind batch work.
public enum WorkLane: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Short work someone is waiting for: argon2id for sign-in, registration and password changes, thumbnails
    /// and renditions of small pictures, outbound requests of a page (forecasts, OIDC).
    case interactive
    /// Long or large work: slicing, pictures over the interactive size, exports and account deletion,
    /// imports, the apps' own refreshes (recommendations, snapshots, remote images).
    case batch

    public var description: String { rawValue }
}

/// The limits of one lane of a ``WorkPool``.
public struct WorkLaneLimits: Sendable, Hashable {
    /// Threads of the lane; they serve no other lane.
    public var threads: Int
    /// Jobs waiting in the lane, all keys together; more is ``WorkPoolError/full(_:)`` (HTTP 503).
    public var queueLimit: Int
    /// Jobs of one key running at once in the lane (its other jobs wait even when threads are idle).
    public var perKeyRunning: Int
    /// Jobs of one key waiting in the lane; more is ``WorkPoolError/quotaExceeded(_:)`` (HTTP 429).
    public var perKeyQueued: Int
    /// The longest a job waits for a thread. A job still waiting then is not run: its `expired` handler gets
    /// ``WorkPoolError/waitedTooLong(_:)`` (an offloaded request answers 503 with `Retry-After`).
    public var maximumWait: Duration
    /// The nice value (0…19) of the lane's threads (Linux keeps it per thread): a batch thread's CPU goes to
    /// interactive threads first when both want it.
    public var niceness: Int32

    public init(threads: Int, queueLimit: Int = 256, perKeyRunning: Int = 2, perKeyQueued: Int = 32,
                maximumWait: Duration = .seconds(30), niceness: Int32 = 0) {
        precondition(threads >= 1 && queueLimit >= 1 && perKeyRunning >= 1 && perKeyQueued >= 1, "work lane limits must be positive")
        precondition((0...19).contains(niceness), "a nice value is 0…19")
        self.threads = threads
        self.queueLimit = queueLimit
        self.perKeyRunning = perKeyRunning
        self.perKeyQueued = perKeyQueued
        self.maximumWait = maximumWait
        self.niceness = niceness
    }

    /// The active core count, at least 2.
    public static var cores: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }

    /// One thread per core plus one (3 on 2 cores); a key runs at most all but one of them, so one client's
    /// sign-ins or thumbnails always leave a thread for another's; 256 waiting, 32 per key, 15 s of waiting.
    public static var interactive: WorkLaneLimits {
        WorkLaneLimits(threads: cores + 1, queueLimit: 256, perKeyRunning: cores, perKeyQueued: 32, maximumWait: .seconds(15))
    }

    /// One thread per core, one job per key at a time (accounts take turns), 64 waiting, 8 per key, two
    /// minutes of waiting, nice 5.
    public static var batch: WorkLaneLimits {
        WorkLaneLimits(threads: cores, queueLimit: 64, perKeyRunning: 1, perKeyQueued: 8, maximumWait: .seconds(120), niceness: 5)
    }
}

/// Bounded lanes of threads for slow work (libvips, argon2id, outbound HTTP, slicing), so the server's request
/// threads stay free for cheap requests (DESIGN.md "Concurrency") and sign-in never waits behind an upload.
///
/// Each ``WorkLane`` has its own threads, queue and limits (``WorkLaneLimits``). Jobs carry a key (a user id,
/// else the client address); within a lane keys are served round-robin: each key with waiting jobs gets one
/// job started per turn, so one key's backlog never delays another key's next job. A job that waited past its
/// lane's `maximumWait` is not started.
///
/// ```swift
/// let pool = WorkPool()
/// try pool.submit(.batch, key: "user:42") { makeThumbnail() }
/// pool.shutdown()   // runs what is queued, then joins the threads
/// ```
public final class WorkPool: Sendable {
    /// Every lane's limits.
    public let limits: [WorkLane: WorkLaneLimits]
    private let lanes: [WorkLane: Lane]

    /// The threads of every lane together (each may hold a database connection).
    public var workers: Int { limits.values.reduce(0) { $0 + $1.threads } }

    public init(interactive: WorkLaneLimits = .interactive, batch: WorkLaneLimits = .batch) {
        limits = [.interactive: interactive, .batch: batch]
        lanes = [.interactive: Lane(.interactive, interactive), .batch: Lane(.batch, batch)]
    }

    /// Queues `job` in `lane`. Throws ``WorkPoolError/full(_:)`` (the lane's queue at its limit, or the pool
    /// stopping) or ``WorkPoolError/quotaExceeded(_:)`` (this key's queue in the lane at its limit). Never
    /// blocks the caller. When the job waits longer than `maximumWait` (default the lane's), `expired` runs
    /// instead of it, on a pool thread, with ``WorkPoolError/waitedTooLong(_:)``.
    public func submit(_ lane: WorkLane, key: String, maximumWait: Duration? = nil, _ job: @escaping @Sendable () -> Void,
                       expired: @escaping @Sendable (WorkPoolError) -> Void = { _ in }) throws(WorkPoolError) {
        try lanes[lane]!.submit(key: key, maximumWait: maximumWait, job: job, expired: expired)
    }

    /// Jobs waiting (not yet started) in `lane`, all keys together.
    func queuedCount(_ lane: WorkLane) -> Int { lanes[lane]!.state.withLock { $0.queued } }

    /// Stops taking jobs, runs what is queued (in time), joins the threads. Safe to call more than once; must
    /// not be called from a job.
    public func shutdown() {
        for lane in lanes.values { lane.stop() }
        for lane in lanes.values { lane.finished.wait() }
    }

    deinit { for lane in lanes.values { lane.stop() } }

    /// One lane: its threads and the state they share with ``submit(_:key:maximumWait:_:expired:)``.
    private final class Lane: Sendable {
        struct Job {
            let run: @Sendable () -> Void
            let expired: @Sendable (WorkPoolError) -> Void
            let deadline: ContinuousClock.Instant
        }

        struct State {
            /// Waiting jobs by key, oldest first.
            var waiting: [String: [Job]] = [:]
            /// Keys with waiting jobs, in the order they get their next turn.
            var rotation: [String] = []
            var running: [String: Int] = [:]
            var queued = 0
            var isStopping = false
        }

        let lane: WorkLane
        let limits: WorkLaneLimits
        let state = Mutex(State())
        /// Signalled once per submitted job and once per thread at shutdown. A thread that wakes and finds
        /// nothing it may start waits again; a thread that finishes a job looks for the next one itself, so
        /// a job held back by its key's running limit is started by the thread that frees the slot.
        let wake = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()

        init(_ lane: WorkLane, _ limits: WorkLaneLimits) {
            self.lane = lane
            self.limits = limits
            for index in 0..<limits.threads {
                finished.enter()
                let thread = Thread { [self] in
                    if limits.niceness > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, limits.niceness) }
                    run()
                    finished.leave()
                }
                thread.name = "work-\(lane)-\(index)"
                thread.start()
            }
        }

        func submit(key: String, maximumWait: Duration?, job: @escaping @Sendable () -> Void,
                    expired: @escaping @Sendable (WorkPoolError) -> Void) throws(WorkPoolError) {
            let entry = Job(run: job, expired: expired, deadline: .now + (maximumWait ?? limits.maximumWait))
            let outcome: WorkPoolError? = state.withLock { state in
                if state.isStopping { return .full(lane) }
                if state.waiting[key, default: []].count >= limits.perKeyQueued { return .quotaExceeded(lane) }
                if state.queued >= limits.queueLimit { return .full(lane) }
                if state.waiting[key] == nil { state.rotation.append(key) }
                state.waiting[key, default: []].append(entry)
                state.queued += 1
                return nil
            }
            if let outcome { throw outcome }
            wake.signal()
        }

        func run() {
            while true {
                switch next() {
                case .job(let key, let job):
                    if ContinuousClock.now > job.deadline {
                        job.expired(.waitedTooLong(lane))
                    } else {
                        job.run()
                    }
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

        enum Next { case job(String, Job), wait, exit }

        /// The first key in rotation below its running limit gives up its oldest job and goes to the back.
        func next() -> Next {
            state.withLock { state in
                guard let index = state.rotation.firstIndex(where: { state.running[$0, default: 0] < limits.perKeyRunning }) else {
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

        func stop() {
            let first = state.withLock { state in
                defer { state.isStopping = true }
                return !state.isStopping
            }
            if first { for _ in 0..<limits.threads { wake.signal() } }
        }
    }
}

/// Why ``WorkPool`` did not run a job. Each names its lane; batch refusals ask the client to wait longer.
public enum WorkPoolError: Error, Sendable, Hashable, HTTPErrorConvertible {
    /// Every queue slot of the lane is taken (or the pool is stopping): `503` with `Retry-After` (5 s, batch 30 s).
    case full(WorkLane)
    /// This key already has its maximum of jobs waiting in the lane: `429` with `Retry-After` (2 s, batch 10 s).
    case quotaExceeded(WorkLane)
    /// The job waited for a thread longer than the lane allows and was not started: `503` with `Retry-After`.
    case waitedTooLong(WorkLane)

    /// Problem types, so a server can put the words in the reader's language (``Responder``'s `problemWords`).
    public static let busyType = "urn:appsuite:problem:busy"
    public static let waitingType = "urn:appsuite:problem:too-many-waiting"
    public static let lateType = "urn:appsuite:problem:not-started-in-time"

    public var httpError: HTTPError {
        switch self {
        case .full(let lane):
            HTTPError(.serviceUnavailable, detail: "The server is busy with slow work; try again in a few seconds.", type: Self.busyType,
                      headers: ["Retry-After": lane == .batch ? "30" : "5"])
        case .quotaExceeded(let lane):
            HTTPError(.tooManyRequests, detail: "You already have many slow requests waiting; try again when they are done.", type: Self.waitingType,
                      headers: ["Retry-After": lane == .batch ? "10" : "2"])
        case .waitedTooLong(let lane):
            HTTPError(.serviceUnavailable, detail: "The server was too busy to start this in time; try again in a moment.", type: Self.lateType,
                      headers: ["Retry-After": lane == .batch ? "30" : "5"])
        }
    }
}
