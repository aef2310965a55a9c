import Layers

/// Calls back once after a delay on the animation clock: the frame clock in a window,
/// a manual clock in tests. It runs an animation that shows nothing on a layer of its
/// own and fires when that animation ends; cancelling removes it.
@MainActor
final class GestureTimer: AnimationDelegate {
    private let layer = Layer()
    private var fire: (() -> Void)?

    /// Fires `fire` after `delay` seconds.
    init(after delay: Double, _ fire: @escaping () -> Void) {
        self.fire = fire
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 1.0
        a.toValue = 1.0
        a.duration = max(delay, 0.001)
        a.delegate = self
        layer.add(a, forKey: "timer")
    }

    /// Stops the timer; it will not fire.
    func cancel() {
        fire = nil
        layer.removeAnimation(forKey: "timer")
    }

    func animationDidStart(_ animation: Animation) {}

    func animationDidStop(_ animation: Animation, finished: Bool) {
        guard finished, let f = fire else { return }
        fire = nil
        f()
    }
}
