import Raster

/// An animation added to a layer, with what it owes its transaction.
@MainActor
final class RunningAnimation {
    let key: String
    let animation: Animation
    var started = false
    var transaction: Transaction.State?

    init(key: String, animation: Animation, transaction: Transaction.State?) {
        self.key = key
        self.animation = animation
        self.transaction = transaction
    }

    /// Whether the delegate and the transaction have been told it ended.
    var ended = false

    /// Tells the delegate and the transaction that the animation ended, once.
    func end(finished: Bool) {
        guard !ended else { return }
        ended = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        transaction?.animationEnded()
        transaction = nil
    }
}

extension Layer {
    // MARK: Explicit animations

    /// Adds a copy of an animation under a key, replacing (and stopping) one already
    /// there (`add(_:forKey:)`). A `beginTime` of 0 starts it now; an animation's times
    /// are in the layer's own time (`speed`, `timeOffset`, `beginTime`).
    public func add(_ animation: Animation, forKey key: String?) {
        let copy = animation.copy()
        if (copy as? PropertyAnimation)?.keyPath?.hasPrefix("sublayerTransform") == true {
            Layer.someSublayerTransform = true
        }
        if copy.beginTime == 0 { copy.beginTime = localTime(fromMedia: currentMediaTime()) }
        let name = key ?? "animation-\(ObjectIdentifier(copy).hashValue)"
        if let i = running.firstIndex(where: { $0.key == name }) {
            let old = running.remove(at: i)
            old.end(finished: false)
        }
        // A transaction's completion block waits for the animations added after it was
        // set, as Core Animation's does; those added before owe it nothing.
        let tx = Transaction.current
        let owed = tx.completion != nil ? tx : nil
        owed?.pending += 1
        running.append(RunningAnimation(key: name, animation: copy, transaction: owed))
        AnimationEngine.register(self)
    }

    /// The animation under a key (`animation(forKey:)`): the layer's copy.
    public func animation(forKey key: String) -> Animation? { running.first { $0.key == key }?.animation }

    /// The keys of the running animations (`animationKeys()`).
    public func animationKeys() -> [String]? { running.isEmpty ? nil : running.map(\.key) }

    /// Removes an animation (`removeAnimation(forKey:)`): the model shows again at once,
    /// and the delegate hears it stopped unfinished.
    public func removeAnimation(forKey key: String) {
        guard let i = running.firstIndex(where: { $0.key == key }) else { return }
        let r = running.remove(at: i)
        r.end(finished: false)
        updatePresentation(at: currentMediaTime())
    }

    /// Removes every animation (`removeAllAnimations()`).
    public func removeAllAnimations() {
        let all = running
        running.removeAll()
        for r in all { r.end(finished: false) }
        updatePresentation(at: currentMediaTime())
    }

    /// A copy of the layer with the values on screen now (`presentation()`): its
    /// geometry and appearance with the running animations applied. Its sublayers are
    /// not copied.
    public func presentation() -> Self {
        let copy = Self.init()
        copy.model = shown
        copy.changeShown(shown)
        copy.contents = contents
        return copy
    }

    // MARK: Applying animations

    /// Recomputes the presentation at media time `time`: the model with each running
    /// animation applied in order, those over and removed on completion left out; damages
    /// what moved; tells the delegates of the animations that ended. Returns whether any
    /// animation still moves.
    @discardableResult
    func updatePresentation(at mediaTime: Double) -> Bool {
        // The animations run in the layer's own time.
        let time = localTime(fromMedia: mediaTime)
        var state = model
        var kept: [RunningAnimation] = []
        var ended: [RunningAnimation] = []
        var moving = false
        for r in running {
            if !r.started && time >= r.animation.beginTime {
                r.started = true
                r.animation.delegate?.animationDidStart(r.animation)
            }
            let over = r.animation.apply(to: &state, model: model, at: time)
            if over && r.animation.isRemovedOnCompletion {
                // Removed: the model shows again where it held its value.
                state = model
                for k in kept { _ = k.animation.apply(to: &state, model: model, at: time) }
                ended.append(r)
                continue
            }
            if over { ended.append(r) } else { moving = true }
            kept.append(r)
        }
        running = kept
        if state != shown {
            setNeedsComposite()
            changeShown(state)
            setNeedsComposite()
        }
        for r in ended { r.end(finished: true) }
        return moving
    }

    /// Whether an animation of the layer has not ended yet: it moves, or its end is still
    /// to be stepped to and told.
    var hasUnendedAnimation: Bool { running.contains { !$0.ended } }

    // MARK: Implicit actions

    /// A property changed from `old` (the value on screen then; `oldModel` the model's):
    /// runs its action, unless actions are off.
    ///
    /// A basic animation without values animates from `old` to the new value. An additive
    /// one (UIKit's view animations since iOS 8) animates the offset from the old model
    /// value to the new, down to zero, under a key of its own, so that an animation
    /// already running goes on and the two add: motion keeps its momentum. A value that
    /// does not subtract (a colour) is animated the plain way.
    func didChange(_ key: String, from old: Any?, model oldModel: Any?) {
        guard !Transaction.disableActions(), let action = action(forKey: key) else { return }
        if let basic = action as? BasicAnimation, basic.fromValue == nil, basic.byValue == nil {
            let a = basic.copy() as! BasicAnimation
            let new = model.value(forKeyPath: key)
            if a.isAdditive, let oldModel, let new, let offset = Interpolation.subtract(oldModel, new),
                let zero = Interpolation.subtract(new, new)
            {
                a.fromValue = offset
                a.toValue = zero
                var name = key
                var n = 1
                while animation(forKey: name) != nil {
                    n += 1
                    name = "\(key)-\(n)"
                }
                a.run(forKey: name, object: self)
                return
            }
            a.isAdditive = false
            a.fromValue = old
            if a.toValue == nil { a.toValue = new }
            a.run(forKey: key, object: self)
            return
        }
        action.run(forKey: key, object: self)
    }
}

/// The layers with running animations, stepped once per frame.
@MainActor
public enum AnimationEngine {
    static var layers: [WeakLayer] = []

    static func register(_ layer: Layer) {
        if !layers.contains(where: { $0.layer === layer }) { layers.append(WeakLayer(layer)) }
        layer.updatePresentation(at: currentMediaTime())
        for observer in observers.values { observer() }
    }

    /// Those told when an animation is added, by their observation's number.
    static var observers: [Int: () -> Void] = [:]
    static var nextObserver = 0

    /// Tells `handler` each time an animation is added, until the observation returned is
    /// cancelled or dropped: a window host starts its frame timer. The engine is one for
    /// the process, as Core Animation's is; each window observes it on its own, and none
    /// can end another's observation.
    public static func observeAnimationsAdded(_ handler: @escaping () -> Void) -> AnimationObservation {
        nextObserver += 1
        observers[nextObserver] = handler
        return AnimationObservation(id: nextObserver)
    }

    /// Whether any layer has an animation that still runs: a window host renders frames
    /// while it does.
    public static var isAnimating: Bool {
        layers.contains { $0.layer?.hasUnendedAnimation ?? false }
    }

    /// Applies every running animation at media time `time` (the clock's now by default),
    /// damaging what moved and ending what is over. Returns whether any still runs.
    @discardableResult
    public static func step(at time: Double? = nil) -> Bool {
        let t = time ?? currentMediaTime()
        layers.removeAll { $0.layer == nil }
        var any = false
        for box in layers {
            guard let l = box.layer else { continue }
            if l.updatePresentation(at: t) { any = true }
        }
        layers.removeAll { $0.layer?.running.isEmpty ?? true }
        return any
    }
}

/// An observation of the animation engine (`AnimationEngine.observeAnimationsAdded(_:)`),
/// ended by `cancel()` or when dropped.
@MainActor
public final class AnimationObservation {
    private let id: Int

    init(id: Int) { self.id = id }

    /// Ends the observation: its handler is not called again.
    public func cancel() { AnimationEngine.observers[id] = nil }

    isolated deinit { cancel() }
}
