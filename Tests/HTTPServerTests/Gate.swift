import Dispatch
import Synchronization

/// Holds every caller of ``pass()`` until the test opens it, and counts who entered: tests of slow work
/// assert order with it instead of sleeping.
final class Gate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)
    private let count = Atomic(0)

    /// Waits at the gate; once it is open, everyone passes at once.
    func pass() {
        count.add(1, ordering: .sequentiallyConsistent)
        entered.signal()
        opened.wait()
        opened.signal()
    }

    var enteredCount: Int { count.load(ordering: .sequentiallyConsistent) }

    /// Waits until `callers` more callers have entered. False after `seconds` without them: the limit only
    /// turns a hang into a failure, it measures nothing.
    @discardableResult
    func waitUntilEntered(_ callers: Int = 1, seconds: Int = 20) -> Bool {
        for _ in 0..<callers where entered.wait(timeout: .now() + .seconds(seconds)) == .timedOut { return false }
        return true
    }

    func open() { opened.signal() }
}
