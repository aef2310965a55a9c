import Layers
import Raster

/// A control that picks a value in a range by dragging a thumb along a track
/// (`UISlider`), as iOS 13 and later draw it: a track 4 points high, `tintColor` on the
/// minimum side of the thumb and `Color.systemFill` on the other, and a white thumb 28
/// points across.
///
/// As in UIKit, a drag must begin on the thumb (its frame grown by 8 points, Vitrine's
/// reading of UIKit's margin): a press elsewhere on the track does not move it. While
/// dragging, the value follows the pointer, keeping where on the thumb it was pressed;
/// `valueChanged` is sent at each change when `isContinuous`, else once on release.
/// A focused slider moves by a tenth of its range with the arrow keys, a quarter with
/// Page Up and Page Down, and to its ends with Home and End.
@MainActor
open class Slider: Control {
    /// The thumb's diameter.
    nonisolated public static let thumbSide = 28.0
    /// The track's height.
    nonisolated public static let trackHeight = 4.0
    /// The slider's natural height (UIKit's 31 points for its default thumb).
    nonisolated public static let height = 31.0
    /// The room between a value image and the track (Vitrine's reading).
    nonisolated static let imageSpacing = 8.0
    /// How far outside the thumb a press still grabs it (Vitrine's reading).
    nonisolated static let thumbMargin = 8.0

    private var storedValue: Float = 0
    /// The value, always within `minimumValue...maximumValue` (`value`); setting it does
    /// not animate and sends nothing.
    public var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The least value (`minimumValue`); default 0. Raising it above the maximum raises
    /// the maximum too.
    public var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// The greatest value (`maximumValue`); default 1. Lowering it below the minimum
    /// lowers the minimum too.
    public var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// Whether `valueChanged` is sent during a drag or only at its end (`isContinuous`);
    /// default true.
    public var isContinuous = true
    /// The track's colour on the minimum side (`minimumTrackTintColor`); nil, the
    /// default, is the `tintColor`.
    public var minimumTrackTintColor: Color? { didSet { update(animated: false) } }
    /// The track's colour on the maximum side (`maximumTrackTintColor`); nil, the
    /// default, is `Color.systemFill`.
    public var maximumTrackTintColor: Color? { didSet { update(animated: false) } }
    /// The thumb's colour (`thumbTintColor`); nil, the default, is white.
    public var thumbTintColor: Color? { didSet { update(animated: false) } }
    /// An image before the minimum end of the track (`minimumValueImage`).
    public var minimumValueImage: Image? { didSet { update(animated: false) } }
    /// An image after the maximum end of the track (`maximumValueImage`).
    public var maximumValueImage: Image? { didSet { update(animated: false) } }
    private var thumbImages: [UInt: Image] = [:]

    private let minimumTrack = Layer()
    private let maximumTrack = Layer()
    private let thumb = Layer()
    private let minimumImageLayer = Layer()
    private let maximumImageLayer = Layer()
    /// While dragging: the pointer's distance from the thumb's centre when pressed.
    private var grabOffset = 0.0
    private var valueAtPress: Float = 0

    /// A slider at 0 of 0...1.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for l in [minimumImageLayer, maximumImageLayer, maximumTrack, minimumTrack, thumb] { layer.addSublayer(l) }
        Transaction.performWithoutActions {
            minimumTrack.cornerRadius = Slider.trackHeight / 2
            maximumTrack.cornerRadius = Slider.trackHeight / 2
            thumb.applyThumbShadow(drop: 2)
        }
        update(animated: false)
    }

    /// Sets the value, clamped to the range (`setValue(_:animated:)`), sliding the thumb
    /// when `animated`; sends nothing. NaN is ignored.
    public func setValue(_ value: Float, animated: Bool) {
        guard !value.isNaN else { return }
        storedValue = min(max(value, minimumValue), maximumValue)
        update(animated: animated)
    }

    /// Sets the thumb's image for a state (`setThumbImage(_:for:)`); nil goes back to the
    /// white circle.
    public func setThumbImage(_ image: Image?, for state: State) {
        thumbImages[state.rawValue] = image
        update(animated: false)
    }

    /// The thumb's image for a state, if set (`thumbImage(for:)`).
    public func thumbImage(for state: State) -> Image? { thumbImages[state.rawValue] }

    /// The thumb's image shown now: the state's, else the normal one's (`currentThumbImage`).
    public var currentThumbImage: Image? { thumbImages[state.rawValue] ?? thumbImages[State.normal.rawValue] }

    override open var intrinsicContentSize: Size {
        let thumbHeight = currentThumbImage?.size.height ?? Slider.thumbSide
        let images = [minimumValueImage, maximumValueImage].compactMap { $0?.size.height }
        return Size(width: View.noIntrinsicMetric, height: max(Slider.height, thumbHeight, images.max() ?? 0))
    }

    override open func sizeThatFits(_ size: Size) -> Size {
        Size(width: bounds.width, height: intrinsicContentSize.height)
    }

    // MARK: Geometry (UIKit's override points)

    /// Where the minimum value image goes (`minimumValueImageRect(forBounds:)`): at the
    /// leading end, centred vertically; empty without an image.
    open func minimumValueImageRect(forBounds bounds: Rect) -> Rect {
        guard let s = minimumValueImage?.size else { return Rect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        return Rect(x: bounds.minX, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
    }

    /// Where the maximum value image goes (`maximumValueImageRect(forBounds:)`).
    open func maximumValueImageRect(forBounds bounds: Rect) -> Rect {
        guard let s = maximumValueImage?.size else { return Rect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
        return Rect(x: bounds.maxX - s.width, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
    }

    /// The track (`trackRect(forBounds:)`): between the value images, 4 points high,
    /// centred vertically.
    open func trackRect(forBounds bounds: Rect) -> Rect {
        let lo =
            minimumValueImage == nil ? bounds.minX : minimumValueImageRect(forBounds: bounds).maxX + Slider.imageSpacing
        let hi =
            maximumValueImage == nil ? bounds.maxX : maximumValueImageRect(forBounds: bounds).minX - Slider.imageSpacing
        return Rect(x: lo, y: bounds.midY - Slider.trackHeight / 2, width: max(0, hi - lo), height: Slider.trackHeight)
    }

    /// The thumb for `value` (`thumbRect(forBounds:trackRect:value:)`): its edges on the
    /// track's ends at the minimum and the maximum, centred vertically.
    open func thumbRect(forBounds bounds: Rect, trackRect rect: Rect, value: Float) -> Rect {
        let size = currentThumbImage?.size ?? Size(width: Slider.thumbSide, height: Slider.thumbSide)
        let x = rect.minX + (rect.width - size.width) * fraction(of: value)
        return Rect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where `value` lies in the range, 0...1.
    private func fraction(of value: Float) -> Double {
        let range = Double(maximumValue) - Double(minimumValue)
        return range > 0 ? min(max((Double(value) - Double(minimumValue)) / range, 0), 1) : 0
    }

    override open func boundsDidChange() { update(animated: false) }
    override open func tintColorDidChange() { update(animated: false) }
    override open func stateDidChange() { update(animated: false) }

    /// Puts the layers where the value says.
    private func update(animated: Bool) {
        let b = bounds
        let track = trackRect(forBounds: b)
        let thumbFrame = thumbRect(forBounds: b, trackRect: track, value: storedValue)
        Transaction.begin()
        Transaction.setDisableActions(!animated)
        minimumTrack.frame = Rect(
            x: track.minX, y: track.minY, width: max(0, thumbFrame.midX - track.minX), height: track.height)
        maximumTrack.frame = Rect(
            x: thumbFrame.midX, y: track.minY, width: max(0, track.maxX - thumbFrame.midX),
            height: track.height)
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.frame = thumbFrame
        if let image = currentThumbImage {
            thumb.contents = image
            thumb.backgroundColor = nil
            thumb.cornerRadius = 0
            thumb.shadowOpacity = 0
        } else {
            thumb.contents = nil
            thumb.backgroundColor = thumbTintColor ?? .white
            thumb.cornerRadius = thumbFrame.height / 2
            thumb.shadowOpacity = 0.2
        }
        minimumImageLayer.frame = minimumValueImageRect(forBounds: b)
        minimumImageLayer.contents = minimumValueImage
        maximumImageLayer.frame = maximumValueImageRect(forBounds: b)
        maximumImageLayer.contents = maximumValueImage
        layer.opacity = isEnabled ? 1 : 0.5
        Transaction.commit()
    }

    /// The hand over the thumb (grown by the margin a press may miss it by), where a
    /// press does something; elsewhere the superview's cursor.
    override open func cursor(at point: Point) -> Cursor? {
        let t = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        return t.insetBy(dx: -Slider.thumbMargin, dy: -Slider.thumbMargin).contains(point) ? cursor : nil
    }

    override open var focusEffect: FocusHaloEffect? {
        let t = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        return FocusHaloEffect(roundedRect: t, cornerRadius: t.height / 2)
    }

    // MARK: Tracking

    /// Only a press on the thumb (grown by 8 points) is tracked, as in UIKit.
    override open func beginTracking(_ touch: Touch) -> Bool {
        let p = touch.location(in: self)
        let t = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        guard t.insetBy(dx: -Slider.thumbMargin, dy: -Slider.thumbMargin).contains(p) else { return false }
        grabOffset = p.x - t.midX
        valueAtPress = storedValue
        return true
    }

    override open func continueTracking(_ touch: Touch) -> Bool {
        let p = touch.location(in: self)
        let track = trackRect(forBounds: bounds)
        let thumbWidth = currentThumbImage?.size.width ?? Slider.thumbSide
        let travel = track.width - thumbWidth
        guard travel > 0 else { return true }
        let f = min(max((p.x - grabOffset - track.minX - thumbWidth / 2) / travel, 0), 1)
        let v = Float(Double(minimumValue) + f * (Double(maximumValue) - Double(minimumValue)))
        if v != storedValue {
            setValue(v, animated: false)
            if isContinuous { sendActions(for: .valueChanged) }
        }
        return true
    }

    override open func endTracking(_ touch: Touch?) {
        if touch != nil && !isContinuous && storedValue != valueAtPress { sendActions(for: .valueChanged) }
    }

    // MARK: Keys

    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for p in presses {
            if !step(for: p.key) { rest.insert(p) }
        }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// A held arrow key steps again as it repeats.
    override open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = Set<Press>()
        for p in presses {
            if !step(for: p.key) { rest.insert(p) }
        }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    /// Moves the value for a key of the slider's; false for any other key.
    private func step(for key: Key) -> Bool {
        guard isEnabled, isFocused, key.modifierFlags.shortcutFlags.subtracting(.shift).isEmpty else { return false }
        let range = maximumValue - minimumValue
        let target: Float
        switch key.keyCode {
        case .keyboardLeftArrow, .keyboardDownArrow: target = storedValue - range / 10
        case .keyboardRightArrow, .keyboardUpArrow: target = storedValue + range / 10
        case .keyboardPageDown: target = storedValue - range / 4
        case .keyboardPageUp: target = storedValue + range / 4
        case .keyboardHome: target = minimumValue
        case .keyboardEnd: target = maximumValue
        default: return false
        }
        let before = storedValue
        setValue(target, animated: true)
        if storedValue != before { sendActions(for: .valueChanged) }
        return true
    }

    // MARK: Accessibility

    override var controlTraits: AccessibilityTraits { .adjustable }

    /// The value as a whole percentage of the range ("50%"), as UIKit's slider reports
    /// it, unless a value was given.
    override open var accessibilityValue: String? {
        get {
            if let v = accessibility.value { return v }
            let span = maximumValue - minimumValue
            let f = span > 0 ? (value - minimumValue) / span : 0
            return "\(Int((f * 100).rounded()))%"
        }
        set { accessibility.value = newValue }
    }

    /// Moves the value up a tenth of the range and sends `valueChanged`.
    override open func accessibilityIncrement() { step(by: 0.1) }

    /// Moves the value down a tenth of the range and sends `valueChanged`.
    override open func accessibilityDecrement() { step(by: -0.1) }

    private func step(by fraction: Float) {
        guard isEnabled else { return }
        let before = value
        setValue(value + fraction * (maximumValue - minimumValue), animated: false)
        if value != before { sendActions(for: .valueChanged) }
    }
}
