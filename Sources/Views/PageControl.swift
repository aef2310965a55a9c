import Raster

/// A row of dots, one for each page, the current one emphasised (`UIPageControl`): dots
/// 7 points across, 9 points apart, the current one in `currentPageIndicatorTintColor`
/// and the others in `pageIndicatorTintColor`.
///
/// A click to the left of the current dot goes back a page, to the right forward one,
/// sending `valueChanged`; so do Left and Right on a focused page control.
@MainActor
open class PageControl: Control {
    /// A dot's diameter, and the gap between two dots.
    nonisolated public static let dotSide = 7.0, dotGap = 9.0
    /// The natural height (Vitrine's reading of UIKit's).
    nonisolated public static let height = 26.0

    /// How many pages (`numberOfPages`); at least 0. The current page stays within them.
    public var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
            isHidden = hidesForSinglePage && numberOfPages <= 1
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }
    /// The page shown (`currentPage`), within `0..<numberOfPages`; setting it sends nothing.
    public var currentPage = 0 {
        didSet {
            let clamped = min(max(0, currentPage), max(0, numberOfPages - 1))
            if clamped != currentPage { currentPage = clamped }
            setNeedsDisplay()
        }
    }
    /// Whether the control hides when there is one page or none (`hidesForSinglePage`).
    public var hidesForSinglePage = false { didSet { isHidden = hidesForSinglePage && numberOfPages <= 1 } }
    /// The other dots' colour (`pageIndicatorTintColor`); default black at 30 %.
    public var pageIndicatorTintColor: Color? = Color(white: 0, alpha: 0.3) { didSet { setNeedsDisplay() } }
    /// The current dot's colour (`currentPageIndicatorTintColor`); default black.
    public var currentPageIndicatorTintColor: Color? = .black { didSet { setNeedsDisplay() } }

    /// A page control with no pages.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    /// The size the dots of `pageCount` pages take (`size(forNumberOfPages:)`).
    public func size(forNumberOfPages pageCount: Int) -> Size {
        let n = Double(max(0, pageCount))
        return Size(width: max(0, n * PageControl.dotSide + (n - 1) * PageControl.dotGap), height: PageControl.height)
    }

    override open var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }
    override open func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// The dot of page `index`, centred as a row in the bounds.
    public func dotRect(for index: Int) -> Rect {
        let row = size(forNumberOfPages: numberOfPages)
        let x = bounds.midX - row.width / 2 + Double(index) * (PageControl.dotSide + PageControl.dotGap)
        return Rect(
            x: x, y: bounds.midY - PageControl.dotSide / 2, width: PageControl.dotSide, height: PageControl.dotSide)
    }

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        for i in 0..<numberOfPages {
            let color = (i == currentPage ? currentPageIndicatorTintColor : pageIndicatorTintColor) ?? .clear
            context.setFillColor(isEnabled ? color : color.withAlpha(color.alpha * 0.5))
            context.fillEllipse(in: dotRect(for: i))
        }
    }

    override open func endTracking(_ touch: Touch?) {
        guard let touch, isInside(touch), numberOfPages > 0 else { return }
        let x = touch.location(in: self).x
        let dot = dotRect(for: currentPage)
        if x < dot.minX { go(by: -1) } else if x > dot.maxX { go(by: 1) }
    }

    private func go(by step: Int) {
        let next = min(max(0, currentPage + step), max(0, numberOfPages - 1))
        guard next != currentPage else { return }
        currentPage = next
        sendActions(for: .valueChanged)
    }

    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for p in presses {
            guard isEnabled, isFocused, p.key.modifierFlags.shortcutFlags.isEmpty else {
                rest.insert(p)
                continue
            }
            switch p.key.keyCode {
            case .keyboardLeftArrow: go(by: -1)
            case .keyboardRightArrow: go(by: 1)
            default: rest.insert(p)
            }
        }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    // MARK: Accessibility

    override var controlTraits: AccessibilityTraits { .adjustable }

    /// "page N of M", unless a value was given.
    override open var accessibilityValue: String? {
        get { accessibility.value ?? (numberOfPages > 0 ? "page \(currentPage + 1) of \(numberOfPages)" : nil) }
        set { accessibility.value = newValue }
    }

    /// Moves to the next page and sends `valueChanged`.
    override open func accessibilityIncrement() { turn(by: 1) }

    /// Moves to the previous page and sends `valueChanged`.
    override open func accessibilityDecrement() { turn(by: -1) }

    private func turn(by delta: Int) {
        guard isEnabled else { return }
        let before = currentPage
        currentPage += delta
        if currentPage != before { sendActions(for: .valueChanged) }
    }
}
