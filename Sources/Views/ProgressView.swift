import Layers
import Raster

/// A bar that shows how far a task has gone (`UIProgressView`), as iOS 13 and later draw
/// it: a rounded track in `Color.systemFill` with the done part in `tintColor` for the
/// `.default` style; a thinner square-ended bar over a clear track for `.bar`. It is not
/// a control: it takes no input.
@MainActor
open class ProgressView: View {
    /// The look (`UIProgressView.Style`).
    public enum Style: Sendable, Hashable {
        /// A rounded bar 4 points high over a grey track.
        case `default`
        /// A square-ended bar 2.5 points high over a clear track, as under a toolbar.
        case bar

        /// The natural height (Vitrine's reading of UIKit's).
        public var height: Double { self == .default ? 4 : 2.5 }
    }

    /// The look (`progressViewStyle`).
    public var progressViewStyle: Style {
        didSet {
            update(animated: false)
            invalidateIntrinsicContentSize()
        }
    }
    private var storedProgress: Float = 0
    /// How far, 0...1 (`progress`); setting it does not animate. NaN is ignored.
    public var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    /// The done part's colour (`progressTintColor`); nil, the default, is the `tintColor`.
    public var progressTintColor: Color? { didSet { update(animated: false) } }
    /// The track's colour (`trackTintColor`); nil, the default, is `Color.systemFill`
    /// for `.default` and clear for `.bar`.
    public var trackTintColor: Color? { didSet { update(animated: false) } }

    // Views rather than bare layers: a view animates inside an animation block even
    // before it was first drawn, and the done part starts empty.
    private let track = View()
    private let done = View()
    /// How long an animated change of progress takes.
    nonisolated public static let animationDuration = 0.25

    /// A progress view of a style (`init(progressViewStyle:)`), at 0.
    public init(progressViewStyle style: Style = .default, frame: Rect = .zero) {
        progressViewStyle = style
        super.init(frame: frame)
        for v in [track, done] {
            v.isUserInteractionEnabled = false
            _ = addSubview(v)
        }
        update(animated: false)
    }

    /// A progress view of the default style at `frame`.
    public override convenience init(frame: Rect) {
        self.init(progressViewStyle: .default, frame: frame)
    }

    /// Sets the progress, clamped to 0...1 (`setProgress(_:animated:)`), the bar sliding
    /// to it when `animated`.
    public func setProgress(_ progress: Float, animated: Bool) {
        guard !progress.isNaN else { return }
        storedProgress = min(max(progress, 0), 1)
        update(animated: animated)
    }

    override open var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: progressViewStyle.height)
    }

    override open func sizeThatFits(_ size: Size) -> Size {
        Size(width: bounds.width, height: progressViewStyle.height)
    }

    override open func boundsDidChange() { update(animated: false) }
    override open func tintColorDidChange() { update(animated: false) }

    /// The done part's frame for the current progress.
    public var progressRect: Rect {
        let b = bounds.standardized
        return Rect(x: b.minX, y: b.minY, width: b.width * Double(storedProgress), height: b.height)
    }

    private func update(animated: Bool) {
        let b = bounds.standardized
        let radius = progressViewStyle == .default ? b.height / 2 : 0
        let place = {
            self.track.frame = b
            self.done.frame = self.progressRect
        }
        if animated {
            View.animate(withDuration: ProgressView.animationDuration, animations: place)
        } else {
            View.performWithoutAnimation(place)
        }
        View.performWithoutAnimation {
            track.layer.cornerRadius = radius
            done.layer.cornerRadius = radius
            track.backgroundColor = trackTintColor ?? (progressViewStyle == .default ? .systemFill : .clear)
            done.backgroundColor = progressTintColor ?? tintColor
        }
    }

    // MARK: Accessibility

    /// Progress views are accessibility elements unless told otherwise.
    override open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { accessibility.isElement = newValue }
    }

    /// The progress as a whole percentage ("40%"), unless a value was given.
    override open var accessibilityValue: String? {
        get { accessibility.value ?? "\(Int((progress * 100).rounded()))%" }
        set { accessibility.value = newValue }
    }

    /// `updatesFrequently` unless told otherwise.
    override open var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .updatesFrequently }
        set { accessibility.traits = newValue }
    }
}
