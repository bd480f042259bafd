import Identity
import Testing

/// The throttle rules as pure state machines, driven by a hand-advanced clock (UTC seconds).
@Suite("LoginThrottle rules")
struct ThrottleRuleTests {
    let rule = ThrottleRule.account
    let start: Int64 = 1_800_000_000

    func fail(_ state: inout ThrottleState, times: Int, at now: Int64) {
        for _ in 0..<times { state = rule.recordingEvent(state, now: now) }
    }

    @Test("4 failures are fine, the 5th locks for 60 s, and the lock ends after it")
    func fiveFailures() {
        var state = ThrottleState()
        fail(&state, times: 4, at: start)
        #expect(rule.retryAfter(state, now: start) == nil)
        fail(&state, times: 1, at: start + 10)
        #expect(rule.retryAfter(state, now: start + 10) == 60)
        #expect(rule.retryAfter(state, now: start + 69) == 1)
        #expect(rule.retryAfter(state, now: start + 70) == nil)
    }

    @Test("failures spread over more than the 15-minute window do not lock")
    func windowForgets() {
        var state = ThrottleState()
        fail(&state, times: 4, at: start)
        fail(&state, times: 4, at: start + 15 * 60)
        #expect(rule.retryAfter(state, now: start + 15 * 60) == nil)
        fail(&state, times: 1, at: start + 15 * 60 + 1)
        #expect(rule.retryAfter(state, now: start + 15 * 60 + 1) != nil)
    }

    @Test("back-off doubles per consecutive lockout and is capped at 15 minutes")
    func backOff() {
        var state = ThrottleState()
        var now = start
        var waits: [Int] = []
        for _ in 0..<7 {
            fail(&state, times: 5, at: now)
            let wait = rule.retryAfter(state, now: now) ?? 0
            waits.append(wait)
            now += Int64(wait)  // come back exactly when allowed
            #expect(rule.retryAfter(state, now: now) == nil)
        }
        #expect(waits == [60, 120, 240, 480, 900, 900, 900])
        #expect(rule.lockoutDuration(forLockout: 1_000) == 900)
    }

    @Test("after an hour of quiet the back-off starts over")
    func forgets() {
        var state = ThrottleState()
        fail(&state, times: 5, at: start)
        fail(&state, times: 5, at: start + 60)
        #expect(rule.retryAfter(state, now: start + 60) == 120)
        let later = start + 60 + 120 + 3600
        #expect(rule.isForgotten(state, now: later))
        fail(&state, times: 5, at: later)
        #expect(rule.retryAfter(state, now: later) == 60)
    }

    @Test("the address rule allows 20 failures per 15 minutes, then 15 minutes")
    func addressRule() {
        let address = ThrottleRule.clientAddress
        var state = ThrottleState()
        for i in 0..<19 { state = address.recordingEvent(state, now: start + Int64(i)) }
        #expect(address.retryAfter(state, now: start + 19) == nil)
        state = address.recordingEvent(state, now: start + 19)
        #expect(address.retryAfter(state, now: start + 19) == 900)
        let throttle = LoginThrottle()
        #expect(throttle.loginRetryAfter(account: ThrottleState(), address: state, now: start + 20) == 899)
    }

    @Test("address subjects: IPv4 as is, IPv6 by /64, IPv4-mapped as IPv4")
    func addressSubjects() {
        #expect(LoginThrottle.addressSubject(forClientAddress: "203.0.113.7") == "203.0.113.7")
        #expect(LoginThrottle.addressSubject(forClientAddress: "2001:db8:1:2:aaaa::1")
            == LoginThrottle.addressSubject(forClientAddress: "2001:db8:1:2:bbbb::2"))
        #expect(LoginThrottle.addressSubject(forClientAddress: "2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(LoginThrottle.addressSubject(forClientAddress: "2001:db8:1:3::1") != "2001:db8:1:2::/64")
        #expect(LoginThrottle.addressSubject(forClientAddress: "::ffff:198.51.100.4") == "198.51.100.4")
    }

    @Test("account subjects fold case and do not contain the username")
    func accountSubjects() {
        let a = LoginThrottle.accountSubject(forUsername: "Alice")
        #expect(a == LoginThrottle.accountSubject(forUsername: "ALICE"))
        #expect(a.count == 32 && !a.contains("alice"))
    }
}
