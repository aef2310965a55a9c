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
    // it (`CGContextMoveToPoint` and the rest). Unlike Core Graphics, which maps each point
    // by the transform in force when it is added, the path is kept in user space and
    // mapped by the transform in force when it is drawn; code that does not change the
    // transform between building and drawing sees no difference.

    /// Empties the current path (`beginPath()`).
    public func beginPath() { currentPath = Path() }

    /// Starts a subpath (`move(to:)`).
    public func move(to point: Point) { currentPath.move(to: point) }

    /// Adds a line from the current point (`addLine(to:)`).
    public func addLine(to point: Point) { currentPath.addLine(to: point) }

    /// Adds a cubic Bézier curve (`addCurve(to:control1:control2:)`).
    public func addCurve(to point: Point, control1: Point, control2: Point) {
        currentPath.addCurve(to: point, control1: control1, control2: control2)
    }

    /// Adds a quadratic Bézier curve (`addQuadCurve(to:control:)`).
    public func addQuadCurve(to point: Point, control: Point) { currentPath.addQuadCurve(to: point, control: control) }

    /// Adds an arc tangent to two lines (`addArc(tangent1End:tangent2End:radius:)`,
    /// `CGContextAddArcToPoint`).
    public func addArc(tangent1End: Point, tangent2End: Point, radius: Double) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
    }

    /// Adds a circular arc, clockwise as seen on screen (`addArc(center:radius:startAngle:
    /// endAngle:clockwise:)`).
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Adds a rectangle (`addRect(_:)`).
    public func addRect(_ rect: Rect) { currentPath.addRect(rect) }

    /// Adds an ellipse (`addEllipse(in:)`).
    public func addEllipse(in rect: Rect) { currentPath.addEllipse(in: rect) }

    /// Adds a path (`addPath(_:)`).
    public func addPath(_ path: Path) { currentPath.addPath(path) }

    /// Closes the current subpath (`closePath()`).
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path is empty (`isPathEmpty`).
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// Paints the current path and empties it (`drawPath(using:)`).
    public func drawPath(using mode: PathDrawingMode) {
        let path = currentPath
        currentPath = Path()
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
}
