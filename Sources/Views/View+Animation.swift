import Layers
import Raster

extension View {
    /// How a view animation runs (`UIView.AnimationOptions`).
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The set's bits.
        public let rawValue: UInt
        /// Creates the set from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Touches reach the views while they animate (`allowUserInteraction`); otherwise
        /// an animating view takes none.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from what is on screen (`beginFromCurrentState`). View animations are
        /// additive, as UIKit's have been since iOS 8: a new one adds to those running, so
        /// what is on screen is always where it starts; the option changes nothing.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats forever (`repeat`).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs back after each pass (`autoreverse`).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Ease in and out, the default (`curveEaseInOut`).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in (`curveEaseIn`).
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out (`curveEaseOut`).
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear (`curveLinear`).
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var timingFunction: TimingFunction {
            switch (rawValue >> 16) & 3 {
            case 1: return TimingFunction(name: .easeIn)
            case 2: return TimingFunction(name: .easeOut)
            case 3: return TimingFunction(name: .linear)
            default: return TimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// Animates the changes `animations` makes to views' animatable properties (`frame`,
    /// `bounds`, `center`, `alpha`, `backgroundColor`, `transform`, and their layers'),
    /// from what is on screen to the new values, over `duration` seconds after `delay`
    /// (`animate(withDuration:delay:options:animations:completion:)`). `completion` runs
    /// once, with true when every animation finished and false when one was removed.
    ///
    /// As in UIKit since iOS 8, the animations are additive: changing a property that is
    /// still animating adds a new animation of the difference, and the running one goes
    /// on to its end, so the motion keeps its momentum and both blocks complete with true.
    /// Colours, which do not add, are animated from what is on screen instead.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let context = AnimationBlock(
            duration: duration, delay: delay, options: options, spring: nil, completion: completion)
        run(context, animations)
    }

    /// Animates as `animate(withDuration:...)` with a spring
    /// (`animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`).
    ///
    /// UIKit's mapping from a damping ratio and a duration to a spring is private.
    /// Vitrine's: mass 1, damping ratio ζ = `dampingRatio` (at least 0.05), and a natural
    /// frequency ω0 = ln(1000) / (ζ · duration), so that the swing has died to 0.1 % by the
    /// end; stiffness ω0², damping 2ζω0. `velocity` is in whole distances per second.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let zeta = max(0.05, dampingRatio.isFinite ? dampingRatio : 1)
        let d = duration > 0 && duration.isFinite ? duration : 0.25
        let w0 = 6.907755278982137 / (min(zeta, 1) * d)
        let spring = (stiffness: w0 * w0, damping: 2 * zeta * w0, velocity: velocity.isFinite ? velocity : 0)
        let context = AnimationBlock(
            duration: duration, delay: delay, options: options, spring: spring, completion: completion)
        run(context, animations)
    }

    /// Makes the changes of `actions` at once, without animating them, even inside an
    /// animation block (`performWithoutAnimation(_:)`).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        AnimationBlock.stack.append(nil)
        Transaction.begin()
        Transaction.setDisableActions(true)
        actions()
        Transaction.commit()
        AnimationBlock.stack.removeLast()
    }

    private static func run(_ context: AnimationBlock, _ animations: () -> Void) {
        AnimationBlock.stack.append(context)
        Transaction.begin()
        animations()
        Transaction.commit()
        AnimationBlock.stack.removeLast()
        context.sealed = true
        context.finishIfDone()
    }

    /// The action for a change of the view's layer (`action(for:forKey:)`): outside an
    /// animation block none, so that a view's layer does not animate by itself; inside, the
    /// block's animation.
    public func action(for layer: Layer, forKey event: String) -> (any Action)? {
        guard let block = AnimationBlock.stack.last, let block else { return NullAction.shared }
        return block.action(forKey: event, view: self)
    }
}

/// An open `View.animate` block: its timing, and the animations it started.
@MainActor
final class AnimationBlock: AnimationDelegate {
    /// The open blocks, innermost last; nil for `performWithoutAnimation`.
    static var stack: [AnimationBlock?] = []

    let duration: Double, delay: Double, options: View.AnimationOptions
    let spring: (stiffness: Double, damping: Double, velocity: Double)?
    var completion: ((Bool) -> Void)?
    var pending = 0
    var allFinished = true
    var sealed = false
    /// The views that take no touches until the block's animations end.
    var blocked: [View] = []

    init(
        duration: Double, delay: Double, options: View.AnimationOptions,
        spring: (stiffness: Double, damping: Double, velocity: Double)?, completion: ((Bool) -> Void)?
    ) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.delay = delay.isFinite ? max(0, delay) : 0
        self.options = options
        self.spring = spring
        self.completion = completion
    }

    func action(forKey key: String, view: View) -> (any Action)? {
        guard duration > 0 || delay > 0 else { return NullAction.shared }
        let a: BasicAnimation
        if let spring {
            let s = SpringAnimation(keyPath: key)
            s.mass = 1
            s.stiffness = spring.stiffness
            s.damping = spring.damping
            s.initialVelocity = spring.velocity
            a = s
        } else {
            a = BasicAnimation(keyPath: key)
            a.timingFunction = options.timingFunction
        }
        a.isAdditive = true
        a.duration = max(duration, 1e-6)
        if delay > 0 {
            a.beginTime = view.layer.convertTime(currentMediaTime(), from: nil) + delay
            a.fillMode = .backwards
        }
        if options.contains(.repeat) { a.repeatCount = .infinity }
        a.autoreverses = options.contains(.autoreverse)
        a.delegate = self
        pending += 1
        if !options.contains(.allowUserInteraction) {
            view.interactionBlocks += 1
            blocked.append(view)
        }
        return a
    }

    func animationDidStop(_ animation: Animation, finished: Bool) {
        pending -= 1
        if !finished { allFinished = false }
        finishIfDone()
    }

    func finishIfDone() {
        guard sealed, pending <= 0 else { return }
        for v in blocked { v.interactionBlocks -= 1 }
        blocked.removeAll()
        if let c = completion {
            completion = nil
            c(allFinished)
        }
    }
}
