import Foundation

/// `write(2)` to stderr; kept here so call sites need not import Glibc.
func writeToStandardError(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int {
    Foundation.write(2, pointer, count)
}

/// Monotonic time in nanoseconds (`CLOCK_MONOTONIC`).
func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
