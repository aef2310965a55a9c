import Raster

/// A rectangle of the interface that draws itself and holds subviews (`UIView`), with the
/// layer-like properties of its `CALayer` on the view itself.
///
/// Geometry is in points, y down. Frames and bounds are sanitised where they are set:
/// NaN or infinite values become 0 and negative sizes become 0.
@MainActor
open class View {
    private var frameStorage: Rect
    private var boundsOrigin: Point = .zero

    /// The view that holds this one, if any.
    public private(set) weak var superview: View?
    /// The views this one holds, back to front.
    public private(set) var subviews: [View] = []
    /// A number to find the view by (`viewWithTag`).
    public var tag = 0

    /// Creates a view with a frame in its superview's coordinates.
    public init(frame: Rect = .zero) {
        frameStorage = View.sanitize(frame)
    }

    static func sanitize(_ r: Rect) -> Rect {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Rect(x: f(r.x), y: f(r.y), width: max(0, f(r.width)), height: max(0, f(r.height)))
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates (`frame`).
    public var frame: Rect {
        get { frameStorage }
        set {
            let r = View.sanitize(newValue)
            guard r != frameStorage else { return }
            let resized = r.size != frameStorage.size
            setNeedsDisplay()
            frameStorage = r
            setNeedsDisplay()
            if resized {
                setNeedsLayout()
                boundsDidChange()
            }
        }
    }

    /// The view's rectangle in its own coordinates: the origin scrolls the content
    /// (`bounds`).
    public var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: frameStorage.size) }
        set {
            let r = View.sanitize(newValue)
            if r.origin != boundsOrigin { setNeedsDisplay() }
            boundsOrigin = r.origin
            frame = Rect(x: center.x - r.width / 2, y: center.y - r.height / 2, width: r.width, height: r.height)
            setNeedsDisplay()
        }
    }

    /// The centre of the frame, in the superview's coordinates (`center`).
    public var center: Point {
        get { frameStorage.center }
        set {
            guard newValue.isFinite else { return }
            frame = Rect(x: newValue.x - frameStorage.width / 2, y: newValue.y - frameStorage.height / 2,
                         width: frameStorage.width, height: frameStorage.height)
        }
    }

    /// Called when the size changes; subclasses rebuild what depends on it.
    open func boundsDidChange() {}

    // MARK: Appearance

    /// Hides the view and its subviews; hidden views take no touches (`isHidden`).
    public var isHidden = false { didSet { if isHidden != oldValue { setNeedsDisplay() } } }
    /// The opacity of the whole subtree, composited as a group (`alpha`), 0...1.
    public var alpha: Double = 1 {
        didSet {
            alpha = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
            if alpha != oldValue { setNeedsDisplay() }
        }
    }
    /// Fills the bounds, rounded by `cornerRadius`, behind the content (`backgroundColor`).
    open var backgroundColor: Color? { didSet { setNeedsDisplay() } }
    /// A promise that the view fills its bounds with opaque pixels (`isOpaque`).
    open var isOpaque = false
    /// Clips the content and subviews to the rounded bounds, and removes the shadow
    /// (`clipsToBounds` / `masksToBounds`).
    public var clipsToBounds = false {
        willSet { if newValue != clipsToBounds { setNeedsDisplay() } }
        didSet { setNeedsDisplay() }
    }
    /// Whether the view and its subtree take touches (`isUserInteractionEnabled`).
    public var isUserInteractionEnabled = true
    /// The radius of the rounded corners of the background, border and clip
    /// (`layer.cornerRadius`); negative and NaN count as 0.
    open var cornerRadius: Double = 0 { didSet { setNeedsDisplay() } }
    /// The width of the border drawn inside the bounds (`layer.borderWidth`).
    open var borderWidth: Double = 0 { didSet { setNeedsDisplay() } }
    /// The colour of the border (`layer.borderColor`); default black.
    open var borderColor: Color = .black { didSet { setNeedsDisplay() } }
    /// Whether the view's own content (background and `draw`) is drawn into a layer of
    /// its own before it is composited, as a `CALayer` has its backing store: needed when
    /// `draw` uses blend modes such as clear, which must punch through the view's own
    /// pixels only. Default false.
    open var drawsInOwnLayer: Bool { false }
    /// Whether `backgroundColor` fills the rounded bounds; views that give it another
    /// meaning (the inside of a shape or a circle) answer false.
    open var drawsLayerBackground: Bool { true }
    /// Whether `borderWidth` and `borderColor` draw the layer's border around the
    /// bounds; views that give them another meaning answer false.
    open var drawsLayerBorder: Bool { true }
    /// The colour of the shadow (`layer.shadowColor`); default black.
    public var shadowColor: Color = .black { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    /// The opacity of the shadow (`layer.shadowOpacity`); default 0, no shadow.
    public var shadowOpacity: Double = 0 { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    /// The blur of the shadow: a Gaussian of sigma = radius (`layer.shadowRadius`); default 3.
    public var shadowRadius: Double = 3 { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    /// The offset of the shadow, y down (`layer.shadowOffset`); default (0, -3), as Core
    /// Animation has it.
    public var shadowOffset = Size(width: 0, height: -3) { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    /// The shape casting the shadow, in the view's coordinates (`layer.shadowPath`); nil:
    /// the composited alpha of the view and all it contains casts it.
    public var shadowPath: Path? { willSet { setNeedsDisplay() } didSet { setNeedsDisplay() } }
    /// The blurred shadow of `shadowPath`, kept between frames.
    let shadowPathCache = ShadowCache()
    /// A view whose alpha masks this one, in this view's coordinates (`mask`).
    public var mask: View? { didSet { setNeedsDisplay() } }

    /// How far outside its bounds the view may draw (its shadow), in points.
    open var visualOutset: Double {
        guard shadowOpacity > 0, !clipsToBounds else { return 0 }
        return 3 * max(0, shadowRadius) + max(abs(shadowOffset.width), abs(shadowOffset.height)) + 2
    }

    /// Whether a redraw of part of the view must redraw all of it: a backdrop blur reads
    /// what lies around the part. Shadows need not: they are computed from whole shapes.
    open var redrawsAsAWhole: Bool { false }

    // MARK: Hierarchy

    /// Adds a view in front of the others (`addSubview`). A view cannot hold itself or an
    /// ancestor: such a call is refused and returns false.
    @discardableResult
    public func addSubview(_ view: View) -> Bool {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of the subviews, clamped to the valid range
    /// (`insertSubview(_:at:)`); refused (false) when it would make a cycle.
    @discardableResult
    open func insertSubview(_ view: View, at index: Int) -> Bool {
        var ancestor: View? = self
        while let a = ancestor {
            if a === view { return false }
            ancestor = a.superview
        }
        if view.superview != nil { view.removeFromSuperview() }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.setNeedsDisplay()
        view.didMoveToRoot()
        setNeedsLayout()
        return true
    }

    /// Removes the view from its superview (`removeFromSuperview`); a touch it or a
    /// subview was tracking is cancelled.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        setNeedsDisplay()
        root?.viewWillLeave(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    /// Called when the view joins a tree.
    open func didMoveToRoot() {}

    /// The root of the tree, when the view is in one.
    public var root: RootView? {
        var v: View? = self
        while let x = v {
            if let r = x as? RootView { return r }
            v = x.superview
        }
        return nil
    }

    /// The first view of the subtree with `tag` (`viewWithTag`).
    public func view(withTag tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.view(withTag: tag) { return v } }
        return nil
    }

    // MARK: Display and layout

    /// Marks the whole view for redrawing (`setNeedsDisplay`): everything it and its
    /// subtree can draw on, shadows and subviews outside the bounds included.
    public func setNeedsDisplay() { invalidate(drawingExtent) }

    /// Marks part of the view, in its coordinates, for redrawing (`setNeedsDisplay(_:)`),
    /// with the shadow the part casts.
    public func setNeedsDisplay(_ rect: Rect) {
        let outset = visualOutset
        invalidate(rect.insetBy(dx: -outset, dy: -outset))
    }

    /// Damages `rect` (this view's coordinates) in the root, grown on the way up by the
    /// shadow of every ancestor whose shadow its content casts.
    private func invalidate(_ rect: Rect) {
        var r = rect
        var v = self
        while let parent = v.superview {
            let o = v.toSuperview
            r = r.offsetBy(dx: o.x, dy: o.y)
            if parent.castsGroupShadow {
                let o = parent.visualOutset
                r = r.insetBy(dx: -o, dy: -o)
            }
            v = parent
        }
        (v as? RootView)?.addDamage(r)
    }

    private(set) var needsLayout = true

    /// Marks the view for `layoutSubviews` before the next frame (`setNeedsLayout`).
    public func setNeedsLayout() {
        needsLayout = true
        root?.scheduleLayout()
    }

    /// Lays out the subtree now where it was marked (`layoutIfNeeded`).
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for s in subviews { s.layoutIfNeeded() }
    }

    /// Positions subviews; the default does nothing (`layoutSubviews`).
    open func layoutSubviews() {}

    /// The shape subviews are clipped to besides `clipsToBounds`, in this view's
    /// coordinates; nil (no clip) by default.
    open func subviewClipPath() -> Path? { nil }

    /// Draws the view's own content in its coordinates, clipped to its bounds, between
    /// the background and the subviews (`draw(_:)`): `rect` is the part being redrawn.
    open func draw(_ rect: Rect, in context: Context) {}

    // MARK: Hit testing

    /// Whether a point of this view's coordinates is inside it (`point(inside:with:)`):
    /// its bounds by default; views of other shapes answer for their shape.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// Whether the view takes touches at all: visible, interactive, not transparent.
    open var acceptsTouches: Bool { !isHidden && isUserInteractionEnabled && alpha >= 0.01 }

    /// The front-most view of the subtree containing a point of this view's coordinates
    /// (`hitTest(_:with:)`): hidden, non-interactive and nearly transparent views are
    /// skipped with their subtrees, and a point outside a view never reaches its
    /// subviews.
    open func hitTest(_ point: Point) -> View? {
        guard acceptsTouches, point.isFinite, self.point(inside: point) else { return nil }
        for s in subviews.reversed() {
            if let hit = s.hitTest(convert(point, to: s)) { return hit }
        }
        return self
    }

    // MARK: Touches

    /// A touch began on this view (`touchesBegan`); the default does nothing.
    open func touchBegan(_ touch: Touch) {}
    /// The touch moved (`touchesMoved`).
    open func touchMoved(_ touch: Touch) {}
    /// The touch ended (`touchesEnded`).
    open func touchEnded(_ touch: Touch) {}
    /// The touch was cancelled (`touchesCancelled`).
    open func touchCancelled(_ touch: Touch) {}
    /// The wheel scrolled over this view; the default passes it to the superview.
    open func scrolled(by delta: Point, at location: Point) {
        superview?.scrolled(by: delta, at: convert(location, to: superview))
    }
}
