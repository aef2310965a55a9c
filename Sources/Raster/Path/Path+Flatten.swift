/// Receives a path flattened to polylines.
protocol PolylineSink {
    /// Starts a subpath at a point.
    mutating func begin(_ p: Point)
    /// Extends the subpath by a line.
    mutating func line(_ p: Point)
    /// Ends the subpath; `closed` when the path closed it explicitly.
    mutating func end(closed: Bool)
}

extension Path {
    /// The most line segments one curve becomes, whatever its size: keeps absurd
    /// coordinates (a radius of 1e300) prompt.
    static let maximumCurveSegments = 1024

    /// Walks the path through `transform`, replacing each curve by line segments that stay
    /// within `tolerance` of it (measured after the transform).
    func flatten<S: PolylineSink>(transform t: AffineTransform, tolerance: Double, into sink: inout S) {
        var open = false
        var current = Point.zero
        var start = Point.zero
        func ensureOpen(_ sink: inout S) {
            if !open {
                sink.begin(current)
                open = true
                start = current
            }
        }
        for e in elements {
            switch e {
            case .move(let p):
                if open {
                    sink.end(closed: false)
                    open = false
                }
                current = t.apply(to: p)
                start = current
            case .line(let p):
                ensureOpen(&sink)
                current = t.apply(to: p)
                sink.line(current)
            case .quadCurve(let p, let c):
                ensureOpen(&sink)
                let p0 = current
                let p1 = t.apply(to: c)
                let p2 = t.apply(to: p)
                let dd = Path.length(p0 - p1 * 2 + p2)
                let n = Path.segmentCount(dd / (4 * tolerance))
                let step = 1 / Double(n)
                for i in 1..<n {
                    let u = Double(i) * step
                    let v = 1 - u
                    sink.line(p0 * (v * v) + p1 * (2 * u * v) + p2 * (u * u))
                }
                sink.line(p2)
                current = p2
            case .curve(let p, let c1, let c2):
                ensureOpen(&sink)
                let p0 = current
                let p1 = t.apply(to: c1)
                let p2 = t.apply(to: c2)
                let p3 = t.apply(to: p)
                let dd = max(Path.length(p0 - p1 * 2 + p2), Path.length(p1 - p2 * 2 + p3))
                let n = Path.segmentCount(0.75 * dd / tolerance)
                let step = 1 / Double(n)
                for i in 1..<n {
                    let u = Double(i) * step
                    let v = 1 - u
                    let a = v * v * v
                    let b = 3 * u * v * v
                    let c = 3 * u * u * v
                    let d = u * u * u
                    sink.line(
                        Point(
                            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
                sink.line(p3)
                current = p3
            case .closeSubpath:
                if open {
                    sink.end(closed: true)
                    open = false
                } else {
                    // A close right after a move: a subpath of one point, closed.
                    sink.begin(current)
                    sink.end(closed: true)
                }
                current = start
            }
        }
        if open { sink.end(closed: false) }
    }

    /// The segments a curve needs for `squaredCount` (the square of the exact count).
    static func segmentCount(_ squaredCount: Double) -> Int {
        guard squaredCount.isFinite else { return maximumCurveSegments }
        return min(maximumCurveSegments, max(1, Int(squaredCount.squareRoot().rounded(.up))))
    }

    static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
}

extension Path {
    /// Whether any element is a curve, which flattening turns into several lines.
    var hasCurves: Bool {
        elements.contains {
            switch $0 {
            case .curve, .quadCurve: true
            default: false
            }
        }
    }
}
