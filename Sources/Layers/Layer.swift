import Raster

/// A rectangle of the interface with geometry, appearance, optional drawn content and
/// sublayers (`CALayer`): views stand on layers, and a tree of layers can be drawn into
/// any context on its own.
///
/// Coordinates are UIKit's: points, y down, origin top-left. Values are `Double` where
/// Core Animation has `CGFloat`, and `Float` where Core Animation has it (`opacity`,
/// `shadowOpacity`). Invalid values
/// (NaN, infinities) given to geometry setters are ignored, and negative sizes become 0.
@MainActor
open class Layer {
    /// The values the code set (the model layer's).
    var model = LayerState()
    /// The values drawn now: the model with the running animations applied (the
    /// presentation layer's). Equal to the model when nothing animates. Changed only by
    /// `set(_:_:)` and `changeShown(_:)`, which forget `keptToSuperlayer`.
    private(set) var shown = LayerState()
    /// `shownToSuperlayer` as last worked out, while the shown values stay the same: the
    /// walk of a frame asks for it several times for each layer, and it costs some 300
    /// instructions each time.
    var keptToSuperlayer: ProjectiveTransform?

    /// Creates a layer with empty bounds at the origin.
    public required init() {}

    /// The object that draws the layer and lays out its sublayers: a view for its own
    /// layer (`delegate`). Held weakly.
    public weak var delegate: (any LayerDelegate)?

    /// A name for debugging and lookup (`name`).
    public var name: String?

    // MARK: Tree

    /// The layer that holds this one (`superlayer`).
    public internal(set) weak var superlayer: Layer?
    /// The layers held, back to front before `zPosition` reorders them.
    var children: [Layer] = []
    /// The layer this one masks, when it is a mask.
    weak var maskOwner: Layer?

    /// The layers held, back to front in array order (`sublayers`); nil when there are
    /// none. Setting it replaces them all.
    public var sublayers: [Layer]? {
        get { children.isEmpty ? nil : children }
        set {
            for c in children { c.removeFromSuperlayer() }
            for c in newValue ?? [] { addSublayer(c) }
        }
    }

    /// Adds a layer in front of the others (`addSublayer`).
    public func addSublayer(_ layer: Layer) { insertSublayer(layer, at: children.count) }

    /// Inserts a layer at an index of the sublayers, clamped to the valid range
    /// (`insertSublayer(_:at:)`). A layer cannot hold itself or an ancestor: such a call
    /// is ignored.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        var ancestor: Layer? = self
        while let a = ancestor {
            if a === layer { return }
            ancestor = a.superlayer
        }
        if layer.superlayer != nil { layer.removeFromSuperlayer() }
        if let owner = layer.maskOwner { owner.mask = nil }
        withChildren { $0.insert(layer, at: min(max(index, 0), $0.count)) }
        layer.superlayer = self
        layer.setNeedsComposite()
        setNeedsLayout()
    }

    /// Inserts a layer just behind `sibling`, or at the back when it is not a sublayer
    /// (`insertSublayer(_:below:)`).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        insertSublayer(layer, at: sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0)
    }

    /// Inserts a layer just in front of `sibling`, or at the front when it is not a
    /// sublayer (`insertSublayer(_:above:)`).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        insertSublayer(
            layer, at: sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count)
    }

    /// Puts `new` where `old` is (`replaceSublayer(_:with:)`); nothing when `old` is not a
    /// sublayer.
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        guard let i = children.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: i)
    }

    /// Removes the layer from its superlayer (`removeFromSuperlayer`).
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        setNeedsComposite()
        parent.withChildren { $0.removeAll { $0 === self } }
        superlayer = nil
    }

    /// Runs `body` on the sublayers, taken out of the layer meanwhile (as `set` does the
    /// states). `body` must not use the layer.
    @inline(__always)
    private func withChildren<R>(_ body: (inout [Layer]) -> R) -> R {
        keptOrder = nil
        var taken: [Layer] = []
        swap(&taken, &children)
        defer { swap(&taken, &children) }
        return body(&taken)
    }

    /// The sublayers in drawing order: by `zPosition`, then by array order.
    var orderedSublayers: [Layer] {
        // Most often in order already (raised layers, scroll indicators and focus rings,
        // are added last): as they are, without sorting on every frame. Otherwise the
        // last sort holds while the sublayers and their zPositions stay the same.
        var previous = -Double.infinity
        var ordered = true
        for child in children {
            let z = child.shown.zPosition
            if z < previous {
                ordered = false
                break
            }
            previous = z
        }
        if ordered { return children }
        if let kept = keptOrder, kept.zPositions.count == children.count,
            zip(kept.zPositions, children).allSatisfy({ $0 == $1.shown.zPosition })
        {
            return kept.layers
        }
        let layers = children.enumerated().sorted {
            $0.element.shown.zPosition != $1.element.shown.zPosition
                ? $0.element.shown.zPosition < $1.element.shown.zPosition : $0.offset < $1.offset
        }.map(\.element)
        keptOrder = (children.map(\.shown.zPosition), layers)
        return layers
    }

    /// Replaces the shown values, and forgets what was worked out from them.
    func changeShown(_ state: LayerState) {
        shown = state
        keptToSuperlayer = nil
    }

    // MARK: Changing the model

    /// Sets a property of the model, damaging what the layer covered before and after.
    func set<T: Equatable>(_ key: WritableKeyPath<LayerState, T>, _ value: T) {
        guard model[keyPath: key] != value else { return }
        let old = shown[keyPath: key]
        let oldModel = model[keyPath: key]
        setNeedsComposite()
        // Each state taken out of the layer meanwhile: a key path's setter is a call,
        // which inside an access to the stored state would cost every access to it, in
        // every frame's walk of the tree, a run-time exclusivity check.
        var state = LayerState()
        swap(&state, &model)
        state[keyPath: key] = value
        swap(&state, &model)
        swap(&state, &shown)
        state[keyPath: key] = value
        swap(&state, &shown)
        keptToSuperlayer = nil
        setNeedsComposite()
        if let name = Layer.animatableNames[key] { didChange(name, from: old, model: oldModel) }
    }

    // MARK: Appearance

    /// Hides the layer and its sublayers (`isHidden`).
    public var isHidden: Bool {
        get { model.isHidden }
        set { set(\.isHidden, newValue) }
    }

    /// The opacity of the layer and its sublayers, composited as a group (`opacity`),
    /// 0...1; NaN is ignored. A `Float`, as Core Animation has it; animations of it may
    /// give `Double`, `Float` or `Int` values.
    public var opacity: Float {
        get { Float(model.opacity) }
        set { if !newValue.isNaN { set(\.opacity, Double(min(max(newValue, 0), 1))) } }
    }

    /// Fills the bounds, rounded by `cornerRadius`, under the contents (`backgroundColor`).
    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set { set(\.backgroundColor, newValue) }
    }

    /// The radius of the rounded corners of the background, the border and the
    /// `masksToBounds` clip (`cornerRadius`); clamped to half the shorter side when drawn,
    /// negative and NaN count as 0.
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { set(\.cornerRadius, newValue.isNaN ? 0 : max(0, newValue)) }
    }

    /// The curve of the rounded corners (`cornerCurve`): `.circular` by default, or iOS's
    /// `.continuous`. Not animated.
    public var cornerCurve: CornerCurve {
        get { model.cornerCurve }
        set {
            keptRoundedBounds = nil
            keptBorder = nil
            set(\.cornerCurve, newValue)
        }
    }

    /// The corners `cornerRadius` rounds (`maskedCorners`); all by default.
    public var maskedCorners: CornerMask {
        get { model.maskedCorners }
        set { set(\.maskedCorners, newValue) }
    }

    /// The width of the border drawn inside the bounds, above the sublayers
    /// (`borderWidth`); negative and NaN count as 0.
    public var borderWidth: Double {
        get { model.borderWidth }
        set { set(\.borderWidth, newValue.isNaN ? 0 : max(0, newValue)) }
    }

    /// The border's colour (`borderColor`); default opaque black.
    public var borderColor: Color {
        get { model.borderColor }
        set { set(\.borderColor, newValue) }
    }

    /// The shadow's colour (`shadowColor`); default opaque black.
    public var shadowColor: Color {
        get { model.shadowColor }
        set { set(\.shadowColor, newValue) }
    }

    /// `opacity` as the `Double` it is kept as: a view's `alpha`.
    package var opacityValue: Double {
        get { model.opacity }
        set { if !newValue.isNaN { set(\.opacity, min(max(newValue, 0), 1)) } }
    }

    /// The shadow's opacity (`shadowOpacity`), 0...1; default 0, no shadow. A `Float`, as
    /// Core Animation has it.
    public var shadowOpacity: Float {
        get { Float(model.shadowOpacity) }
        set { if !newValue.isNaN { set(\.shadowOpacity, Double(min(max(newValue, 0), 1))) } }
    }

    /// The shadow's offset, y down (`shadowOffset`); default (0, -3), as Core Animation
    /// has it. Non-finite offsets are ignored.
    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { if newValue.width.isFinite && newValue.height.isFinite { set(\.shadowOffset, newValue) } }
    }

    /// The shadow's blur: a Gaussian of sigma = radius (`shadowRadius`); default 3.
    /// Negative and NaN count as 0.
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { set(\.shadowRadius, newValue.isNaN ? 0 : min(max(0, newValue), 1000)) }
    }

    /// The shape casting the shadow, in the layer's coordinates (`shadowPath`); nil: the
    /// alpha of everything the layer draws casts it.
    public var shadowPath: Path? {
        get { model.shadowPath }
        set { set(\.shadowPath, newValue) }
    }

    /// Clips the contents and sublayers to the rounded bounds, and with them the shadow
    /// (`masksToBounds`).
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        set { set(\.masksToBounds, newValue) }
    }

    /// A layer whose alpha masks this layer's whole composite, shadow included (`mask`).
    /// It is placed in this layer's coordinates by its own geometry and is not part of
    /// the tree: a layer in a tree given as a mask leaves it.
    public var mask: Layer? {
        didSet {
            guard mask !== oldValue else { return }
            oldValue?.maskOwner = nil
            if let m = mask {
                if m === self {
                    mask = nil
                    return
                }
                m.removeFromSuperlayer()
                if let previous = m.maskOwner, previous !== self { previous.mask = nil }
                m.maskOwner = self
            }
            maskRendering = nil
            setNeedsComposite()
        }
    }

    // MARK: Contents

    /// An image shown over the background, placed by `contentsGravity` (`contents`). A
    /// layer that draws shows its backing store instead.
    public var contents: Image? {
        willSet { setNeedsComposite() }
        didSet { setNeedsComposite() }
    }

    /// Where the contents go in the bounds (`contentsGravity`); default `.resize`.
    public var contentsGravity: ContentsGravity {
        get { model.contentsGravity }
        set { set(\.contentsGravity, newValue) }
    }

    /// The part of the contents image shown, in unit coordinates of the image
    /// (`contentsRect`); default the whole, (0, 0, 1, 1).
    public var contentsRect: Rect {
        get { model.contentsRect }
        set {
            if newValue.origin.isFinite && newValue.width.isFinite && newValue.height.isFinite {
                set(\.contentsRect, newValue)
            }
        }
    }

    /// The part of the contents image that stretches when the contents are scaled, in
    /// unit coordinates of the image, y down (`contentsCenter`); default the whole, so
    /// that all of it stretches. Outside it the image keeps its size: the corners as they
    /// are, the edges stretched along them only, the nine parts of a resizable image.
    /// Where the bounds are smaller than the corners, the corners shrink in proportion.
    /// Non-finite values are ignored.
    public var contentsCenter: Rect {
        get { model.contentsCenter }
        set {
            guard newValue.origin.isFinite, newValue.width.isFinite, newValue.height.isFinite else { return }
            set(\.contentsCenter, newValue.standardized)
        }
    }

    /// The pixels per point of the backing store and of the contents image
    /// (`contentsScale`); default 1. A view sets its layer's to its window's scale.
    public var contentsScale: Double {
        get { model.contentsScale }
        set {
            guard newValue.isFinite, newValue > 0, newValue != model.contentsScale else { return }
            set(\.contentsScale, newValue)
            setNeedsDisplay()
        }
    }

    /// Whether a change of the bounds' size redraws the backing store
    /// (`needsDisplayOnBoundsChange`); otherwise the old store is placed by
    /// `contentsGravity`. Default false.
    public var needsDisplayOnBoundsChange = false

    // MARK: Backing store

    /// The layer's drawing, kept until `setNeedsDisplay`.
    var store: Surface?
    /// The bounds' size the store was drawn for.
    var storeSize: Size = .zero
    /// The store's pixels that drawing reached: the rest is transparent.
    var storeContent = IntRect.empty
    /// The shadows of shadowed fills in the store's drawing, blurred once while the store
    /// is drawn again the same way.
    let storeShadowCache = ShadowCache()
    /// The animations added, in order.
    var running: [RunningAnimation] = []
    /// The layer's own speed, offset and begin time (`Layer+Timing`).
    var timing = LayerTiming()
    /// The actions for property keys, searched after the delegate (`actions`).
    public var actions: [String: any Action]?
    /// Whether the layer has been drawn: only then do changes run implicit actions.
    var hasBeenDrawn = false
    /// `drawingExtent`, kept until something in the subtree changes it.
    var extentCache: Rect?
    /// How many times the mask's subtree has changed: each change of a layer in it that
    /// damages the screen counts one.
    var maskGeneration = 0
    /// How many times the layer or its subtree has changed, counted as `maskGeneration`:
    /// the shadow the layer casts is kept while it stays the same.
    var contentGeneration = 0
    /// The mask as last rendered, for the next frame.
    var maskRendering: MaskRendering?
    /// What a recording context recorded for the subtree on the last frame, while the
    /// subtree is as it was then (`contentGeneration`).
    var keptRecording: KeptLayerRecording?
    /// `contentGeneration` when the subtree was last drawn.
    var drawnGeneration = -1
    /// How many subtrees have been recorded from what was kept (`keptRecording`), for the
    /// tests to see that they are.
    package static var recordingsReplayed = 0
    /// The clip to the rounded bounds as a recording context made it on the last frame.
    var keptClip: KeptClip?
    /// The layer as last drawn through a perspective, for the next frame.
    var projectedRendering: ProjectedRendering?
    /// The nine parts of the contents as last cut, for the next draw.
    var keptNineParts: NineParts?
    /// Whether any layer has ever had a sublayer transform: until one has, no layer looks
    /// at its superlayer's to find its place.
    static var someSublayerTransform = false
    /// Whether the store must be drawn again, and where (nil: all of it).
    var displayPending = true
    var pendingRect: Rect?
    /// Why the store could not be drawn last time (no memory), reported with the frame.
    var failure: RasterError? {
        didSet { Layer.unreportedFailures += (failure != nil ? 1 : 0) - (oldValue != nil ? 1 : 0) }
    }
    /// How many layers hold a failure not yet reported: without one, a frame does not
    /// walk the tree to look.
    static var unreportedFailures = 0

    /// A layer freed with its failure unreported takes it out of the count, which would
    /// otherwise make every later frame walk the tree for nothing.
    isolated deinit {
        if failure != nil { Layer.unreportedFailures -= 1 }
    }

    // MARK: Overridable behaviour

    /// Whether a point of the layer's coordinates is inside it (`contains(_:)`): its
    /// bounds.
    open func contains(_ point: Point) -> Bool { model.bounds.contains(point) }

    /// Positions the sublayers (`layoutSublayers`); the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Draws the layer's content in its coordinates (`draw(in:)`): into the backing store,
    /// clipped to the bounds, cleared to transparent. The default asks the delegate; a
    /// layer whose drawing leaves nothing has no store.
    open func draw(in context: Context) {
        delegate?.draw(self, in: context)
    }

    /// Draws the backing store now (`display()`): calls `draw(in:)` and keeps the result as
    /// what the layer shows.
    open func display() { displayStore() }

    /// Draws what a layer of this kind shows besides its contents, between the contents
    /// and the sublayers, in its coordinates: the shape of a shape layer, the colours of a
    /// gradient layer. Nothing by default.
    func drawOwnContent(in context: Context) {}

    /// Whether a redraw of part of the layer must redraw all of it: a backdrop blur reads
    /// what lies around the part.
    var redrawsAsAWhole: Bool { false }

    /// The layers that may be drawn whole (backdrops), held weakly: a frame looks at these
    /// rather than at every layer.
    static var wholeRedrawLayers: [WeakLayer] = []

    /// What `drawOwnContent` can cover, in the layer's coordinates; null by default.
    var ownContentExtent: Rect { .null }

    // MARK: Rendering helpers

    /// The blurred shadow of `shadowPath`, or without one of the layer's composite, kept
    /// between frames.
    let shadowCache = ShadowCache()
    /// `roundedBoundsPath` as last made, with what it was made of: filled and clipped to
    /// on every frame, it is made again only when one of them changes.
    /// Whether any layer has ever had `isGeometryFlipped` set: until one has, no layer's
    /// contents are flipped and none of them looks for an ancestor that is.
    static var someGeometryFlipped = false

    var keptRoundedBounds: (bounds: Rect, radius: Double, corners: CornerMask, path: Path)?
    /// The border's path as last made, with what it was made of, kept as
    /// `keptRoundedBounds` is.
    var keptBorder: (bounds: Rect, width: Double, radius: Double, corners: CornerMask, path: Path)?
    /// `orderedSublayers` as last sorted, with the sublayers' zPositions then, in array
    /// order; forgotten when the sublayers change.
    var keptOrder: (zPositions: [Double], layers: [Layer])?
    /// Leaves the background out of the next composite: the window root's, when an
    /// opaque view covers the region drawn.
    package var skipsBackground = false
    /// A shape the sublayers are clipped to besides `masksToBounds`, in the layer's
    /// coordinates: a shaped view's subviews stay inside its shape.
    package var sublayerClip: Path? {
        didSet { setNeedsComposite() }
    }

    /// The action for a property change (`action(forKey:)`): the delegate's answer, else
    /// the `actions` dictionary's, else the class's default. A `NullAction` ends the search
    /// with nothing.
    open func action(forKey key: String) -> (any Action)? {
        if let a = delegate?.action(for: self, forKey: key) { return a is NullAction ? nil : a }
        // A layer never drawn animates none of its settings, as in Core Animation, where a
        // layer animates only after its first commit (a view's block animates it anyway).
        guard hasBeenDrawn else { return nil }
        if let a = actions?[key] { return a is NullAction ? nil : a }
        return Self.defaultAction(forKey: key)
    }

    /// The default action for an animatable property (`defaultAction(forKey:)`): a basic
    /// animation from the value on screen to the new one, with the transaction's duration
    /// and timing function.
    open class func defaultAction(forKey key: String) -> (any Action)? {
        guard
            LayerState().value(forKeyPath: key) != nil || key == "backgroundColor" || key == "shadowPath"
                || key == "path" || key == "fillColor" || key == "strokeColor" || key == "colors" || key == "locations"
        else { return nil }
        let a = BasicAnimation(keyPath: key)
        a.duration = Transaction.animationDuration()
        a.timingFunction = Transaction.animationTimingFunction() ?? TimingFunction(name: .default)
        return a
    }

    // MARK: Damage

    /// Receives the damaged rectangles of a root layer, in its coordinates: a window
    /// host redraws them.
    package var damageHandler: ((Rect) -> Void)?

    /// Receives the layers whose layout is wanted, at the root.
    package var layoutHandler: (() -> Void)?

    /// Whether `layoutSublayers` is due.
    var layoutPending = true
    /// Whether this layer or one below it waits for layout.
    var subtreeLayoutPending = true
}
