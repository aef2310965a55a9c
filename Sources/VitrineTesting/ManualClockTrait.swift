import Layers
import Testing

/// A trait that runs each test on a manual media clock of its own, reading `time` at the
/// start (`@Suite(.manualClock(at: 100))`): animations move only when the test sets or
/// advances `MediaClock.manualTime`, and the clock is gone when the test ends, so no test
/// sees another's time, whatever their order.
public struct ManualClockTrait: TestTrait, SuiteTrait, TestScoping {
    /// The clock's reading when each test starts.
    public let time: Double

    /// Applied to a suite, each of its tests gets a clock of its own.
    public var isRecursive: Bool { true }

    /// Runs the test with a manual media clock installed (`TestScoping`).
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope holds no test: its tests get their clocks each.
        guard testCase != nil || !test.isSuite else { return try await function() }
        try await MediaClock.withManualClock(at: time) { try await function() }
    }
}

extension Trait where Self == ManualClockTrait {
    /// Runs each test on a manual media clock of its own, starting at `time` seconds.
    public static func manualClock(at time: Double = 0) -> Self { ManualClockTrait(time: time) }
}
