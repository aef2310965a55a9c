import Layers
import Raster

/// A view backed by a gradient layer (the `NSCBGradientView` of the source document): its
/// `layerClass` is `GradientLayer`, `colors` are the layer's, vertical by default or
/// horizontal; the layer itself (`gradientLayer`) is public for advanced use (locations,
/// start and end points, radial and conic types).
@MainActor
open class GradientView: View {
    override open class var layerClass: AnyClass { GradientLayer.self }

    /// The view's layer as the gradient layer it is (`gradientLayer`).
    public var gradientLayer: GradientLayer { layer as! GradientLayer }

    /// The colours, evenly spaced unless the layer's `locations` are given (`colors`).
    public var colors: [Color] {
        get { gradientLayer.colors ?? [] }
        set { gradientLayer.colors = newValue }
    }

    /// Where each colour sits, 0...1; nil spaces them evenly: the layer's `locations`.
    public var locations: [Double]? {
        get { gradientLayer.locations }
        set { gradientLayer.locations = newValue }
    }

    static let horizontalStart = Point(x: 0, y: 0.5), horizontalEnd = Point(x: 1, y: 0.5)
    static let verticalStart = Point(x: 0.5, y: 0), verticalEnd = Point(x: 0.5, y: 1)

    /// Creates a gradient view.
    public init(frame: Rect = .zero, colors: [Color] = []) {
        super.init(frame: frame)
        self.colors = colors
    }

    /// Whether the gradient runs left to right: setting it moves the layer's start and
    /// end points, reading it compares them with the horizontal ones (`isHorizontal`).
    public var isHorizontal: Bool {
        get {
            gradientLayer.startPoint == GradientView.horizontalStart
                && gradientLayer.endPoint == GradientView.horizontalEnd
        }
        set {
            gradientLayer.startPoint = newValue ? GradientView.horizontalStart : GradientView.verticalStart
            gradientLayer.endPoint = newValue ? GradientView.horizontalEnd : GradientView.verticalEnd
        }
    }
}
