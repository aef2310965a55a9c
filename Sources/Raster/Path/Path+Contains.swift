extension Path {
    /// Whether a point lies inside the filled path (`CGPathContainsPoint`), each subpath
    /// closed implicitly, curves flattened to within 0.01. A non-finite point is outside.
    public func contains(_ point: Point, rule: FillRule = .nonZero) -> Bool {
        guard point.isFinite else { return false }
        var counter = WindingCounter(point: point)
        flatten(transform: .identity, tolerance: 0.01, into: &counter)
        return rule == .nonZero ? counter.winding != 0 : counter.winding & 1 != 0
    }
}

/// Counts the signed crossings of a horizontal ray from a point to +x.
private struct WindingCounter: PolylineSink {
    let point: Point
    var winding = 0
    var first = Point.zero
    var last = Point.zero

    init(point: Point) { self.point = point }

    mutating func begin(_ p: Point) {
        first = p
        last = p
    }

    mutating func line(_ p: Point) {
        cross(last, p)
        last = p
    }

    mutating func end(closed: Bool) { cross(last, first) }

    private mutating func cross(_ a: Point, _ b: Point) {
        // Half-open in y, so a vertex shared by two edges counts once.
        if (a.y <= point.y) != (b.y <= point.y) {
            let x = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
            if x > point.x { winding += b.y > a.y ? 1 : -1 }
        }
    }
}
