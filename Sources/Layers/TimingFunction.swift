import Raster

/// How an animation's progress follows time (`CAMediaTimingFunction`): a cubic Bézier
/// from (0, 0) to (1, 1) whose x is time and y progress, solved for x and read at y.
public struct TimingFunction: Hashable, Sendable {
    /// The two control points.
    public let c1: Point, c2: Point

    /// A curve through custom control points (`init(controlPoints:)`); x is clamped to
    /// 0...1 so that the curve is a function of time.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func clamp(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        c1 = Point(x: clamp(x1), y: y1.isFinite ? y1 : 0)
        c2 = Point(x: clamp(x2), y: y2.isFinite ? y2 : 1)
    }

    /// Core Animation's named curves (`CAMediaTimingFunctionName`).
    public enum Name: Hashable, Sendable {
        /// (0, 0, 1, 1).
        case linear
        /// (0.42, 0, 1, 1).
        case easeIn
        /// (0, 0, 0.58, 1).
        case easeOut
        /// (0.42, 0, 0.58, 1).
        case easeInEaseOut
        /// (0.25, 0.1, 0.25, 1): Core Animation's default for implicit animations.
        case `default`
    }

    /// A named curve (`init(name:)`).
    public init(name: Name) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    /// The linear curve.
    public static let linear = TimingFunction(name: .linear)

    private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The progress at time fraction `x` (0...1): the curve's y where its x is `x`,
    /// solved to 1e-9 by Newton's method, with bisection where the slope is flat.
    public func progress(at x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1 == Point(x: 0, y: 0) && c2 == Point(x: 1, y: 1) { return x }
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, c1.x, c2.x) - x
            if abs(err) < 1e-12 { return bezier(t, c1.y, c2.y) }
            let d = slope(t, c1.x, c2.x)
            if abs(d) < 1e-9 { break }
            t -= err / d
        }
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = bezier(t, c1.x, c2.x)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return bezier(t, c1.y, c2.y)
    }
}
