import Foundation
import Synchronization

/// What one TCP connection is doing, as far as the time-outs care.
final class ConnectionState: Sendable {
    enum Phase: Sendable {
        /// Waiting for (or receiving) a request line and headers since `since` (monotonic ns).
        case awaitingHeaders(since: Int64)
        /// Receiving a body; `bytes` so far since `since`.
        case receivingBody(since: Int64, bytes: Int)
        /// A handler runs or a response is being sent: the watchdog leaves it alone.
        case responding
        /// Shut down by the watchdog; libmicrohttpd has yet to clean it up.
        case closed
    }

    let socket: Int32
    /// The client's address key (``ConnectionFairness/addressKey(_:)``).
    let address: String
    let phase: Mutex<Phase>

    init(socket: Int32, address: String) {
        self.socket = socket
        self.address = address
        phase = Mutex(.awaitingHeaders(since: monotonicNanoseconds()))
    }

    /// Moves to `newPhase`, unless the watchdog has closed the connection already.
    func set(_ newPhase: Phase) {
        phase.withLock {
            if case .closed = $0 { return }
            $0 = newPhase
        }
    }

    func addBodyBytes(_ count: Int) {
        phase.withLock {
            if case .receivingBody(let since, let bytes) = $0 { $0 = .receivingBody(since: since, bytes: bytes + count) }
        }
    }
}

/// Cuts off clients that trickle a request, and shares connection slots fairly (``ConnectionFairness``).
///
/// libmicrohttpd's idle time-out restarts with every byte, so a client sending one byte a second would hold
/// its connection forever. Every 250 ms this checks each connection's phase and `shutdown(2)`s the socket of
/// any that is too slow or shed; libmicrohttpd then sees the connection end and cleans it up on its own
/// thread. It also counts connections per address for the accept policy (``admits(_:)``).
final class ConnectionWatchdog: Sendable {
    private struct Registry {
        var connections: [ObjectIdentifier: ConnectionState] = [:]
        var perAddress: [String: Int] = [:]
    }

    private let registry = Mutex(Registry())
    private let isRunning = Atomic<Bool>(false)
    private let headerTimeout: Int64
    private let pressureHeaderTimeout: Int64
    private let minimumBodyRate: Int
    let fairness: ConnectionFairness

    init(configuration: ServerConfiguration) {
        headerTimeout = Self.nanoseconds(configuration.headerTimeout)
        pressureHeaderTimeout = Self.nanoseconds(min(configuration.pressureHeaderTimeout, configuration.headerTimeout))
        minimumBodyRate = configuration.minimumBodyRate
        fairness = ConnectionFairness(configuration)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    func register(_ state: ConnectionState) {
        registry.withLock {
            $0.connections[ObjectIdentifier(state)] = state
            $0.perAddress[state.address, default: 0] += 1
        }
    }

    func unregister(_ state: ConnectionState) {
        registry.withLock {
            guard $0.connections.removeValue(forKey: ObjectIdentifier(state)) != nil else { return }
            $0.perAddress[state.address, default: 1] -= 1
            if $0.perAddress[state.address] == 0 { $0.perAddress[state.address] = nil }
        }
    }

    /// True when a new connection from `address` is within its share (``ConnectionFairness/cap(open:)``).
    func admits(_ address: String) -> Bool {
        registry.withLock { $0.perAddress[address, default: 0] < fairness.cap(open: $0.connections.count) }
    }

    /// Open connections: all, and from `address`.
    func openCount(from address: String? = nil) -> Int {
        registry.withLock { registry in address.map { registry.perAddress[$0] ?? 0 } ?? registry.connections.count }
    }

    func start() {
        isRunning.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            while isRunning.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: 0.25)
                sweep(now: monotonicNanoseconds())
            }
        }
        thread.name = "http-watchdog"
        thread.start()
    }

    func stop() { isRunning.store(false, ordering: .sequentiallyConsistent) }

    /// Shuts down the sockets of connections past their deadline (a shorter one for requests not yet sent
    /// while under pressure), then sheds waiting connections above the shedding mark. The registry lock is
    /// held while doing so; libmicrohttpd unregisters a connection (under the same lock) before it closes
    /// the socket, so a descriptor is never shut down after it has been reused.
    func sweep(now: Int64) {
        registry.withLock { registry in
            let phases = registry.connections.mapValues { $0.phase.withLock { $0 } }
            let open = phases.values.count { if case .closed = $0 { false } else { true } }
            let timeout = open >= fairness.pressureMark ? pressureHeaderTimeout : headerTimeout
            var held: [String: Int] = [:]
            var waiting: [ConnectionFairness.Candidate] = []
            for (id, state) in registry.connections {
                let phase = phases[id]!
                if case .closed = phase { continue }
                if isTooSlow(phase, now: now, headerTimeout: timeout) {
                    close(state)
                    continue
                }
                held[state.address, default: 0] += 1
                if case .awaitingHeaders(let since) = phase {
                    waiting.append(.init(id: id, address: state.address, waitingSince: since))
                }
            }
            for id in fairness.shed(open: held.values.reduce(0, +), held: held, waiting: waiting) {
                if let state = registry.connections[id] { close(state) }
            }
        }
    }

    private func close(_ state: ConnectionState) {
        shutdown(state.socket, Int32(SHUT_RDWR))
        state.set(.closed)
    }

    private func isTooSlow(_ phase: ConnectionState.Phase, now: Int64, headerTimeout: Int64) -> Bool {
        switch phase {
        case .awaitingHeaders(let since):
            return now - since > headerTimeout
        case .receivingBody(let since, let bytes):
            let elapsed = now - since
            guard elapsed > headerTimeout else { return false }
            return Double(bytes) / (Double(elapsed) / 1e9) < Double(minimumBodyRate)
        case .responding, .closed:
            return false
        }
    }
}
