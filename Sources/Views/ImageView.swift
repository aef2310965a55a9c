import Layers
import Raster

/// A view that shows an image (`UIImageView`), placed by its content mode.
@MainActor
open class ImageView: View {
    /// The image; nil draws nothing. Its size in points is its pixel size over its scale.
    public var image: Image? {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// How the image is placed (`contentMode`); default scale-to-fill.
    override open var contentMode: ContentMode {
        didSet { setNeedsDisplay() }
    }

    /// Creates an image view.
    public init(frame: Rect = .zero, image: Image? = nil) {
        self.image = image
        super.init(frame: frame)
        layer.needsDisplayOnBoundsChange = true
    }

    /// The image's size in points; without an image, none (`noIntrinsicMetric`).
    override open var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// The image's size, or the current size without an image.
    override open func sizeThatFits(_ size: Size) -> Size { image?.size ?? bounds.size }

    /// Where the image is drawn, in the view's coordinates.
    public var imageRect: Rect {
        guard let image else { return .null }
        return contentMode.gravity.rect(for: image.size, in: bounds)
    }

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        guard let image else { return }
        context.draw(image.surface, in: imageRect)
    }

    // MARK: Accessibility

    /// `image` unless told otherwise. An image view is an element only when told so (as
    /// in UIKit), with the label it is given.
    override open var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .image }
        set { accessibility.traits = newValue }
    }
}
