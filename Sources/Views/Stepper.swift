import Layers
import Raster

/// Two buttons that step a value down and up (`UIStepper`), as iOS 13 and later draw
/// it: 94 x 32, two halves on `Color.tertiarySystemFill` with radius 8 and a separator,
/// a minus and a plus. A half whose step would leave the range is disabled, unless the
/// value `wraps`.
///
/// A press on a half steps once at once; held, it steps again after 0.5 s, then every
/// 0.1 s (`autorepeat`, Vitrine's reading of UIKit's pace), on the animation clock.
/// `valueChanged` follows each step when `isContinuous`, else once on release. Up and
/// Right step a focused stepper up, Down and Left down, and a held key repeats.
@MainActor
open class Stepper: Control {
    /// The stepper's size.
    nonisolated public static let size = Size(width: 94, height: 32)
    /// The delay before the first repeat, and between the later ones.
    nonisolated public static let repeatDelay = 0.5, repeatInterval = 0.1

    private var storedValue = 0.0
    /// The value (`value`), kept within `minimumValue...maximumValue`; setting it sends
    /// nothing. NaN is ignored.
    public var value: Double {
        get { storedValue }
        set {
            guard !newValue.isNaN else { return }
            storedValue = min(max(newValue, minimumValue), maximumValue)
            setNeedsDisplay()
        }
    }
    /// The least value (`minimumValue`); default 0.
    public var minimumValue = 0.0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }
    /// The greatest value (`maximumValue`); default 100.
    public var maximumValue = 100.0 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }
    /// The step (`stepValue`); default 1; values that are not positive are ignored.
    public var stepValue = 1.0 {
        didSet { if !(stepValue > 0) || !stepValue.isFinite { stepValue = oldValue } }
    }
    /// Whether stepping past an end goes round to the other (`wraps`); default false.
    public var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether a held half repeats (`autorepeat`); default true.
    public var autorepeat = true
    /// Whether `valueChanged` is sent at each step or once at the end (`isContinuous`).
    public var isContinuous = true

    /// The half being pressed: -1 the minus, 1 the plus.
    private var pressedHalf: Int?
    private var valueAtPress = 0.0
    /// The autorepeat's next step, on the animation clock.
    private var repeatTimer: GestureTimer?

    /// A stepper at 0 of 0...100, at `frame`'s origin.
    public override init(frame: Rect = .zero) {
        super.init(frame: Rect(origin: frame.origin, size: Stepper.size))
        isOpaque = false
        contentMode = .redraw
    }

    override open var intrinsicContentSize: Size { Stepper.size }
    override open func sizeThatFits(_ size: Size) -> Size { Stepper.size }

    /// The minus half's frame.
    public var decrementRect: Rect { Rect(x: 0, y: 0, width: Stepper.size.width / 2, height: Stepper.size.height) }
    /// The plus half's frame.
    public var incrementRect: Rect {
        Rect(x: Stepper.size.width / 2, y: 0, width: Stepper.size.width / 2, height: Stepper.size.height)
    }

    /// Whether a half can step: +1 the plus, -1 the minus.
    public func canStep(_ direction: Int) -> Bool {
        guard isEnabled else { return false }
        if wraps { return true }
        return direction > 0 ? storedValue < maximumValue : storedValue > minimumValue
    }

    /// Steps once in `direction`; true when the value changed.
    @discardableResult
    func step(_ direction: Int) -> Bool {
        guard canStep(direction) else { return false }
        var next = storedValue + Double(direction) * stepValue
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        let before = storedValue
        value = next
        return storedValue != before
    }

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        let track = Path(
            roundedRect: Rect(x: 0, y: 0, width: Stepper.size.width, height: Stepper.size.height), cornerRadius: 8)
        context.saveGState()
        context.alpha = isEnabled ? 1 : 0.5
        context.setFillColor(.tertiarySystemFill)
        context.fill(track)
        if let half = pressedHalf, isHighlighted {
            context.saveGState()
            context.clip(to: track)
            context.setFillColor(Color(white: 0, alpha: 0.08))
            context.fill(half < 0 ? decrementRect : incrementRect)
            context.restoreGState()
        }
        // The separator, 1 point wide, 18 high.
        context.setFillColor(Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29))
        context.fill(Rect(x: Stepper.size.width / 2 - 0.5, y: 7, width: 1, height: 18))
        // The glyphs: lines 14 long and 1.5 thick, centred in their halves.
        for (half, direction) in [(decrementRect, -1), (incrementRect, 1)] {
            context.setFillColor(Color(white: 0, alpha: canStep(direction) ? 1 : 0.25))
            context.fill(Rect(x: half.midX - 7, y: half.midY - 0.75, width: 14, height: 1.5))
            if direction > 0 { context.fill(Rect(x: half.midX - 0.75, y: half.midY - 7, width: 1.5, height: 14)) }
        }
        context.restoreGState()
    }

    /// The hand over a half that can step; over one at its end, the superview's cursor.
    override open func cursor(at point: Point) -> Cursor? {
        canStep(point.x < Stepper.size.width / 2 ? -1 : 1) ? cursor : nil
    }

    // MARK: Tracking

    override open func beginTracking(_ touch: Touch) -> Bool {
        let p = touch.location(in: self)
        let direction = p.x < Stepper.size.width / 2 ? -1 : 1
        guard canStep(direction) else { return false }
        pressedHalf = direction
        valueAtPress = storedValue
        if step(direction) && isContinuous { sendActions(for: .valueChanged) }
        if autorepeat { scheduleRepeat(after: Stepper.repeatDelay) }
        return true
    }

    /// Steps again as the repeat ticks, while the half is held with the pointer on it.
    func repeatStep() {
        guard let direction = pressedHalf else { return }
        if isHighlighted, step(direction), isContinuous { sendActions(for: .valueChanged) }
        scheduleRepeat(after: Stepper.repeatInterval)
    }

    private func scheduleRepeat(after delay: Double) {
        repeatTimer?.cancel()
        repeatTimer = GestureTimer(after: delay) { [weak self] in self?.repeatStep() }
    }

    private func stopRepeat() {
        repeatTimer?.cancel()
        repeatTimer = nil
    }

    override open func endTracking(_ touch: Touch?) {
        stopRepeat()
        if !isContinuous && storedValue != valueAtPress { sendActions(for: .valueChanged) }
        pressedHalf = nil
        setNeedsDisplay()
    }

    override open func cancelTracking() {
        stopRepeat()
        pressedHalf = nil
        setNeedsDisplay()
    }

    // MARK: Keys

    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for p in presses where !keyStep(p.key) { rest.insert(p) }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    override open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for p in presses where !keyStep(p.key) { rest.insert(p) }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    private func keyStep(_ key: Key) -> Bool {
        guard isEnabled, isFocused, key.modifierFlags.shortcutFlags.isEmpty else { return false }
        let direction: Int
        switch key.keyCode {
        case .keyboardUpArrow, .keyboardRightArrow: direction = 1
        case .keyboardDownArrow, .keyboardLeftArrow: direction = -1
        default: return false
        }
        if step(direction) { sendActions(for: .valueChanged) }
        return true
    }

    // MARK: Accessibility

    override var controlTraits: AccessibilityTraits { .adjustable }

    /// The value as a number ("3", "2.5"), unless a value was given. UIKit's stepper
    /// shows its two buttons as elements instead; here the stepper is one adjustable
    /// element, as a spin button is on the desktop.
    override open var accessibilityValue: String? {
        get {
            if let v = accessibility.value { return v }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        set { accessibility.value = newValue }
    }

    /// Steps the value up by `stepValue` and sends `valueChanged`.
    override open func accessibilityIncrement() { step(by: stepValue) }

    /// Steps the value down by `stepValue` and sends `valueChanged`.
    override open func accessibilityDecrement() { step(by: -stepValue) }

    private func step(by delta: Double) {
        guard isEnabled else { return }
        let before = value
        value += delta
        if value != before { sendActions(for: .valueChanged) }
    }
}
