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
    }

    let socket: Int32
    let phase: Mutex<Phase>

    init(socket: Int32) {
        self.socket = socket
        phase = Mutex(.awaitingHeaders(since: monotonicNanoseconds()))
    }

    func set(_ newPhase: Phase) { phase.withLock { $0 = newPhase } }

    func addBodyBytes(_ count: Int) {
        phase.withLock {
            if case .receivingBody(let since, let bytes) = $0 { $0 = .receivingBody(since: since, bytes: bytes + count) }
        }
    }
}

/// Cuts off clients that trickle a request: libmicrohttpd's idle time-out restarts with every byte, so a
/// client sending one byte a second would hold its connection forever. Every 250 ms this checks each
/// connection's phase and `shutdown(2)`s the socket of any that is too slow; libmicrohttpd then sees the
/// connection end and cleans it up on its own thread.
final class ConnectionWatchdog: Sendable {
    private let connections = Mutex<[ObjectIdentifier: ConnectionState]>([:])
    private let isRunning = Atomic<Bool>(false)
    private let headerTimeout: Int64
    private let minimumBodyRate: Int

    init(headerTimeout: Duration, minimumBodyRate: Int) {
        let (seconds, attoseconds) = headerTimeout.components
        self.headerTimeout = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        self.minimumBodyRate = minimumBodyRate
    }

    func register(_ state: ConnectionState) { connections.withLock { $0[ObjectIdentifier(state)] = state } }
    func unregister(_ state: ConnectionState) { connections.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(state)) } }

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

    /// Shuts down the sockets of connections past their deadline. The registry lock is held while doing
    /// so; libmicrohttpd unregisters a connection (under the same lock) before it closes the socket, so
    /// a descriptor is never shut down after it has been reused.
    func sweep(now: Int64) {
        connections.withLock { connections in
            for state in connections.values where isTooSlow(state, now: now) {
                shutdown(state.socket, Int32(SHUT_RDWR))
                state.set(.responding)
            }
        }
    }

    private func isTooSlow(_ state: ConnectionState, now: Int64) -> Bool {
        switch state.phase.withLock({ $0 }) {
        case .awaitingHeaders(let since):
            return now - since > headerTimeout
        case .receivingBody(let since, let bytes):
            let elapsed = now - since
            guard elapsed > headerTimeout else { return false }
            return Double(bytes) / (Double(elapsed) / 1e9) < Double(minimumBodyRate)
        case .responding:
            return false
        }
    }
}
