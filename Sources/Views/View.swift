import Layers
import Raster

/// A rectangle of the interface that draws itself and holds subviews (`UIView`), standing
/// on a `Layer` as a `UIView` stands on its `CALayer`.
///
/// `frame`, `bounds`, `center`, `transform`, `alpha`, `isHidden`, `backgroundColor` and
/// `clipsToBounds` are the layer's; corner radius, border, shadow and the rest of the
/// layer's appearance are reached through `layer`. A view that overrides `draw(_:)`
/// draws into its layer's backing store, clipped to its bounds, once per
/// `setNeedsDisplay`.
///
/// Geometry is in points, y down. Frames and bounds are sanitised where they are set:
/// NaN or infinite values become 0 and negative sizes become 0.
@MainActor
open class View: Responder, LayerDelegate {
    /// The layer the view stands on, made from `layerClass`; the view is its delegate.
    public let layer: Layer

    /// The class of the view's layer (`layerClass`); `Layer` by default. `AnyClass`, as
    /// UIKit declares it; a class that is not a `Layer` gives a plain `Layer`.
    open class var layerClass: AnyClass { Layer.self }

    /// The view that holds this one, if any.
    public private(set) weak var superview: View?
    /// The views this one holds, back to front.
    public private(set) var subviews: [View] = []
    /// A number to find the view by (`viewWithTag`).
    public var tag = 0

    /// Creates a view with a frame in its superview's coordinates.
    public init(frame: Rect = .zero) {
        layer = (Self.layerClass as? Layer.Type ?? Layer.self).init()
        super.init()
        layer.delegate = self
        layer.frame = frame
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates (`frame`): the bounding box of
    /// its transformed bounds. Setting it moves and sizes the view.
    public var frame: Rect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != old { sizeDidChange() }
        }
    }

    /// The view's rectangle in its own coordinates: the origin scrolls the content
    /// (`bounds`). Setting it keeps the centre.
    public var bounds: Rect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if layer.bounds.size != old { sizeDidChange() }
        }
    }

    /// The centre of the view in its superview's coordinates (`center`): its layer's
    /// position, with the default anchor point.
    public var center: Point {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The 2-D transform about the centre (`transform`): the plane's part of the layer's
    /// transform (`affineTransform()`).
    public var transform: AffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The layer's transform in space, perspective included (`transform3D`).
    public var transform3D: Transform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    private func sizeDidChange() {
        setNeedsLayout()
        boundsDidChange()
    }

    /// Called when the size changes; subclasses rebuild what depends on it.
    open func boundsDidChange() {}

    // MARK: Appearance

    /// How a view's drawing follows a change of its bounds (`UIView.ContentMode`): the
    /// backing store is stretched or placed as the mode says, or drawn again for
    /// `.redraw`. An image view places its image by it.
    public enum ContentMode: Sendable {
        /// Stretched to fill the bounds (the default).
        case scaleToFill
        /// As large as fits whole, centred, aspect kept.
        case scaleAspectFit
        /// As small as covers the bounds, centred, aspect kept (cropped by `clipsToBounds`).
        case scaleAspectFill
        /// Drawn again at the new size.
        case redraw
        /// At its own size, centred.
        case center
        /// At its own size, along the top edge.
        case top
        /// At its own size, along the bottom edge.
        case bottom
        /// At its own size, along the left edge.
        case left
        /// At its own size, along the right edge.
        case right

        /// The layer gravity of the mode: the screen's top is the layer's `.bottom`, as
        /// UIKit maps it on iOS.
        var gravity: ContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            }
        }
    }

    /// How the drawing follows the bounds (`contentMode`); default `.scaleToFill`.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.gravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// Hides the view and its subviews; hidden views take no touches (`isHidden`).
    public var isHidden: Bool {
        get { layer.isHidden }
        set {
            let was = layer.isHidden
            layer.isHidden = newValue
            if was != newValue, let stack = superview as? StackView,
                stack.arrangedSubviews.contains(where: { $0 === self })
            {
                stack.arrangedSubviewVisibilityChanged()
            }
        }
    }
    /// The opacity of the whole subtree, composited as a group (`alpha`), 0...1; the
    /// layer's `opacity`.
    public var alpha: Double {
        get { layer.opacityValue }
        set { layer.opacityValue = newValue }
    }
    /// Fills the bounds, rounded by `layer.cornerRadius`, behind the content
    /// (`backgroundColor`): the layer's.
    open var backgroundColor: Color? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }
    /// A promise that the view fills its bounds with opaque pixels (`isOpaque`).
    open var isOpaque = false
    /// Clips the content and subviews to the rounded bounds, and removes the shadow
    /// (`clipsToBounds`): the layer's `masksToBounds`.
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// Whether the view and its subtree take touches (`isUserInteractionEnabled`).
    public var isUserInteractionEnabled = true
    /// How many running view animations keep the view from taking touches.
    var interactionBlocks = 0
    /// The recognizers attached (`gestureRecognizers`).
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    private var ownCursor: Cursor?
    /// The cursor over the view; nil shows its superview's (the root's is the arrow). A
    /// control shows the pointing hand unless told otherwise.
    open var cursor: Cursor? {
        get { ownCursor }
        set { ownCursor = newValue }
    }

    /// The cursor over `point`, in the view's coordinates; nil shows the superview's.
    /// By default `cursor`, wherever the point; a control whose parts differ says which
    /// show the hand (a slider's thumb, a stepper's live halves). UIKit has no cursors;
    /// this is Vitrine's, for a desktop.
    open func cursor(at point: Point) -> Cursor? { cursor }
    /// A view whose alpha masks this one and its shadow, in this view's coordinates
    /// (`mask`): its layer becomes `layer.mask`.
    public var mask: View? {
        didSet { layer.mask = mask?.layer }
    }

    // MARK: Hierarchy

    /// Adds a view in front of the others (`addSubview`). A view cannot hold itself or an
    /// ancestor: such a call is refused and returns false.
    @discardableResult
    public func addSubview(_ view: View) -> Bool {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of the subviews, clamped to the valid range
    /// (`insertSubview(_:at:)`); refused (false) when it would make a cycle. Its layer
    /// goes just behind the layer of the subview it is placed behind, or in front of all.
    @discardableResult
    open func insertSubview(_ view: View, at index: Int) -> Bool {
        var ancestor: View? = self
        while let a = ancestor {
            if a === view { return false }
            ancestor = a.superview
        }
        if view.superview != nil { view.removeFromSuperview() }
        let i = min(max(index, 0), subviews.count)
        let host = sublayerHost
        let layerIndex =
            i < subviews.count
            ? (host.sublayers?.firstIndex { $0 === subviews[i].layer } ?? 0)
            : (host.sublayers?.count ?? 0)
        subviews.insert(view, at: i)
        view.superview = self
        view.layer.applyContentsScale(layer.contentsScale)
        host.insertSublayer(view.layer, at: layerIndex)
        view.didMoveToRoot()
        setNeedsLayout()
        return true
    }

    /// The layer the subviews' layers go into: the view's own by default.
    var sublayerHost: Layer { layer }

    /// Removes the view from its superview (`removeFromSuperview`); a touch it or a
    /// subview was tracking is cancelled.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        root?.viewWillLeave(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
    }

    /// Called when the view joins a tree.
    open func didMoveToRoot() {}

    /// Called before `subview` leaves this view (`willRemoveSubview(_:)`).
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Sizing (View+Sizing.swift)

    /// The size the content wants, each side `View.noIntrinsicMetric` where it has none
    /// (`intrinsicContentSize`); a plain view has none. Labels, buttons, image views and
    /// the controls answer; a stack view sizes its views by it.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The size that best fits within `size` (`sizeThatFits(_:)`); the default, as
    /// UIKit's, is the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// Where the first or last line of text lies, in points from the top, for a view of
    /// `height` points (what UIKit's `forFirstBaselineLayout` and `forLastBaselineLayout`
    /// give a stack view); nil for a view without text.
    open func baselineOffset(first: Bool, height: Double) -> Double? { nil }

    /// The space a stack view, or a layout of the caller's, leaves inside the edges
    /// (`layoutMargins`); default 8 points on each side.
    public var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) { didSet { setNeedsLayout() } }

    /// `contentHuggingPriority(for:)` on each axis.
    var contentHugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    /// `contentCompressionResistancePriority(for:)` on each axis.
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)

    private var ownTintColor: Color?

    /// The colour controls draw their active parts in (`tintColor`): the view's own, or
    /// else its superview's, or else `Color.systemBlue`. Setting nil goes back to the
    /// superview's.
    public var tintColor: Color! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            ownTintColor = newValue
            tintDidChangeInSubtree()
        }
    }

    /// Called when `tintColor` changes, set here or above (`tintColorDidChange()`).
    open func tintColorDidChange() {}

    private func tintDidChangeInSubtree() {
        tintColorDidChange()
        for s in subviews where s.ownTintColor == nil { s.tintDidChangeInSubtree() }
    }

    // MARK: Responder

    /// The superview, or nil for the root: presses go up the view tree.
    override open var next: Responder? { superview }

    /// Makes the view the root's first responder, if `canBecomeFirstResponder` and it is
    /// in a tree; the one before resigns first, and when it refuses nothing changes.
    @discardableResult
    override open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let root else { return false }
        if let old = root.firstResponder, old !== self, !old.resignFirstResponder() { return false }
        return root.makeFirstResponder(self)
    }

    /// Stops being the root's first responder.
    @discardableResult
    override open func resignFirstResponder() -> Bool {
        if let root, root.firstResponder === self { return root.makeFirstResponder(nil) }
        return true
    }

    override open var isFirstResponder: Bool { root?.firstResponder === self }

    // MARK: Focus

    /// Whether Tab may bring the keyboard focus here (`canBecomeFocused`): false for a
    /// plain view, true for an enabled control. Hidden, transparent, non-interactive and
    /// zero-sized views never take it.
    open var canBecomeFocused: Bool { false }

    /// The shape of the focus ring (`focusEffect`); nil: the bounds, rounded as the layer.
    open var focusEffect: FocusHaloEffect? { nil }

    /// The root of the tree, when the view is in one.
    public var root: RootView? {
        var v: View? = self
        while let x = v {
            if let r = x as? RootView { return r }
            v = x.superview
        }
        return nil
    }

    /// Whether this view is `view` or lies inside it (`isDescendant(of:)`).
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let x = v {
            if x === view { return true }
            v = x.superview
        }
        return false
    }

    /// The first view of the subtree with `tag` (`viewWithTag`).
    public func view(withTag tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.view(withTag: tag) { return v } }
        return nil
    }

    // MARK: Display and layout

    /// Marks the view's drawing for redrawing (`setNeedsDisplay`): its layer's backing
    /// store is drawn again before the next frame.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the view, in its coordinates, for redrawing (`setNeedsDisplay(_:)`).
    public func setNeedsDisplay(_ rect: Rect) { layer.setNeedsDisplay(rect) }

    private(set) var needsLayout = true
    /// Whether this view or one below it needs layout: a frame visits only those.
    private var subtreeNeedsLayout = true

    /// Marks the view for `layoutSubviews` before the next frame (`setNeedsLayout`).
    public func setNeedsLayout() {
        needsLayout = true
        var v: View? = self
        while let x = v {
            x.subtreeNeedsLayout = true
            v = x.superview
        }
        root?.scheduleLayout()
    }

    /// Lays out the subtree now where it was marked (`layoutIfNeeded`).
    public func layoutIfNeeded() {
        guard subtreeNeedsLayout || needsLayout else { return }
        subtreeNeedsLayout = false
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for s in subviews { s.layoutIfNeeded() }
    }

    /// Positions subviews; the default does nothing (`layoutSubviews`).
    open func layoutSubviews() {}

    /// Draws the view's own content in its coordinates into its layer's backing store,
    /// clipped to its bounds, between the background and the subviews (`draw(_:)`), into
    /// the current context, `GraphicsGetCurrentContext()`, as UIKit's does: `rect` is the
    /// part being redrawn. The default draws nothing; a view whose drawing leaves nothing
    /// has no store.
    open func draw(_ rect: Rect) {}

    /// Draws the layer by `draw(_:)` (`LayerDelegate`), with `context` made current
    /// while it runs.
    public func draw(_ layer: Layer, in context: Context) {
        GraphicsPushContext(context)
        defer { GraphicsPopContext() }
        draw(context.clipBoundingBox.intersection(bounds))
    }

    // MARK: Hit testing

    /// Whether a point of this view's coordinates is inside it (`point(inside:with:)`):
    /// its bounds by default; views of other shapes answer for their shape. This is the
    /// method to override.
    open func point(inside point: Point, with event: Event?) -> Bool { bounds.contains(point) }

    /// `point(inside:with:)` without an event.
    public final func point(inside point: Point) -> Bool { self.point(inside: point, with: nil) }

    /// Whether the view takes touches at all: visible, interactive, not transparent.
    open var acceptsTouches: Bool { !isHidden && isUserInteractionEnabled && alpha >= 0.01 && interactionBlocks == 0 }

    /// The front-most view of the subtree containing a point of this view's coordinates
    /// (`hitTest(_:with:)`): hidden, non-interactive and nearly transparent views are
    /// skipped with their subtrees, and a point outside a view never reaches its
    /// subviews. This is the method to override.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard acceptsTouches, point.isFinite, self.point(inside: point, with: event) else { return nil }
        for s in subviews.reversed() {
            let map = s.layer.transformToSuperlayer
            // A single-sided view turned away is not drawn, and takes no touches.
            if !s.layer.isDoubleSided && map.determinant < 0 { continue }
            guard let inverse = map.inverted(), let p = inverse.apply(to: point) else { continue }
            if let hit = s.hitTest(p, with: event) { return hit }
        }
        return self
    }

    /// `hitTest(_:with:)` without an event.
    public final func hitTest(_ point: Point) -> View? { hitTest(point, with: nil) }

    // MARK: Touches

    /// Touches began on this view (`touchesBegan(_:with:)`): a pointer gives one at a
    /// time, and the view it began on receives all of it. The default does nothing;
    /// UIKit's passes the touches up the responder chain, which a desktop press does not
    /// need.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    /// The touches moved (`touchesMoved(_:with:)`).
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    /// The touches ended (`touchesEnded(_:with:)`).
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    /// The touches were cancelled (`touchesCancelled(_:with:)`).
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}
    /// The wheel scrolled over this view; the default passes it to the superview.
    open func scrolled(by delta: Point, at location: Point) {
        superview?.scrolled(by: delta, at: convert(location, to: superview))
    }

    // MARK: Accessibility

    /// The accessibility values given to this view; nil where it takes its default.
    var accessibility = AccessibilityStore() { didSet { AccessibilityNodeID.changes &+= 1 } }
    /// The view's id on the accessibility bus, given when first asked for.
    var accessibilityNodeID: Int?

    /// Whether assistive technologies see this view as one element
    /// (`isAccessibilityElement`); false for a plain view, true for the controls, labels
    /// and images.
    open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? false }
        set { accessibility.isElement = newValue }
    }

    /// What the element is called, read first (`accessibilityLabel`): a button's title,
    /// a label's text.
    open var accessibilityLabel: String? {
        get { accessibility.label }
        set { accessibility.label = newValue }
    }

    /// What the element holds now (`accessibilityValue`): a slider's percentage, "1" or
    /// "0" for a switch or checkbox.
    open var accessibilityValue: String? {
        get { accessibility.value }
        set { accessibility.value = newValue }
    }

    /// What activating the element does, read last (`accessibilityHint`).
    open var accessibilityHint: String? {
        get { accessibility.hint }
        set { accessibility.hint = newValue }
    }

    /// What the element is and how it behaves (`accessibilityTraits`).
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibility.traits ?? .none }
        set { accessibility.traits = newValue }
    }

    /// A name for tests and automation, never read out (`accessibilityIdentifier`).
    open var accessibilityIdentifier: String? {
        get { accessibility.identifier }
        set { accessibility.identifier = newValue }
    }

    /// Where the element is, in the window's coordinates (`accessibilityFrame`): the
    /// view's bounds there unless set.
    open var accessibilityFrame: Rect {
        get { accessibility.frame ?? convert(bounds, to: nil) }
        set { accessibility.frame = newValue }
    }

    /// The elements inside, in reading order, in place of the subviews
    /// (`accessibilityElements`); nil: the subviews that are elements, or contain some.
    open var accessibilityElements: [Any]? {
        get { accessibility.elements }
        set { accessibility.elements = newValue }
    }

    /// Whether the subviews' elements are read together, before those of the views
    /// beside (`shouldGroupAccessibilityChildren`).
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibility.groupsChildren }
        set { accessibility.groupsChildren = newValue }
    }

    /// Whether the elements inside this view are hidden from assistive technologies
    /// (`accessibilityElementsHidden`).
    open var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue }
    }

    /// Does what activating the element does (`accessibilityActivate()`); true when it
    /// did something. A plain view does nothing.
    open func accessibilityActivate() -> Bool { false }

    /// Moves an adjustable element's value up a step (`accessibilityIncrement()`).
    open func accessibilityIncrement() {}

    /// Moves an adjustable element's value down a step (`accessibilityDecrement()`).
    open func accessibilityDecrement() {}
}
