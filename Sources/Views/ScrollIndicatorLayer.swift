import Layers
import Raster

/// A scroll indicator: a bar `thickness` points thick with rounded ends, black at 35%,
/// inside a 1-point white edge at 15%, so that it reads on light and dark content alike.
final class ScrollIndicatorLayer: Layer {
    /// The bar's thickness, without the edge.
    static let thickness = 3.0
    /// The space between the bar and the scroll view's edge.
    static let inset = 3.0
    /// The shortest a bar gets.
    static let minimumLength = 36.0

    required init() {
        super.init()
        zPosition = 999_999
        opacity = 0
    }

    override func draw(in context: Context) {
        let b = bounds
        let outer = Path(roundedRect: b, cornerRadius: min(b.width, b.height) / 2)
        let inside = b.insetBy(dx: 1, dy: 1)
        let bar = Path(roundedRect: inside, cornerRadius: min(inside.width, inside.height) / 2)
        var edge = outer
        edge.addPath(bar)
        context.fill(edge, paint: .color(Color(white: 1, alpha: 0.15)), rule: .evenOdd)
        context.fill(bar, paint: .color(Color(white: 0, alpha: 0.35)))
    }

    /// The bar moves with the content at once; it fades only by its own animation.
    override func action(forKey key: String) -> (any Action)? { nil }
}
