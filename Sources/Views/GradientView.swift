import Raster

/// A view backed by a gradient (the `NSCBGradientView` of the source document, a
/// `CAGradientLayer`): colours, optional locations, vertical by default or horizontal,
/// with the layer's start and end points (in the unit square) and type for advanced use.
@MainActor
open class GradientView: View {
    /// The gradient's kind (`CAGradientLayerType`, the two common ones).
    public enum Kind: Sendable {
        /// Along the line from the start point to the end point.
        case axial
        /// Circles around the start point, reaching the end point.
        case radial
    }

    /// The colours, evenly spaced unless `locations` are given.
    public var colors: [Color] = [] { didSet { setNeedsDisplay() } }
    /// Where each colour sits, 0...1; nil spaces them evenly.
    public var locations: [Double]? { didSet { setNeedsDisplay() } }
    /// The start in the unit square of the bounds; default (0.5, 0).
    public var startPoint = Point(x: 0.5, y: 0) { didSet { setNeedsDisplay() } }
    /// The end in the unit square of the bounds; default (0.5, 1).
    public var endPoint = Point(x: 0.5, y: 1) { didSet { setNeedsDisplay() } }
    /// The kind; default axial.
    public var kind: Kind = .axial { didSet { setNeedsDisplay() } }

    static let horizontalStart = Point(x: 0, y: 0.5), horizontalEnd = Point(x: 1, y: 0.5)
    static let verticalStart = Point(x: 0.5, y: 0), verticalEnd = Point(x: 0.5, y: 1)

    /// Creates a gradient view.
    public init(frame: Rect = .zero, colors: [Color] = []) {
        self.colors = colors
        super.init(frame: frame)
    }

    /// Whether the gradient runs left to right: setting it moves the start and end points,
    /// reading it compares them with the horizontal ones (`isHorizontal`).
    public var isHorizontal: Bool {
        get { startPoint == GradientView.horizontalStart && endPoint == GradientView.horizontalEnd }
        set {
            startPoint = newValue ? GradientView.horizontalStart : GradientView.verticalStart
            endPoint = newValue ? GradientView.horizontalEnd : GradientView.verticalEnd
        }
    }

    override open func draw(_ rect: Rect, in context: Context) {
        guard !colors.isEmpty else { return }
        let gradient = Gradient(colors: colors, locations: locations)
        switch kind {
        case .axial:
            context.drawLayerGradient(gradient, in: bounds, startPoint: startPoint, endPoint: endPoint)
        case .radial:
            let b = bounds
            context.saveGState()
            context.clip(to: b)
            context.translateBy(x: b.minX, y: b.minY)
            context.scaleBy(x: b.width, y: b.height)
            let radius = startPoint.distance(to: endPoint)
            context.drawRadialGradient(gradient, startCenter: startPoint, startRadius: 0, endCenter: startPoint,
                                       endRadius: radius, options: .extendBoth)
            context.restoreGState()
        }
    }
}
