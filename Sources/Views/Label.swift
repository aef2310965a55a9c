import Raster
import Text

/// A view that draws text (`UILabel`): a font, a colour, an alignment, a number of
/// lines and truncation with an ellipsis. Vertically, the text is centred in the bounds,
/// as UIKit does.
@MainActor
open class Label: View {
    /// The text; nil draws nothing.
    public var text: String? {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The font; default the system face at 17 points. Nil when that face could not be
    /// loaded (no font installed): the label then draws no text, and `fontError` says
    /// why. UIKit's system font cannot fail; this is where Vitrine differs.
    public var font: Font? { didSet { setNeedsDisplay() } }
    /// Why the default font could not be loaded, when it could not; nil otherwise.
    public private(set) var fontError: TextError?
    /// The colour of the text; default black.
    public var textColor: Color = .black { didSet { setNeedsDisplay() } }
    /// The horizontal alignment; default `natural`, as UIKit's: left for left-to-right
    /// text, right for right-to-left text.
    public var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The most lines drawn, 0 for as many as fit; default 1 (`numberOfLines`).
    public var numberOfLines = 1 { didSet { setNeedsDisplay() } }
    /// What happens to text that does not fit; default truncating the tail.
    public var lineBreak: LineBreak = .truncateTail { didSet { setNeedsDisplay() } }
    /// The width a label of several lines wraps at when it tells its intrinsic size
    /// (`preferredMaxLayoutWidth`); 0, the default, wraps at the current width.
    public var preferredMaxLayoutWidth = 0.0 { didSet { invalidateIntrinsicContentSize() } }

    /// The system face at 17 points.
    ///
    /// - Throws: `TextError` when fontconfig has no font.
    public static func defaultFont() throws(TextError) -> Font { try Font.system(size: 17) }

    /// Creates a label with the default font.
    public init(frame: Rect = .zero, text: String? = nil) {
        self.text = text
        do throws(TextError) {
            font = try Label.defaultFont()
        } catch {
            font = nil
            fontError = error
        }
        super.init(frame: frame)
        contentMode = .redraw
    }

    /// Creates a label with a font of the caller's; nil draws no text.
    public init(frame: Rect = .zero, text: String? = nil, font: Font?) {
        self.text = text
        self.font = font
        super.init(frame: frame)
        contentMode = .redraw
    }

    /// The text laid out at `width` (nil: unwrapped), on at most `numberOfLines` lines.
    private func layout(width: Double?, maxHeight: Double? = nil) -> TextLayout? {
        guard let text, let font, !text.isEmpty else { return nil }
        let mode: LineBreak = numberOfLines == 1 ? .truncateTail : lineBreak
        return TextLayout(
            text, font: font, width: numberOfLines == 1 ? nil : width, maxLines: numberOfLines,
            maxHeight: maxHeight, lineBreak: mode)
    }

    /// The text's size, each side rounded up to a whole point: one line unwrapped, or
    /// several wrapped at `preferredMaxLayoutWidth` (or the current width when it is 0).
    /// No text: zero.
    override open var intrinsicContentSize: Size {
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : (bounds.width > 0 ? bounds.width : nil)
        guard let l = layout(width: wrap) else { return Size(width: 0, height: 0) }
        return Size(width: l.width.rounded(.up), height: l.height.rounded(.up))
    }

    /// The text's size wrapped at `size.width` (one line: unwrapped), rounded up to whole
    /// points (`sizeThatFits(_:)`).
    override open func sizeThatFits(_ size: Size) -> Size {
        guard let l = layout(width: size.width > 0 ? size.width : nil) else { return Size(width: 0, height: 0) }
        return Size(width: l.width.rounded(.up), height: l.height.rounded(.up))
    }

    /// The baseline of the first or last line drawn: the text is centred vertically.
    override open func baselineOffset(first: Bool, height: Double) -> Double? {
        guard let font, let l = layout(width: bounds.width, maxHeight: height), l.lineCount > 0 else { return nil }
        let top = max(0, (height - l.height) / 2)
        return top + font.ascent + (first ? 0 : Double(l.lineCount - 1) * font.lineHeight)
    }

    override open func draw(_ rect: Rect) {

        guard let context = GraphicsGetCurrentContext() else { return }
        guard let text, let font, !text.isEmpty else { return }
        let mode: LineBreak = numberOfLines == 1 ? .truncateTail : lineBreak
        let layout = TextLayout(
            text, font: font, width: bounds.width, maxLines: numberOfLines, maxHeight: bounds.height,
            lineBreak: mode)
        let y = bounds.minY + max(0, (bounds.height - layout.height) / 2)
        context.draw(
            layout, in: Rect(x: bounds.minX, y: y, width: bounds.width, height: layout.height), color: textColor,
            alignment: textAlignment)
    }

    // MARK: Accessibility

    /// Labels are accessibility elements unless told otherwise.
    override open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { accessibility.isElement = newValue }
    }

    /// The text shown, unless a label was given.
    override open var accessibilityLabel: String? {
        get { accessibility.label ?? text }
        set { accessibility.label = newValue }
    }

    /// `staticText` unless told otherwise.
    override open var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .staticText }
        set { accessibility.traits = newValue }
    }
}
