import Raster

/// A view that shows an image (`UIImageView`), placed by its content mode.
@MainActor
open class ImageView: View {
    /// How the image fits the bounds (`UIView.ContentMode`, the common four).
    public enum ContentMode: Sendable {
        /// Stretched to fill the bounds.
        case scaleToFill
        /// As large as fits whole, centred, aspect kept.
        case scaleAspectFit
        /// As small as covers the bounds, centred, aspect kept (cropped by `clipsToBounds`).
        case scaleAspectFill
        /// At its own size, centred.
        case center
    }

    /// The image; nil draws nothing. Its size in points is its pixel size over its scale.
    public var image: Surface? { didSet { setNeedsDisplay() } }
    /// How the image is placed; default scale-to-fill.
    public var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }

    /// Creates an image view.
    public init(frame: Rect = .zero, image: Surface? = nil) {
        self.image = image
        super.init(frame: frame)
    }

    /// Where the image is drawn, in the view's coordinates.
    public var imageRect: Rect {
        guard let image else { return .null }
        let b = bounds
        let size = image.size
        switch contentMode {
        case .scaleToFill: return b
        case .center:
            return Rect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
        case .scaleAspectFit, .scaleAspectFill:
            let sx = b.width / size.width, sy = b.height / size.height
            let k = contentMode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = size.width * k, h = size.height * k
            return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        }
    }

    override open func draw(_ rect: Rect, in context: Context) {
        guard let image else { return }
        context.draw(image, in: imageRect)
    }
}
