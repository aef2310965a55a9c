extension Path {
    /// The same path traversed backwards, subpath by subpath
    /// (`UIBezierPath.reversing()`): each subpath starts where it ended and keeps its
    /// curves; a closed subpath stays closed and an open one open. Filled with the
    /// non-zero rule inside another shape, a reversed shape cuts a hole.
    public func reversing() -> Path {
        var out = Path()
        var segments: [(start: Point, element: PathElement)] = []
        var start = Point.zero
        var current = Point.zero
        func flush(closed: Bool) {
            defer { segments.removeAll() }
            guard !segments.isEmpty else { return }
            out.move(to: current)
            for s in segments.reversed() {
                switch s.element {
                case .line: out.addLine(to: s.start)
                case .quadCurve(_, let c): out.addQuadCurve(to: s.start, control: c)
                case .curve(_, let c1, let c2): out.addCurve(to: s.start, control1: c2, control2: c1)
                case .move, .closeSubpath: break
                }
            }
            if closed { out.closeSubpath() }
        }
        for e in elements {
            switch e {
            case .move(let p):
                flush(closed: false)
                start = p
                current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                segments.append((current, e))
                current = p
            case .closeSubpath:
                if current != start { segments.append((current, .line(to: start))) }
                current = start
                flush(closed: true)
            }
        }
        flush(closed: false)
        return out
    }
}
