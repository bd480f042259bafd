import Foundation
import Synchronization

/// Sends mail in the background, one message at a time on its own thread, so a request never waits for a
/// mail server — and a page answers in the same time whether or not it sent anything (a password reset for
/// an unknown address must look like one for a known address).
///
/// Bounded: at most ``capacity`` messages wait; more are refused (``enqueue(_:)`` returns `false`) rather
/// than held in memory. A failed delivery is tried again after 2 s and 10 s (3 attempts), then dropped and
/// logged — the message's links (verification, reset) can be asked for again. ``stop(waiting:)`` ends the
/// thread after the queue is empty or the time is up.
public final class MailOutbox: Sendable {
    public let sender: any MailSender
    public let capacity: Int
    private let retryDelays: [Duration]
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var queue: [MailMessage] = []
        var isStopping = false
        var isRunning = false
        /// Sent messages, for tests and `/healthz`-style counters.
        var sent = 0
        var failed = 0
    }

    public init(sender: any MailSender, capacity: Int = 100, retryDelays: [Duration] = [.seconds(2), .seconds(10)],
                log: @escaping @Sendable (String) -> Void) {
        self.sender = sender
        self.capacity = capacity
        self.retryDelays = retryDelays
        self.log = log
    }

    /// The sending address (``MailSender/from``).
    public var from: MailAddress { sender.from }

    /// Queues `message`; starts the sending thread on first use. `false` when the queue is full or stopping.
    @discardableResult
    public func enqueue(_ message: MailMessage) -> Bool {
        let start = state.withLock { state -> Bool? in
            guard !state.isStopping, state.queue.count < capacity else { return nil }
            state.queue.append(message)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard let start else {
            log("mail: queue full or stopping; not sent to \(message.to.address)")
            return false
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "appsuite-mail"
            thread.start()
        }
        wakeUp.signal()
        return true
    }

    /// Messages delivered and given up on so far.
    public var counts: (sent: Int, failed: Int) { state.withLock { ($0.sent, $0.failed) } }

    /// Stops taking messages, lets the thread send what is queued for up to `waiting`, then returns.
    public func stop(waiting: Duration = .seconds(10)) {
        let running = state.withLock { state -> Bool in
            state.isStopping = true
            return state.isRunning
        }
        guard running else { return }
        wakeUp.signal()
        let seconds = Double(waiting.components.seconds) + Double(waiting.components.attoseconds) / 1e18
        _ = finished.wait(timeout: .now() + seconds)
    }

    private func run() {
        while true {
            wakeUp.wait()
            while let message = state.withLock({ state -> MailMessage? in state.queue.isEmpty ? nil : state.queue.removeFirst() }) {
                deliver(message)
            }
            if state.withLock({ $0.isStopping && $0.queue.isEmpty }) {
                finished.signal()
                return
            }
        }
    }

    private func deliver(_ message: MailMessage) {
        var attempt = 0
        while true {
            do {
                try sender.send(message)
                state.withLock { $0.sent += 1 }
                return
            } catch {
                guard attempt < retryDelays.count, !state.withLock({ $0.isStopping }) else {
                    state.withLock { $0.failed += 1 }
                    log("mail: not sent to \(message.to.address) after \(attempt + 1) attempts: \(error)")
                    return
                }
                Thread.sleep(forTimeInterval: Double(retryDelays[attempt].components.seconds))
                attempt += 1
            }
        }
    }
}
