#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on the monotonic clock, for time limits that must not jump with the wall clock.
enum MonotonicTime {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// `duration` in nanoseconds, clamped to zero and to about 290 years.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 { return 0 }
        if seconds > 9_000_000_000 { return UInt64(Int64.max) }
        return UInt64(seconds) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }

    /// `duration` in whole milliseconds, rounded up, at least 1 and at most `Int.max / 2`.
    static func milliseconds(_ duration: Duration) -> Int {
        let nanos = nanoseconds(duration)
        return Int(min((nanos + 999_999) / 1_000_000, UInt64(Int.max / 2))).clamped(1)
    }
}

extension Int {
    fileprivate func clamped(_ lower: Int) -> Int { Swift.max(self, lower) }
}
