import Raster

/// A view of any shape with outer and inner shadows, a backdrop blur and a transparent
/// background outside the shape (the `ShapeView` of the source document). The shape is
/// rebuilt from the bounds whenever they change; the background colour fills the shape;
/// subviews are clipped to it; touches outside the shape fall through.
@MainActor
open class ShapeView: View {
    /// The shape; nil: the bounds.
    public var path: ShapePath? { didSet { rebuild() } }
    /// The shadow outside the shape (the part under the shape is left out, so a
    /// translucent shape shows none through itself).
    public var outerShadow: ShapeShadow? { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    /// The shadow inside the shape, cast by its surroundings.
    public var innerShadow: ShapeShadow? { didSet { setNeedsDisplay() } }
    /// A backdrop blur radius under the shape (the document's `UIVisualEffect`); nil:
    /// none.
    public var effect: Double? { didSet { setNeedsDisplay() } }
    /// How strongly the blur shows, 0...1; default 1.
    public var effectAlpha = 1.0 { didSet { setNeedsDisplay() } }
    /// Called with the new shape each time it is rebuilt (the document's
    /// `didUpdateLayer`).
    public var didUpdateShape: ((Path) -> Void)?

    /// The current shape, in the view's coordinates.
    public private(set) var shape = Path()

    private var fill: Color?
    private let outerShadowCache = ShadowCache()
    private let innerShadowCache = ShadowCache()

    /// Creates a shape view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        rebuild()
    }

    /// Fills the shape, not the bounds.
    override open var backgroundColor: Color? {
        get { fill }
        set { fill = newValue; setNeedsDisplay() }
    }

    override open func boundsDidChange() { rebuild() }

    private func rebuild() {
        shape = path?.path(in: bounds) ?? Path(rect: bounds)
        didUpdateShape?(shape)
        setNeedsDisplay()
    }

    override open var drawsLayerBackground: Bool { false }

    override open func point(inside point: Point) -> Bool { shape.contains(point) }

    override open func subviewClipPath() -> Path? { shape }

    override open var visualOutset: Double {
        guard let s = outerShadow, s.opacity > 0 else { return super.visualOutset }
        return max(super.visualOutset, 3 * max(0, s.radius) + max(abs(s.offset.width), abs(s.offset.height)) + 2)
    }

    override open var redrawsAsAWhole: Bool { super.redrawsAsAWhole || effect != nil }

    override open func draw(_ rect: Rect, in context: Context) {
        if let s = outerShadow {
            context.drawShadow(of: shape, color: s.color, opacity: s.opacity, offset: s.offset, radius: s.radius,
                               outsideOnly: true, cache: outerShadowCache)
        }
        if let radius = effect, effectAlpha > 0 {
            context.saveGState()
            context.clip(to: shape)
            context.blur(bounds, radius: radius, opacity: effectAlpha)
            context.restoreGState()
        }
        if let f = fill, !f.isClear {
            context.setFillColor(f)
            context.fill(shape)
        }
        if let s = innerShadow {
            context.drawInnerShadow(of: shape, color: s.color, opacity: s.opacity, offset: s.offset, radius: s.radius,
                                    cache: innerShadowCache)
        }
    }
}
