import Raster

/// A layer that draws a path (`CAShapeLayer`): filled, then stroked, between its contents
/// and its sublayers, in its coordinates. The path is not clipped to the bounds unless
/// `masksToBounds` is set.
@MainActor
open class ShapeLayer: Layer {
    /// Creates a shape layer with no path.
    public required init() { super.init() }

    /// The shape, in the layer's coordinates (`path`); nil draws nothing. Animatable when
    /// both paths have the same elements; otherwise it changes at the end.
    public var path: Path? {
        get { model.path }
        set { set(\.path, newValue) }
    }
    /// The fill's colour (`fillColor`); default opaque black, nil fills nothing.
    public var fillColor: Color? {
        get { model.fillColor }
        set { set(\.fillColor, newValue) }
    }
    /// The fill rule (`fillRule`); default non-zero.
    public var fillRule: FillRule = .nonZero {
        willSet { if newValue != fillRule { setNeedsComposite() } }
    }
    /// The stroke's colour (`strokeColor`); default nil, no stroke.
    public var strokeColor: Color? {
        get { model.strokeColor }
        set { set(\.strokeColor, newValue) }
    }
    /// The stroke's width (`lineWidth`); default 1. Negative and NaN count as 0.
    public var lineWidth: Double {
        get { model.lineWidth }
        set { set(\.lineWidth, newValue.isNaN ? 0 : max(0, newValue)) }
    }
    /// The ends of open subpaths (`lineCap`); default butt.
    public var lineCap: LineCap = .butt {
        willSet { if newValue != lineCap { setNeedsComposite() } }
    }
    /// The corners of the stroke (`lineJoin`); default miter.
    public var lineJoin: LineJoin = .miter {
        willSet { if newValue != lineJoin { setNeedsComposite() } }
    }
    /// The miter limit (`miterLimit`); default 10.
    public var miterLimit: Double {
        get { model.miterLimit }
        set { if newValue.isFinite { set(\.miterLimit, newValue) } }
    }
    /// The dash lengths, on and off in turn (`lineDashPattern`); nil: a solid line.
    public var lineDashPattern: [Double]? {
        willSet { if newValue != lineDashPattern { setNeedsComposite() } }
    }
    /// How far into the dash pattern the stroke starts (`lineDashPhase`).
    public var lineDashPhase: Double {
        get { model.lineDashPhase }
        set { if newValue.isFinite { set(\.lineDashPhase, newValue) } }
    }
    /// Where the stroke starts, as a fraction of the path's length (`strokeStart`); 0...1.
    public var strokeStart: Double {
        get { model.strokeStart }
        set { if !newValue.isNaN { set(\.strokeStart, min(max(newValue, 0), 1)) } }
    }
    /// Where the stroke ends, as a fraction of the path's length (`strokeEnd`); 0...1,
    /// default 1.
    public var strokeEnd: Double {
        get { model.strokeEnd }
        set { if !newValue.isNaN { set(\.strokeEnd, min(max(newValue, 0), 1)) } }
    }

    private var strokes: Bool {
        guard let c = shown.strokeColor, !c.isClear, shown.lineWidth.isFinite, shown.lineWidth > 0 else { return false }
        return shown.strokeEnd > shown.strokeStart
    }

    override var ownContentExtent: Rect {
        guard let path = shown.path, !path.isEmpty else { return .null }
        let box = path.boundingBox
        guard strokes else { return box }
        let m = Path.strokeReach(width: shown.lineWidth, miterLimit: shown.miterLimit)
        return box.insetBy(dx: -m, dy: -m)
    }

    override func drawOwnContent(in c: Context) {
        let state = shown
        guard let path = state.path, !path.isEmpty else { return }
        if let fill = state.fillColor, !fill.isClear {
            c.setFillColor(fill)
            c.fill(path, rule: fillRule)
        }
        guard strokes, let stroke = state.strokeColor else { return }
        c.saveGState()
        c.setStrokeColor(stroke)
        c.lineWidth = state.lineWidth
        c.lineCap = lineCap
        c.lineJoin = lineJoin
        c.miterLimit = state.miterLimit
        if let dashes = lineDashPattern, !dashes.isEmpty { c.setLineDash(phase: state.lineDashPhase, lengths: dashes) }
        let (s0, s1) = (state.strokeStart, state.strokeEnd)
        c.stroke(s0 > 0 || s1 < 1 ? path.trimmed(from: s0, to: s1) : path)
        c.restoreGState()
    }
}
