import Foundation

/// A value behind an `NSLock`, for the few mutable things the client shares across tasks (the session, the
/// transport's tasks in flight). `Synchronization.Mutex` would do the same but needs iOS 18 / macOS 15.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
