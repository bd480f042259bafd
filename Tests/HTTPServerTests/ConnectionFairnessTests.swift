import AppSuiteTesting
import Foundation
import Testing
@testable import HTTPServer

/// Connection slots under pressure: the per-address cap shrinks, waiting connections time out sooner, and the
/// heaviest addresses' waiting connections are shed so new clients find a slot.
@Suite(.serialized) struct ConnectionFairnessTests {
    static func fairness(limit: Int, perAddress: Int, minimum: Int) -> ConnectionFairness {
        var configuration = ServerConfiguration()
        configuration.connectionLimit = limit
        configuration.perAddressConnectionLimit = perAddress
        configuration.minimumPerAddressConnectionLimit = minimum
        return ConnectionFairness(configuration)
    }

    @Test func thePerAddressCapShrinksFromHalfTheLimitToTheMinimum() {
        let fairness = Self.fairness(limit: 1024, perAddress: 128, minimum: 8)
        #expect(fairness.pressureMark == 512)
        #expect(fairness.sheddingMark == 896)
        #expect([0, 511, 512, 640, 768, 960, 1000, 1024].map { fairness.cap(open: $0) } == [128, 128, 128, 96, 64, 16, 8, 8])
    }

    @Test func sheddingTakesTheOldestWaitingConnectionsOfTheHeaviestAddresses() {
        let fairness = Self.fairness(limit: 40, perAddress: 16, minimum: 4)
        var waiting: [ConnectionFairness.Candidate] = []
        var names: [ObjectIdentifier: String] = [:]
        var objects: [AnyObject] = []
        func add(_ address: String, _ count: Int) {
            for index in 0..<count {
                let object = NSObject()
                objects.append(object)
                let id = ObjectIdentifier(object)
                names[id] = "\(address)#\(index)"
                waiting.append(.init(id: id, address: address, waitingSince: Int64(index * 10 + address.count)))
            }
        }
        // a holds 16 but only 3 wait for a request (the others are busy); b holds 12, all waiting.
        add("a", 3)
        add("bb", 12)
        let held = ["a": 16, "bb": 12, "c": 12]
        #expect(fairness.shed(open: 35, held: held, waiting: waiting).isEmpty, "at the shedding mark nothing is shed")
        let shed = fairness.shed(open: 40, held: held, waiting: waiting).map { names[$0]! }
        // a: 16 → 13 (its three waiting ones, oldest first); then bb (12) ties c (12) but only bb has waiting ones.
        #expect(shed == ["a#0", "a#1", "a#2", "bb#0", "bb#1"])
        _ = objects
    }

    @Test func addressesAreKeyedByIPv4AddressOrIPv6Prefix() {
        func key(_ text: String) -> String {
            var v4 = sockaddr_in()
            var v6 = sockaddr_in6()
            if inet_pton(AF_INET, text, &v4.sin_addr) == 1 {
                v4.sin_family = sa_family_t(AF_INET)
                return withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ConnectionFairness.addressKey($0) } }
            }
            _ = inet_pton(AF_INET6, text, &v6.sin6_addr)
            v6.sin6_family = sa_family_t(AF_INET6)
            return withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ConnectionFairness.addressKey($0) } }
        }
        #expect(key("203.0.113.5") == "203.0.113.5")
        #expect(key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64")
        #expect(key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64")
        #expect(key("::ffff:198.51.100.7") == "198.51.100.7")
    }

    /// Opens a connection from `source` and waits until the server has either counted it or closed it;
    /// a counted one then starts a request it never finishes (slow loris). Nil when it was refused.
    static func slowConnection(port: UInt16, from source: String, watchdog: ConnectionWatchdog) throws -> RawHTTPClient? {
        let before = watchdog.openCount(from: source)
        let client = try RawHTTPClient(port: port, from: source)
        _ = wait(until: { watchdog.openCount(from: source) > before || client.isClosedByPeer }, timeout: .seconds(10))
        guard !client.isClosedByPeer else {
            client.close()
            return nil
        }
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        return client
    }

    @Test func tenAddressesOfSlowClientsCannotTakeEverySlot() throws {
        let attackers = (2...11).map { "127.0.0.\($0)" }
        try LiveServerTests.withServer(router: LiveServerTests.makeRouter(), { configuration in
            configuration.threadCount = 1  // libmicrohttpd splits the connection limit between its threads
            configuration.connectionLimit = 40
            configuration.perAddressConnectionLimit = 16
            configuration.minimumPerAddressConnectionLimit = 4
            // Only the caps and shedding act here; the time-outs have their own test.
            configuration.headerTimeout = .seconds(600)
            configuration.pressureHeaderTimeout = .seconds(600)
        }) { server in
            let watchdog = server.core.watchdog
            var clients: [RawHTTPClient] = []
            defer { for client in clients { client.close() } }
            for address in attackers {
                for _ in 0..<16 {
                    if let client = try Self.slowConnection(port: server.port, from: address, watchdog: watchdog) { clients.append(client) }
                }
            }
            watchdog.sweep(now: monotonicNanoseconds())
            #expect(wait(until: { watchdog.openCount() <= 35 }, timeout: .seconds(10)), "the last eighth of the slots is free again")
            let held = attackers.map { watchdog.openCount(from: $0) }
            #expect(held.allSatisfy { $0 <= 16 }, "\(held)")
            #expect(held.suffix(5).allSatisfy { $0 <= 4 }, "addresses arriving under pressure get the minimum share: \(held)")
            let normal = try #require(try RawHTTPClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(normal.status == 200)
        }
    }

    @Test func theOpenFileLimitIsRaisedToFitTheConnectionLimit() throws {
        var original = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &original) == 0)
        try #require(original.rlim_max >= 1024 + 256, "the hard limit leaves no room to test")
        var lowered = original
        lowered.rlim_cur = 1100
        #expect(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered) == 0)
        defer { _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &original) }
        try LiveServerTests.withServer(router: LiveServerTests.makeRouter(), { $0.connectionLimit = 1024 }) { _ in
            var raised = rlimit()
            #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0)
            #expect(raised.rlim_cur == 1024 + 256)
        }
    }

    @Test func underPressureWaitingConnectionsTimeOutSooner() throws {
        try LiveServerTests.withServer(router: LiveServerTests.makeRouter(), { configuration in
            configuration.threadCount = 1
            configuration.connectionLimit = 20
            configuration.perAddressConnectionLimit = 20
            configuration.headerTimeout = .seconds(60)
            configuration.pressureHeaderTimeout = .seconds(30)
        }) { server in
            let watchdog = server.core.watchdog
            var clients: [RawHTTPClient] = []
            defer { for client in clients { client.close() } }
            for _ in 0..<9 { clients.append(try #require(try Self.slowConnection(port: server.port, from: "127.0.0.2", watchdog: watchdog))) }
            // 9 of 20: no pressure, so 45 s of waiting is within the 60 s time-out.
            watchdog.sweep(now: monotonicNanoseconds() + 45_000_000_000)
            #expect(watchdog.openCount() == 9)
            #expect(!clients.contains { $0.isClosedByPeer })
            // 10 of 20 is half: now the 30 s time-out applies.
            clients.append(try #require(try Self.slowConnection(port: server.port, from: "127.0.0.3", watchdog: watchdog)))
            watchdog.sweep(now: monotonicNanoseconds() + 45_000_000_000)
            #expect(wait(until: { watchdog.openCount() == 0 }, timeout: .seconds(10)))
            #expect(clients.allSatisfy { $0.isClosedByPeer })
        }
    }
}
