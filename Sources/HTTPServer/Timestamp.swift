import Foundation

/// Formats UTC seconds since 1970 as ISO 8601 / RFC 3339 (`2026-11-29T10:00:00Z`), the API's date format.
public func iso8601(_ secondsSince1970: Int64) -> String {
    var time = time_t(secondsSince1970)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
}
