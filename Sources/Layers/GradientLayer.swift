import Glibc
import Raster

/// A layer that fills its bounds with a gradient over its background (`CAGradientLayer`).
///
/// The start and end points are unit coordinates of the bounds, (0, 0) top-left. The
/// parameter at a point P, with S the start and E the end point, is:
/// - axial: the projection of P onto S→E, `((P-S)·(E-S)) / |E-S|²`, the end colours
///   extending beyond;
/// - radial: an ellipse about S with radii |E.x-S.x| and |E.y-S.y| in unit space,
///   stretched with the bounds; the last colour extends beyond it;
/// - conic: the angle from the direction S→E in unit space, growing clockwise on screen,
///   over 2π.
@MainActor
open class GradientLayer: Layer {
    /// The gradient's kind (`CAGradientLayerType`).
    public enum GradientType: Hashable, Sendable {
        /// Along the line from the start to the end point.
        case axial
        /// Ellipses about the start point, reaching the end point's coordinates.
        case radial
        /// A sweep about the start point, from the direction of the end point.
        case conic
    }

    /// Creates a gradient layer with no colours.
    public required init() { super.init() }

    /// The colours (`colors`); nil or empty draws nothing, interpolated unpremultiplied.
    public var colors: [Color]? {
        get { model.colors }
        set { set(\.colors, newValue) }
    }
    /// Where each colour sits, 0...1 (`locations`); nil, or a list of another length than
    /// the colours, spaces them evenly. Values are clamped to 0...1 and sorted.
    public var locations: [Double]? {
        get { model.locations }
        set { set(\.locations, newValue) }
    }
    /// The start, in unit coordinates of the bounds (`startPoint`); default (0.5, 0).
    public var startPoint: Point {
        get { model.startPoint }
        set { if newValue.isFinite { set(\.startPoint, newValue) } }
    }
    /// The end, in unit coordinates of the bounds (`endPoint`); default (0.5, 1).
    public var endPoint: Point {
        get { model.endPoint }
        set { if newValue.isFinite { set(\.endPoint, newValue) } }
    }
    /// The kind (`type`); default axial.
    public var type: GradientType = .axial {
        willSet { if newValue != type { setNeedsComposite() } }
    }

    /// The gradient of the colours and locations.
    var gradient: Gradient? {
        guard let colors = shown.colors, !colors.isEmpty else { return nil }
        let clamped = shown.locations.map { $0.map { $0.isNaN ? 0 : min(max($0, 0), 1) } }
        return Gradient(colors: colors, locations: clamped)
    }

    override func drawOwnContent(in c: Context) {
        guard let gradient else { return }
        let b = shown.bounds
        guard b.width > 0, b.height > 0 else { return }
        c.saveGState()
        defer { c.restoreGState() }
        c.clip(to: b)
        let s = shown.startPoint
        let e = shown.endPoint
        switch type {
        case .axial:
            if s == e {
                c.setFillColor(gradient.stops.last!.color)
                c.fill(b)
                return
            }
            c.drawLayerGradient(gradient, in: b, startPoint: s, endPoint: e)
        case .radial:
            let rx = abs(e.x - s.x)
            let ry = abs(e.y - s.y)
            guard rx > 0, ry > 0 else {
                c.setFillColor(gradient.stops.last!.color)
                c.fill(b)
                return
            }
            c.translateBy(x: b.minX, y: b.minY)
            c.scaleBy(x: b.width, y: b.height)
            c.translateBy(x: s.x, y: s.y)
            c.scaleBy(x: rx, y: ry)
            c.drawRadialGradient(
                gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                options: .extendBoth)
        case .conic:
            c.translateBy(x: b.minX, y: b.minY)
            c.scaleBy(x: b.width, y: b.height)
            let angle = s == e ? 0 : atan2(e.y - s.y, e.x - s.x)
            c.drawConicGradient(gradient, center: s, angle: angle)
        }
    }
}
