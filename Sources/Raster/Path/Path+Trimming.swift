extension Path {
    /// The total length of the path's subpaths, closing segments included, with curves
    /// flattened to within `tolerance`.
    public func length(tolerance: Double = 0.01) -> Double {
        var lines = Polylines()
        flatten(transform: .identity, tolerance: tolerance, into: &lines)
        var total = 0.0
        for (points, closed) in lines.subpaths {
            total += Path.length(of: points, closed: closed)
        }
        return total
    }

    /// The part of the path between the fractions `start` and `end` of its length
    /// (`CAShapeLayer.strokeStart` / `strokeEnd`), as lines along the flattened curves;
    /// the fractions are clamped to 0...1, and an `end` not past `start` leaves nothing.
    /// A closed subpath that is kept whole stays closed.
    public func trimmed(from start: Double, to end: Double, tolerance: Double = 0.01) -> Path {
        let s = start.isNaN ? 0 : min(max(start, 0), 1)
        let e = end.isNaN ? 1 : min(max(end, 0), 1)
        if s == 0 && e == 1 { return self }
        guard e > s else { return Path() }
        var lines = Polylines()
        flatten(transform: .identity, tolerance: tolerance, into: &lines)
        let subpaths = lines.subpaths
        let total = subpaths.reduce(0.0) { $0 + Path.length(of: $1.points, closed: $1.closed) }
        guard total > 0 else { return Path() }
        let from = s * total
        let to = e * total
        var out = Path()
        var travelled = 0.0
        for (points, closed) in subpaths {
            var pts = Array(points)
            if closed, let first = pts.first { pts.append(first) }
            let length = Path.length(of: points, closed: closed)
            defer { travelled += length }
            if travelled + length <= from || travelled >= to { continue }
            if closed && travelled >= from && travelled + length <= to {
                out.move(to: pts[0])
                for p in pts.dropFirst().dropLast() { out.addLine(to: p) }
                out.closeSubpath()
                continue
            }
            var at = travelled
            var started = false
            for i in 1..<max(pts.count, 1) {
                let a = pts[i - 1]
                let b = pts[i]
                let d = Path.length(Point(x: b.x - a.x, y: b.y - a.y))
                let segStart = at
                let segEnd = at + d
                at = segEnd
                if segEnd < from || segStart > to || d == 0 { continue }
                func point(_ u: Double) -> Point { Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u) }
                if !started {
                    out.move(to: point(max(0, (from - segStart) / d)))
                    started = true
                }
                out.addLine(to: point(min(1, (to - segStart) / d)))
            }
        }
        return out
    }

    static func length(of points: ArraySlice<Point>, closed: Bool) -> Double {
        guard var last = points.first else { return 0 }
        var total = 0.0
        for p in points.dropFirst() {
            total += length(Point(x: p.x - last.x, y: p.y - last.y))
            last = p
        }
        if closed, let first = points.first { total += length(Point(x: first.x - last.x, y: first.y - last.y)) }
        return total
    }
}
