import Foundation

/// Checks `condition` every `interval` until it holds, instead of sleeping for a guessed time. Returns
/// false when `timeout` passes first: the limit only turns a hang into a failure, it measures nothing,
/// so keep it generous (`#expect(wait(until: { … }))`). Poll a server less often (`every: .milliseconds(50)`).
public func wait(until condition: () throws -> Bool, timeout: Duration = .seconds(20),
                 every interval: Duration = .milliseconds(5)) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else { return false }
        Thread.sleep(forTimeInterval: interval / .seconds(1))
    }
    return true
}
