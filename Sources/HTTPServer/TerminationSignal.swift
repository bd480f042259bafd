import Dispatch
import Foundation

/// Catches SIGINT and SIGTERM, the signals `serve` commands stop gracefully on. Create it before the
/// server starts so that no signal can arrive while the default action (terminate at once) still applies;
/// then ``wait()``. The signals are handled on a dispatch queue, so no C signal handler runs Swift code.
public final class TerminationSignals: @unchecked Sendable {
    // @unchecked: the sources are created in init and only cancelled in wait(); the semaphore is thread-safe.
    private let received = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    public init() {
        let received = self.received
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until SIGINT or SIGTERM arrives.
    public func wait() {
        received.wait()
        sources.forEach { $0.cancel() }
    }
}
