import Layers
import Raster

/// A view that shows an image (`UIImageView`), placed by its content mode.
@MainActor
open class ImageView: View {
    /// The image; nil draws nothing. Its size in points is its pixel size over its scale.
    public var image: Image? { didSet { setNeedsDisplay() } }
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

    /// Where the image is drawn, in the view's coordinates.
    public var imageRect: Rect {
        guard let image else { return .null }
        return contentMode.gravity.rect(for: image.size, in: bounds)
    }

    override open func draw(_ rect: Rect, in context: Context) {
        guard let image else { return }
        context.draw(image, in: imageRect)
    }
}
