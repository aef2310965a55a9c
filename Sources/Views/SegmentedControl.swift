import Layers
import Raster
import Text

/// A row of segments of which one is selected (`UISegmentedControl`), as iOS 13 and
/// later draw it: a rounded grey background (`Color.tertiarySystemFill`, radius 8), the
/// selected segment on a white card inset 2 points with a soft shadow, 1-point
/// separators between unselected segments, titles at 13 points, bold when selected.
///
/// A click on a segment selects it on release; dragging the selected card across the
/// control moves the selection with the pointer. `valueChanged` is sent when the
/// selection changes. With `isMomentary` a segment only highlights while pressed, and
/// `selectedSegmentIndex` tells which was clicked during `valueChanged`. The arrow keys
/// move a focused control's selection (without wrapping); in momentary mode they choose
/// the segment, and Space or Return sends `valueChanged` for it again.
@MainActor
open class SegmentedControl: Control {
    /// No segment selected (`UISegmentedControl.noSegment`).
    nonisolated public static let noSegment = -1
    /// The natural height.
    nonisolated public static let height = 32.0
    /// The room on each side of a segment's title or image (Vitrine's reading of UIKit's).
    nonisolated static let padding = 12.0
    /// How long the selection takes to slide.
    nonisolated public static let animationDuration = 0.25

    /// One segment's content and settings.
    struct Segment {
        var title: String?
        var image: Image?
        var enabled = true
        /// A width set by `setWidth(_:forSegmentAt:)`; 0 for automatic.
        var width = 0.0
    }

    private var segments: [Segment] = []
    private var selected = SegmentedControl.noSegment
    /// While a press is tracked: the segment under the pointer, and whether the press
    /// began on the selected segment (a drag then moves the selection).
    private var pressed: Int?
    private var draggingSelection = false
    /// The segments' accessibility elements, kept so that their ids stay the same.
    private var segmentElements: [SegmentElement] = []

    /// The index of the selected segment, or `noSegment` (`selectedSegmentIndex`);
    /// setting it does not animate and sends nothing. An index out of range is `noSegment`.
    public var selectedSegmentIndex: Int {
        get { selected }
        set { select(newValue, animated: false) }
    }
    /// Whether segments only highlight when pressed and stay unselected (`isMomentary`).
    public var isMomentary = false { didSet { update(animated: false) } }
    /// Whether segments are as wide as their content rather than equal
    /// (`apportionsSegmentWidthsByContent`).
    public var apportionsSegmentWidthsByContent = false { didSet { update(animated: false) } }
    /// The selected segment's card colour (`selectedSegmentTintColor`); nil, the default,
    /// is white.
    public var selectedSegmentTintColor: Color? { didSet { update(animated: false) } }
    /// The titles' font and the selected one's.
    let font: Font?, selectedFont: Font?

    private let card = Layer()
    private let labels: SegmentLabels

    /// A control with a segment for each of `items`: a `String` makes a titled segment,
    /// an `Image` an image segment; other values are left out (`init(items:)`).
    public init(items: [Any] = [], frame: Rect = .zero) {
        font = try? Font.system(size: 13)
        selectedFont = try? Font.system(size: 13, weight: .bold)
        labels = SegmentLabels()
        super.init(frame: frame)
        for item in items {
            if let t = item as? String { segments.append(Segment(title: t)) }
            if let i = item as? Image { segments.append(Segment(image: i)) }
        }
        labels.control = self
        labels.isUserInteractionEnabled = false
        layer.cornerRadius = 8
        layer.backgroundColor = .tertiarySystemFill
        layer.insertSublayer(card, at: 0)
        _ = addSubview(labels)
        Transaction.performWithoutActions {
            card.cornerRadius = 7
            card.shadowColor = .black
            card.shadowOpacity = 0.12
            card.shadowOffset = Size(width: 0, height: 3)
            card.shadowRadius = 4
        }
        update(animated: false)
    }

    /// A control with no segments at `frame`.
    public override convenience init(frame: Rect) { self.init(items: [], frame: frame) }

    // MARK: Segments

    /// How many segments there are (`numberOfSegments`).
    public var numberOfSegments: Int { segments.count }

    /// Inserts a titled segment at `index`, clamped (`insertSegment(withTitle:at:animated:)`).
    public func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
        insert(Segment(title: title), at: index, animated: animated)
    }

    /// Inserts an image segment at `index`, clamped (`insertSegment(with:at:animated:)`).
    public func insertSegment(with image: Image?, at index: Int, animated: Bool) {
        insert(Segment(image: image), at: index, animated: animated)
    }

    private func insert(_ segment: Segment, at index: Int, animated: Bool) {
        let i = min(max(index, 0), segments.count)
        segments.insert(segment, at: i)
        if selected >= i && selected != SegmentedControl.noSegment { selected += 1 }
        changed(animated: animated)
    }

    /// Removes the segment at `index` (`removeSegment(at:animated:)`); the selection is
    /// lost if it was that segment. An index out of range does nothing.
    public func removeSegment(at index: Int, animated: Bool) {
        guard segments.indices.contains(index) else { return }
        segments.remove(at: index)
        if selected == index { selected = SegmentedControl.noSegment } else if selected > index { selected -= 1 }
        changed(animated: animated)
    }

    /// Removes every segment (`removeAllSegments()`).
    public func removeAllSegments() {
        segments = []
        selected = SegmentedControl.noSegment
        changed(animated: false)
    }

    /// Sets a segment's title (`setTitle(_:forSegmentAt:)`).
    public func setTitle(_ title: String?, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].title = title
        changed(animated: false)
    }

    /// A segment's title (`titleForSegment(at:)`).
    public func titleForSegment(at index: Int) -> String? {
        segments.indices.contains(index) ? segments[index].title : nil
    }

    /// Sets a segment's image (`setImage(_:forSegmentAt:)`).
    public func setImage(_ image: Image?, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].image = image
        changed(animated: false)
    }

    /// A segment's image (`imageForSegment(at:)`).
    public func imageForSegment(at index: Int) -> Image? {
        segments.indices.contains(index) ? segments[index].image : nil
    }

    /// Enables or disables one segment (`setEnabled(_:forSegmentAt:)`): a disabled one
    /// cannot be selected and draws its title faded.
    public func setEnabled(_ enabled: Bool, forSegmentAt index: Int) {
        guard segments.indices.contains(index) else { return }
        segments[index].enabled = enabled
        changed(animated: false)
    }

    /// Whether a segment is enabled (`isEnabledForSegment(at:)`).
    public func isEnabledForSegment(at index: Int) -> Bool {
        segments.indices.contains(index) && segments[index].enabled
    }

    /// Fixes a segment's width; 0 goes back to automatic (`setWidth(_:forSegmentAt:)`).
    public func setWidth(_ width: Double, forSegmentAt index: Int) {
        guard segments.indices.contains(index), width.isFinite else { return }
        segments[index].width = max(0, width)
        changed(animated: false)
    }

    /// A segment's fixed width, 0 when automatic (`widthForSegment(at:)`).
    public func widthForSegment(at index: Int) -> Double {
        segments.indices.contains(index) ? segments[index].width : 0
    }

    private func changed(animated: Bool) {
        invalidateIntrinsicContentSize()
        update(animated: animated)
    }

    private func select(_ index: Int, animated: Bool) {
        selected = segments.indices.contains(index) ? index : SegmentedControl.noSegment
        update(animated: animated)
    }

    // MARK: Geometry

    /// The width a segment's content needs, padding included.
    func contentWidth(_ i: Int) -> Double {
        let s = segments[i]
        var w = 0.0
        if let t = s.title, let f = selectedFont { w = f.advance(of: t) }
        if let image = s.image { w = max(w, image.size.width) }
        return w + 2 * SegmentedControl.padding
    }

    /// As wide as the segments need (each as the widest, unless apportioned), 32 high.
    override open var intrinsicContentSize: Size {
        guard !segments.isEmpty else { return Size(width: 0, height: SegmentedControl.height) }
        let widths = segments.indices.map { segments[$0].width > 0 ? segments[$0].width : contentWidth($0) }
        let total =
            apportionsSegmentWidthsByContent ? widths.reduce(0, +) : (widths.max() ?? 0) * Double(segments.count)
        return Size(width: total.rounded(.up), height: SegmentedControl.height)
    }

    override open func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// Each segment's frame: fixed widths kept, the rest of the bounds shared equally,
    /// or in proportion to their content when `apportionsSegmentWidthsByContent`.
    public var segmentFrames: [Rect] {
        let b = bounds.standardized
        guard !segments.isEmpty else { return [] }
        let fixed = segments.map(\.width)
        let free = max(0, b.width - fixed.reduce(0, +))
        let automatic = segments.indices.filter { fixed[$0] == 0 }
        let weights = automatic.map { apportionsSegmentWidthsByContent ? contentWidth($0) : 1 }
        let sum = weights.reduce(0, +)
        var widths = fixed
        for (k, i) in automatic.enumerated() { widths[i] = sum > 0 ? free * weights[k] / sum : 0 }
        var x = b.minX
        return widths.map { w in
            defer { x += w }
            return Rect(x: x, y: b.minY, width: w, height: b.height)
        }
    }

    /// The segment under `point`, in the control's coordinates (clamped to the ends
    /// horizontally); nil without segments.
    func segment(at point: Point) -> Int? {
        let frames = segmentFrames
        guard !frames.isEmpty else { return nil }
        return frames.firstIndex { point.x < $0.maxX } ?? frames.count - 1
    }

    /// The selected card's frame for a segment: the segment inset 2 points.
    public func cardRect(for index: Int) -> Rect {
        let frames = segmentFrames
        guard frames.indices.contains(index) else { return .null }
        return frames[index].insetBy(dx: 2, dy: 2)
    }

    override open func boundsDidChange() { update(animated: false) }

    private func update(animated: Bool) {
        let shown = isMomentary ? (pressed ?? SegmentedControl.noSegment) : selected
        Transaction.begin()
        Transaction.setDisableActions(!animated)
        Transaction.setAnimationDuration(SegmentedControl.animationDuration)
        if segments.indices.contains(shown) {
            card.frame = cardRect(for: shown)
            card.opacity = 1
        } else {
            card.opacity = 0
        }
        card.backgroundColor = selectedSegmentTintColor ?? .white
        layer.opacity = isEnabled ? 1 : 0.5
        Transaction.commit()
        labels.frame = bounds
        labels.setNeedsDisplay()
    }

    override open func stateDidChange() { update(animated: true) }

    // MARK: Tracking

    override open func beginTracking(_ touch: Touch) -> Bool {
        guard let i = segment(at: touch.location(in: self)), segments[i].enabled else { return false }
        pressed = i
        draggingSelection = !isMomentary && i == selected
        update(animated: true)
        return true
    }

    override open func continueTracking(_ touch: Touch) -> Bool {
        guard let i = segment(at: touch.location(in: self)) else { return true }
        if draggingSelection {
            if i != selected && segments[i].enabled {
                selected = i
                update(animated: true)
                sendActions(for: .valueChanged)
            }
        } else if i != pressed {
            pressed = segments[i].enabled ? i : nil
            update(animated: true)
        }
        return true
    }

    override open func endTracking(_ touch: Touch?) {
        // Space or Return on a focused momentary control: the segment last chosen (the
        // first enabled one at the start) is chosen again.
        if touch == nil {
            if isMomentary,
                let i = segments.indices.contains(selected) ? selected : segments.firstIndex(where: \.enabled)
            {
                selected = i
                sendActions(for: .valueChanged)
            }
            return
        }
        defer {
            pressed = nil
            draggingSelection = false
            update(animated: true)
        }
        guard let touch, let i = pressed, isInside(touch), !draggingSelection else { return }
        if isMomentary {
            selected = i
            sendActions(for: .valueChanged)
        } else if i != selected {
            selected = i
            sendActions(for: .valueChanged)
        }
    }

    override open func cancelTracking() {
        pressed = nil
        draggingSelection = false
        update(animated: true)
    }

    // MARK: Accessibility

    /// Not an element itself: its segments are, as in UIKit.
    override open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? false }
        set { accessibility.isElement = newValue }
    }

    /// One element per segment (unless elements were given): its title as label, the
    /// button trait, `selected` on the selected one and `notEnabled` on a disabled one;
    /// activating it chooses the segment as a click does.
    override open var accessibilityElements: [Any]? {
        get {
            if let given = accessibility.elements { return given }
            while segmentElements.count < segments.count { segmentElements.append(SegmentElement(control: self)) }
            segmentElements.removeLast(segmentElements.count - segments.count)
            for (i, e) in segmentElements.enumerated() { e.index = i }
            return segmentElements
        }
        set { accessibility.elements = newValue }
    }

    /// Chooses a segment as a click on it does (sending `valueChanged` when the selection
    /// changes, or always when momentary); false when it or the control is disabled.
    func choose(segment i: Int) -> Bool {
        guard isEnabled, segments.indices.contains(i), segments[i].enabled else { return false }
        if isMomentary || i != selected {
            selected = i
            update(animated: true)
            sendActions(for: .valueChanged)
        }
        return true
    }

    // MARK: Keys

    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for p in presses where !move(for: p.key) { rest.insert(p) }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// Moves the selection for Left or Right to the next enabled segment; false for any
    /// other key.
    private func move(for key: Key) -> Bool {
        guard isEnabled, isFocused, key.modifierFlags.shortcutFlags.isEmpty else { return false }
        let step: Int
        switch key.keyCode {
        case .keyboardLeftArrow: step = -1
        case .keyboardRightArrow: step = 1
        default: return false
        }
        var i = selected == SegmentedControl.noSegment ? (step > 0 ? -1 : segments.count) : selected
        repeat { i += step } while segments.indices.contains(i) && !segments[i].enabled
        if segments.indices.contains(i) && i != selected {
            select(i, animated: true)
            sendActions(for: .valueChanged)
        }
        return true
    }

    override open var focusEffect: FocusHaloEffect? { FocusHaloEffect(roundedRect: bounds, cornerRadius: 8) }

    /// The hand over an enabled segment; over a disabled one, the superview's cursor.
    override open func cursor(at point: Point) -> Cursor? {
        guard let i = segment(at: point), segments[i].enabled else { return nil }
        return cursor
    }

    /// Draws the titles, images and separators over the card.
    func drawSegments(in context: Context) {
        let frames = segmentFrames
        let shown = isMomentary ? (pressed ?? SegmentedControl.noSegment) : selected
        // Separators between neighbours, left out beside the selected card.
        context.setFillColor(Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29))
        for i in 1..<max(1, frames.count) where i != shown && i - 1 != shown {
            context.fill(
                Rect(x: frames[i].minX - 0.5, y: frames[i].minY + 8, width: 1, height: max(0, frames[i].height - 16)))
        }
        for (i, s) in segments.enumerated() {
            let f = frames[i]
            let alpha = s.enabled ? 1.0 : 0.3
            if let image = s.image {
                let r = Rect(
                    x: f.midX - image.size.width / 2, y: f.midY - image.size.height / 2,
                    width: image.size.width, height: image.size.height)
                context.saveGState()
                context.alpha = alpha
                context.draw(image.surface, in: r)
                context.restoreGState()
            } else if let t = s.title, let font = i == shown ? selectedFont : font {
                let w = font.advance(of: t)
                let r = Rect(
                    x: max(f.minX + 4, f.midX - w / 2), y: f.midY - font.lineHeight / 2,
                    width: max(0, min(w, f.width - 8)), height: font.lineHeight)
                context.draw(
                    t, in: r, font: font, color: Color(white: 0, alpha: alpha), lineBreak: .truncateTail, maxLines: 1)
            }
        }
    }
}

/// The view over a segmented control's card that draws its segments' titles.
@MainActor
final class SegmentLabels: View {
    weak var control: SegmentedControl?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    override func draw(_ rect: Rect) {
        if let context = GraphicsGetCurrentContext() { control?.drawSegments(in: context) }
    }
}
