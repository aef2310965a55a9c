import Glibc

/// The process's one media clock, in seconds (`CACurrentMediaTime`): monotonic, or a
/// manual reading that tests and headless tools set and advance so that every picture
/// of an animation is deterministic.
@MainActor
public enum MediaClock {
    /// The reading when the clock is manual; nil (the default) follows the system's
    /// monotonic clock.
    public static var manualTime: Double?

    /// Advances a manual clock by `seconds`; starts it at 0 when it is not manual.
    public static func advance(by seconds: Double) {
        guard seconds.isFinite else { return }
        manualTime = (manualTime ?? 0) + max(0, seconds)
    }

    /// The system's monotonic time in seconds.
    nonisolated public static func systemTime() -> Double {
        var ts = timespec()
        _ = unsafe clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The media clock's reading now (`CACurrentMediaTime()`).
@MainActor
public func currentMediaTime() -> Double { MediaClock.manualTime ?? MediaClock.systemTime() }
