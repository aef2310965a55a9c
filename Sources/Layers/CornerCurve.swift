import Raster

/// The curve of a layer's rounded corners (`CALayerCornerCurve`).
public struct CornerCurve: Hashable, Sendable, RawRepresentable {
    /// The curve's name, as Core Animation spells it.
    public let rawValue: String
    /// The curve named `rawValue`; names other than `circular` and `continuous` draw circular corners.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A quarter circle of `cornerRadius` (`circular`), the default.
    public static let circular = CornerCurve(rawValue: "circular")
    /// iOS's continuous corner (`continuous`): the curvature rises from the straight
    /// edge instead of jumping to a circle's, so the corner begins about 1.53 radii from
    /// the corner point. Where that does not fit in half the shorter side, the corner is
    /// drawn circular.
    public static let continuous = CornerCurve(rawValue: "continuous")

    /// How far along each edge a corner of radius 1 reaches.
    var reach: Double { self == .continuous ? ContinuousCorner.reach : 1 }
}

/// iOS's continuous corner as cubic Bézier segments, in units of the corner radius: `a`
/// back along the edge that arrives at the corner point, `b` along the edge that leaves
/// it. The figures are the measured shape of the curve iOS draws (`UIBezierPath`'s
/// rounded rectangles since iOS 7, `cornerCurve = .continuous` since iOS 13); the curve
/// is symmetric about the corner's diagonal.
enum ContinuousCorner {
    static let reach = 1.528665
    /// From (reach, 0): each segment's control points and end, as (a, b) pairs; a nil
    /// control point means a straight line to the end.
    static let segments: [(c1: (Double, Double)?, c2: (Double, Double)?, end: (Double, Double))] = [
        ((1.088493, 0), (0.868407, 0), (0.669934, 0.065496)),
        (nil, nil, (0.631494, 0.074911)),
        ((0.372824, 0.169060), (0.169060, 0.372824), (0.074911, 0.631494)),
        (nil, nil, (0.065496, 0.669934)),
        ((0, 0.868407), (0, 1.088493), (0, reach))
    ]
}
