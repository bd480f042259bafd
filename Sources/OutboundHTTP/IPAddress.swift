#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address in network order, read from text or from a socket address.
struct IPAddress: Equatable, Sendable {
    let bytes: [UInt8]

    /// Numeric text only (`inet_pton`); IPv6 without brackets. A zone (`fe80::1%eth0`) is dropped.
    init?(_ text: String) {
        let address = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        var buffer = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, address, &buffer) == 1 {
            bytes = Array(buffer[0..<4])
        } else if inet_pton(AF_INET6, address, &buffer) == 1 {
            bytes = buffer
        } else {
            return nil
        }
    }

    /// The address of a `sockaddr_in` or `sockaddr_in6` at `socketAddress` whose family is `family`.
    init?(socketAddress: UnsafeRawPointer, family: Int32) {
        switch family {
        case AF_INET:
            let address = socketAddress.loadUnaligned(as: sockaddr_in.self).sin_addr
            bytes = withUnsafeBytes(of: address) { Array($0) }
        case AF_INET6:
            let address = socketAddress.loadUnaligned(as: sockaddr_in6.self).sin6_addr
            bytes = withUnsafeBytes(of: address) { Array($0) }
        default:
            return nil
        }
    }

    /// Canonical numeric text (`inet_ntop`): `"127.0.0.1"`, `"::ffff:127.0.0.1"`.
    var text: String {
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, bytes, &output, socklen_t(output.count)) != nil else { return "" }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Globally reachable unicast (the rules are listed on ``AddressPolicy/publicOnly``).
    var isPublic: Bool {
        bytes.count == 4 ? Self.isPublicIPv4(bytes[0], bytes[1], bytes[2]) : isPublicIPv6
    }

    private var isPublicIPv6: Bool {
        let b = bytes
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {  // ::ffff:0:0/96, IPv4-mapped
            return Self.isPublicIPv4(b[12], b[13], b[14])
        }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B {
            if b[4..<12].allSatisfy({ $0 == 0 }) { return Self.isPublicIPv4(b[12], b[13], b[14]) }  // 64:ff9b::/96
            return false  // 64:ff9b:1::/48 and the rest of 64:ff9b::/32
        }
        guard b[0] & 0xE0 == 0x20 else { return false }  // global unicast is 2000::/3
        if b[0] == 0x20 && b[1] == 0x01 && b[2] < 0x02 { return false }  // 2001::/23
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return false }  // 2001:db8::/32
        if b[0] == 0x20 && b[1] == 0x02 { return false }  // 2002::/16, 6to4
        if b[0] == 0x3F && b[1] == 0xFF && b[2] & 0xF0 == 0 { return false }  // 3fff::/20
        return true
    }

    private static func isPublicIPv4(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        switch (a, b, c) {
        case (0, _, _), (10, _, _), (127, _, _): false
        case (100, 64...127, _): false
        case (169, 254, _): false
        case (172, 16...31, _): false
        case (192, 0, 0), (192, 0, 2), (192, 88, 99), (192, 168, _): false
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): false
        case (224..., _, _): false
        default: true
        }
    }
}
