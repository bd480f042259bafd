#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import OutboundHTTP

/// ``AddressPolicy`` on addresses from each range of the IANA special-purpose registries, and their neighbours.
@Suite struct AddressPolicyTests {
    static let refused = [
        "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254", "127.0.0.1", "127.8.9.10",
        "169.254.169.254", "169.254.0.1", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.88.99.1",
        "192.168.0.1", "192.168.255.255", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "224.0.0.251",
        "239.255.255.250", "240.0.0.1", "255.255.255.255",
        "::", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1", "64:ff9b::a00:1",
        "64:ff9b:1::1", "100::1", "2001::1", "2001:1ff::1", "2001:db8::1", "2002:7f00:1::1", "3fff::1", "fc00::1",
        "fd12:3456::1", "fe80::1", "fe80::1%eth0", "fec0::1", "ff02::1", "::1.2.3.4", "1::1",
    ]
    static let permitted = [
        "1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.1", "100.63.255.255", "100.128.0.1", "126.255.255.255",
        "128.0.0.1", "169.253.1.1", "169.255.0.1", "172.15.255.255", "172.32.0.1", "192.0.1.1", "192.0.3.1",
        "192.167.1.1", "192.169.1.1", "198.17.1.1", "198.20.0.1", "203.0.114.1", "223.255.255.254",
        "2001:200::1", "2001:4860:4860::8888", "2400:3200::1", "2606:4700:4700::1111", "3ffe::1", "::ffff:8.8.8.8",
        "64:ff9b::808:808",
    ]

    @Test(arguments: refused)
    func publicOnlyRefuses(address: String) {
        #expect(IPAddress(address) != nil)
        #expect(!AddressPolicy.publicOnly.permits(address))
        #expect(AddressPolicy.any.permits(address))
    }

    @Test(arguments: permitted)
    func publicOnlyPermits(address: String) {
        #expect(AddressPolicy.publicOnly.permits(address))
    }

    @Test(arguments: ["localhost", "example.com", "", "1.2.3", "::g", "[::1]", "1.2.3.4.5", "010.0.0.1", "0x7f.0.0.1"])
    func publicOnlyRefusesWhatIsNotAnAddress(text: String) {
        #expect(IPAddress(text) == nil)
        #expect(!AddressPolicy.publicOnly.permits(text))
    }

    @Test func textIsCanonical() throws {
        #expect(try #require(IPAddress("0:0:0:0:0:ffff:7f00:1")).text == "::ffff:127.0.0.1")
        #expect(try #require(IPAddress("2001:DB8:0:0::1")).text == "2001:db8::1")
        #expect(try #require(IPAddress("203.0.113.7")).bytes == [203, 0, 113, 7])
    }
}

/// `Retry-After` (RFC 9110 §10.2.3) as seconds and as an HTTP date.
@Suite struct RetryAfterTests {
    /// 2015-10-21 07:28:00 UTC, the example date of RFC 9110 §10.2.3.
    static let example = 1_445_412_480

    @Test func seconds() {
        #expect(RetryAfter.parse("120") == .seconds(120))
        #expect(RetryAfter.parse(" 5 ") == .seconds(5))
        #expect(RetryAfter.parse("0") == .zero)
        #expect(RetryAfter.parse("99999999999999999999") == .seconds(999_999_999))
    }

    @Test func httpDates() {
        let now = time_t(Self.example - 60)
        #expect(RetryAfter.parse("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.parse("Wed, 21 Oct 2015 07:28:00 GMT", now: time_t(Self.example + 10)) == .zero)
    }

    @Test(arguments: [nil, "", "soon", "-5", "1.5", "Wed, 99 Foo 2015"])
    func unreadableValues(value: String?) {
        #expect(RetryAfter.parse(value) == nil)
    }
}
