/// How `drawPath(using:)` paints the current path (`CGPathDrawingMode`).
public enum PathDrawingMode: Sendable {
    /// Fill by the non-zero rule.
    case fill
    /// Fill by the even-odd rule.
    case eoFill
    /// Stroke.
    case stroke
    /// Fill by the non-zero rule, then stroke.
    case fillStroke
    /// Fill by the even-odd rule, then stroke.
    case eoFillStroke
}

extension Context {
    // The current path of Core Graphics' context-based drawing, for code written against
    // it (`CGContextMoveToPoint` and the rest). As in Core Graphics, each point is mapped
    // by the transform in force when it is added: the path is kept in device space, so
    // that `translateBy` between two `addLine` calls moves only the later points. Drawing
    // maps it back into the user space in force then (a stroke's width and dashes are in
    // that space), and a transform that cannot be inverted then draws nothing.

    /// Empties the current path (`beginPath()`).
    public func beginPath() { currentPath = Path() }

    /// Starts a subpath (`move(to:)`).
    public func move(to point: Point) { currentPath.move(to: state.transform.apply(to: point)) }

    /// Adds a line from the current point (`addLine(to:)`).
    public func addLine(to point: Point) { currentPath.addLine(to: state.transform.apply(to: point)) }

    /// Adds straight lines through `points`, the first starting a subpath
    /// (`addLines(between:)`).
    public func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds a cubic Bézier curve (`addCurve(to:control1:control2:)`).
    public func addCurve(to point: Point, control1: Point, control2: Point) {
        let t = state.transform
        currentPath.addCurve(to: t.apply(to: point), control1: t.apply(to: control1), control2: t.apply(to: control2))
    }

    /// Adds a quadratic Bézier curve (`addQuadCurve(to:control:)`).
    public func addQuadCurve(to point: Point, control: Point) {
        let t = state.transform
        currentPath.addQuadCurve(to: t.apply(to: point), control: t.apply(to: control))
    }

    /// Adds an arc tangent to two lines (`addArc(tangent1End:tangent2End:radius:)`,
    /// `CGContextAddArcToPoint`): circular in user space.
    public func addArc(tangent1End: Point, tangent2End: Point, radius: Double) {
        continueInUserSpace { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius) }
    }

    /// Adds a circular arc, clockwise as seen on screen (`addArc(center:radius:startAngle:
    /// endAngle:clockwise:)`), after a line from the current point to its start.
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        continueInUserSpace {
            $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        }
    }

    /// Adds a rectangle (`addRect(_:)`).
    public func addRect(_ rect: Rect) { currentPath.addPath(Path(rect: rect).applying(state.transform)) }

    /// Adds rectangles (`addRects(_:)`).
    public func addRects(_ rects: [Rect]) { for r in rects { addRect(r) } }

    /// Adds an ellipse (`addEllipse(in:)`).
    public func addEllipse(in rect: Rect) { currentPath.addPath(Path(ellipseIn: rect).applying(state.transform)) }

    /// Adds a path (`addPath(_:)`), mapped by the current transform.
    public func addPath(_ path: Path) { currentPath.addPath(path.applying(state.transform)) }

    /// Closes the current subpath (`closePath()`).
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path is empty (`isPathEmpty`).
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space (`currentPointOfPath`); nil without a path (Core
    /// Graphics gives the point zero) or under a transform that cannot be inverted.
    public var currentPointOfPath: Point? {
        guard let p = currentPath.currentPoint, let inverse = state.transform.inverted() else { return nil }
        return inverse.apply(to: p)
    }

    /// The bounding box of the current path's points, control points included, in user
    /// space (`boundingBoxOfPath`); the null rectangle when the path is empty.
    public var boundingBoxOfPath: Rect {
        guard let user = currentUserPath else { return .null }
        return user.boundingBox
    }

    /// The current path in the user space in force now; nil under a transform that
    /// cannot be inverted.
    private var currentUserPath: Path? {
        guard let inverse = state.transform.inverted() else { return nil }
        return currentPath.applying(inverse)
    }

    /// Builds `body` in user space, starting from the current point, and appends it to the
    /// current subpath in device space.
    private func continueInUserSpace(_ body: (inout Path) -> Void) {
        let t = state.transform
        var user = Path()
        if let p = currentPath.currentPoint {
            guard let inverse = t.inverted() else { return }
            user.move(to: inverse.apply(to: p))
        }
        body(&user)
        currentPath.continueSubpath(with: user.applying(t))
    }

    /// Paints the current path and empties it (`drawPath(using:)`).
    public func drawPath(using mode: PathDrawingMode) {
        let path = currentUserPath
        currentPath = Path()
        guard let path else { return }
        switch mode {
        case .fill: fill(path)
        case .eoFill: fill(path, rule: .evenOdd)
        case .stroke: stroke(path)
        case .fillStroke:
            fill(path)
            stroke(path)
        case .eoFillStroke:
            fill(path, rule: .evenOdd)
            stroke(path)
        }
    }

    /// Fills the current path and empties it (`fillPath(using:)`).
    public func fillPath(using rule: FillRule = .nonZero) { drawPath(using: rule == .evenOdd ? .eoFill : .fill) }

    /// Strokes the current path and empties it (`strokePath()`).
    public func strokePath() { drawPath(using: .stroke) }

    /// Intersects the clip with the current path and empties it (`clip(using:)`).
    public func clip(using rule: FillRule = .nonZero) {
        let path = currentUserPath
        currentPath = Path()
        guard let path else { return }
        clip(to: path, rule: rule)
    }

    /// Intersects the clip with the current path by the non-zero rule (`clip()`).
    public func clip() { clip(using: .nonZero) }

    /// Strokes a line between each pair of points (`strokeLineSegments(between:)`): the
    /// first and second, the third and fourth, and so on; a last odd point is left out.
    public func strokeLineSegments(between points: [Point]) {
        var path = Path()
        var i = 0
        while i + 1 < points.count {
            path.move(to: points[i])
            path.addLine(to: points[i + 1])
            i += 2
        }
        stroke(path)
    }
}
