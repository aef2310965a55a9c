import Raster

/// A circular checkbox control (the `UICheckbox` of the source document), with the four
/// improvements of its answer: the background colour fills only the circle; a frame that
/// is not square draws a centred square; a clear or translucent checkmark punches
/// through (stroked with the clear blend, then normally); the oval's inset follows the
/// border width.
///
/// A press released inside toggles `checked`, sends `.valueChanged`, then
/// `.touchUpInside`.
@MainActor
open class Checkbox: Control {
    /// The look of an unchecked box (`UICheckboxStyle`).
    public enum Style: Sendable {
        /// An empty circle (`filled == false`).
        case openCircle
        /// A translucent filled circle with a faint checkmark (`filled == true`).
        case grayedOut
    }

    /// Whether the box is checked; mirrored in the `.selected` state.
    public var checked = false {
        didSet {
            isSelected = checked
            setNeedsDisplay()
        }
    }
    /// The checkmark's line width; default 5.
    public var checkmarkSize = 5.0 { didSet { setNeedsDisplay() } }
    /// The checkmark's colour; default white. A clear or translucent colour lets what is
    /// behind the box show through the mark.
    public var checkmarkColor: Color = .white { didSet { setNeedsDisplay() } }
    /// Whether an unchecked box is filled (and shows a faint checkmark); default true.
    public var filled = true { didSet { setNeedsDisplay() } }
    /// The fill of a checked box; default (0.078, 0.435, 0.875).
    public var checkedFillColor = Color(red: 0.078, green: 0.435, blue: 0.875) { didSet { setNeedsDisplay() } }
    /// The fill of an unchecked, filled box; default white at 0.3.
    public var uncheckedFillColor = Color(white: 1, alpha: 0.3) { didSet { setNeedsDisplay() } }
    private var circleBorderColor: Color = .white
    private var circleBorderWidth = 1.0

    /// The circle's border colour; default white (the document's own property, not the
    /// layer's rectangular border).
    open var borderColor: Color {
        get { circleBorderColor }
        set {
            circleBorderColor = newValue
            setNeedsDisplay()
        }
    }

    /// The circle's border width; default 1. Negative and NaN count as 0.
    open var borderWidth: Double {
        get { circleBorderWidth }
        set {
            circleBorderWidth = newValue
            setNeedsDisplay()
        }
    }

    /// The style, from `filled`.
    public var style: Style { filled ? .grayedOut : .openCircle }

    private var circleBackground: Color = .clear

    /// Creates a checkbox.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    /// The background colour fills only the circle, under the fill (the answer's first
    /// fix); the view's own background stays clear.
    override open var backgroundColor: Color? {
        get { circleBackground }
        set {
            circleBackground = newValue ?? .clear
            setNeedsDisplay()
        }
    }

    override open func endTracking(_ touch: Touch?) {
        if touch.map(isInside) ?? true {
            checked.toggle()
            sendActions(for: .valueChanged)
        }
    }

    /// The square the box is drawn in: the centred square of the bounds.
    public var squareRect: Rect {
        let b = bounds
        let side = min(b.width, b.height)
        return Rect(x: b.midX - side / 2, y: b.midY - side / 2, width: side, height: side)
    }

    /// The square inset by half the border width: the document's `group`, which places
    /// the oval and the checkmark.
    var groupRect: Rect {
        let w = borderWidth.isNaN ? 0 : max(0, borderWidth)
        let s = squareRect
        return Rect(x: s.minX + w / 2, y: s.minY + w / 2, width: max(0, s.width - w), height: max(0, s.height - w))
    }

    /// The circle, inset by half the border width from the square (the answer's fourth fix).
    public var ovalRect: Rect {
        let group = groupRect
        // The document keeps the group's origin and rounds its size to whole points, half
        // up (the sides are never negative).
        return Rect(x: group.minX, y: group.minY, width: group.width.rounded(), height: group.height.rounded())
    }

    override open func point(inside point: Point, with event: Event?) -> Bool { bounds.contains(point) }

    /// The focus ring goes around the circle.
    override open var focusEffect: FocusHaloEffect? { FocusHaloEffect(path: Path(ellipseIn: ovalRect)) }

    /// How much of a disabled checkbox shows: it is drawn whole, then faded to this
    /// opacity as one picture (the document draws no disabled look; this is Vitrine's).
    public static let disabledOpacity = 0.35

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        guard isEnabled else {
            context.saveGState()
            context.alpha = Checkbox.disabledOpacity
            context.beginTransparencyLayer()
            drawBox(in: context)
            context.endTransparencyLayer()
            context.restoreGState()
            return
        }
        drawBox(in: context)
    }

    /// The document's drawing of the box.
    private func drawBox(in context: Context) {
        let oval = ovalRect
        guard !oval.isEmpty else { return }
        let w = borderWidth.isNaN ? 0 : max(0, borderWidth)
        let group = groupRect
        let ovalPath = Path(ellipseIn: oval)
        if !circleBackground.isClear {
            context.setFillColor(circleBackground)
            context.fill(ovalPath)
        }
        // The document fills the oval under CGContextSetShadowWithColor (offset
        // (0.1, -0.1), blur 2.5, black), as here: drawn once into the store.
        let fill = checked ? checkedFillColor : (filled ? uncheckedFillColor : .clear)
        context.saveGState()
        context.setShadow(offset: Size(width: 0.1, height: -0.1), blur: 2.5, color: .black)
        context.setFillColor(fill)
        context.fill(ovalPath)
        context.restoreGState()
        if w > 0 {
            context.setStrokeColor(borderColor)
            context.lineWidth = w
            context.stroke(ovalPath)
        }
        guard checked || filled else { return }
        var mark = Path()
        mark.move(to: Point(x: group.minX + 0.27083 * group.width, y: group.minY + 0.54167 * group.height))
        mark.addLine(to: Point(x: group.minX + 0.41667 * group.width, y: group.minY + 0.68750 * group.height))
        mark.addLine(to: Point(x: group.minX + 0.75000 * group.width, y: group.minY + 0.35417 * group.height))
        context.saveGState()
        context.lineCap = .square
        context.lineWidth = checkmarkSize
        context.setStrokeColor(checkmarkColor)
        // The answer's third fix: clear first, then stroke normally.
        context.blendMode = .clear
        context.stroke(mark)
        context.blendMode = .normal
        context.stroke(mark)
        context.restoreGState()
    }

    // MARK: Accessibility

    /// "1" when checked and "0" when not, as a UIKit switch reports its state, unless a
    /// value was given.
    override open var accessibilityValue: String? {
        get { accessibility.value ?? (checked ? "1" : "0") }
        set { accessibility.value = newValue }
    }

    override var controlTraits: AccessibilityTraits { [.button, .toggleButton] }

    /// Toggles the box and sends `valueChanged`, as a click does; false while disabled.
    override open func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        checked.toggle()
        sendActions(for: .valueChanged)
        return true
    }
}
