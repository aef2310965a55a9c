import Raster

/// A view that tracks a press and reports what happened as events to targets and
/// closures (`UIControl`). All state handling lives here; subclasses map actions and draw.
@MainActor
open class Control: View {
    /// The state of a control, a bit set (`UIControl.State`); `.normal` is no bit at all.
    public struct State: OptionSet, Hashable, Sendable {
        /// The set's bits.
        public let rawValue: UInt
        /// Creates a state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No bit set.
        public static let normal: State = []
        /// Pressed, with the pointer inside.
        public static let highlighted = State(rawValue: 1)
        /// Not enabled.
        public static let disabled = State(rawValue: 2)
        /// Selected (a checked checkbox).
        public static let selected = State(rawValue: 4)
        /// Focused.
        public static let focused = State(rawValue: 8)
    }

    /// How far outside its bounds, in points, the pointer may go and still count as
    /// inside while tracking (UIKit's 70 points).
    public static let dragTolerance = 70.0

    private var stateBits: State = []
    /// The key pressing the control from the keyboard (Space or Return), while it is held.
    var keyActivation: KeyboardHIDUsage?
    var actionEntries: [ActionEntry] = []
    private var nextActionID = 0

    func makeActionID() -> Int {
        nextActionID += 1
        return nextActionID
    }

    /// Whether the control responds (`isEnabled`): a disabled control is not hit-testable
    /// (touches fall through to what lies beneath) and not highlightable.
    public var isEnabled: Bool {
        get { !stateBits.contains(.disabled) }
        set {
            let was = isEnabled
            if newValue {
                stateBits.remove(.disabled)
            } else {
                stateBits.insert(.disabled)
                stateBits.remove(.highlighted)
            }
            if !newValue && keyActivation != nil { cancelKeyActivation() }
            if was != newValue { stateDidChange() }
        }
    }

    /// Whether the control is pressed with the pointer inside (`isHighlighted`).
    public var isHighlighted: Bool {
        get { stateBits.contains(.highlighted) }
        set {
            let was = isHighlighted
            if newValue && isEnabled { stateBits.insert(.highlighted) } else { stateBits.remove(.highlighted) }
            if was != isHighlighted { stateDidChange() }
        }
    }

    /// Whether the control is selected (`isSelected`).
    public var isSelected: Bool {
        get { stateBits.contains(.selected) }
        set {
            let was = isSelected
            if newValue { stateBits.insert(.selected) } else { stateBits.remove(.selected) }
            if was != newValue { stateDidChange() }
        }
    }

    /// The state bits (`state`).
    public var state: State { stateBits }

    /// Sets or clears the `.focused` bit, as the root moves the focus.
    func setFocused(_ focused: Bool) {
        guard focused != stateBits.contains(.focused) else { return }
        if focused { stateBits.insert(.focused) } else { stateBits.remove(.focused) }
        if !focused && keyActivation != nil { cancelKeyActivation() }
        stateDidChange()
    }

    /// An enabled control can take the focus.
    override open var canBecomeFocused: Bool { isEnabled }

    /// The pointing hand, unless set otherwise; a disabled control takes no pointer, so
    /// the view beneath says.
    override open var cursor: Cursor? {
        get { super.cursor ?? .pointingHand }
        set { super.cursor = newValue }
    }

    /// Whether a press is being tracked (`isTracking`).
    public private(set) var isTracking = false
    /// Whether the tracked pointer is inside the grown bounds (`isTouchInside`).
    public private(set) var isTouchInside = false

    /// Called when a state bit changes; the default redraws.
    open func stateDidChange() { setNeedsDisplay() }

    override open var acceptsTouches: Bool { super.acceptsTouches && isEnabled }

    // MARK: Tracking hooks

    /// Whether to track a press that began (`beginTracking(_:with:)`); default true.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    /// Whether to go on tracking after a move (`continueTracking(_:with:)`); default true.
    open func continueTracking(_ touch: Touch) -> Bool { true }
    /// The press ended (`endTracking(_:with:)`), before the touch-up events are sent:
    /// `touch` is nil when Space or Return made the press.
    open func endTracking(_ touch: Touch?) {}
    /// The press was cancelled (`cancelTracking(with:)`).
    open func cancelTracking() {}

    /// Whether the primary action follows a touch-up-inside (buttons).
    open var triggersPrimaryActionOnTouchUpInside: Bool { false }

    func isInside(_ touch: Touch) -> Bool {
        let t = Control.dragTolerance
        return bounds.insetBy(dx: -t, dy: -t).contains(touch.location(in: self))
    }

    /// The buttons whose presses the control tracks; default `.primary`, as UIKit's
    /// `buttonMask`: a right or middle click does nothing to a button or a checkbox.
    public var buttonMask: ButtonMask = .primary

    // MARK: Keys

    /// Space and Return on the focused control press it as a click would: the key going
    /// down highlights it and sends `touchDown`, the key going up sends what a click's
    /// release inside sends (a checkbox toggles first) and `primaryActionTriggered`.
    /// Escape while the key is held cancels the press (`touchCancel`). Other keys go on
    /// up the chain.
    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = takeBegan(presses)
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// A held Space or Return does not activate again as it repeats.
    override open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = presses.filter { !Control.isActivationKey($0.key) }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    override open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = takeEnded(presses)
        if !rest.isEmpty { super.pressesEnded(rest, with: event) }
    }

    override open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = takeCancelled(presses)
        if !rest.isEmpty { super.pressesCancelled(rest, with: event) }
    }

    // MARK: Touches

    override open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        guard isEnabled, keyActivation == nil, buttonMask.contains(touch.buttonMask), !touch.buttonMask.isEmpty,
            beginTracking(touch)
        else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    override open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        guard isTracking else { return }
        guard continueTracking(touch) else {
            isTracking = false
            return
        }
        let inside = isInside(touch)
        let changed = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if changed { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }

    override open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        guard isTracking else { return }
        let inside = isInside(touch)
        if inside != isTouchInside {
            isTouchInside = inside
            sendActions(for: inside ? .touchDragEnter : .touchDragExit)
        }
        endTracking(touch)
        if inside {
            sendActions(for: .touchUpInside)
            if triggersPrimaryActionOnTouchUpInside { sendActions(for: .primaryActionTriggered) }
        } else {
            sendActions(for: .touchUpOutside)
        }
        isTracking = false
        isHighlighted = false
    }

    override open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard isTracking else { return }
        isTracking = false
        cancelTracking()
        isHighlighted = false
        sendActions(for: .touchCancel)
    }

    // MARK: Accessibility

    /// Controls are accessibility elements unless told otherwise.
    override open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { accessibility.isElement = newValue }
    }

    /// The control's kind (`controlTraits`), with `notEnabled` while disabled and
    /// `selected` while selected, as UIKit's controls report them.
    override open var accessibilityTraits: AccessibilityTraits {
        get {
            var t = accessibility.traits ?? controlTraits
            if !isEnabled { t.insert(.notEnabled) }
            if isSelected { t.insert(.selected) }
            return t
        }
        set { accessibility.traits = newValue }
    }

    /// The traits of this kind of control, before its state is added.
    var controlTraits: AccessibilityTraits { .none }
}

extension Control {
    /// Whether a key activates the focused control: Space or Return (or the keypad's
    /// Enter) with no modifier but Shift.
    static func isActivationKey(_ key: Key) -> Bool {
        [.keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter].contains(key.keyCode)
            && key.modifierFlags.shortcutFlags.subtracting(.shift).isEmpty
    }
}
