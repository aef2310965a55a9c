import Layers
import Raster

/// The ring around the focused view: a band `width` points wide, `gap` points outside the
/// view's shape, in the tint colour. It is a sibling of the focused view's layer, in
/// front of all the others, so that neighbours do not cover it.
///
/// The band is the path stroked with round joins `2 × (gap + width)` wide, less the same
/// stroke `2 × gap` wide and less the shape itself: outside a rounded rectangle that is a
/// rounded rectangle with the radius grown by the gap, outside a circle a circle.
final class FocusRingLayer: Layer {
    /// The ring's width, in points.
    static let width = 3.0
    /// The space between the shape and the ring, in points.
    static let gap = 2.0
    /// The tint colour: system blue.
    static let color = Color(red: 0, green: 122.0 / 255, blue: 1)

    /// The shape, in the layer's coordinates.
    var shape = Path() { didSet { setNeedsDisplay() } }

    required init() {
        super.init()
        zPosition = 1_000_000
        name = "focus-ring"
    }

    override func draw(in context: Context) {
        let outer = FocusRingLayer.gap + FocusRingLayer.width
        context.saveGState()
        context.lineJoin = .round
        context.lineCap = .round
        context.setStrokeColor(FocusRingLayer.color)
        context.lineWidth = 2 * outer
        context.stroke(shape)
        context.blendMode = .clear
        context.lineWidth = 2 * FocusRingLayer.gap
        context.stroke(shape)
        context.fill(shape)
        context.restoreGState()
    }

    /// The ring moves and appears at once: no implicit animation.
    override func action(forKey key: String) -> (any Action)? { nil }
}
