/// One element of a path: the commands of `CGPathElement`, with their points.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point.
    case curve(to: Point, control1: Point, control2: Point)
    /// Closes the current subpath with a line back to its start.
    case closeSubpath

    /// The element with every point mapped through a transform.
    func applying(_ t: AffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(to: t.apply(to: p))
        case .line(let p): return .line(to: t.apply(to: p))
        case .quadCurve(let p, let c): return .quadCurve(to: t.apply(to: p), control: t.apply(to: c))
        case .curve(let p, let c1, let c2):
            return .curve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
        case .closeSubpath: return .closeSubpath
        }
    }
}
