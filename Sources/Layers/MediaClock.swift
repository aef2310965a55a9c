import Glibc

/// The media clock, in seconds (`CACurrentMediaTime`): the system's monotonic clock, or a
/// manual clock that a test or a headless tool installs for a scope of its own, so that
/// every picture of an animation is deterministic.
///
/// A manual clock is bound to the task that installs it (a task-local value) and is gone
/// when its scope ends: nothing one test sets reaches another, whatever their order or
/// however they run at once. Vitrine differs from Core Animation here, which has no
/// manual clock.
@MainActor
public enum MediaClock {
    /// A clock read and advanced by hand, installed by `withManualClock(at:_:)`.
    @MainActor
    public final class ManualClock {
        /// The reading, in seconds.
        public var time: Double

        /// A clock reading `time`.
        nonisolated public init(time: Double) { self.time = time.isFinite ? time : 0 }
    }

    /// The manual clock of this task's scope, if one is installed.
    @TaskLocal public static var manualClock: ManualClock?

    /// The reading of the manual clock installed for this scope, or nil when none is (the
    /// clock follows the system's). Setting a finite value sets the installed clock;
    /// outside a scope with a manual clock, setting does nothing.
    public static var manualTime: Double? {
        get { manualClock?.time }
        set {
            guard let clock = manualClock, let value = newValue, value.isFinite else { return }
            clock.time = value
        }
    }

    /// Advances the manual clock of this scope by `seconds` (negative and non-finite
    /// values are ignored); outside such a scope, does nothing.
    public static func advance(by seconds: Double) {
        guard seconds.isFinite, let clock = manualClock else { return }
        clock.time += max(0, seconds)
    }

    /// Runs `body` with a manual clock reading `time`, installed for its scope only.
    public static func withManualClock<T>(at time: Double = 0, _ body: () throws -> T) rethrows -> T {
        try $manualClock.withValue(ManualClock(time: time), operation: body)
    }

    /// Runs `body` with a manual clock reading `time`, installed for its scope only (and
    /// the tasks it makes).
    nonisolated public static func withManualClock<T>(at time: Double = 0, _ body: () async throws -> T) async rethrows
        -> T
    {
        try await $manualClock.withValue(ManualClock(time: time), operation: body)
    }

    /// The system's monotonic time in seconds.
    nonisolated public static func systemTime() -> Double {
        var ts = timespec()
        _ = unsafe clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The media clock's reading now (`CACurrentMediaTime()`): the manual clock of this
/// scope if one is installed, else the system's monotonic clock.
@MainActor
public func currentMediaTime() -> Double { MediaClock.manualTime ?? MediaClock.systemTime() }
