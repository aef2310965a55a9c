import Raster

/// A layer that blurs what lies beneath it, inside its shape: the backdrop of a visual
/// effect view. Core Animation keeps its equivalent private; `ShapeView`'s effect and
/// the blur of a `VisualEffect` stand on this one.
///
/// The blur reads the pixels already drawn under the layer, so the layer is drawn whole
/// whenever any part of it is, and it blurs nothing inside a group (a layer with an
/// opacity below 1, a mask or a shadow composites on a transparent scratch layer).
@MainActor
open class BackdropLayer: Layer {
    /// Creates a backdrop layer that blurs nothing.
    public required init() {
        super.init()
        Layer.wholeRedrawLayers.append(WeakLayer(self))
    }

    /// The blur's sigma, in points; 0 blurs nothing.
    public var blurRadius = 0.0 {
        didSet { if oldValue != blurRadius { setNeedsComposite() } }
    }
    /// How much of the blurred backdrop replaces the sharp one, 0...1; default 1.
    public var blurAmount = 1.0 {
        didSet { if oldValue != blurAmount { setNeedsComposite() } }
    }
    /// The part of the bounds blurred, in the layer's coordinates; nil: the bounds.
    public var shape: Path? {
        didSet { if oldValue != shape { setNeedsComposite() } }
    }

    override var redrawsAsAWhole: Bool { blurRadius > 0 && blurAmount > 0 }

    override func drawOwnContent(in c: Context) {
        guard blurRadius > 0, blurRadius.isFinite, blurAmount > 0 else { return }
        c.saveGState()
        if let shape { c.clip(to: shape) }
        c.blur(shown.bounds, radius: blurRadius, opacity: min(blurAmount, 1))
        c.restoreGState()
    }
}
