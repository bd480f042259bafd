import Foundation

/// How connection slots are shared when they run short, so slow clients from a few addresses cannot take
/// them all (the break-it pass filled 1,024 slots from 10 addresses × 120 slow connections).
///
/// With `open` connections of at most `limit`:
/// - **Pressure** starts at half the limit. From there a connection that is still waiting for its request
///   (new, or idle between keep-alive requests) is closed after `pressureHeaderTimeout` (2 s by default)
///   instead of `headerTimeout` (10 s): a slow client then holds each slot for seconds, not minutes.
/// - **Per-address cap**: a new connection is refused (closed at accept) when its address already holds
///   `cap(open)` connections: the full `perAddressConnectionLimit` below the pressure mark, then shrinking
///   linearly to `minimumPerAddressConnectionLimit` at the limit. An address is an IPv4 address or an IPv6
///   /64 prefix (what one subscriber usually gets).
/// - **Shedding**: above seven eighths of the limit, the connections waiting for a request of the addresses
///   holding the most are closed, oldest first, until the count is back at that mark: the last eighth stays
///   free for new clients. Connections receiving a body, running a handler or sending are never shed.
///
/// Larger, distributed attacks need a proxy in front with its own limits (README, "HTTP limits").
struct ConnectionFairness: Sendable {
    let limit: Int
    let perAddress: Int
    let minimumPerAddress: Int

    init(_ configuration: ServerConfiguration) {
        limit = configuration.connectionLimit
        perAddress = configuration.perAddressConnectionLimit
        minimumPerAddress = min(configuration.minimumPerAddressConnectionLimit, configuration.perAddressConnectionLimit)
    }

    /// Open connections from which the server is under pressure.
    var pressureMark: Int { limit / 2 }
    /// Open connections above which waiting connections are shed.
    var sheddingMark: Int { limit - max(1, limit / 8) }

    /// The most connections one address may hold when `open` are open.
    func cap(open: Int) -> Int {
        guard open >= pressureMark else { return perAddress }
        let share = perAddress * max(0, limit - open) / max(1, limit - pressureMark)
        return max(minimumPerAddress, share)
    }

    /// One connection as shedding sees it.
    struct Candidate {
        let id: ObjectIdentifier
        let address: String
        /// When it started waiting for its request (monotonic ns).
        let waitingSince: Int64
    }

    /// The connections to close so that at most `sheddingMark` stay open: from the address holding the
    /// most (`held`, connections per address) its oldest waiting one, then again, one at a time.
    func shed(open: Int, held: [String: Int], waiting: [Candidate]) -> [ObjectIdentifier] {
        var excess = open - sheddingMark
        guard excess > 0 else { return [] }
        var queues = Dictionary(grouping: waiting, by: \.address).mapValues { $0.sorted { $0.waitingSince > $1.waitingSince } }
        var held = held
        var chosen: [ObjectIdentifier] = []
        while excess > 0 {
            guard let address = queues.keys.max(by: { (held[$0] ?? 0, $0) < (held[$1] ?? 0, $1) }),
                let oldest = queues[address]?.popLast()
            else { break }
            if queues[address]?.isEmpty == true { queues[address] = nil }
            held[address, default: 1] -= 1
            chosen.append(oldest.id)
            excess -= 1
        }
        return chosen
    }

    /// The key connections are counted under: the IPv4 address, or the /64 prefix of an IPv6 one (an
    /// IPv4-mapped IPv6 address counts as its IPv4 address).
    static func addressKey(_ address: UnsafePointer<sockaddr>) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var inAddress = v4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &inAddress, &text, socklen_t(text.count))
            }
        case AF_INET6:
            var bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            let isMapped = withUnsafeBytes(of: &bytes) { raw in raw.prefix(10).allSatisfy { $0 == 0 } && raw[10] == 0xFF && raw[11] == 0xFF }
            if isMapped {
                var v4 = in_addr()
                withUnsafeMutableBytes(of: &v4) { target in withUnsafeBytes(of: &bytes) { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[12..<16])) } }
                _ = inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
            } else {
                withUnsafeMutableBytes(of: &bytes) { raw in for index in 8..<16 { raw[index] = 0 } }
                _ = inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count))
                return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/64"
            }
        default:
            return ""
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
