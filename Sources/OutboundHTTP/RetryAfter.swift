import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Retry-After` field (RFC 9110 §10.2.3): delay-seconds or an HTTP date.
enum RetryAfter {
    /// The wait asked for, never negative; nil when absent or unreadable. Dates are read by `curl_getdate`.
    static func parse(_ value: String?, now: time_t = time(nil)) -> Duration? {
        guard let text = value?.trimmingASCIISpaces, !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return text.utf8.count <= 9 ? .seconds(Int(text) ?? 0) : .seconds(999_999_999)
        }
        let date = curl_getdate(text, nil)
        guard date >= 0 else { return nil }
        return .seconds(max(0, Int(date) - Int(now)))
    }
}

extension String {
    fileprivate var trimmingASCIISpaces: String {
        String(decoding: utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed(), as: UTF8.self)
    }
}
