import Glibc

/// Turns polylines into the closed outlines of their stroke (to be filled non-zero):
/// one outline per open subpath (left side, end cap, right side back, start cap) and two
/// per closed subpath (the outer and the inner side, in opposite directions).
struct Stroker<Sink: PolylineSink> {
    let style: StrokeStyle
    /// Curves of joins and caps stay within this distance of the true circle.
    let tolerance: Double
    var sink: Sink
    private let hw: Double
    /// The current subpath without repeated points, kept between subpaths.
    private var pts: [Point] = []

    init(style: StrokeStyle, tolerance: Double, sink: Sink) {
        self.style = style
        self.tolerance = tolerance
        self.sink = sink
        self.hw = style.width / 2
    }

    mutating func stroke(_ lines: Polylines) {
        var start = 0
        for end in lines.ends {
            stroke(subpath: lines.points[start..<end.end], closed: end.closed)
            start = end.end
        }
    }

    private mutating func stroke(subpath: ArraySlice<Point>, closed: Bool) {
        pts.removeAll(keepingCapacity: true)
        for p in subpath where pts.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { pts.append(p) }
        if closed, pts.count > 1, pts[0].distance(to: pts[pts.count - 1]) <= 1e-9 { pts.removeLast() }
        guard let first = pts.first else { return }
        if pts.count == 1 { return dot(first) }
        if closed {
            side(closed: true, reversed: false)
            side(closed: true, reversed: true)
        } else {
            side(closed: false, reversed: false)
            cap(at: pts[pts.count - 1], direction: Stroker.unit(pts[pts.count - 1] - pts[pts.count - 2]))
            side(closed: false, reversed: true, continuing: true)
            cap(at: pts[0], direction: Stroker.unit(pts[0] - pts[1]))
            sink.end(closed: true)
        }
    }

    /// A zero-length subpath: a dot for round and square caps, nothing for butt caps.
    private mutating func dot(_ p: Point) {
        switch style.cap {
        case .butt: return
        case .round:
            sink.begin(Point(x: p.x + hw, y: p.y))
            arc(center: p, from: 0, sweep: 2 * Double.pi)
            sink.end(closed: true)
        case .square:
            sink.begin(Point(x: p.x - hw, y: p.y - hw))
            sink.line(Point(x: p.x + hw, y: p.y - hw))
            sink.line(Point(x: p.x + hw, y: p.y + hw))
            sink.line(Point(x: p.x - hw, y: p.y + hw))
            sink.end(closed: true)
        }
    }

    /// The offset of one side of `pts`, walked forwards or `reversed` (to the left of the
    /// direction of travel, x right y down: the normal is the direction turned by +90
    /// degrees) with its joins.
    private mutating func side(closed: Bool, reversed: Bool, continuing: Bool = false) {
        let n = pts.count
        let segments = closed ? n : n - 1
        let points = pts
        func point(_ i: Int) -> Point { points[reversed ? n - 1 - i : i] }
        func segment(_ i: Int) -> Segment { Segment(point((i + 1) % n) - point(i)) }
        if closed {
            var previous = segment(n - 1)
            for i in 0..<n {
                let next = segment(i)
                join(at: point(i), from: previous, to: next, starting: i == 0)
                previous = next
            }
            sink.end(closed: true)
            return
        }
        var previous = segment(0)
        let startPoint = point(0) + normal(previous.direction)
        if continuing { sink.line(startPoint) } else { sink.begin(startPoint) }
        if segments > 1 {
            for i in 1..<segments {
                let next = segment(i)
                join(at: point(i), from: previous, to: next, starting: false)
                previous = next
            }
        }
        sink.line(point(n - 1) + normal(previous.direction))
    }

    /// A segment of the polyline: its unit direction and its length.
    private struct Segment {
        let direction: Point
        let length: Double

        /// The segment along `v`; a zero `v` points along x.
        init(_ v: Point) {
            length = (v.x * v.x + v.y * v.y).squareRoot()
            direction = length > 0 ? v * (1 / length) : Point(x: 1, y: 0)
        }
    }

    /// The corner at `v` on the left side, from segment `from` to segment `to`.
    private mutating func join(at v: Point, from: Segment, to: Segment, starting: Bool) {
        let a = from.direction
        let b = to.direction
        let na = normal(a)
        let nb = normal(b)
        let cross = a.x * b.y - a.y * b.x
        let dot = a.x * b.x + a.y * b.y
        func emit(_ p: Point, first: Bool) { if first { sink.begin(p) } else { sink.line(p) } }
        // Where the two offset lines meet, that point alone is the corner:
        // - on the outside of a turn, with a miter join within the miter limit (the
        //   miter length over the width is 1 / cos(turn / 2)): `v + na` before it and
        //   `v + nb` after it lie on the outline's own edges, so leaving them out draws
        //   the same outline with two segments fewer;
        // - on the inside, where the lines meet `hw * tan(turn / 2)` back from the vertex
        //   along each segment, within half of both: that point is the edge of the two
        //   segments' strokes together, and no other join of either segment reaches past
        //   it. (Through the vertex, below, the overlap would be covered twice, which a
        //   pixel across that edge would count.)
        // Every vertex of a flattened curve comes here on both sides.
        let outerMiter =
            cross < -1e-12 && style.join == .miter
            && (1 + dot) / 2 * style.miterLimit * style.miterLimit >= 1
        let innerMeeting = cross > 1e-12 && hw * cross <= (1 + dot) * 0.5 * min(from.length, to.length)
        if (outerMiter || innerMeeting) && dot > -1 + 1e-12 {
            emit(v + (na + nb) * (1 / (1 + dot)), first: starting)
            return
        }
        emit(v + na, first: starting)
        if cross > 1e-12 {
            // The left side is the inside of this turn, too sharp for the meeting point
            // (or a segment too short): pass through the vertex so the small overlap is
            // covered with the right winding.
            sink.line(v)
            sink.line(v + nb)
            return
        }
        if cross >= -1e-12 && dot > 0 { return }  // straight on
        switch style.join {
        case .bevel, .miter:
            // A miter past its limit, or a path turning straight back, is cut flat.
            sink.line(v + nb)
        case .round:
            let start = atan2(na.y, na.x)
            let sweep = cross < -1e-12 ? atan2(cross, dot) : -Double.pi
            arc(center: v, from: start, sweep: sweep)
            sink.line(v + nb)
        }
    }

    /// The cap at end point `p` of a side that arrives going in `d`, from the left side to
    /// the right side.
    private mutating func cap(at p: Point, direction d: Point) {
        let n = normal(d)
        switch style.cap {
        case .butt: break
        case .square:
            sink.line(p + n + d * hw)
            sink.line(p - n + d * hw)
        case .round:
            arc(center: p, from: atan2(n.y, n.x), sweep: -Double.pi)
        }
    }

    /// Points along a circle of radius `hw` around `center`, after the start angle, up to
    /// and including the end.
    private mutating func arc(center: Point, from start: Double, sweep: Double) {
        let step: Double = hw > tolerance ? 2 * acos(1 - tolerance / hw) : Double.pi / 2
        let count = min(1024, max(1, Int((abs(sweep) / step).rounded(.up))))
        for i in 1...count {
            let t = start + sweep * Double(i) / Double(count)
            sink.line(Point(x: center.x + hw * cos(t), y: center.y + hw * sin(t)))
        }
    }

    /// The left normal of a unit direction, half the width long.
    @inline(__always) private func normal(_ d: Point) -> Point { Point(x: -d.y * hw, y: d.x * hw) }

    static func unit(_ v: Point) -> Point { Segment(v).direction }
}

/// Passes polylines on after mapping every point through a transform.
struct TransformingSink<Inner: PolylineSink>: PolylineSink {
    let transform: AffineTransform
    var inner: Inner

    mutating func begin(_ p: Point) { inner.begin(transform.apply(to: p)) }
    mutating func line(_ p: Point) { inner.line(transform.apply(to: p)) }
    mutating func end(closed: Bool) { inner.end(closed: closed) }
}
