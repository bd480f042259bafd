/// Which IP addresses an outbound request may connect to. It is checked on the address literally in the URL
/// and again on every address libcurl is about to connect to (after DNS, on each redirect hop), so a host name
/// that resolves to an internal address cannot get around it.
public enum AddressPolicy: Sendable, Equatable {
    /// Only globally reachable unicast addresses: the default, and the only choice for URLs that come from users
    /// or other servers. Refused, after the IANA special-purpose address registries (RFC 6890 and its updates):
    /// - IPv4: 0/8 (this network, unspecified), 10/8, 172.16/12, 192.168/16 (private), 100.64/10 (CGNAT),
    ///   127/8 (loopback), 169.254/16 (link-local, cloud metadata), 192.0.0/24 (protocol assignments),
    ///   192.0.2/24, 198.51.100/24, 203.0.113/24 (documentation), 192.88.99/24 (6to4 relay), 198.18/15
    ///   (benchmarking), 224/4 (multicast), 240/4 and 255.255.255.255 (reserved, broadcast);
    /// - IPv6: everything outside 2000::/3 (so ::, ::1, fc00::/7 unique-local, fe80::/10 link-local,
    ///   ff00::/8 multicast, 100::/64 discard), and inside it 2001::/23 (protocol assignments, Teredo),
    ///   2001:db8::/32 and 3fff::/20 (documentation), 2002::/16 (6to4);
    /// - IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses are judged by the IPv4 address they
    ///   carry; 64:ff9b:1::/48 (local NAT64) and the deprecated IPv4-compatible ::/96 are refused.
    case publicOnly
    /// Any address, loopback and private included: only for hosts an operator configured (an OIDC issuer on
    /// the LAN, a local weather mirror) and for tests.
    case any

    /// Whether `address`, numeric IPv4 (`"203.0.113.7"`) or IPv6 (`"2001:db8::1"`, no brackets) text, may be
    /// connected to. Under ``publicOnly`` anything that is not an IP address (a host name) is refused.
    public func permits(_ address: String) -> Bool {
        switch self {
        case .any: true
        case .publicOnly: IPAddress(address)?.isPublic ?? false
        }
    }

    func permits(_ address: IPAddress) -> Bool {
        switch self {
        case .any: true
        case .publicOnly: address.isPublic
        }
    }
}
