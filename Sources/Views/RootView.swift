import Layers
import Raster

/// The root of a view tree, standing in for `UIWindow`: it owns the damage region, the
/// pointer and the keyboard focus, renders what changed into a surface, turns pointer
/// events into touches delivered by hit test and capture and into hover, and key events
/// into presses delivered along the responder chain.
///
/// The root is the end of the responder chain. What reaches it unhandled: Tab and
/// Shift+Tab move the focus, Escape clears it, and any other key goes to
/// `unhandledKeyHandler`, and no further.
@MainActor
public final class RootView: View {
    /// The undo manager of every view in the tree.
    private let rootUndoManager = UndoManager()

    /// The tree's undo manager, at the end of every view's responder chain
    /// (`undoManager`); the changes made while one event is handled form one group.
    override public var undoManager: UndoManager? { rootUndoManager }
    private var damage: [Rect] = []
    private var layoutScheduled = true
    var touch: Touch?
    /// The recognizers the latest press reached (kept after it ends, for those that wait
    /// for more: a second tap, a failure requirement).
    var gestureSet: [GestureRecognizer] = []
    /// Whether a recognizer took the latest press from its view (`cancelsTouchesInView`).
    var touchTakenFromView = false
    /// Whether the view has not yet been told of the latest press: a recognizer that
    /// `delaysTouchesBegan` is still undecided.
    var touchHeldFromView = false

    /// The view key presses reach before those outside the focused view's chain
    /// (`becomeFirstResponder`), if any.
    public internal(set) weak var firstResponder: View?
    /// The view with the keyboard focus, if any: the one Space and Return activate and
    /// around which the focus ring shows.
    public internal(set) weak var focusedView: View?
    /// Where the next Tab starts when nothing is focused: the control last clicked, or
    /// the view focused before Escape.
    weak var tabStart: View?
    /// The keys held, by physical key.
    var heldPresses: [KeyboardHIDUsage: Press] = [:]
    /// The ring drawn around the focused view.
    let focusRing = FocusRingLayer()
    /// The views under the pointer that track hover, outermost first.
    var hoveredViews: [View] = []
    /// Where the pointer is while it is over the root, in its points.
    var pointerLocation: Point?

    /// Told of every key press that went up the responder chain unhandled and is not one
    /// of the root's own (Tab, Shift+Tab, Escape with something focused): a program's
    /// shortcuts go here. Nil by default. (UIKit declares shortcuts as `UIKeyCommand`s
    /// on responders; Vitrine has no key commands yet, and this is their stand-in.)
    public var unhandledKeyHandler: ((Key) -> Void)?

    /// The desktop's double-click interval, in seconds, that tap recognizers in this tree
    /// wait for a further click; a window sets it from the desktop's settings (on X, the
    /// XSETTINGS `Net/DoubleClickTime`). Default 0.4 s; values outside 0.05...5 s are
    /// ignored.
    public var doubleClickInterval = TapGestureRecognizer.defaultDoubleClickInterval {
        didSet { if !(0.05...5).contains(doubleClickInterval) { doubleClickInterval = oldValue } }
    }
    /// How far, in points, a further click may land from the first and still count
    /// (XSETTINGS `Net/DoubleClickDistance`, in pixels, over the scale). Default 5;
    /// values outside 0...200 are ignored.
    public var doubleClickDistance = TapGestureRecognizer.defaultDoubleClickDistance {
        didSet { if !(0...200).contains(doubleClickDistance) { doubleClickDistance = oldValue } }
    }

    /// The cursor the pointer should show: that of the view under it. A window host
    /// shows it.
    public internal(set) var currentCursor: Cursor = .arrow
    /// Whether the window is the active one, which takes the keys
    /// (`UIWindow.isKeyWindow`); the host sets it as the window gains and loses the
    /// keyboard. A text field's caret shows and blinks only while it is.
    public var isWindowActive = true {
        didSet {
            guard oldValue != isWindowActive else { return }
            (firstResponder as? TextField)?.windowActivityDidChange()
        }
    }

    /// Gives the text an input method is composing to the field being edited
    /// (`setMarkedText(_:selectedRange:)` of the first responder); nil ends composing.
    public func setMarkedText(_ text: String?, selectedRange: Range<Int>) {
        (firstResponder as? TextField)?.setMarkedText(text, selectedRange: selectedRange)
    }

    /// The caret of the field being edited, in the root's points, for an input method's
    /// candidate window; nil when no field is editing.
    public var textInputCaretRect: Rect? {
        guard let field = firstResponder as? TextField, field.isEditing else { return nil }
        return field.convert(field.caretLayer.frame, to: self)
    }

    /// How long a caret's blink takes, on and off, in seconds; nil for a caret that does
    /// not blink. The host sets the desktop's (`Net/CursorBlinkTime`); 1.2 s otherwise,
    /// as GTK's default.
    public var caretBlinkInterval: Double? = 1.2

    /// How long a caret blinks after the last input before it stays on, in seconds
    /// (`Net/CursorBlinkTimeout`); 10 s by default, as GTK's.
    public var caretBlinkTimeout = 10.0

    /// Called when `currentCursor` changes, for the window host to show it.
    public var onCursorChange: ((Cursor) -> Void)?

    /// Called whenever the tree asks for a new frame (damage or layout): a window host
    /// schedules a frame from here.
    public var onNeedsFrame: (() -> Void)?

    /// Called when part of a frame could not be drawn as asked for want of memory (a
    /// backing store, a mask's scratch surface, a transparency layer): that part was left
    /// out rather than drawn wrong. Reported once per frame, with the root as the view.
    /// Nil by default: nothing is reported.
    public var renderFailureHandler: ((View, RasterError) -> Void)?

    /// The threads that draw a frame whose damage covers at least
    /// `bandedDrawingThreshold` pixels, in bands (`Context.init(surface:threads:)`); nil
    /// or one thread: every frame on the calling thread. Default `RenderThreads.shared`.
    /// The pixels are the same either way. UIKit renders on a server of its own.
    public var renderThreads: RenderThreads? = .shared

    /// The damaged pixels from which a frame is drawn on `renderThreads`: below it, a
    /// frame is drawn on the calling thread, where recording it would cost more than the
    /// bands save. Default 262,144 (512 x 512): a control's damage at scale 2 stays on
    /// one thread, a page's goes to the bands.
    public var bandedDrawingThreshold = 262_144

    /// Creates a root of a size in points, with a white background.
    public init(size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = .white
        isOpaque = true
        layer.damageHandler = { [unowned self] in self.addDamage($0) }
        layer.layoutHandler = { [unowned self] in self.scheduleLayout() }
        addDamage(bounds)
    }

    /// The pixels per point the tree's backing stores are drawn at: the scale of the
    /// surface rendered into last. Rendering at another scale draws them again.
    public private(set) var contentsScale = 1.0

    /// Subviews that always fill the root, following its size (a page).
    public var filledSubviews: [View] = [] { didSet { setNeedsLayout() } }

    override public func layoutSubviews() {
        for v in filledSubviews where v.superview === self { v.frame = bounds }
    }

    /// The size in points; resizing damages everything.
    public var size: Size {
        get { bounds.size }
        set {
            frame = Rect(origin: .zero, size: newValue)
            addDamage(bounds)
        }
    }

    /// Whether a frame is wanted: something is damaged or needs layout.
    public var needsFrame: Bool { !damage.isEmpty || layoutScheduled }

    /// The damaged rectangles, in points, not yet rendered.
    public var pendingDamage: [Rect] { damage }

    func addDamage(_ r: Rect) {
        let clipped = r.intersection(bounds)
        guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { return }
        if damage.contains(where: { $0.contains(clipped) }) { return }
        let wasEmpty = damage.isEmpty
        damage.append(clipped)
        if damage.count > 64 { damage = [damage.reduce(Rect.null) { $0.union($1) }] }
        if wasEmpty { onNeedsFrame?() }
    }

    func scheduleLayout() {
        let was = layoutScheduled
        layoutScheduled = true
        if !was { onNeedsFrame?() }
    }

    /// Marks everything for redrawing.
    public func setNeedsFullDisplay() { addDamage(bounds) }

    // MARK: Rendering

    /// Lays out what needs it, then redraws the damaged region into `surface`, clipped to
    /// it, and returns the changed rectangles in the surface's pixels; the damage is then
    /// spent. With `full`, everything is drawn and the pending damage is left for the
    /// surface it was meant for (a screenshot does not steal a window's frame). The
    /// surface's scale maps points to pixels.
    @discardableResult
    public func render(into surface: Surface, full: Bool = false) -> [Rect] {
        prepareFrame(for: surface)
        let rects = full ? [bounds] : damage
        if !full { damage.removeAll() }
        let pixels = devicePixels(
            of: rects, scale: surface.scale,
            within: Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height)))
        draw(pixels, into: surface, origin: .zero)
        return pixels
    }

    /// Renders the part of the root under `region` (in points) into `surface`, whose
    /// first pixel is the region's top-left corner: for a picture of one part of a large
    /// root, without the memory of the whole. Every view is drawn whatever the damage,
    /// as by `render(into:full:)`; the pixels equal that picture's, cropped.
    public func render(_ region: Rect, into surface: Surface) {
        prepareFrame(for: surface)
        let scale = surface.scale
        let origin = Point(x: (region.x * scale).rounded(.down), y: (region.y * scale).rounded(.down))
        guard origin.x.isFinite, origin.y.isFinite else { return }
        let canvas = Rect(x: origin.x, y: origin.y, width: Double(surface.width), height: Double(surface.height))
        draw(
            devicePixels(of: [bounds.intersection(region)], scale: scale, within: canvas), into: surface, origin: origin
        )
    }

    /// What comes before drawing a frame: the turn's changes committed, the animations
    /// stepped to the clock, layout, the focus checked, and the stores' scale made the
    /// surface's.
    private func prepareFrame(for surface: Surface) {
        layoutScheduled = false
        Transaction.flush()
        AnimationEngine.step()
        layoutIfNeeded()
        validateFocus()
        layer.layoutIfNeeded()
        if surface.scale != contentsScale {
            contentsScale = surface.scale
            layer.applyContentsScale(surface.scale)
        }
    }

    /// The whole device pixels under `rects` (points), grown over the layers that are
    /// redrawn whole, cut to `canvas` and merged where they overlap.
    private func devicePixels(of rects: [Rect], scale: Double, within canvas: Rect) -> [Rect] {
        var pixels: [Rect] = []
        for r in expandForWholeViews(rects.filter { !$0.isNull }) {
            let p = Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale).integral
                .intersection(canvas)
            if !p.isNull && p.width > 0 && p.height > 0 { pixels.append(p) }
        }
        return RootView.merge(pixels)
    }

    /// Draws the given pixel rectangles of the root (in the root's pixels) into `surface`,
    /// whose first pixel is the root's pixel `origin`.
    private func draw(_ pixels: [Rect], into surface: Surface, origin: Point) {
        let scale = surface.scale
        let area = pixels.reduce(0.0) { $0 + $1.width * $1.height }
        // A context given one thread draws as it goes.
        let c: Context
        if let threads = renderThreads, area >= Double(bandedDrawingThreshold) {
            c = Context(surface: surface, threads: threads)
        } else {
            c = Context(surface: surface)
        }
        if origin != .zero { c.translateBy(x: -origin.x / scale, y: -origin.y / scale) }
        for p in pixels {
            c.saveGState()
            c.clip(toDevicePixels: p.offsetBy(dx: -origin.x, dy: -origin.y))
            let dirty = Rect(x: p.x / scale, y: p.y / scale, width: p.width / scale, height: p.height / scale)
            // An opaque subview covering the region hides the root's background; an
            // opaque background hides what was there: either way nothing needs clearing.
            let covered = subviews.contains { $0.isOpaque && !$0.isHidden && $0.alpha >= 1 && $0.frame.contains(dirty) }
            layer.skipsBackground = covered
            if !covered && !(backgroundColor.map { $0.alpha >= 1 } ?? false) { c.clear(dirty) }
            layer.composite(in: c, dirty: dirty)
            layer.skipsBackground = false
            c.restoreGState()
        }
        c.flush()
        // A drawing operation that could not get memory drew nothing: the frame lacks it.
        layer.reportFailure(to: c)
        if let failure = c.failure { renderFailureHandler?(self, failure) }
    }

    /// Grows damage to cover every layer that must be redrawn whole (a backdrop blur)
    /// and that the damage touches, until nothing more is added.
    private func expandForWholeViews(_ input: [Rect]) -> [Rect] {
        let wholes = layer.wholeRedrawRects().map { $0.intersection(bounds) }
        guard !wholes.isEmpty else { return input }
        var rects = input
        var changed = true
        var rounds = 0
        while changed && rounds < 8 {
            changed = false
            rounds += 1
            for w in wholes where !w.isNull {
                for i in rects.indices where rects[i].intersects(w) && !rects[i].contains(w) {
                    rects[i] = rects[i].union(w)
                    changed = true
                }
            }
        }
        return rects
    }

    /// Overlapping rectangles joined into their union, until none overlap.
    static func merge(_ input: [Rect]) -> [Rect] {
        var rects = input
        var merged = true
        while merged {
            merged = false
            outer: for i in rects.indices {
                for j in rects.indices where j > i && rects[i].intersects(rects[j]) {
                    rects[i] = rects[i].union(rects[j])
                    rects.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return rects
    }

    // MARK: The end of the chain

    override public func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for p in presses { handleAtRoot(p) }
    }

    override public func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        // Holding Tab goes on moving the focus, as on the desktop.
        for p in presses where p.key.keyCode == .keyboardTab { handleAtRoot(p) }
    }

    /// The end of the chain: presses go no further.
    override public func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {}

    override public func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {}

    // MARK: Pointer

    /// The view tracking the current press, if any.
    public var trackingView: View? { touch?.view }

    /// Delivers a pointer event: a press hit-tests once and the view it finds receives
    /// all of that touch (moves, release, cancellation) wherever the pointer goes; the
    /// wheel goes to the view under the pointer. Moves with no press are hover: they reach
    /// the hover recognizers of the views under the pointer and set `currentCursor`.
    /// Events with non-finite locations are dropped.
    ///
    /// A press hides the focus ring, as pointer use does on the desktop: the focus is
    /// cleared, and the control pressed (if it can take focus) is where the next Tab
    /// starts. A press does not focus what it presses.
    public func handle(_ event: PointerEvent) {
        defer { rootUndoManager.endEventGroup() }
        guard event.location.isFinite else { return }
        switch event.kind {
        case .press:
            guard touch == nil else { return }
            let hit = hitTest(event.location)
            if focusedView != nil { updateFocus(to: nil) }
            tabStart = hit.flatMap(focusableAncestor)
            guard let hit else { return }
            let t = Touch(
                view: hit, location: event.location, timestamp: event.timestamp, button: event.button,
                modifiers: event.modifiers)
            touch = t
            gesturesBegin(t)
            if !touchTakenFromView && !touchHeldFromView { hit.touchesBegan([t], with: Event(touch: t)) }
        case .move:
            guard let t = touch else { return hover(at: event.location) }
            pointerLocation = event.location
            update(t, event)
            gesturesMove(t)
            if !touchTakenFromView && !touchHeldFromView { t.view.touchesMoved([t], with: Event(touch: t)) }
        case .release:
            guard let t = touch else { return }
            update(t, event)
            gesturesEnd(t)
            touch = nil
            // A press still held back when it ends reaches the view whole (UIKit delivers
            // the delayed began with the end).
            if touchHeldFromView && !touchTakenFromView {
                touchHeldFromView = false
                t.view.touchesBegan([t], with: Event(touch: t))
            }
            if !touchTakenFromView { t.view.touchesEnded([t], with: Event(touch: t)) }
            hover(at: event.location)
        case .cancel:
            cancelTouch()
        case .scroll(let delta):
            guard delta.isFinite, let hit = hitTest(event.location) else { return }
            hit.scrolled(by: delta, at: hit.convert(event.location, from: self))
            if touch == nil { hover(at: event.location) }
        case .exit:
            pointerLocation = nil
            endHover(for: hoveredViews)
        }
    }

    /// Cancels the current touch, if any (a lost grab, an unmapped window).
    public func cancelTouch() {
        guard let t = touch else { return }
        gesturesCancel(t)
        touch = nil
        if !touchTakenFromView && !touchHeldFromView { t.view.touchesCancelled([t], with: Event(touch: t)) }
        touchHeldFromView = false
    }

    private func update(_ t: Touch, _ e: PointerEvent) {
        t.previousRootLocation = t.rootLocation
        t.rootLocation = e.location
        t.timestamp = e.timestamp
        t.modifiers = e.modifiers
    }

    /// A view leaving the tree cancels the touch it (or a subview) is tracking, and
    /// gives up the focus, the first responder and the hover it or a subview had.
    func viewWillLeave(_ view: View) {
        func inside(_ v: View?) -> Bool { v?.isDescendant(of: view) ?? false }
        if let t = touch, inside(t.view) { cancelTouch() }
        if inside(focusedView) { updateFocus(to: nil) }
        if inside(tabStart) { tabStart = nil }
        if inside(firstResponder) { firstResponder = nil }
        if hoveredViews.contains(where: { inside($0) }) { endHover(for: hoveredViews.filter { inside($0) }) }
    }
}

extension RootView {
    /// Marks a rectangle given in a surface's pixels for redrawing (an exposed area).
    public func setNeedsDisplayInPixels(_ r: Rect, scale: Double) {
        guard scale > 0 else { return }
        addDamage(Rect(x: r.x / scale, y: r.y / scale, width: r.width / scale, height: r.height / scale))
    }
}
