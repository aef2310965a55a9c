extension Path {
    /// The path between this one and `other` at `fraction` (0 is this one, 1 the other),
    /// point by point: nil unless both have the same elements in the same order, as Core
    /// Animation requires to animate a shape layer's path.
    public func interpolated(to other: Path, fraction t: Double) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        var out = Path()
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): out.move(to: mix(p, q))
            case let (.line(p), .line(q)): out.addLine(to: mix(p, q))
            case let (.quadCurve(p, c), .quadCurve(q, d)): out.addQuadCurve(to: mix(p, q), control: mix(c, d))
            case let (.curve(p, c1, c2), .curve(q, d1, d2)):
                out.addCurve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
            case (.closeSubpath, .closeSubpath): out.closeSubpath()
            default: return nil
            }
        }
        return out
    }
}
