extension Path {
    /// The outline of this path's stroke as a path to fill by the non-zero rule
    /// (`copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)`): curves flattened to
    /// within `tolerance`. A width of 0 or less, or one that is not finite, outlines
    /// nothing.
    public func copy(
        strokingWithWidth width: Double, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        miterLimit: Double = 10, tolerance: Double = 0.1
    ) -> Path {
        guard width > 0, width.isFinite else { return Path() }
        return strokeOutline(
            StrokeStyle(width: width, cap: lineCap, join: lineJoin, miterLimit: miterLimit, dash: nil),
            tolerance: tolerance)
    }

    /// The outline of this path's stroke in `style`, dashes included, with curves
    /// flattened to within `tolerance`.
    func strokeOutline(_ style: StrokeStyle, tolerance: Double) -> Path {
        let tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : 0.1
        var lines = Polylines()
        flatten(transform: .identity, tolerance: tolerance, into: &lines)
        var stroker = Stroker(style: style, tolerance: tolerance, sink: PathBuildingSink())
        if let dash = style.dash, let dashed = Dasher.dash(lines, pattern: dash) {
            stroker.stroke(dashed)
        } else {
            stroker.stroke(lines)
        }
        return stroker.sink.path
    }
}

/// Collects polylines as the subpaths of a path, each closed.
struct PathBuildingSink: PolylineSink {
    var path = Path()

    mutating func begin(_ p: Point) { path.move(to: p) }
    mutating func line(_ p: Point) { path.addLine(to: p) }
    mutating func end(closed: Bool) { path.closeSubpath() }
}

extension Context {
    /// Replaces the current path with the outline of its stroke in the current line
    /// width, caps, joins, miter limit and dashes (`replacePathWithStrokedPath()`), so
    /// that filling it paints what stroking it would have. The outline is made in the
    /// user space in force now, as the stroke would be.
    public func replacePathWithStrokedPath() {
        let t = state.transform
        let scale = t.maximumScale
        guard scale > 0, scale.isFinite, let inverse = t.inverted() else {
            currentPath = Path()
            return
        }
        var style = state.stroke
        if style.width == 0 { style.width = 1 / scale }
        let user = currentPath.applying(inverse)
        currentPath = user.strokeOutline(style, tolerance: Context.tolerance / scale).applying(t)
    }
}
