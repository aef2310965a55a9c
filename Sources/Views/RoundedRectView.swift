import Raster

/// A view shaped as a rounded rectangle, transparent outside its shape (the
/// `RoundedRectView` of the source document): filled with `rectColor`, stroked with
/// `strokeColor`. It starts non-opaque with a clear background, so that what lies
/// beneath shows in the corners.
///
/// The document's class ignores later sets of `backgroundColor` and `opaque`; this one
/// honours them as any `UIView` would: a background colour fills the bounds behind the
/// shape (rounded by `layer.cornerRadius`, not by the view's own `cornerRadius`), and
/// `isOpaque` is the caller's promise.
@MainActor
open class RoundedRectView: View {
    /// The stroke colour; default white.
    public var strokeColor: Color = .white { didSet { setNeedsDisplay() } }
    /// The fill colour; default white.
    public var rectColor: Color = .white { didSet { setNeedsDisplay() } }
    /// The stroke width; default 1.
    public var strokeWidth = 1.0 { didSet { setNeedsDisplay() } }
    private var radius = 30.0

    /// The corner radius of the drawn rectangle; default 30, clamped to half the shorter
    /// side when drawn (the document's own property, not the layer's).
    open var cornerRadius: Double {
        get { radius }
        set {
            radius = newValue
            setNeedsDisplay()
        }
    }

    /// Creates a rounded-rectangle view with a clear background, not opaque.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
        contentMode = .redraw
    }

    /// The radius actually drawn: at most half the shorter side.
    public var effectiveCornerRadius: Double {
        let r = cornerRadius.isNaN ? 0 : max(0, cornerRadius)
        return min(r, bounds.width / 2, bounds.height / 2)
    }

    /// The document's outline: four `addArc(tangent1End:tangent2End:radius:)` corners from
    /// the middle of the left side.
    public var outline: Path {
        let r = bounds
        let radius = effectiveCornerRadius
        var p = Path()
        p.move(to: Point(x: r.minX, y: r.midY))
        p.addArc(tangent1End: Point(x: r.minX, y: r.minY), tangent2End: Point(x: r.midX, y: r.minY), radius: radius)
        p.addArc(tangent1End: Point(x: r.maxX, y: r.minY), tangent2End: Point(x: r.maxX, y: r.midY), radius: radius)
        p.addArc(tangent1End: Point(x: r.maxX, y: r.maxY), tangent2End: Point(x: r.midX, y: r.maxY), radius: radius)
        p.addArc(tangent1End: Point(x: r.minX, y: r.maxY), tangent2End: Point(x: r.minX, y: r.midY), radius: radius)
        p.closeSubpath()
        return p
    }

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        let path = outline
        context.saveGState()
        // The document draws into a layer the size of its bounds: the outer half of the
        // stroke is cut off there.
        context.clip(to: bounds)
        context.setFillColor(rectColor)
        context.fill(path)
        context.setStrokeColor(strokeColor)
        context.lineWidth = strokeWidth
        context.stroke(path)
        context.restoreGState()
    }
}
