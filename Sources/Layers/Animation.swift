import Glibc
import Raster

/// What shows of an animation outside its active time (`CAMediaTimingFillMode`).
public enum FillMode: Hashable, Sendable {
    /// Nothing: the model shows before and after (the default).
    case removed
    /// The end value holds after the end.
    case forwards
    /// The start value shows before the beginning.
    case backwards
    /// Both.
    case both
}

/// Told when an animation starts and stops (`CAAnimationDelegate`).
@MainActor
public protocol AnimationDelegate: AnyObject {
    /// The animation began (`animationDidStart(_:)`).
    func animationDidStart(_ animation: Animation)
    /// The animation ended: `finished` is false when it was removed before its end
    /// (`animationDidStop(_:finished:)`).
    func animationDidStop(_ animation: Animation, finished: Bool)
}

extension AnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ animation: Animation) {}
    /// Does nothing.
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// Something a layer runs when a property changes (`CAAction`): an animation adds itself.
@MainActor
public protocol Action: AnyObject {
    /// Runs the action for the property `key` of `layer` (`run(forKey:object:arguments:)`).
    func run(forKey key: String, object layer: Layer)
}

/// An animation with Core Animation's timing (`CAAnimation` and `CAMediaTiming`).
///
/// Times are in seconds of the media clock (`currentMediaTime()`). The animation is
/// active for its active duration, `duration * max(repeatCount, 1) * (autoreverses ? 2 :
/// 1)` or `repeatDuration`, from `beginTime` at `speed`; `timeOffset` moves where in its
/// passes it is, wrapping round them, without moving its end (offset 0.5 s of a 1 s pass:
/// a quarter of the way through at 0.75 s, as in Core Animation).
@MainActor
open class Animation: Action {
    /// When the animation starts, on the media clock; 0 means when it is added
    /// (`beginTime`).
    public var beginTime = 0.0
    /// The length of one pass, in seconds (`duration`); 0 means the transaction's 0.25.
    public var duration = 0.0
    /// How fast local time runs (`speed`); default 1.
    public var speed = 1.0
    /// Added to local time (`timeOffset`).
    public var timeOffset = 0.0
    /// How many passes (`repeatCount`); 0 means one, `.infinity` forever.
    public var repeatCount = 0.0
    /// How long to repeat, in seconds, instead of a count (`repeatDuration`).
    public var repeatDuration = 0.0
    /// Whether each pass runs back after running forward (`autoreverses`).
    public var autoreverses = false
    /// What shows outside the active time (`fillMode`); default `.removed`.
    public var fillMode: FillMode = .removed
    /// Whether the animation leaves the layer when it ends (`isRemovedOnCompletion`);
    /// default true.
    public var isRemovedOnCompletion = true
    /// The pacing of each pass (`timingFunction`); nil is linear.
    public var timingFunction: TimingFunction?
    /// Told when the animation starts and stops; held strongly, as Core Animation does.
    public var delegate: (any AnimationDelegate)?

    /// Creates an animation with the default timing.
    public required init() {}

    /// A copy, as the layer keeps one (`copy()`): an animation of the same class with the
    /// same fields.
    public func copy() -> Animation {
        let a = type(of: self).init()
        a.takeFields(from: self)
        return a
    }

    /// Takes the fields of an animation of the same class, for `copy()`; a subclass adds
    /// its own after calling this.
    open func takeFields(from o: Animation) {
        beginTime = o.beginTime
        duration = o.duration
        speed = o.speed
        timeOffset = o.timeOffset
        repeatCount = o.repeatCount
        repeatDuration = o.repeatDuration
        autoreverses = o.autoreverses
        fillMode = o.fillMode
        isRemovedOnCompletion = o.isRemovedOnCompletion
        timingFunction = o.timingFunction
        delegate = o.delegate
    }

    /// Adds the animation to the layer for the key (`CAAction`).
    public func run(forKey key: String, object layer: Layer) { layer.add(self, forKey: key) }

    /// The length of one pass: `duration`, or the default 0.25 s.
    var passDuration: Double { duration > 0 && duration.isFinite ? duration : 0.25 }

    /// The active duration.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let passes = repeatCount > 0 ? repeatCount : 1
        return passDuration * passes * (autoreverses ? 2 : 1)
    }

    /// The fraction of one pass (0...1, eased) at media time `time`, or nil when nothing
    /// shows then; `finished` says whether the active time is over.
    func progress(at time: Double) -> (fraction: Double?, finished: Bool) {
        let s = speed == 0 || !speed.isFinite ? 0 : speed
        // The active period runs from the begin time, whatever the offset; the offset
        // moves where in the passes the animation is, wrapping round them (CAMediaTiming's
        // "active local time").
        let elapsed = (time - beginTime) * s
        let offset = timeOffset.isFinite ? timeOffset : 0
        let active = activeDuration
        let d = passDuration
        let cycle = d * (autoreverses ? 2 : 1)
        func fraction(_ t: Double) -> Double {
            var p = t.truncatingRemainder(dividingBy: cycle)
            if p < 0 { p += cycle }
            var f = p / d
            if f > 1 { f = 2 - f }
            return (timingFunction ?? .linear).progress(at: min(max(f, 0), 1))
        }
        if elapsed < 0 {
            return (fillMode == .backwards || fillMode == .both ? fraction(offset) : nil, false)
        }
        if elapsed >= active {
            // The end of the last pass: forwards after a whole number of passes, or where
            // the repeat duration (or the offset) stopped it.
            let endValue: Double
            let passes = (active + offset) / d
            if abs(passes - passes.rounded()) < 1e-9 && passes.rounded() > 0 {
                let end: Double = autoreverses && Int(passes.rounded()) % 2 == 0 ? 0 : 1
                endValue = (timingFunction ?? .linear).progress(at: end)
            } else {
                endValue = fraction(active + offset)
            }
            return (fillMode == .forwards || fillMode == .both ? endValue : nil, true)
        }
        return (fraction(elapsed + offset), false)
    }

    /// Applies the animation to `state` at media time `time`; returns whether it is over.
    func apply(to state: inout LayerState, model: LayerState, at time: Double) -> Bool {
        progress(at: time).finished
    }
}

/// An animation of one property, named by a key path (`CAPropertyAnimation`).
@MainActor
open class PropertyAnimation: Animation {
    /// The property animated: `opacity`, `position.x`, `transform.rotation.z`, ...
    /// (`keyPath`).
    public var keyPath: String?
    /// Whether the value is added to the model's (`isAdditive`).
    public var isAdditive = false

    /// An animation of `keyPath`.
    public init(keyPath: String?) {
        self.keyPath = keyPath
        super.init()
    }

    /// An animation of no property yet; set `keyPath`.
    public required init() { super.init() }

    override open func takeFields(from o: Animation) {
        super.takeFields(from: o)
        guard let o = o as? PropertyAnimation else { return }
        keyPath = o.keyPath
        isAdditive = o.isAdditive
    }

    /// The value at pass fraction `f`, given the model's value.
    func value(at f: Double, model: Any?) -> Any? { nil }

    override func apply(to state: inout LayerState, model: LayerState, at time: Double) -> Bool {
        let (fraction, finished) = progress(at: time)
        guard let keyPath, let f = fraction else { return finished }
        let modelValue = model.value(forKeyPath: keyPath)
        guard var v = value(at: f, model: modelValue) else { return finished }
        // Additive: onto the value so far, the model's with the animations before applied,
        // so that several additive animations of one property add up.
        if isAdditive, let base = state.value(forKeyPath: keyPath), let sum = Interpolation.add(base, v) { v = sum }
        state.setValue(v, forKeyPath: keyPath)
        return finished
    }
}

/// An animation between two values (`CABasicAnimation`): `fromValue` to `toValue`, or
/// by `byValue`; a missing end is the model's value.
@MainActor
open class BasicAnimation: PropertyAnimation {
    /// The start (`fromValue`).
    public var fromValue: Any?
    /// The end (`toValue`).
    public var toValue: Any?
    /// The change (`byValue`).
    public var byValue: Any?

    override open func takeFields(from o: Animation) {
        super.takeFields(from: o)
        guard let o = o as? BasicAnimation else { return }
        fromValue = o.fromValue
        toValue = o.toValue
        byValue = o.byValue
    }

    override func value(at f: Double, model: Any?) -> Any? {
        var from = fromValue
        var to = toValue
        if let by = byValue {
            if from == nil && to == nil {
                from = model
                to = model.flatMap { Interpolation.add($0, by) }
            } else if from == nil, let t = to {
                from = Interpolation.subtract(t, by)
            } else if to == nil, let fr = from {
                to = Interpolation.add(fr, by)
            }
        }
        if from == nil { from = model }
        if to == nil { to = model }
        guard let a = from, let b = to else { return from ?? to }
        return Interpolation.interpolate(a, b, f)
    }
}

/// An animation through a list of values (`CAKeyframeAnimation`).
@MainActor
open class KeyframeAnimation: PropertyAnimation {
    /// How values between keyframes are found (`calculationMode`).
    public enum CalculationMode: Hashable, Sendable {
        /// Straight between neighbours.
        case linear
        /// Each value held until the next keyframe.
        case discrete
        /// Straight between neighbours at an even speed: the key times follow the
        /// distances between the values, and `keyTimes` and `timingFunctions` are ignored
        /// (`paced`).
        case paced
        /// A smooth curve through the values at their key times (`cubic`): a Catmull-Rom
        /// spline, each value's tangent half the difference of its neighbours (the end
        /// values' that of their one neighbour), as Core Animation's with zero tension,
        /// continuity and bias.
        case cubic
        /// The `cubic` curve at an even speed along it (`cubicPaced`); `keyTimes` and
        /// `timingFunctions` are ignored.
        case cubicPaced
    }

    /// How a layer moved along `path` turns (`rotationMode`).
    public enum RotationMode: Hashable, Sendable {
        /// It turns with the path's direction (`rotateAuto`).
        case rotateAuto
        /// It turns with the path's direction, facing back (`rotateAutoReverse`).
        case rotateAutoReverse
    }

    /// The keyframes' values (`values`).
    public var values: [Any] = [] { didSet { keptCurve = nil } }
    /// A path for a point property to follow, instead of `values` (`path`): the layer
    /// moves along it at an even speed, from its start to its end.
    public var path: Path?
    /// Whether the layer turns with the path (`rotationMode`); nil, the default, keeps
    /// its transform.
    public var rotationMode: RotationMode?
    /// When each value is reached, 0...1 of the pass (`keyTimes`); nil spaces them evenly.
    /// In the discrete mode Core Animation takes one more time than values (the last
    /// being 1), and so does Vitrine; as many as values also works.
    public var keyTimes: [Double]? { didSet { keptCurve = nil } }
    /// The pacing between each pair of keyframes (`timingFunctions`).
    public var timingFunctions: [TimingFunction]?
    /// How values are found between keyframes (`calculationMode`); default linear.
    public var calculationMode: CalculationMode = .linear { didSet { keptCurve = nil } }
    /// The curve of the paced and cubic modes, made at the first step after the values,
    /// key times or mode last changed (its inner value nil when the values make none):
    /// a cubic paced curve measures its length, which is not work for every frame.
    private var keptCurve: KeyframeCurve??

    override open func takeFields(from o: Animation) {
        super.takeFields(from: o)
        guard let o = o as? KeyframeAnimation else { return }
        values = o.values
        path = o.path
        rotationMode = o.rotationMode
        keyTimes = o.keyTimes
        timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode
    }

    override func value(at f: Double, model: Any?) -> Any? {
        if let path, let p = KeyframeAnimation.point(on: path, at: f) { return p.point }
        guard !values.isEmpty else { return nil }
        let n = values.count
        if n == 1 { return values[0] }
        if calculationMode == .paced || calculationMode == .cubic || calculationMode == .cubicPaced {
            if keptCurve == nil {
                keptCurve = .some(
                    KeyframeCurve(
                        values: values, keyTimes: keyTimes?.count == n ? keyTimes : nil, mode: calculationMode))
            }
            if let curve = keptCurve ?? nil, let v = curve.value(at: f, timingFunctions: timingFunctions) { return v }
        }
        let times: [Double]
        if let keyTimes, keyTimes.count == n || (calculationMode == .discrete && keyTimes.count == n + 1) {
            times = Array(keyTimes.prefix(n))
        } else {
            times =
                calculationMode == .discrete
                ? (0..<n).map { Double($0) / Double(n) }
                : (0..<n).map { Double($0) / Double(n - 1) }
        }
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < n && f >= times[i + 1] { i += 1 }
            return values[i]
        }
        if f <= times[0] { return values[0] }
        if f >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i + 1 < n - 1 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (f - times[i]) / span : 1
        if let tf = timingFunctions, i < tf.count { local = tf[i].progress(at: local) }
        return Interpolation.interpolate(values[i], values[i + 1], local)
    }

    /// Applies the animation, and with a path and a rotation mode, turns the layer with
    /// the path's direction on top of its model transform.
    override func apply(to state: inout LayerState, model: LayerState, at time: Double) -> Bool {
        let finished = super.apply(to: &state, model: model, at: time)
        guard let path, let rotationMode, let f = progress(at: time).fraction,
            let p = KeyframeAnimation.point(on: path, at: f)
        else { return finished }
        let angle = p.angle + (rotationMode == .rotateAutoReverse ? Double.pi : 0)
        state.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).concatenating(model.transform)
        return finished
    }

    /// The point at fraction `f` of a path's length, and the direction there (radians,
    /// clockwise on screen from the x axis); nil for a path of no length.
    static func point(on path: Path, at f: Double) -> (point: Point, angle: Double)? {
        let total = path.length()
        guard total > 0, total.isFinite else { return nil }
        func at(_ g: Double) -> Point? {
            if g <= 0 {
                if case .move(let q) = path.elements.first { return q }
                return nil
            }
            return path.trimmed(from: 0, to: min(g, 1)).currentPoint
        }
        let f = min(max(f, 0), 1)
        // The direction from a step either side, a hundredth of a point along.
        let h = 0.01 / total
        guard let point = at(f), let p0 = at(max(f - h, 0)), let p1 = at(min(f + h, 1)) else { return nil }
        return (point, atan2(p1.y - p0.y, p1.x - p0.x))
    }
}

/// A spring from `fromValue` to `toValue` (`CASpringAnimation`): mass m, stiffness k,
/// damping c and initial velocity v0 (in whole distances per second). With
/// ω0 = √(k/m) and ζ = c / (2√(km)), the progress is 1 + d(t), d(0) = -1, d'(0) = v0:
/// underdamped d = e^(-ζω0t)(-cos ωd t + ((v0 - ζω0)/ωd) sin ωd t), ωd = ω0√(1-ζ²);
/// critically damped d = e^(-ω0t)(-1 + (v0 - ω0)t); overdamped the sum of two
/// exponentials. Its duration is `settlingDuration` unless set.
@MainActor
open class SpringAnimation: BasicAnimation {
    /// The mass (`mass`); default 1.
    public var mass = 1.0
    /// The stiffness (`stiffness`); default 100.
    public var stiffness = 100.0
    /// The damping (`damping`); default 10.
    public var damping = 10.0
    /// The initial velocity, in whole distances per second (`initialVelocity`).
    public var initialVelocity = 0.0

    override open func takeFields(from o: Animation) {
        super.takeFields(from: o)
        guard let o = o as? SpringAnimation else { return }
        mass = o.mass
        stiffness = o.stiffness
        damping = o.damping
        initialVelocity = o.initialVelocity
    }

    /// The spring's undamped angular frequency ω0 = √(k/m) and damping ratio
    /// ζ = c / (2√(km)), with the mass and stiffness kept above 0 and the damping at 0 or
    /// more.
    private var motion: (w0: Double, zeta: Double) {
        let m = max(mass, 1e-9)
        let k = max(stiffness, 1e-9)
        let c = max(damping, 0)
        return ((k / m).squareRoot(), c / (2 * (k * m).squareRoot()))
    }

    /// The spring's progress at `t` seconds: 0 at the start, 1 at rest.
    public func position(at t: Double) -> Double {
        let (w0, zeta) = motion
        let v0 = initialVelocity
        let d: Double
        if zeta < 1 - 1e-9 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            d = exp(-zeta * w0 * t) * (-cos(wd * t) + ((v0 - zeta * w0) / wd) * sin(wd * t))
        } else if zeta > 1 + 1e-9 {
            // d = A e^(r1 t) + B e^(r2 t), d(0) = -1, d'(0) = v0.
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let a = (v0 + r2) / (r1 - r2)
            let b = -1 - a
            d = a * exp(r1 * t) + b * exp(r2 * t)
        } else {
            d = exp(-w0 * t) * (-1 + (v0 - w0) * t)
        }
        return 1 + d
    }

    /// How long until the spring is at rest (`settlingDuration`): until its swing stays
    /// within 1/1200 of the distance. An underdamped spring's swing is bounded by its
    /// envelope A e^(-ζω0 t), A = √(1 + ((v0 - ζω0)/ωd)²), and the time is that
    /// envelope's; a critically or over-damped one creeps, and the time is when it last
    /// leaves that band, found by stepping. The band is the one that gives Apple's
    /// documented examples: 2.85 s for damping 5 and just over 1 s for damping 15 (mass
    /// 1, stiffness 100).
    public var settlingDuration: Double {
        let epsilon = 1.0 / 1200
        let (w0, zeta) = motion
        let v0 = initialVelocity
        if zeta < 1 - 1e-9 {
            guard zeta > 0 else { return 60 }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = (1 + ((v0 - zeta * w0) / wd) * ((v0 - zeta * w0) / wd)).squareRoot()
            return min(60, max(0, log(a / epsilon) / (zeta * w0)))
        }
        var t = 60.0
        let step = 1.0 / 480
        while t > 0 && abs(position(at: t) - 1) <= epsilon { t -= step }
        return min(60, t + step)
    }

    override var passDuration: Double { duration > 0 && duration.isFinite ? duration : settlingDuration }

    override func progress(at time: Double) -> (fraction: Double?, finished: Bool) {
        let (f, finished) = super.progress(at: time)
        guard let f else { return (nil, finished) }
        // Linear time through the pass, read on the spring.
        return (position(at: f * passDuration), finished)
    }
}

/// Several animations of one layer run together (`CAAnimationGroup`): each child's times
/// are relative to the group's.
@MainActor
open class AnimationGroup: Animation {
    /// The animations (`animations`).
    public var animations: [Animation]?

    override open func takeFields(from o: Animation) {
        super.takeFields(from: o)
        guard let o = o as? AnimationGroup else { return }
        animations = o.animations?.map { $0.copy() }
    }

    override func apply(to state: inout LayerState, model: LayerState, at time: Double) -> Bool {
        let s = speed == 0 || !speed.isFinite ? 0 : speed
        let local = (time - beginTime) * s + timeOffset
        let finished = local >= activeDuration
        let shows =
            (local >= 0 || fillMode == .backwards || fillMode == .both)
            && (!finished || fillMode == .forwards || fillMode == .both)
        guard shows else { return finished }
        var t = min(max(local, 0), activeDuration)
        if autoreverses {
            let cycle = 2 * passDuration
            var p = t.truncatingRemainder(dividingBy: cycle)
            if p > passDuration { p = cycle - p }
            t = p
        } else if passDuration > 0 && !finished {
            t = t.truncatingRemainder(dividingBy: passDuration)
        }
        for child in animations ?? [] { _ = child.apply(to: &state, model: model, at: t) }
        return finished
    }
}
