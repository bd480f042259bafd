public import Foundation
public import Identity
import Synchronization

/// Where apps, jobs and identity read the current time. The server uses ``system``; tests use a
/// ``FixedClock`` they move by hand, so time-driven code (jobs, expiry) runs without sleeping.
public struct AppClock: Sendable {
    private let source: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) { source = now }

    /// The current time (UTC).
    public func now() -> Date { source() }

    /// The machine's clock.
    public static let system = AppClock { Date() }

    /// The same time for Identity, which counts whole UTC seconds since 1970.
    public var identityClock: IdentityClock {
        IdentityClock { [source] in Int64(source().timeIntervalSince1970.rounded(.down)) }
    }
}

/// A clock that stands still until a test moves it.
public final class FixedClock: Sendable {
    private let time: Mutex<Date>

    public init(_ date: Date) { time = Mutex(date) }

    public var now: Date { time.withLock { $0 } }

    /// Moves the time forward (or back, for a negative value) by `seconds`.
    public func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }

    /// An ``AppClock`` reading this one.
    public var clock: AppClock { AppClock { [self] in now } }
}
