@testable import HTTPServer
import Testing

/// Which address a request counts as coming from behind a reverse proxy (``ForwardedFor``).
@Suite struct ForwardedForTests {
    let proxies: Set<String> = ["127.0.0.1", "::1"]

    func client(_ peer: String, _ forwarded: [String]) -> String {
        var headers = HTTPHeaders()
        for value in forwarded { headers.add("X-Forwarded-For", value) }
        return ForwardedFor.clientAddress(peer: peer, headers: headers, trustedProxies: proxies)
    }

    @Test func aTrustedProxyNamesTheClientItSaw() {
        #expect(client("127.0.0.1", ["203.0.113.7"]) == "203.0.113.7")
        #expect(client("::1", ["2001:db8::5"]) == "2001:db8::5")
        // What the client wrote itself comes first; only the last entry is what the proxy saw.
        #expect(client("127.0.0.1", ["10.0.0.1, 198.51.100.2 , 203.0.113.7"]) == "203.0.113.7")
        #expect(client("127.0.0.1", ["10.0.0.1", "203.0.113.9"]) == "203.0.113.9", "several header lines are one list")
    }

    @Test func anyOtherPeerOrABadEntryKeepsThePeer() {
        #expect(client("198.51.100.1", ["203.0.113.7"]) == "198.51.100.1", "an untrusted peer cannot choose its address")
        #expect(client("127.0.0.1", []) == "127.0.0.1")
        #expect(client("127.0.0.1", ["203.0.113.7, unknown"]) == "127.0.0.1")
        #expect(client("127.0.0.1", ["203.0.113.7, "]) == "127.0.0.1")
        #expect(client("127.0.0.1", ["999.1.1.1"]) == "127.0.0.1")
        #expect(client("127.0.0.1", ["203.0.113.7:4711"]) == "127.0.0.1")
        #expect(ForwardedFor.isAddress("::ffff:192.0.2.1") && !ForwardedFor.isAddress("localhost") && !ForwardedFor.isAddress(""))
    }
}
