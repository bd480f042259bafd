import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One counting rule: at most ``maximumEvents`` events per ``window`` seconds, then a lockout
/// that doubles with each consecutive lockout, from ``baseLockout`` up to ``maximumLockout``.
/// A lockout is always temporary (ASVS 5.0 6.3.1 asks to avoid malicious lockout; OWASP
/// Authentication Cheat Sheet, "Account Lockout": exponential back-off rather than permanent).
///
/// All times are UTC seconds since 1970. The rule is pure: it maps a ``ThrottleState`` and the
/// current time to a decision or a new state, so tests drive it with any clock.
public struct ThrottleRule: Sendable, Hashable {
    /// Events allowed in one window before a lockout.
    public var maximumEvents: Int
    /// Window length in seconds; a window starts at its first event.
    public var window: Int64
    /// First lockout in seconds; the n-th consecutive lockout lasts `base × 2ⁿ⁻¹`…
    public var baseLockout: Int64
    /// …capped at this many seconds.
    public var maximumLockout: Int64
    /// After this many seconds without an event (and no lockout running) the state is forgotten,
    /// which also resets the back-off.
    public var forgetAfter: Int64

    public init(maximumEvents: Int, window: Int64, baseLockout: Int64, maximumLockout: Int64, forgetAfter: Int64) {
        precondition(maximumEvents >= 1 && window > 0 && baseLockout > 0 && maximumLockout >= baseLockout)
        self.maximumEvents = maximumEvents
        self.window = window
        self.baseLockout = baseLockout
        self.maximumLockout = maximumLockout
        self.forgetAfter = forgetAfter
    }

    /// Failed logins per account: 5 per 15 minutes, then 1, 2, 4, 8, 15, 15 … minutes.
    /// The state is cleared by a successful login, and forgotten after an hour of quiet.
    public static let account = ThrottleRule(
        maximumEvents: 5, window: 15 * 60, baseLockout: 60, maximumLockout: 15 * 60, forgetAfter: 60 * 60)
    /// Failed logins per client address, across all accounts: 20 per 15 minutes, then 15 minutes.
    /// Not cleared by a success (an attacker could otherwise reset it with their own account).
    public static let clientAddress = ThrottleRule(
        maximumEvents: 20, window: 15 * 60, baseLockout: 15 * 60, maximumLockout: 15 * 60, forgetAfter: 60 * 60)
    /// Registrations per client address: 10 per hour, then an hour.
    public static let registration = ThrottleRule(
        maximumEvents: 10, window: 60 * 60, baseLockout: 60 * 60, maximumLockout: 60 * 60, forgetAfter: 2 * 60 * 60)

    /// Length of the `n`-th consecutive lockout (n ≥ 1) in seconds.
    public func lockoutDuration(forLockout n: Int) -> Int64 {
        let doublings = min(max(n - 1, 0), 32)
        let (product, overflow) = baseLockout.multipliedReportingOverflow(by: Int64(1) << doublings)
        return overflow ? maximumLockout : min(product, maximumLockout)
    }

    /// `nil` if an attempt may go ahead at `now`, else the seconds until it may (≥ 1).
    public func retryAfter(_ state: ThrottleState, now: Int64) -> Int? {
        state.lockedUntil > now ? Int(state.lockedUntil - now) : nil
    }

    /// The state after one more event (a failed login, or a registration) at `now`.
    public func recordingEvent(_ state: ThrottleState, now: Int64) -> ThrottleState {
        var next = isForgotten(state, now: now) ? ThrottleState() : state
        if now >= next.windowStart + window || next.count == 0 {
            next.windowStart = now
            next.count = 0
        }
        next.count += 1
        next.lastEventAt = now
        if next.count >= maximumEvents {
            next.lockouts += 1
            next.lockedUntil = now + lockoutDuration(forLockout: next.lockouts)
            next.count = 0  // a fresh window begins when the lockout ends
        }
        return next
    }

    /// `true` once the state carries no information any more (no lockout running and quiet for
    /// ``forgetAfter``): its row can be deleted.
    public func isForgotten(_ state: ThrottleState, now: Int64) -> Bool {
        now >= max(state.lastEventAt, state.lockedUntil) + forgetAfter
    }
}

/// The stored counters of one throttled subject (an account, a client address …).
/// Times are UTC seconds since 1970; the zero state means "nothing recorded".
public struct ThrottleState: Sendable, Hashable {
    /// Start of the current counting window.
    public var windowStart: Int64 = 0
    /// Events in the current window.
    public var count: Int = 0
    /// Consecutive lockouts so far (drives the back-off).
    public var lockouts: Int = 0
    /// Attempts are refused while `now < lockedUntil`.
    public var lockedUntil: Int64 = 0
    /// Time of the latest event.
    public var lastEventAt: Int64 = 0

    public init(windowStart: Int64 = 0, count: Int = 0, lockouts: Int = 0, lockedUntil: Int64 = 0, lastEventAt: Int64 = 0) {
        self.windowStart = windowStart
        self.count = count
        self.lockouts = lockouts
        self.lockedUntil = lockedUntil
        self.lastEventAt = lastEventAt
    }
}

/// Login and registration rate limits (ASVS 5.0 6.1.1 documents, 6.3.1 implements
/// anti-automation), as pure logic over ``ThrottleState`` values; ``UserStore`` keeps the
/// states in the `login_failures` table, so several server instances on one database share them
/// and a restart forgets nothing.
///
/// - **Per account** (``ThrottleRule/account``): 5 failures in 15 minutes lock the account
///   name for 1 minute, then 2, 4, 8 and at most 15 minutes for each further 5 failures — never
///   permanently; a successful login clears it. Unknown usernames are throttled exactly like
///   known ones, so the throttle reveals nothing about which accounts exist (ASVS 6.3.8).
/// - **Per client address** (``ThrottleRule/clientAddress``): 20 failures in 15 minutes across
///   all accounts lock the address for 15 minutes. IPv6 addresses count per /64 prefix (one
///   subscriber usually holds a whole /64).
/// - **Registrations per client address** (``ThrottleRule/registration``): 10 per hour.
///
/// Malicious lockout: anyone can lock a known username for at most 15 minutes at a time, and
/// only 20 guesses per 15 minutes per address, so locking many accounts needs many addresses.
/// Attempts refused by the throttle do not count and do not extend a lockout.
public struct LoginThrottle: Sendable, Hashable {
    public var account: ThrottleRule
    public var clientAddress: ThrottleRule
    public var registration: ThrottleRule

    public init(account: ThrottleRule = .account, clientAddress: ThrottleRule = .clientAddress,
                registration: ThrottleRule = .registration) {
        self.account = account
        self.clientAddress = clientAddress
        self.registration = registration
    }

    /// Seconds to wait before a login attempt may run, or `nil` if it may run now: the longer
    /// of the account's and the address's lockouts.
    public func loginRetryAfter(account accountState: ThrottleState, address addressState: ThrottleState,
                                now: Int64) -> Int? {
        let waits = [account.retryAfter(accountState, now: now), clientAddress.retryAfter(addressState, now: now)]
        return waits.compactMap { $0 }.max()
    }

    /// The subject key under which an account's failures are counted: a hex BLAKE2b digest of
    /// ``Username/key(for:)``, so usernames (also mistyped ones) are not kept in clear and the
    /// key has a fixed size whatever was typed.
    public static func accountSubject(forUsername username: String) -> String {
        let digest = Sodium.blake2b256(Array(Username.key(for: username).utf8))
        return digest.prefix(16).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The subject key under which a client address is counted: IPv4 as is, IPv4-mapped IPv6
    /// as IPv4, other IPv6 as its /64 prefix (`2001:db8:1:2::/64`); anything unparseable
    /// (e.g. a Unix socket) as its first 64 bytes.
    public static func addressSubject(forClientAddress address: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return address }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        }
        return String(decoding: address.utf8.prefix(64), as: UTF8.self)
    }
}
