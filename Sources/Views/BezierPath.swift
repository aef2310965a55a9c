import Raster

/// A path with its line style that fills and strokes itself in the current context
/// (`UIBezierPath`). Its `path` is the `Path` value (`cgPath`).
@MainActor
public final class BezierPath {
    /// The shape (`cgPath`).
    public var path: Path
    /// The stroke width (`lineWidth`); default 1.
    public var lineWidth = 1.0
    /// The ends of open subpaths (`lineCapStyle`); default butt.
    public var lineCapStyle: LineCap = .butt
    /// The corners (`lineJoinStyle`); default miter.
    public var lineJoinStyle: LineJoin = .miter
    /// The miter limit (`miterLimit`); default 10.
    public var miterLimit = 10.0
    /// Fills by the even-odd rule instead of the non-zero one (`usesEvenOddFillRule`).
    public var usesEvenOddFillRule = false

    /// An empty path (`UIBezierPath()`).
    public init() { path = Path() }
    /// A path of a `Path` value (`UIBezierPath(cgPath:)`).
    public init(path: Path) { self.path = path }
    /// A rectangle (`UIBezierPath(rect:)`).
    public init(rect: Rect) { path = Path(rect: rect) }
    /// The ellipse inscribed in a rectangle (`UIBezierPath(ovalIn:)`).
    public init(ovalIn rect: Rect) { path = Path(ellipseIn: rect) }
    /// A rounded rectangle (`UIBezierPath(roundedRect:cornerRadius:)`).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        path = Path(roundedRect: rect, cornerRadius: cornerRadius)
    }
    /// An arc (`UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`).
    public init(arcCenter: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        path = Path()
        path.addArc(center: arcCenter, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Starts a subpath (`move(to:)`).
    public func move(to point: Point) { path.move(to: point) }
    /// Adds a line (`addLine(to:)`).
    public func addLine(to point: Point) { path.addLine(to: point) }
    /// Adds a cubic curve (`addCurve(to:controlPoint1:controlPoint2:)`).
    public func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds a quadratic curve (`addQuadCurve(to:controlPoint:)`).
    public func addQuadCurve(to point: Point, controlPoint: Point) {
        path.addQuadCurve(to: point, control: controlPoint)
    }
    /// Adds an arc, clockwise as seen on screen (`addArc(withCenter:radius:startAngle:endAngle:clockwise:)`).
    public func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
    {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// Closes the subpath (`close()`).
    public func close() { path.closeSubpath() }
    /// Adds another path's subpaths (`append(_:)`).
    public func append(_ other: BezierPath) { path.addPath(other.path) }
    /// Empties the path (`removeAllPoints()`).
    public func removeAllPoints() { path = Path() }
    /// The bounding box of the points (`bounds`).
    public var bounds: Rect { path.boundingBox }
    /// Whether a point is inside by the fill rule (`contains(_:)`).
    public func contains(_ point: Point) -> Bool {
        path.contains(point, rule: usesEvenOddFillRule ? .evenOdd : .nonZero)
    }

    /// Fills the path with the current context's fill colour (`fill()`); nothing without
    /// a current context.
    public func fill() {
        GraphicsGetCurrentContext()?.fill(path, rule: usesEvenOddFillRule ? .evenOdd : .nonZero)
    }

    /// Strokes the path with its line style and the current context's stroke colour
    /// (`stroke()`); nothing without a current context.
    public func stroke() {
        guard let c = GraphicsGetCurrentContext() else { return }
        c.saveGState()
        c.lineWidth = lineWidth
        c.lineCap = lineCapStyle
        c.lineJoin = lineJoinStyle
        c.miterLimit = miterLimit
        c.stroke(path)
        c.restoreGState()
    }
}
