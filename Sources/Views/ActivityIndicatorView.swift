import Glibc
import Layers
import Raster

/// A spinner of twelve spokes (`UIActivityIndicatorView`): while animating, the spokes'
/// fading ring turns a twelfth of a turn at a time, once a second, as UIKit's does.
@MainActor
open class ActivityIndicatorView: View {
    /// The spinner's size (`UIActivityIndicatorView.Style`).
    public enum Style: Sendable {
        /// 20 points.
        case medium
        /// 37 points.
        case large

        var side: Double { self == .medium ? 20 : 37 }
    }

    /// The size; setting it rebuilds the spokes.
    public var style: Style { didSet { buildSpokes() } }
    /// The spokes' colour (`color`); default grey.
    public var color: Color = Color(white: 0.55) { didSet { buildSpokes() } }
    /// Whether the view hides while stopped (`hidesWhenStopped`); default true.
    public var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    /// Whether it turns (`isAnimating`).
    public private(set) var isAnimating = false

    private let ring = Layer()

    /// A spinner of a style, centred in `frame` (`init(style:)`), stopped and hidden.
    public init(frame: Rect = .zero, style: Style = .medium) {
        self.style = style
        super.init(frame: frame)
        layer.addSublayer(ring)
        isHidden = true
        buildSpokes()
    }

    override open func boundsDidChange() { buildSpokes() }

    private func buildSpokes() {
        Transaction.performWithoutActions {
            ring.sublayers = nil
            let side = style.side
            ring.bounds = Rect(x: 0, y: 0, width: side, height: side)
            ring.position = Point(x: bounds.midX, y: bounds.midY)
            let length = side * 0.28
            let width = side * 0.09
            for i in 0..<12 {
                let spoke = Layer()
                spoke.bounds = Rect(x: 0, y: 0, width: width, height: length)
                spoke.cornerRadius = width / 2
                // The leading spoke is darkest; the ring fades behind it.
                spoke.backgroundColor = color.withAlpha(color.alpha * (1 - Double(i) / 12 * 0.85))
                let angle = -Double(i) * .pi / 6
                spoke.anchorPoint = Point(x: 0.5, y: 0)
                spoke.position = Point(x: side / 2, y: side / 2)
                spoke.setAffineTransform(
                    AffineTransform(rotationAngle: angle + .pi).translatedBy(x: 0, y: side / 2 - length))
                ring.addSublayer(spoke)
            }
        }
    }

    /// Starts turning, and shows the view (`startAnimating()`).
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let turn = KeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0..<12).map { Double($0) * .pi / 6 }
        turn.calculationMode = .discrete
        turn.duration = 1
        turn.repeatCount = .infinity
        ring.add(turn, forKey: "spin")
    }

    /// Stops, and hides the view when `hidesWhenStopped` (`stopAnimating()`).
    public func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        ring.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }
}
