import Layers
import Raster
import Text

/// A one-line editable text (`UITextField`): the desktop's editing keys, selection by
/// pointer and keys, undo by words, the clipboard, and a blinking caret.
///
/// It edits while it is the first responder: a click or Tab makes it so (and gives it the
/// focus ring), Return ends it when the delegate allows, and Escape leaves it.
/// Keys as GTK's entry takes them: Backspace and Delete by character (grapheme
/// cluster), with Ctrl by word; Left and Right in visual order, with Ctrl by word; Home,
/// End; Shift with any move selects; Ctrl+A, Ctrl+C, Ctrl+X, Ctrl+V, Ctrl+Z,
/// Ctrl+Shift+Z and Ctrl+Y.
///
/// Where Vitrine differs: positions and ranges (`selectedRange`, the delegate's ranges)
/// count characters, not UTF-16 units; line breaks in pasted or assigned text become
/// spaces; Return ends editing by default (UIKit leaves that to the delegate).
@MainActor
open class TextField: Control {
    /// The border drawn around the field (`UITextField.BorderStyle`).
    public enum BorderStyle: Sendable {
        /// No border.
        case none
        /// A thin rectangle.
        case line
        /// A sunken rectangle.
        case bezel
        /// A white rounded rectangle with a light grey hairline, as UIKit draws it.
        case roundedRect
    }

    /// When an overlay such as the clear button shows (`UITextField.ViewMode`).
    public enum ViewMode: Sendable {
        /// Never.
        case never
        /// While the field is editing.
        case whileEditing
        /// While it is not.
        case unlessEditing
        /// Always.
        case always
    }

    /// The field's delegate; held weakly.
    public weak var delegate: (any TextFieldDelegate)?

    var storage = ""
    /// The fixed end of the selection.
    var anchor = 0
    /// The moving end of the selection, where the caret stands.
    var active = 0
    /// How far the text is scrolled left while editing, in points.
    var scrollX = 0.0
    /// Whether typing goes on in the undo group of the characters typed before.
    var typingRun = false
    /// The text being composed by an input method, and its caret within it.
    var preedit: (text: String, caret: Int)?
    /// The clicks counted toward a double or triple click.
    var clickCount = 0
    var lastClick: (time: Double, at: Point)?
    /// The word or line a double or triple click began on, which a drag extends by.
    var dragUnit: Range<Int>?
    let caretLayer = CaretLayer()
    private var ownCursor: Cursor?
    private var keptLayout: (text: String, layout: TextLayout)?

    /// The text (`text`); never nil when read. Assigning it puts the caret at its end,
    /// sends no event and registers no undo, as in UIKit.
    public var text: String? {
        get { storage }
        set {
            storage = TextField.oneLine(newValue ?? "")
            anchor = storage.count
            active = anchor
            typingRun = false
            textDidChange()
        }
    }

    /// The grey text shown while the field is empty (`placeholder`).
    public var placeholder: String? { didSet { setNeedsDisplay() } }
    /// The font; default the system face at 17 points, nil when it could not be loaded
    /// (no text is drawn then).
    public var font: Font? {
        didSet {
            keptLayout = nil
            textDidChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// The colour of the text; default black.
    public var textColor: Color = .black { didSet { setNeedsDisplay() } }
    /// The alignment in the text rectangle; default natural (`textAlignment`).
    public var textAlignment: TextAlignment = .natural { didSet { textDidChange() } }
    /// The border; default none, as in UIKit.
    public var borderStyle: BorderStyle = .none {
        didSet {
            textDidChange()
            invalidateIntrinsicContentSize()
        }
    }
    /// When the clear button (a grey circle with a cross, at the right) shows; default
    /// never.
    public var clearButtonMode: ViewMode = .never { didSet { textDidChange() } }
    /// Whether the text shows as bullets (`isSecureTextEntry`); copying and cutting it are
    /// refused.
    public var isSecureTextEntry = false {
        didSet {
            keptLayout = nil
            textDidChange()
        }
    }
    /// Whether beginning to edit empties the field (`clearsOnBeginEditing`).
    public var clearsOnBeginEditing = false

    /// The colour of the placeholder: UIKit's `placeholderText`.
    public static let placeholderColor = Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
    /// The caret's width in points, as UIKit's.
    public static let caretWidth = 2.0

    /// Creates a field with the system font at 17 points.
    public override init(frame: Rect = .zero) {
        font = try? Font.system(size: 17)
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
        layer.addSublayer(caretLayer)
    }

    /// Whether the field is editing (`isEditing`): it is the first responder.
    public var isEditing: Bool { isFirstResponder }

    /// The selected characters; an empty range is the caret (`selectedTextRange`).
    /// Assigning clamps it to the text.
    public var selectedRange: Range<Int> {
        get { min(anchor, active)..<max(anchor, active) }
        set {
            let n = storage.count
            let lower = min(max(0, newValue.lowerBound), n)
            let upper = min(max(lower, newValue.upperBound), n)
            select(anchor: lower, active: upper)
        }
    }

    /// The selected text; empty when nothing is selected.
    public var selectedText: String {
        let r = selectedRange
        return String(Array(storage)[r])
    }

    // MARK: Geometry (UITextField's override points)

    /// The space around the text for the border style: left and right, top and bottom.
    var padding: (h: Double, v: Double) {
        switch borderStyle {
        case .none: (0, 0)
        case .line, .bezel: (4, 4)
        case .roundedRect: (7, 7)
        }
    }

    /// Whether the clear button shows now.
    var showsClearButton: Bool {
        guard isEnabled, !storage.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// Where the border is drawn (`borderRect(forBounds:)`): the bounds.
    open func borderRect(forBounds bounds: Rect) -> Rect { bounds }

    /// Where the text is drawn when not editing (`textRect(forBounds:)`): inside the
    /// border's padding, left of the clear button when it shows.
    open func textRect(forBounds bounds: Rect) -> Rect {
        let p = padding
        var r = bounds.insetBy(dx: p.h, dy: 0)
        if showsClearButton { r.size.width = max(0, clearButtonRect(forBounds: bounds).minX - 4 - r.minX) }
        return Rect(x: r.minX, y: r.minY, width: max(0, r.width), height: r.height)
    }

    /// Where the text is drawn while editing (`editingRect(forBounds:)`): as
    /// `textRect(forBounds:)`.
    open func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

    /// Where the placeholder is drawn (`placeholderRect(forBounds:)`): as the text.
    open func placeholderRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

    /// Where the clear button is (`clearButtonRect(forBounds:)`): a 19-point square at
    /// the right, centred vertically.
    open func clearButtonRect(forBounds bounds: Rect) -> Rect {
        let side = 19.0
        return Rect(x: bounds.maxX - side - 5, y: bounds.midY - side / 2, width: side, height: side)
    }

    /// The text's line height and the padding, and a width for the text or the
    /// placeholder, whichever is wider.
    override open var intrinsicContentSize: Size {
        guard let font else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        let p = padding
        let shown = [display, placeholder ?? ""].map { TextLayout($0, font: font).width }.max() ?? 0
        return Size(
            width: (shown + 2 * p.h + TextField.caretWidth).rounded(.up),
            height: (font.lineHeight + 2 * p.v).rounded(.up))
    }

    // MARK: Layout of the text

    /// What is drawn: the text with what an input method is composing at the caret, or a
    /// bullet for each character when secure.
    var display: String {
        var shown = storage
        if let preedit {
            var characters = Array(storage)
            characters.insert(contentsOf: preedit.text, at: min(active, characters.count))
            shown = String(characters)
        }
        return isSecureTextEntry ? String(repeating: "\u{2022}", count: shown.count) : shown
    }

    /// Where the caret is drawn: the active end, or the input method's caret within the
    /// text being composed.
    var caretOffset: Int { active + (preedit?.caret ?? 0) }

    // MARK: Marked text (an input method's preedit)

    /// The characters an input method is composing, inline at the caret
    /// (`markedTextRange`); nil when none.
    public var markedTextRange: Range<Int>? {
        guard let preedit else { return nil }
        return active..<(active + preedit.text.count)
    }

    /// Shows text an input method is composing at the caret, underlined, with its own
    /// caret at `selectedRange.upperBound` (`setMarkedText(_:selectedRange:)`); nil or
    /// empty ends composing without inserting anything. A selection is deleted first,
    /// as the composed text will replace it.
    public func setMarkedText(_ markedText: String?, selectedRange: Range<Int>) {
        guard isEditing else { return }
        guard let markedText, !markedText.isEmpty else {
            guard preedit != nil else { return }
            preedit = nil
            textDidChange()
            return
        }
        if preedit == nil && anchor != active { replace(self.selectedRange, with: "") }
        let caret = min(max(0, selectedRange.upperBound), markedText.count)
        preedit = (TextField.oneLine(markedText), caret)
        textDidChange()
        restartBlinking()
    }

    /// Inserts the text being composed as it stands (`unmarkText()`).
    public func unmarkText() {
        guard let preedit else { return }
        self.preedit = nil
        insertText(preedit.text)
    }

    /// The text laid out on one line, unwrapped (kept until the text changes).
    var layout: TextLayout? {
        guard let font else { return nil }
        let shown = display
        if let kept = keptLayout, kept.text == shown { return kept.layout }
        let made = TextLayout(shown, font: font)
        keptLayout = (shown, made)
        return made
    }

    /// The rectangle the text is laid out in, in the field's coordinates: the editing or
    /// text rectangle, one line high and centred vertically, moved left by the scroll.
    /// While the text is wider than the field it is laid out from the left end and
    /// scrolled; otherwise it is aligned as `textAlignment` says.
    var lineRect: Rect {
        let area = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        let h = font?.lineHeight ?? 0
        let width = layout?.width ?? 0
        let y = area.midY - h / 2
        if width + TextField.caretWidth > area.width {
            return Rect(x: area.minX - scrollX, y: y, width: width + TextField.caretWidth, height: h)
        }
        return Rect(x: area.minX, y: y, width: area.width, height: h)
    }

    /// The alignment the line is drawn with: left while scrolled.
    var lineAlignment: TextAlignment {
        let area = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        return (layout?.width ?? 0) + TextField.caretWidth > area.width ? .left : textAlignment
    }

    /// Scrolls the least that shows the caret (and the end of a long text when the text
    /// shrank), then places the caret.
    func scrollToCaret() {
        let area = editingRect(forBounds: bounds)
        guard let layout, layout.width + TextField.caretWidth > area.width else {
            scrollX = 0
            placeCaret()
            return
        }
        let x = layout.caretRect(
            at: caretOffset, in: Rect(x: 0, y: 0, width: layout.width, height: 1), alignment: .left
        ).minX
        if x - scrollX < 0 { scrollX = x }
        if x - scrollX > area.width - TextField.caretWidth { scrollX = x - area.width + TextField.caretWidth }
        scrollX = min(max(0, scrollX), layout.width + TextField.caretWidth - area.width)
        placeCaret()
    }

    /// Shows the caret where the active end stands while editing in the active window
    /// (at a selection's moving end too, as Qt's and GTK's fields show it), else hides it.
    func placeCaret() {
        let shown = isEditing && (root?.isWindowActive ?? true)
        guard shown, let layout else {
            caretLayer.isHidden = true
            caretLayer.stopBlinking()
            return
        }
        let rect = layout.caretRect(at: caretOffset, in: lineRect, alignment: lineAlignment)
        let area = editingRect(forBounds: bounds)
        let x = min(max(rect.minX, area.minX), max(area.minX, area.maxX - TextField.caretWidth))
        let scale = layer.contentsScale > 0 ? layer.contentsScale : 1
        caretLayer.frame = Rect(
            x: (x * scale).rounded() / scale, y: rect.minY, width: TextField.caretWidth, height: rect.height)
        caretLayer.backgroundColor = tintColor
        caretLayer.isHidden = false
    }

    /// The caret starts blinking anew (after input): solid for a cycle's first half.
    func restartBlinking() {
        placeCaret()
        let root = root
        caretLayer.restartBlinking(cycle: root?.caretBlinkInterval ?? 1.2, timeout: root?.caretBlinkTimeout ?? 10)
    }

    /// The text, the font or the style changed: lay out, scroll to the caret, redraw.
    func textDidChange() {
        anchor = min(anchor, storage.count)
        active = min(active, storage.count)
        if isEditing { scrollToCaret() } else { scrollX = 0 }
        placeCaret()
        setNeedsDisplay()
    }

    /// Sets both ends of the selection, tells the delegate when they moved, redraws.
    func select(anchor a: Int, active b: Int) {
        let moved = a != anchor || b != active
        anchor = a
        active = b
        guard moved else { return }
        typingRun = false
        scrollToCaret()
        restartBlinking()
        setNeedsDisplay()
        // As on X desktops, what is selected becomes the PRIMARY selection.
        if anchor != active && isEditing { offerSelection() }
        delegate?.textFieldDidChangeSelection(self)
    }

    override open func layoutSubviews() {
        super.layoutSubviews()
        if isEditing { scrollToCaret() } else { placeCaret() }
    }

    override open func tintColorDidChange() {
        caretLayer.backgroundColor = tintColor
        setNeedsDisplay()
    }

    /// The window became active or stopped being: the caret shows and blinks only in the
    /// active window.
    func windowActivityDidChange() {
        if root?.isWindowActive ?? true { restartBlinking() } else { placeCaret() }
    }

    /// Line breaks become spaces: the field holds one line.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    // MARK: Drawing

    override open func draw(_ rect: Rect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        drawBorder(in: context)
        let area = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        context.saveGState()
        if !isEnabled { context.alpha = 0.5 }
        if let font, !storage.isEmpty || preedit != nil {
            context.saveGState()
            context.clip(to: area)
            drawSelection(in: context)
            if isEditing, let layout {
                context.draw(layout, in: lineRect, color: textColor, alignment: lineAlignment)
                drawPreedit(in: context, font: font, layout: layout)
            } else {
                let l = TextLayout(display, font: font, width: area.width, maxLines: 1, lineBreak: .truncateTail)
                let y = area.midY - font.lineHeight / 2
                context.draw(
                    l, in: Rect(x: area.minX, y: y, width: area.width, height: font.lineHeight), color: textColor,
                    alignment: textAlignment)
            }
            context.restoreGState()
        } else if let placeholder, !placeholder.isEmpty, let font {
            let p = placeholderRect(forBounds: bounds)
            let l = TextLayout(placeholder, font: font, width: p.width, maxLines: 1, lineBreak: .truncateTail)
            let y = p.midY - font.lineHeight / 2
            context.draw(
                l, in: Rect(x: p.minX, y: y, width: p.width, height: font.lineHeight),
                color: TextField.placeholderColor,
                alignment: textAlignment)
        }
        if showsClearButton { drawClearButton(in: context) }
        context.restoreGState()
    }

    private func drawBorder(in context: Context) {
        let r = borderRect(forBounds: bounds)
        switch borderStyle {
        case .none:
            return
        case .line:
            context.setStrokeColor(.black)
            context.lineWidth = 1
            context.stroke(r.insetBy(dx: 0.5, dy: 0.5))
        case .bezel:
            context.setStrokeColor(Color(white: 0.6))
            context.lineWidth = 1
            context.stroke(r.insetBy(dx: 0.5, dy: 0.5))
            context.setStrokeColor(Color(white: 0.35))
            context.stroke(Rect(x: r.minX + 0.5, y: r.minY + 0.5, width: r.width - 1, height: 0))
        case .roundedRect:
            let path = Path(roundedRect: r.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 5)
            context.setFillColor(.white)
            context.fill(path)
            context.setStrokeColor(Color(white: 0, alpha: 0.2))
            context.lineWidth = 1
            context.stroke(path)
        }
    }

    private func drawSelection(in context: Context) {
        guard isEditing, anchor != active, preedit == nil, let layout else { return }
        let r = selectedRange
        context.setFillColor(tintColor.withAlpha(0.3))
        for s in layout.selectionRects(from: r.lowerBound, to: r.upperBound, in: lineRect, alignment: lineAlignment) {
            context.fill(s)
        }
    }

    /// The text being composed is laid out inline with the rest (`display`): it is
    /// underlined, one point below the baseline.
    private func drawPreedit(in context: Context, font: Font, layout: TextLayout) {
        guard let marked = markedTextRange else { return }
        context.setFillColor(textColor)
        for r in layout.selectionRects(
            from: marked.lowerBound, to: marked.upperBound, in: lineRect, alignment: lineAlignment)
        {
            context.fill(Rect(x: r.minX, y: r.minY + font.ascent + 1, width: r.width, height: 1))
        }
    }

    private func drawClearButton(in context: Context) {
        let r = clearButtonRect(forBounds: bounds).insetBy(dx: 2, dy: 2)
        context.setFillColor(Color(white: 0.7))
        context.fill(Path(ellipseIn: r))
        context.setStrokeColor(.white)
        context.lineWidth = 1.5
        context.lineCap = .round
        let d = r.width * 0.22
        var path = Path()
        path.move(to: Point(x: r.midX - d, y: r.midY - d))
        path.addLine(to: Point(x: r.midX + d, y: r.midY + d))
        path.move(to: Point(x: r.midX + d, y: r.midY - d))
        path.addLine(to: Point(x: r.midX - d, y: r.midY + d))
        context.stroke(path)
    }

    // MARK: Focus and first responder

    /// An enabled field can become the first responder.
    override open var canBecomeFirstResponder: Bool { isEnabled }

    /// The I-beam, unless set otherwise.
    override open var cursor: Cursor? {
        get { ownCursor ?? .iBeam }
        set { ownCursor = newValue }
    }

    /// The field's cursor over the text, the arrow over the clear button.
    override open func cursor(at point: Point) -> Cursor? {
        if showsClearButton && clearButtonRect(forBounds: bounds).contains(point) { return .arrow }
        return cursor
    }

    /// The focus ring follows the rounded border.
    override open var focusEffect: FocusHaloEffect? {
        borderStyle == .roundedRect ? FocusHaloEffect(roundedRect: bounds, cornerRadius: 5) : nil
    }

    /// Begins editing, when the delegate allows: the field becomes the first responder
    /// and takes the focus, then `textFieldDidBeginEditing` and `.editingDidBegin`.
    @discardableResult
    override open func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, let root, delegate?.textFieldShouldBeginEditing(self) ?? true else {
            return false
        }
        guard super.becomeFirstResponder() else { return false }
        if root.focusedView !== self { root.updateFocus(to: self) }
        if clearsOnBeginEditing && !storage.isEmpty { replace(0..<storage.count, with: "", undoable: false) }
        typingRun = false
        scrollToCaret()
        restartBlinking()
        setNeedsDisplay()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    /// Ends editing, when the delegate allows: the field resigns, drops what an input
    /// method was composing, scrolls back, then `textFieldDidEndEditing` and
    /// `.editingDidEnd`.
    @discardableResult
    override open func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        preedit = nil
        typingRun = false
        if root?.focusedView === self { root?.updateFocus(to: nil) }
        scrollX = 0
        placeCaret()
        setNeedsDisplay()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        return true
    }

    /// Taking the focus (Tab) begins editing; losing it ends it.
    override open func stateDidChange() {
        super.stateDidChange()
        if state.contains(.focused) && !isFirstResponder {
            if !becomeFirstResponder() { root?.updateFocus(to: nil) }
        } else if !state.contains(.focused) && isFirstResponder {
            resignFirstResponder()
        }
        if !isEnabled && isFirstResponder { resignFirstResponder() }
        textDidChange()
    }

    // MARK: Keys

    /// Takes the editing keys while editing; others (Tab, Escape, shortcuts it does not
    /// know) go on up the chain.
    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = presses.filter { !handleKey($0.key) }
        if !rest.isEmpty { super.pressesBegan(rest, with: event) }
    }

    /// A held key repeats its edit or move.
    override open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        let rest = presses.filter { !handleKey($0.key) }
        if !rest.isEmpty { super.pressesChanged(rest, with: event) }
    }

    // MARK: Pointer

    override open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, isEnabled else { return }
        pointerDown(touch)
    }

    override open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        pointerMoved(touch)
    }

    override open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        pointerUp(touch)
    }

    override open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { dragUnit = nil }

    // MARK: Accessibility

    /// The text, or bullets when secure (`accessibilityValue`).
    override open var accessibilityValue: String? {
        get { accessibility.value ?? (isSecureTextEntry ? display : storage) }
        set { accessibility.value = newValue }
    }

    /// The placeholder, unless a label was given.
    override open var accessibilityLabel: String? {
        get { accessibility.label ?? placeholder }
        set { accessibility.label = newValue }
    }
}
