import Raster

/// A layer that draws a path (`CAShapeLayer`): filled, then stroked, between its contents
/// and its sublayers, in its coordinates. The path is not clipped to the bounds unless
/// `masksToBounds` is set.
@MainActor
open class ShapeLayer: Layer {
    /// Creates a shape layer with no path.
    public required init() { super.init() }

    private func changing<T: Equatable>(_ old: T, _ new: T) {
        if old != new { setNeedsComposite() }
    }

    /// The shape, in the layer's coordinates (`path`); nil draws nothing.
    public var path: Path? {
        willSet { changing(path, newValue) }
        didSet { changing(oldValue, path) }
    }
    /// The fill's colour (`fillColor`); default opaque black, nil fills nothing.
    public var fillColor: Color? = .black {
        willSet { changing(fillColor, newValue) }
        didSet { changing(oldValue, fillColor) }
    }
    /// The fill rule (`fillRule`); default non-zero.
    public var fillRule: FillRule = .nonZero {
        didSet { changing(oldValue, fillRule) }
    }
    /// The stroke's colour (`strokeColor`); default nil, no stroke.
    public var strokeColor: Color? {
        willSet { changing(strokeColor, newValue) }
        didSet { changing(oldValue, strokeColor) }
    }
    /// The stroke's width (`lineWidth`); default 1. Negative and NaN count as 0.
    public var lineWidth = 1.0 {
        willSet { changing(lineWidth, newValue) }
        didSet { changing(oldValue, lineWidth) }
    }
    /// The ends of open subpaths (`lineCap`); default butt.
    public var lineCap: LineCap = .butt {
        willSet { changing(lineCap, newValue) }
        didSet { changing(oldValue, lineCap) }
    }
    /// The corners of the stroke (`lineJoin`); default miter.
    public var lineJoin: LineJoin = .miter {
        willSet { changing(lineJoin, newValue) }
        didSet { changing(oldValue, lineJoin) }
    }
    /// The miter limit (`miterLimit`); default 10.
    public var miterLimit = 10.0 {
        willSet { changing(miterLimit, newValue) }
        didSet { changing(oldValue, miterLimit) }
    }
    /// The dash lengths, on and off in turn (`lineDashPattern`); nil: a solid line.
    public var lineDashPattern: [Double]? {
        willSet { changing(lineDashPattern, newValue) }
        didSet { changing(oldValue, lineDashPattern) }
    }
    /// How far into the dash pattern the stroke starts (`lineDashPhase`).
    public var lineDashPhase = 0.0 {
        willSet { changing(lineDashPhase, newValue) }
        didSet { changing(oldValue, lineDashPhase) }
    }
    /// Where the stroke starts, as a fraction of the path's length (`strokeStart`); 0...1.
    public var strokeStart = 0.0 {
        willSet { changing(strokeStart, newValue) }
        didSet { changing(oldValue, strokeStart) }
    }
    /// Where the stroke ends, as a fraction of the path's length (`strokeEnd`); 0...1,
    /// default 1.
    public var strokeEnd = 1.0 {
        willSet { changing(strokeEnd, newValue) }
        didSet { changing(oldValue, strokeEnd) }
    }

    private var strokes: Bool {
        guard let c = strokeColor, !c.isClear, lineWidth.isFinite, lineWidth > 0 else { return false }
        return strokeEnd > strokeStart
    }

    override var ownContentExtent: Rect {
        guard let path, !path.isEmpty else { return .null }
        let box = path.boundingBox
        guard strokes else { return box }
        let m = lineWidth / 2 * max(miterLimit, 1.5) + 2
        return box.insetBy(dx: -m, dy: -m)
    }

    override func drawOwnContent(in c: Context) {
        guard let path, !path.isEmpty else { return }
        if let fill = fillColor, !fill.isClear {
            c.setFillColor(fill)
            c.fill(path, rule: fillRule)
        }
        guard strokes, let stroke = strokeColor else { return }
        c.saveGState()
        c.setStrokeColor(stroke)
        c.lineWidth = lineWidth
        c.lineCap = lineCap
        c.lineJoin = lineJoin
        c.miterLimit = miterLimit
        if let dashes = lineDashPattern, !dashes.isEmpty { c.setLineDash(phase: lineDashPhase, lengths: dashes) }
        c.stroke(strokeStart > 0 || strokeEnd < 1 ? path.trimmed(from: strokeStart, to: strokeEnd) : path)
        c.restoreGState()
    }
}
