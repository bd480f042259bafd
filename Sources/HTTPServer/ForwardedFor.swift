#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client address of a request that came through a reverse proxy (nginx, a load balancer).
///
/// Behind a proxy every request arrives from the proxy's address, so every limit keyed by client address
/// (login and registration throttles, the work pool's per-client share) would count all users as one. When the
/// connection's peer is one of ``ServerConfiguration/trustedProxies``, the client address is the last entry of
/// `X-Forwarded-For` (the address that proxy saw: nginx's `$proxy_add_x_forwarded_for` appends `$remote_addr`),
/// if it is an IPv4 or IPv6 address. Entries before it were written by the client and are never believed; from
/// any other peer the header is ignored, so a client cannot choose its own address.
public enum ForwardedFor {
    static func clientAddress(peer: String, headers: HTTPHeaders, trustedProxies: Set<String>) -> String {
        guard trustedProxies.contains(peer) else { return peer }
        let entries = headers.values("X-Forwarded-For").flatMap { $0.split(separator: ",") }
        guard let last = entries.last?.trimmingCharacters(in: [" ", "\t"]), isAddress(String(last)) else { return peer }
        return String(last)
    }

    /// Whether `text` is an IPv4 address in dotted-decimal form or an IPv6 address (`inet_pton`).
    public static func isAddress(_ text: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
