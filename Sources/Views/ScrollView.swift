import Layers
import Raster

/// A view whose content, its subviews, is larger than it and scrolls (`UIScrollView`):
/// by the wheel, by the keyboard, and to show the focused view. The content offset is
/// the bounds' origin.
///
/// Scroll indicators show as UIKit draws them: thin rounded bars, shown while scrolling
/// and fading out over 0.25 s from 0.5 s after the last scroll, flashed once when the
/// content first does not fit, on each axis the content overflows.
///
/// Keys (when the focused view's chain or the first responder reaches it): the arrows
/// scroll by `lineStep`, Page Up and Page Down by a page less `lineStep` (as do Shift+Space
/// and Space, when no focused control took them), Home and End to the ends.
///
/// Vitrine's scrolling is immediate: there is no deceleration, no rubber-banding and no
/// `animated:` parameter.
@MainActor
open class ScrollView: View {
    /// How far an arrow key scrolls, in points; a page scrolls by the visible size less this.
    public static let lineStep = 40.0
    /// The space kept around a view scrolled into view because it took the focus.
    public static let focusMargin = 8.0

    private let verticalIndicator = ScrollIndicatorLayer()
    private let horizontalIndicator = ScrollIndicatorLayer()
    private var flashed = false

    /// Creates a scroll view; it clips its content to its bounds.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        layer.addSublayer(verticalIndicator)
        layer.addSublayer(horizontalIndicator)
    }

    /// The size of the content, in points (`contentSize`).
    public var contentSize = Size(width: 0, height: 0) {
        didSet {
            if !contentSize.width.isFinite || contentSize.width < 0 { contentSize.width = 0 }
            if !contentSize.height.isFinite || contentSize.height < 0 { contentSize.height = 0 }
            setContentOffset(contentOffset)
            setNeedsLayout()
        }
    }

    /// The point of the content shown at the top left (`contentOffset`), kept within
    /// the content.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue) }
    }

    /// Whether the user can scroll (`isScrollEnabled`).
    public var isScrollEnabled = true
    /// Whether the arrow, page, Home and End keys scroll (`allowsKeyboardScrolling`).
    public var allowsKeyboardScrolling = true
    /// Whether the vertical indicator shows (`showsVerticalScrollIndicator`).
    public var showsVerticalScrollIndicator = true { didSet { placeIndicators() } }
    /// Whether the horizontal indicator shows (`showsHorizontalScrollIndicator`).
    public var showsHorizontalScrollIndicator = true { didSet { placeIndicators() } }

    /// The largest offset on each axis.
    public var maximumContentOffset: Point {
        Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
    }

    /// Sets the offset, kept within the content (`setContentOffset(_:animated:)`, without
    /// animation).
    public func setContentOffset(_ offset: Point) {
        let most = maximumContentOffset
        let x = offset.x.isFinite ? min(max(offset.x, 0), most.x) : bounds.minX
        let y = offset.y.isFinite ? min(max(offset.y, 0), most.y) : bounds.minY
        guard x != bounds.minX || y != bounds.minY else { return }
        var b = bounds
        b.origin = Point(x: x, y: y)
        bounds = b
        placeIndicators()
    }

    /// Scrolls the least that shows a rectangle of the content, or as much of it as fits
    /// from its top left (`scrollRectToVisible(_:animated:)`, without animation); the
    /// indicators show.
    public func scrollRectToVisible(_ rect: Rect) {
        guard rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        var o = contentOffset
        let b = bounds
        if rect.maxX > b.maxX { o.x += rect.maxX - b.maxX }
        if rect.minX < o.x { o.x = rect.minX }
        if rect.maxY > b.maxY { o.y += rect.maxY - b.maxY }
        if rect.minY < o.y { o.y = rect.minY }
        scroll(to: o)
    }

    /// Shows the indicators, then fades them out (`flashScrollIndicators`).
    public func flashScrollIndicators() {
        placeIndicators()
        for (bar, overflows) in [
            (verticalIndicator, overflowsVertically && showsVerticalScrollIndicator),
            (horizontalIndicator, overflowsHorizontally && showsHorizontalScrollIndicator)
        ] {
            bar.removeAnimation(forKey: "fade")
            guard overflows else { continue }
            let fade = KeyframeAnimation(keyPath: "opacity")
            fade.values = [1.0, 1.0, 0.0]
            fade.keyTimes = [0, 0.5 / 0.75, 1]
            fade.duration = 0.75
            bar.add(fade, forKey: "fade")
        }
    }

    /// Scrolls by the user's action: the offset changes and the indicators flash.
    func scroll(to offset: Point) {
        guard isScrollEnabled else { return }
        let before = contentOffset
        setContentOffset(offset)
        if contentOffset != before { flashScrollIndicators() }
    }

    var overflowsVertically: Bool { contentSize.height > bounds.height + 0.5 }
    var overflowsHorizontally: Bool { contentSize.width > bounds.width + 0.5 }

    override open func layoutSubviews() {
        super.layoutSubviews()
        placeIndicators()
        if !flashed && (overflowsVertically || overflowsHorizontally) {
            flashed = true
            flashScrollIndicators()
        }
    }

    override open func scrolled(by delta: Point, at location: Point) {
        scroll(to: Point(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
    }

    /// Places the bars along the right and bottom edges, their lengths and positions
    /// saying how much of the content shows and where.
    private func placeIndicators() {
        let b = bounds
        let t = ScrollIndicatorLayer.thickness
        let inset = ScrollIndicatorLayer.inset
        let both = overflowsVertically && overflowsHorizontally
        func bar(visible: Double, content: Double, offset: Double, track: Double) -> (start: Double, length: Double) {
            guard content > 0, track > 0 else { return (0, 0) }
            let length = min(track, max(ScrollIndicatorLayer.minimumLength, track * visible / content))
            let range = content - visible
            return (range > 0 ? (track - length) * min(max(offset / range, 0), 1) : 0, length)
        }
        verticalIndicator.isHidden = !(overflowsVertically && showsVerticalScrollIndicator)
        horizontalIndicator.isHidden = !(overflowsHorizontally && showsHorizontalScrollIndicator)
        let vTrack = b.height - 2 * inset - (both ? t + inset : 0)
        let v = bar(visible: b.height, content: contentSize.height, offset: b.minY, track: vTrack)
        let vFrame = Rect(
            x: b.maxX - inset - t - 1, y: b.minY + inset + v.start - 1, width: t + 2, height: v.length + 2)
        if verticalIndicator.frame != vFrame { verticalIndicator.frame = vFrame }
        let hTrack = b.width - 2 * inset - (both ? t + inset : 0)
        let h = bar(visible: b.width, content: contentSize.width, offset: b.minX, track: hTrack)
        let hFrame = Rect(
            x: b.minX + inset + h.start - 1, y: b.maxY - inset - t - 1, width: h.length + 2, height: t + 2)
        if horizontalIndicator.frame != hFrame { horizontalIndicator.frame = hFrame }
    }

    // MARK: Keys

    /// A scroll view can be the first responder while it scrolls by keys.
    override open var canBecomeFirstResponder: Bool { allowsKeyboardScrolling }

    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = presses.filter { !scroll(for: $0.key) }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    override open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = presses.filter { !scroll(for: $0.key) }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    /// Scrolls as a key says; false for a key that is not a scrolling key.
    private func scroll(for key: Key) -> Bool {
        guard allowsKeyboardScrolling, isScrollEnabled else { return false }
        let flags = key.modifierFlags.shortcutFlags
        let line = ScrollView.lineStep
        let page = max(line, bounds.height - line)
        let o = contentOffset
        let most = maximumContentOffset
        var to: Point
        switch key.keyCode {
        case .keyboardSpacebar where flags == .shift: to = Point(x: o.x, y: o.y - page)
        case _ where !flags.isEmpty: return false
        case .keyboardUpArrow: to = Point(x: o.x, y: o.y - line)
        case .keyboardDownArrow: to = Point(x: o.x, y: o.y + line)
        case .keyboardLeftArrow: to = Point(x: o.x - line, y: o.y)
        case .keyboardRightArrow: to = Point(x: o.x + line, y: o.y)
        case .keyboardPageUp: to = Point(x: o.x, y: o.y - page)
        case .keyboardPageDown, .keyboardSpacebar: to = Point(x: o.x, y: o.y + page)
        case .keyboardHome: to = Point(x: o.x, y: 0)
        case .keyboardEnd: to = Point(x: o.x, y: most.y)
        default: return false
        }
        scroll(to: to)
        return true
    }
}
