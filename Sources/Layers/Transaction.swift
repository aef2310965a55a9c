import Raster

/// Groups changes to layers (`CATransaction`): the implicit animations they start take
/// its duration and timing function, `disableActions` turns them off, and its completion
/// block runs once every animation added after it was set has finished.
///
/// Every change belongs to a transaction: an explicit one (`begin` ... `commit`, nested),
/// or the implicit one that the first change outside any opens and the event loop's turn
/// commits (`flush()`).
@MainActor
public enum Transaction {
    final class State {
        var duration: Double?
        var timingFunction: TimingFunction?
        var disableActions: Bool?
        var completion: (() -> Void)?
        var pending = 0
        var committed = false

        func animationEnded() {
            pending -= 1
            finishIfDone()
        }

        func finishIfDone() {
            guard committed, pending <= 0, let c = completion else { return }
            completion = nil
            c()
        }
    }

    static var stack: [State] = []
    static var implicit: State?

    /// The innermost open transaction, the implicit one opened if none is.
    static var current: State {
        if let s = stack.last { return s }
        if let s = implicit { return s }
        let s = State()
        implicit = s
        return s
    }

    /// Opens a transaction inside the current one (`begin()`).
    public static func begin() { stack.append(State()) }

    /// Closes the innermost explicit transaction (`commit()`); without one it commits the
    /// implicit transaction.
    public static func commit() {
        guard let s = stack.popLast() else { return flush() }
        s.committed = true
        s.finishIfDone()
    }

    /// Commits the implicit transaction (`flush()`): the event loop calls it once a turn.
    public static func flush() {
        guard let s = implicit else { return }
        implicit = nil
        s.committed = true
        s.finishIfDone()
    }

    /// The value of a setting in the innermost transaction that has one.
    private static func lookup<T>(_ get: (State) -> T?) -> T? {
        for s in stack.reversed() { if let v = get(s) { return v } }
        return implicit.flatMap(get)
    }

    /// The duration of implicit animations (`animationDuration()`); default 0.25 s.
    public static func animationDuration() -> Double { lookup { $0.duration } ?? 0.25 }
    /// Sets the duration of the implicit animations of this transaction.
    public static func setAnimationDuration(_ d: Double) { if d.isFinite { current.duration = max(0, d) } }
    /// The timing function of implicit animations (`animationTimingFunction()`); nil is
    /// Core Animation's default curve.
    public static func animationTimingFunction() -> TimingFunction? { lookup { $0.timingFunction } }
    /// Sets the timing function of this transaction's implicit animations.
    public static func setAnimationTimingFunction(_ f: TimingFunction?) { current.timingFunction = f }
    /// Whether property changes start no implicit animation (`disableActions()`).
    public static func disableActions() -> Bool { lookup { $0.disableActions } ?? false }
    /// Turns implicit animations off or on for this transaction (`setDisableActions(_:)`).
    public static func setDisableActions(_ flag: Bool) { current.disableActions = flag }
    /// Runs once every animation added in this transaction after it was set has finished,
    /// or at its commit when there is none (`setCompletionBlock(_:)`): animations added
    /// before the block was set do not hold it back, as in Core Animation.
    public static func setCompletionBlock(_ block: (() -> Void)?) { current.completion = block }

    /// Runs `body` with implicit animations turned off, in a transaction of its own.
    public static func performWithoutActions(_ body: () -> Void) {
        begin()
        setDisableActions(true)
        body()
        commit()
    }
}
