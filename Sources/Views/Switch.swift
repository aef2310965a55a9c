import Layers
import Raster

/// An on/off switch (`UISwitch`), as iOS 13 and later draw it: a 51 x 31 rounded track,
/// grey when off and `onTintColor` when on, and a white thumb 27 points across that
/// slides from one end to the other.
///
/// A tap toggles it; dragging the thumb moves it to the side under the pointer, and on
/// release the switch takes that side. `valueChanged` is sent on release, only when the
/// value changed, before `touchUpInside`. While pressed, the thumb widens toward the
/// side it would go to. Space or Return toggles a focused switch.
///
/// The switch draws at 51 x 31 at the top-left of its bounds, whatever its frame, as
/// UIKit's keeps its own size; `sizeToFit()` gives it that size.
@MainActor
open class Switch: Control {
    /// The switch's size in points: UIKit's 51 x 31.
    nonisolated public static let size = Size(width: 51, height: 31)
    /// The thumb's diameter, and its inset from the track's edge.
    nonisolated static let thumbSide = 27.0, thumbInset = 2.0
    /// The thumb's width while pressed. UIKit's is not documented; 34 points is
    /// Vitrine's reading of it.
    nonisolated static let pressedThumbWidth = 34.0
    /// How long the thumb takes to slide, and the track to change colour (Vitrine's
    /// reading of UIKit's, which is a private spring).
    nonisolated public static let animationDuration = 0.25
    /// The opacity of a disabled switch.
    nonisolated public static let disabledOpacity = 0.5

    private var on = false
    /// Whether the switch is on (`isOn`); setting it does not animate and sends nothing.
    public var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    /// The track's colour when on (`onTintColor`); nil, the default, is `Color.systemGreen`.
    public var onTintColor: Color? { didSet { update(animated: false) } }
    /// The thumb's colour (`thumbTintColor`); nil, the default, is white.
    public var thumbTintColor: Color? { didSet { update(animated: false) } }

    private let body = Layer()
    private let track = Layer()
    private let thumb = Layer()
    /// While a drag moves the thumb: the side it is on now.
    private var dragSide: Bool?
    private var dragStart: Point?

    /// A switch, off, at `frame`'s origin.
    public override init(frame: Rect = .zero) {
        super.init(frame: Rect(origin: frame.origin, size: Switch.size))
        layer.addSublayer(body)
        body.addSublayer(track)
        body.addSublayer(thumb)
        Transaction.performWithoutActions {
            body.frame = Rect(x: 0, y: 0, width: Switch.size.width, height: Switch.size.height)
            track.frame = body.frame
            track.cornerRadius = Switch.size.height / 2
            thumb.cornerRadius = Switch.thumbSide / 2
            thumb.applyThumbShadow(drop: 3)
        }
        update(animated: false)
    }

    /// Sets the value (`setOn(_:animated:)`), sliding the thumb when `animated`; sends
    /// nothing, as UIKit's does not.
    public func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        update(animated: animated)
    }

    override open var intrinsicContentSize: Size { Switch.size }
    override open func sizeThatFits(_ size: Size) -> Size { Switch.size }

    /// The track's frame in the switch's coordinates.
    public var trackRect: Rect { Rect(x: 0, y: 0, width: Switch.size.width, height: Switch.size.height) }

    /// The thumb's frame, on the `on` side or the other, pressed (widened) or not.
    public func thumbRect(on: Bool, pressed: Bool) -> Rect {
        let w = pressed ? Switch.pressedThumbWidth : Switch.thumbSide
        let x = on ? Switch.size.width - Switch.thumbInset - w : Switch.thumbInset
        return Rect(x: x, y: Switch.thumbInset, width: w, height: Switch.thumbSide)
    }

    /// The track's colour on the `on` side or the other.
    public func trackColor(on: Bool) -> Color { on ? (onTintColor ?? .systemGreen) : .secondarySystemFill }

    /// Puts the layers where the value, a drag and the press say.
    private func update(animated: Bool) {
        let side = dragSide ?? on
        let pressed = isHighlighted || dragSide != nil
        Transaction.begin()
        Transaction.setDisableActions(!animated)
        Transaction.setAnimationDuration(Switch.animationDuration)
        track.backgroundColor = trackColor(on: side)
        thumb.frame = thumbRect(on: side, pressed: pressed)
        thumb.backgroundColor = thumbTintColor ?? .white
        body.opacityValue = isEnabled ? 1 : Switch.disabledOpacity
        Transaction.commit()
    }

    override open func stateDidChange() { update(animated: true) }

    override open var focusEffect: FocusHaloEffect? {
        FocusHaloEffect(roundedRect: trackRect, cornerRadius: Switch.size.height / 2)
    }

    override open func beginTracking(_ touch: Touch) -> Bool {
        dragStart = touch.location(in: self)
        dragSide = nil
        return true
    }

    /// A move of more than 3 points makes the press a drag: the thumb follows to the
    /// side under the pointer.
    override open func continueTracking(_ touch: Touch) -> Bool {
        let p = touch.location(in: self)
        if dragSide == nil, let s = dragStart, abs(p.x - s.x) <= 3 && abs(p.y - s.y) <= 3 { return true }
        let side = p.x >= Switch.size.width / 2
        if side != dragSide {
            dragSide = side
            update(animated: true)
        }
        return true
    }

    override open func endTracking(_ touch: Touch?) {
        let target: Bool
        if let side = dragSide {
            target = side
        } else if touch.map(isInside) ?? true {
            target = !on
        } else {
            target = on
        }
        dragSide = nil
        dragStart = nil
        let changed = target != on
        on = target
        update(animated: true)
        if changed { sendActions(for: .valueChanged) }
    }

    override open func cancelTracking() {
        dragSide = nil
        dragStart = nil
        update(animated: true)
    }

    // MARK: Accessibility

    /// "1" when on and "0" when off, as UIKit's switch reports, unless a value was given.
    override open var accessibilityValue: String? {
        get { accessibility.value ?? (isOn ? "1" : "0") }
        set { accessibility.value = newValue }
    }

    override var controlTraits: AccessibilityTraits { [.button, .toggleButton] }

    /// Turns the switch over and sends `valueChanged`, as a tap does; false while
    /// disabled.
    override open func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        return true
    }
}
