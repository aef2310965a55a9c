import Layers
import Raster

/// A view of any shape with outer and inner shadows, a backdrop blur and a transparent
/// background outside the shape (the `ShapeView` of the source document), built as the
/// document builds it from layers:
///
/// - an outer-shadow layer whose shadow is cut by a mask outside the shape, so that a
///   translucent shape shows no shadow through itself;
/// - a backdrop layer blurring what lies beneath, inside the shape;
/// - a shape layer filled with the background colour;
/// - an inner-shadow layer, the shadow of the shape's surroundings masked by the shape;
/// - a container for the subviews, clipped to the shape.
///
/// The shape is rebuilt from the bounds whenever they change; touches outside it fall
/// through.
@MainActor
open class ShapeView: View {
    override open class var layerClass: AnyClass { ShapeLayer.self }

    /// The view's layer, whose path is the current shape (`ShapeLayer`); it fills
    /// nothing itself.
    public var shapeLayer: ShapeLayer { layer as! ShapeLayer }

    /// The shape; nil: the bounds.
    public var path: ShapePath? { didSet { rebuild() } }
    /// The shadow outside the shape (the part under the shape is left out, so a
    /// translucent shape shows none through itself).
    public var outerShadow: ShapeShadow? { didSet { applyShadows() } }
    /// The shadow inside the shape, cast by its surroundings.
    public var innerShadow: ShapeShadow? { didSet { applyShadows() } }
    /// The visual effect under the shape (the document's `UIVisualEffect`): a blur of
    /// what lies beneath; nil: none.
    public var effect: VisualEffect? { didSet { applyEffect() } }
    /// How strongly the effect shows, 0...1; default 1.
    public var effectAlpha = 1.0 { didSet { applyEffect() } }
    /// Called with the shape layer each time the shape is rebuilt (the document's
    /// `didUpdateLayer`).
    public var didUpdateLayer: ((ShapeLayer) -> Void)?

    /// The current shape, in the view's coordinates.
    public private(set) var shape = Path()

    private let outerShadowLayer = Layer()
    private let outerCut = ShapeLayer()
    private let effectLayer = BackdropLayer()
    private let fillLayer = ShapeLayer()
    private let innerShadowLayer = Layer()
    private let innerMask = ShapeLayer()
    private let container = Layer()

    /// Creates a shape view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        shapeLayer.fillColor = nil
        fillLayer.fillColor = nil
        outerCut.fillRule = .evenOdd
        outerShadowLayer.mask = outerCut
        innerShadowLayer.mask = innerMask
        for l in [outerShadowLayer, effectLayer, fillLayer, innerShadowLayer, container] { layer.addSublayer(l) }
        rebuild()
    }

    /// Fills the shape, not the bounds.
    override open var backgroundColor: Color? {
        get { fillLayer.fillColor }
        set {
            if AnimationBlock.stack.last.flatMap({ $0 }) != nil {
                fillLayer.fillColor = newValue  // animated with the block, as a background
            } else {
                Transaction.performWithoutActions { fillLayer.fillColor = newValue }
            }
        }
    }

    override var sublayerHost: Layer { container }

    override open func boundsDidChange() { rebuild() }

    private func rebuild() {
        Transaction.performWithoutActions(rebuildLayers)
    }

    private func rebuildLayers() {
        let b = bounds
        shape = path?.path(in: b) ?? Path(rect: b)
        for l in [outerShadowLayer, effectLayer, fillLayer, innerShadowLayer, container] {
            l.bounds = b
            l.position = Point(x: b.midX, y: b.midY)
        }
        shapeLayer.path = shape
        fillLayer.path = shape
        effectLayer.shape = shape
        container.sublayerClip = shape
        applyShadows()
        didUpdateLayer?(shapeLayer)
    }

    /// The rectangle around the bounds that a shadow of `s` cannot reach beyond.
    private func reach(_ s: ShapeShadow) -> Rect {
        let o = 3 * max(0, s.radius) + max(abs(s.offset.width), abs(s.offset.height)) + 4
        return bounds.insetBy(dx: -o, dy: -o)
    }

    private func configure(_ l: Layer, _ s: ShapeShadow?, path: Path) {
        guard let s, s.opacity > 0 else {
            l.shadowOpacity = 0
            return
        }
        l.shadowColor = s.color
        l.shadowOpacity = Float(s.opacity)
        l.shadowOffset = s.offset
        l.shadowRadius = s.radius
        l.shadowPath = path
    }

    private func applyShadows() {
        Transaction.performWithoutActions(applyShadowLayers)
    }

    private func applyShadowLayers() {
        // The cut: everything the shadow can reach, less the shape.
        if let s = outerShadow {
            var cut = Path(rect: reach(s))
            cut.addPath(shape)
            outerCut.path = cut
        }
        configure(outerShadowLayer, outerShadow, path: shape)
        // The surroundings cast the inner shadow: a ring from beyond its reach to the shape.
        if let s = innerShadow {
            var ring = Path(rect: reach(s))
            ring.addPath(shape.reversing())
            configure(innerShadowLayer, s, path: ring)
        } else {
            configure(innerShadowLayer, nil, path: Path())
        }
        innerMask.path = shape
    }

    private func applyEffect() {
        effectLayer.blurRadius = effect?.blurRadius ?? 0
        effectLayer.blurAmount = min(max(effectAlpha.isNaN ? 0 : effectAlpha, 0), 1)
    }

    override open func point(inside point: Point, with event: Event?) -> Bool { shape.contains(point) }

    /// The focus ring, for a shape view that takes the focus, goes around the shape.
    override open var focusEffect: FocusHaloEffect? { FocusHaloEffect(path: shape) }
}
