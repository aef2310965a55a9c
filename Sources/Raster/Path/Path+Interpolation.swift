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
            case (.move(let p), .move(let q)): out.move(to: mix(p, q))
            case (.line(let p), .line(let q)): out.addLine(to: mix(p, q))
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
                out.addQuadCurve(to: mix(p, q), control: mix(c, d))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                out.addCurve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
            case (.closeSubpath, .closeSubpath): out.closeSubpath()
            default: return nil
            }
        }
        return out
    }
}
