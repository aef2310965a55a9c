import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A Core Graphics-like drawing context over a surface (`CGContext`): a graphics state
/// with save and restore, a current transform from user space (points, y down) to device
/// pixels, and fills, strokes and clips of paths.
///
/// A context starts with the surface's scale as its transform, black paints, line width
/// 1, butt caps, miter joins, miter limit 10, alpha 1, the normal blend mode, and the
/// whole surface as its clip. Invalid values given to setters (NaN, infinities, negative
/// widths) are ignored: the state keeps its previous value, as each setter documents.
///
/// Each drawing method works out its operation in the current state and hands it to the
/// context's backend (`DrawingBackend`): a context made with `init(surface:)` draws it at
/// once; one made with `init(surface:threads:)` records it into a display list, which
/// `flush()` hands to a `Renderer` to draw in bands on several threads.
public final class Context {
    /// The surface drawn into.
    public let surface: Surface
    /// Where drawing goes now: the surface, or the innermost transparency layer.
    var target: Surface
    var state: GraphicsState
    // The stack and the open layers are changed only through `withStack`, `pushLayer`
    // and `popLayer`, each array taken out of the context meanwhile, and the innermost
    // layer's drawn pixels and saved-state floor are kept apart from its record: then no
    // access to these arrays has a call inside (growing or copying the storage), and the
    // optimizer drops their run-time exclusivity checks, three calls into the runtime
    // for each restore.
    private var stack: [GraphicsState] = []
    /// Open transparency layers, innermost last.
    private var layers: [TransparencyLayer] = []
    /// How many transparency layers are open.
    var layerDepth: Int { layers.count }
    /// The pixels of the innermost layer drawn so far (its `TransparencyLayer` holds
    /// its parent's).
    var layerDirty = IntRect.empty
    /// How many states were saved when the innermost layer began (0 outside layers): a
    /// restore inside the layer cannot pop them.
    private var savedStatesFloor = 0
    let rasterizer = Rasterizer()
    /// A stroked path flattened, kept so that the next stroke reuses its storage.
    private var strokeLines = Polylines()
    /// Remembers the shadow of a shadowed fill of a colour between contexts: a backing
    /// store drawn again the same way blurs its shadows once. The pixels are those of the
    /// uncached shadow.
    package var fillShadowCache: ShadowCache?
    /// The key of the shadowed fill whose layer is about to begin.
    var pendingFillShadow: (path: Path, rule: FillRule, alpha: UInt32)?

    /// The path being built by `move(to:)` and the rest, in user space.
    var currentPath = Path()

    /// Where drawing operations go: drawn at once, or recorded for `flush()` to draw in
    /// bands (`DrawingBackend`).
    let backend: any DrawingBackend
    /// While a band draws a recorded operation: the clip it was recorded with, before the
    /// cut to the band. A shadow's layer covers that clip, so that its blur runs over the
    /// same pixels as without bands and rounds the same way.
    var unbandedClip: IntRect?
    /// While a band draws a list: where the bands share the outlines of paths that cross
    /// several of them (`SharedOutlines`), and the entry being drawn when it is one of
    /// those (else -1).
    var sharedOutlines: SharedOutlines?
    var sharedEntry = -1
    /// The storage of the last gradient table made for a few rows, reused by the next
    /// one (`Shader.gradient(_:transform:alpha:rows:reusing:)`).
    var gradientTable: [UInt32] = []

    /// The first failure of a drawing operation since the context was made: memory the
    /// system would not give for a transparency layer, a mask or a blur. That operation
    /// drew nothing (a layer took no drawing, a mask clip became empty) and drawing went
    /// on. Core Graphics has no such state; Vitrine's contexts never trap on memory.
    public private(set) var failure: RasterError?

    /// Whether any drawing operation has touched a pixel since the context was made: a
    /// backing store that nothing was drawn into is not kept.
    package var hasDrawn: Bool { drewAnything }

    /// The device pixels of the surface that drawing may have changed so far.
    package var drawnBounds: IntRect { drawnArea }

    // The two above, written after every drawing operation (`noteDrawn`). Internal
    // stored properties: the optimizer sees every access to them and drops the run-time
    // exclusivity checks, which cost more than blending a small rectangle.
    var drewAnything = false
    var drawnArea = IntRect.empty

    /// Starts `hasDrawn` and `drawnBounds` afresh: what was drawn so far (a clearing
    /// before a redraw) does not count.
    package func forgetDrawing() {
        drewAnything = false
        drawnArea = .empty
    }

    /// Records a failure, keeping the first: for drawing code of other modules that meets
    /// one (a view whose image cannot be made).
    package func noteFailure(_ error: RasterError) {
        if failure == nil { failure = error }
    }

    /// Curves are flattened to within this many device pixels.
    static let tolerance = 0.1

    /// Creates a context drawing into `surface`, with the surface's scale as its transform.
    public convenience init(surface: Surface) {
        self.init(surface: surface, backend: ImmediateDrawing.shared)
    }

    /// Creates a context drawing into `surface` through `backend`.
    init(surface: Surface, backend: any DrawingBackend) {
        self.surface = surface
        self.backend = backend
        self.target = surface
        state = GraphicsState(
            transform: AffineTransform(scaleX: surface.scale, y: surface.scale),
            clipBounds: IntRect(width: surface.width, height: surface.height))
        rasterizer.onFailure = { [unowned self] in self.noteFailure($0) }
        // Deep enough for a view tree's nesting without growing the stack, copying the
        // states each time, on every frame's new context.
        withStack { $0.reserveCapacity(16) }
    }

    // MARK: State

    /// Pushes a copy of the graphics state (`CGContextSaveGState`).
    public func saveGState() {
        withStack { $0.append(state) }
    }

    /// Pops the graphics state saved last (`CGContextRestoreGState`). A restore without a
    /// matching save is a programming error: reported on standard error in debug builds,
    /// ignored in release builds. So is one inside a transparency layer of a state saved
    /// before the layer began: Core Graphics requires the two to nest.
    public func restoreGState() {
        guard stack.count > savedStatesFloor else {
            #if DEBUG
                StandardError.write("Raster: restoreGState() without a matching saveGState(); ignored")
            #endif
            return
        }
        withStack { state = $0.removeLast() }
    }

    /// Forgets the states saved after the first `count`.
    func dropSavedStates(to count: Int) {
        withStack { $0.removeLast(max(0, $0.count - count)) }
    }

    /// Runs `body` on the stack of saved states, taken out of the context meanwhile.
    /// `body` must not use the context.
    @inline(__always)
    private func withStack<R>(_ body: (inout [GraphicsState]) -> R) -> R {
        var taken: [GraphicsState] = []
        swap(&taken, &stack)
        defer { swap(&taken, &stack) }
        return body(&taken)
    }

    /// Pushes a transparency layer's record, the innermost layer's drawn pixels kept in
    /// it and started afresh.
    func pushLayer(_ layer: TransparencyLayer) {
        var layer = layer
        layer.dirty = layerDirty
        var taken: [TransparencyLayer] = []
        swap(&taken, &layers)
        taken.append(layer)
        swap(&taken, &layers)
        layerDirty = .empty
        savedStatesFloor = layer.savedStates
    }

    /// Pops the innermost transparency layer's record, with the pixels drawn into it in
    /// `dirty`; nil without an open layer.
    func popLayer() -> TransparencyLayer? {
        guard !layers.isEmpty else { return nil }
        var taken: [TransparencyLayer] = []
        swap(&taken, &layers)
        var layer = taken.removeLast()
        let floor = taken.last?.savedStates ?? 0
        swap(&taken, &layers)
        swap(&layer.dirty, &layerDirty)
        savedStatesFloor = floor
        return layer
    }

    /// How many saved states are on the stack.
    public var savedStateCount: Int { stack.count }

    // MARK: Transform

    /// The current transform from user space to device pixels (`CGContextGetCTM`).
    public var transform: AffineTransform { state.transform }

    /// Moves the user-space origin (`CGContextTranslateCTM`); non-finite values are ignored.
    public func translateBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        state.transform = state.transform.translatedBy(x: x, y: y)
    }

    /// Scales user space (`CGContextScaleCTM`); non-finite values are ignored.
    public func scaleBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        state.transform = state.transform.scaledBy(x: x, y: y)
    }

    /// Rotates user space by `angle` radians, clockwise on screen (`CGContextRotateCTM`);
    /// a non-finite angle is ignored.
    public func rotate(by angle: Double) {
        guard angle.isFinite else { return }
        state.transform = state.transform.rotated(by: angle)
    }

    /// Applies `t` before the current transform (`CGContextConcatCTM`); a transform with a
    /// non-finite coefficient is ignored.
    public func concatenate(_ t: AffineTransform) {
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return }
        state.transform = t.concatenating(state.transform)
    }

    // MARK: Paint and line style

    /// The colour of fills (`CGContextSetFillColorWithColor`); default black.
    public var fillColor: Color {
        get { state.fillColor }
        set { state.fillColor = newValue }
    }

    /// The colour of strokes (`CGContextSetStrokeColorWithColor`); default black.
    public var strokeColor: Color {
        get { state.strokeColor }
        set { state.strokeColor = newValue }
    }

    /// Sets the fill colour.
    public func setFillColor(_ color: Color) { state.fillColor = color }

    /// Sets the stroke colour.
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }

    /// The line width in user space (`CGContextSetLineWidth`); default 1. Width 0 draws
    /// the thinnest visible line, one device pixel wide, as Core Graphics does. Negative
    /// or non-finite widths are ignored.
    public var lineWidth: Double {
        get { state.stroke.width }
        set { if newValue.isFinite && newValue >= 0 { state.stroke.width = newValue } }
    }

    /// The cap of open line ends (`CGContextSetLineCap`); default butt.
    public var lineCap: LineCap {
        get { state.stroke.cap }
        set { state.stroke.cap = newValue }
    }

    /// The corner style (`CGContextSetLineJoin`); default miter.
    public var lineJoin: LineJoin {
        get { state.stroke.join }
        set { state.stroke.join = newValue }
    }

    /// The longest miter, in line widths, before a corner is beveled
    /// (`CGContextSetMiterLimit`); default 10. Non-finite or negative values are ignored.
    public var miterLimit: Double {
        get { state.stroke.miterLimit }
        set { if newValue.isFinite && newValue >= 0 { state.stroke.miterLimit = newValue } }
    }

    /// The dash pattern, or nil for solid lines (`CGContextSetLineDash`).
    public var lineDash: DashPattern? {
        get { state.stroke.dash }
        set { state.stroke.dash = newValue }
    }

    /// Sets the dash pattern from lengths (`CGContextSetLineDash`); an empty list, a
    /// negative or non-finite length, or lengths summing to zero give solid lines.
    public func setLineDash(phase: Double, lengths: [Double]) {
        state.stroke.dash = DashPattern(phase: phase, lengths: lengths)
    }

    /// The opacity applied to everything drawn (`CGContextSetAlpha`); default 1, clamped
    /// to 0...1, NaN ignored.
    public var alpha: Double {
        get { state.alpha }
        set { if !newValue.isNaN { state.alpha = min(max(newValue, 0), 1) } }
    }

    /// How drawing combines with the surface (`CGContextSetBlendMode`); default normal.
    public var blendMode: BlendMode {
        get { state.blendMode }
        set { state.blendMode = newValue }
    }

    // MARK: Drawing

    /// Fills a path with the fill colour (`CGContextFillPath` / `CGContextEOFillPath`).
    /// Each subpath is closed implicitly.
    public func fill(_ path: Path, rule: FillRule = .nonZero) {
        fill(path, rule: rule, color: state.fillColor)
    }

    /// Fills a rectangle with the fill colour (`CGContextFillRect`).
    public func fill(_ rect: Rect) { fill(rect, color: state.fillColor) }

    /// Fills a rectangle with `color`: `fill(_ rect:)` without setting the state's colour.
    func fill(_ rect: Rect, color: Color) {
        guard state.transform.isAxisAligned, !state.clipBounds.isEmpty else {
            return fill(Path(rect: rect), rule: .nonZero, color: color)
        }
        guard rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        backend.fill(rect, color: color, in: self)
    }

    /// Draws `fill(_:color:)` of an axis-aligned rectangle now.
    func fillNow(_ rect: Rect, color: Color) {
        if state.shadow == nil && rect.size.width >= 0 && rect.size.height >= 0 {
            // `AffineTransform.apply(to:)` of a standardized rectangle, worked out here.
            let t = state.transform
            let ax = t.a * rect.origin.x + t.tx
            let bx = t.a * (rect.origin.x + rect.size.width) + t.tx
            let ay = t.d * rect.origin.y + t.ty
            let by = t.d * (rect.origin.y + rect.size.height) + t.ty
            let x0 = min(ax, bx)
            let y0 = min(ay, by)
            if blendOnWholePixels(x0, y0, max(ax, bx), max(ay, by), color: color) { return }
            let device = Rect(x: x0, y: y0, width: abs(bx - ax), height: abs(by - ay))
            if blendInOneCall(device, color: color) { return }
            return scanRect(device, paint: .color(color))
        }
        withShadow(reach: rect.standardized.insetBy(dx: -1, dy: -1)) {
            scanRect(state.transform.apply(to: rect), paint: .color(color))
        }
    }

    /// Fills the ellipse inscribed in a rectangle (`CGContextFillEllipseInRect`).
    public func fillEllipse(in rect: Rect) { fill(Path(ellipseIn: rect)) }

    /// Strokes a path with the stroke colour and line style (`CGContextStrokePath`).
    public func stroke(_ path: Path) {
        stroke(path, paint: .color(state.strokeColor))
    }

    /// Strokes a path with any paint, with the current line style.
    public func stroke(_ path: Path, paint: Paint) {
        guard !state.clipBounds.isEmpty else { return }
        backend.stroke(path, paint: paint, in: self)
    }

    /// Draws `stroke(_:paint:)` now.
    func strokeNow(_ path: Path, paint: Paint) {
        let m = state.stroke.reach
        withShadow(reach: path.boundingBox.insetBy(dx: -m, dy: -m)) {
            guard prepareStroke(path) else { return }
            self.paint(paint, rule: .nonZero)
        }
    }

    /// Draws `stroke(_:paint:)` now when the pixels it can reach, within the clip, are at
    /// most `area`; false, having drawn nothing, when they are more. As
    /// `fillNow(_:paint:rule:reachingAtMost:outlinedAtMost:)`: the stroke's outline decides.
    func strokeNow(_ path: Path, paint: Paint, reachingAtMost area: Int) -> Bool {
        guard prepareStroke(path) else { return true }
        guard outlineReaches(atMost: area) else { return false }
        surface.willWrite()
        self.paint(paint, rule: .nonZero)
        return true
    }

    /// Strokes a rectangle (`CGContextStrokeRect`).
    public func stroke(_ rect: Rect) { stroke(Path(rect: rect)) }

    /// Strokes the ellipse inscribed in a rectangle (`CGContextStrokeEllipseInRect`).
    public func strokeEllipse(in rect: Rect) { stroke(Path(ellipseIn: rect)) }

    /// Makes a rectangle transparent, within the clip (`CGContextClearRect`); the blend
    /// mode and alpha in force do not matter.
    public func clear(_ rect: Rect) {
        let saved = (state.blendMode, state.alpha, state.shadow)
        state.blendMode = .clear
        state.alpha = 1
        state.shadow = nil
        fill(Path(rect: rect), rule: .nonZero, color: .black)
        (state.blendMode, state.alpha, state.shadow) = saved
    }

    /// Fills a path with any paint (a colour, a gradient): the gradient is seen only
    /// inside the path.
    public func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero) {
        guard !state.clipBounds.isEmpty else { return }
        backend.fill(path, paint: paint, rule: rule, in: self)
    }

    /// Draws `fill(_:paint:rule:)` now.
    func fillNow(_ path: Path, paint: Paint, rule: FillRule) {
        if state.shadow != nil, fillShadowCache != nil, state.clipMask == nil, case .color(let c) = paint {
            pendingFillShadow = (path, rule, c.premultiplied.argb >> 24)
        }
        defer { pendingFillShadow = nil }
        withShadow(reach: path.boundingBox.insetBy(dx: -1, dy: -1)) {
            if state.transform.isAxisAligned, let r = path.rectangle {
                scanRect(state.transform.apply(to: r), paint: paint)
                return
            }
            // A path of lines alone is mapped and added segment by segment in about the
            // time its segments take to copy: shared, pentagrams of 128 pixels on two
            // threads took 1.7% more instructions.
            let shares = sharedEntry >= 0 && path.hasCurves
            if !shares || !loadSharedOutline() {
                outline(path)
                if shares { keepSharedOutline() }
            }
            self.paint(paint, rule: rule)
        }
    }

    /// Draws `fill(_:paint:rule:)` now when the pixels it can reach, within the clip, are
    /// at most `area` for a rectangle and `outlineArea` for any other path; false, having
    /// drawn nothing, when they are more. For a context with no shadow; a display list
    /// that still holds the surface is handed its copy (`Surface.willWrite()`) only when
    /// the fill is drawn.
    ///
    /// The outline is made first and its own bounds decide: cheaper than the path's
    /// bounding box, which a small shape took a fifth of its fill's time to work out. An
    /// outline too large is dropped, and the path is outlined again where it is drawn.
    func fillNow(_ path: Path, paint: Paint, rule: FillRule, reachingAtMost area: Int, outlinedAtMost outlineArea: Int)
        -> Bool
    {
        if state.transform.isAxisAligned, let r = path.rectangle {
            let device = state.transform.apply(to: r)
            guard reaches(device, atMost: area) else { return false }
            surface.willWrite()
            scanRect(device, paint: paint)
            return true
        }
        outline(path)
        guard outlineReaches(atMost: outlineArea) else { return false }
        surface.willWrite()
        self.paint(paint, rule: rule)
        return true
    }

    /// Flattens `path` under the current transform into the rasterizer, in place of the
    /// outline it held.
    private func outline(_ path: Path) {
        rasterizer.reset()
        var collector = OutlineCollector(rasterizer)
        path.flatten(transform: state.transform, tolerance: Context.tolerance, into: &collector)
    }

    /// Whether the rasterizer's outline is small enough to draw at once: it reaches at most
    /// `area` pixels within the clip, and, when the clip leaves it whole, its segments,
    /// counted `segmentPixels` pixels apiece, and its pixels add up to at most
    /// `workPerArea` times `area`. (Segments outside the clip's rows are skipped, not
    /// walked.)
    private func outlineReaches(atMost area: Int) -> Bool {
        let outline = rasterizer.bounds
        let reach = outline.intersection(state.clipBounds)
        if reach.isEmpty { return true }
        let pixels = reach.width * reach.height
        guard pixels <= area else { return false }
        return reach != outline
            || rasterizer.segmentCount * Context.segmentPixels + pixels <= Context.workPerArea * area
    }

    /// What a segment of an outline costs to draw, in pixels' worth: each is walked row by
    /// row and marks its cells. With `workPerArea` and the default area (2,048), a circle
    /// of 16 pixels (24 segments) or more is recorded, one of 12 (20) drawn at once, as are
    /// stars (five segments) up to the area. Measured on two threads, recorded against
    /// drawn at once (time, median of 7 alternating runs): circles of 24 and 32 pixels
    /// 0.86, of 16 0.96; rounded rectangles of 24 0.96, of 32 0.94 (and of 16, kept at
    /// once, 1.09); stars of 16 and 24 1.04-1.15.
    static let segmentPixels = 256

    /// The work an outline drawn at once may have, per pixel of the area allowed.
    static let workPerArea = 3

    /// Whether the pixels that device rectangle `r`, grown by one, reaches within the clip
    /// are at most `area`; false for NaN.
    private func reaches(_ r: Rect, atMost area: Int) -> Bool {
        let c = state.clipBounds
        let w = min(r.maxX + 1, Double(c.x1)) - max(r.minX - 1, Double(c.x0))
        let h = min(r.maxY + 1, Double(c.y1)) - max(r.minY - 1, Double(c.y0))
        return w <= 0 || h <= 0 || w * h <= Double(area)
    }

    func fill(_ path: Path, rule: FillRule, color: Color) {
        fill(path, paint: .color(color), rule: rule)
    }

    /// Flattens and strokes `path` into the rasterizer; false when nothing is to be drawn.
    func prepareStroke(_ path: Path) -> Bool {
        let t = state.transform
        let scale = t.maximumScale
        guard scale > 0, scale.isFinite else { return false }
        if loadSharedOutline() { return !rasterizer.isEmpty }
        var style = state.stroke
        if style.width == 0 { style.width = 1 / scale }
        // A wider line than a quarter of the scan converter's range would have its corners
        // clamped into a sliver; at that width it covers any surface all the same.
        style.width = min(style.width, Rasterizer.coordinateLimit / 2 / scale)
        let tolerance = Context.tolerance / scale
        // The flattened path reuses the storage of the previous stroke.
        var lines = Polylines()
        swap(&lines, &strokeLines)
        defer { swap(&lines, &strokeLines) }
        lines.removeAll()
        path.flatten(transform: .identity, tolerance: tolerance, into: &lines)
        rasterizer.reset()
        var stroker = Stroker(
            style: style, tolerance: tolerance,
            sink: TransformingSink(transform: t, inner: OutlineCollector(rasterizer)))
        if let dash = style.dash, let dashed = Dasher.dash(lines, pattern: dash) {
            stroker.stroke(dashed)
        } else {
            stroker.stroke(lines)
        }
        keepSharedOutline()
        return !rasterizer.isEmpty
    }

    /// Loads the outline of the recorded operation being drawn that another band kept
    /// (`sharedEntry`); false when none is kept yet, or its memory could not be had.
    private func loadSharedOutline() -> Bool {
        guard sharedEntry >= 0, let outline = sharedOutlines?.outline(of: sharedEntry) else { return false }
        return rasterizer.load(outline)
    }

    /// Keeps the rasterizer's outline for the other bands that draw the recorded operation
    /// being drawn, if they share it; not an outline cut short by a failure (or a NaN):
    /// each band then outlines the path on its own.
    private func keepSharedOutline() {
        guard sharedEntry >= 0, let outlines = sharedOutlines, rasterizer.isValid else { return }
        outlines.keep(rasterizer.outline, for: sharedEntry)
    }

    /// Composites the rasterizer's outline in a paint with the current alpha, blend mode
    /// and clip.
    func paint(_ paint: Paint, rule: FillRule) {
        switch paint {
        case .color(let color):
            guard var painter = solidPainter(color) else { return }
            rasterizer.rasterize(rule: rule, clip: state.clipBounds, into: &painter)
            noteDrawn(rasterizer.bounds.intersection(state.clipBounds))
        default:
            let drawn = rasterizer.bounds.intersection(state.clipBounds)
            defer { noteDrawn(drawn) }
            guard
                let shader = Shader.gradient(
                    paint, transform: state.transform, alpha: state.alpha, rows: drawn.y0..<max(drawn.y0, drawn.y1),
                    reusing: &gradientTable)
            else { return }
            var painter = ShaderPainter(surface: target, shader: shader, mode: state.blendMode, mask: state.clipMask)
            rasterizer.rasterize(rule: rule, clip: state.clipBounds, into: &painter)
        }
    }

    /// Composites an axis-aligned device rectangle in a paint, without scan conversion.
    func scanRect(_ r: Rect, paint: Paint) {
        switch paint {
        case .color(let color):
            guard var painter = solidPainter(color) else { return }
            noteDrawn(RectScanner.scan(r, clip: state.clipBounds, into: &painter))
        default:
            let drawn = IntRect(covering: r).intersection(state.clipBounds)
            defer { noteDrawn(drawn) }
            guard
                let shader = Shader.gradient(
                    paint, transform: state.transform, alpha: state.alpha, rows: drawn.y0..<max(drawn.y0, drawn.y1),
                    reusing: &gradientTable)
            else { return }
            var painter = ShaderPainter(surface: target, shader: shader, mode: state.blendMode, mask: state.clipMask)
            RectScanner.scan(r, clip: state.clipBounds, into: &painter)
        }
    }

    /// Source-over of `color` on a device rectangle on whole pixels, without a clip mask,
    /// straight to the AVX2 block loop: what `scanRect` draws for it, without working out
    /// coverage or making a painter, which cost small rectangles more than their pixels.
    /// False, having drawn nothing, for any other rectangle or state.
    @inline(__always)
    private func blendOnWholePixels(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: Color) -> Bool {
        // Whole pixels first, which a rectangle off them fails at once.
        guard let ix0 = Context.wholeNumber(x0), let iy0 = Context.wholeNumber(y0),
            let ix1 = Context.wholeNumber(x1), let iy1 = Context.wholeNumber(y1)
        else { return false }
        guard state.clipMask == nil, state.blendMode == .normal, WideKernels.available else { return false }
        let box = state.clipBounds.intersection(IntRect(x0: ix0, y0: iy0, x1: ix1, y1: iy1))
        guard !box.isEmpty else { return true }
        let pixel = solidPixel(color)
        guard pixel != 0 else { return true }
        // Safe: the box lies inside the clip bounds, inside the surface.
        let words = target.rowWords
        unsafe WideKernels.overSolidBlock(
            target.base + box.y0 &* words + box.x0, stride: words, rows: box.height,
            count: box.width, color: pixel, edges: (0, 0), room: words - box.x0,
            lead: box.x0)
        noteDrawn(box)
        return true
    }

    /// `v` as an `Int` when it is a whole number within 4,000,000 of 0, else nil (NaN
    /// included), in a few instructions: `rounded(.down)` is a call to the C library on
    /// the processors the code is built for, and `Int(_:)` checks its range. Below 2^51,
    /// `v + 1.5 x 2^52` keeps no fraction: taking 1.5 x 2^52 away again gives `v` rounded
    /// to a whole number, and the sum's low 52 bits hold it plus 2^51.
    @inline(__always)
    static func wholeNumber(_ v: Double) -> Int? {
        let shifted = v + 0x1.8p52
        guard abs(v) < 4e6, shifted - 0x1.8p52 == v else { return nil }
        return Int(truncatingIfNeeded: shifted.bitPattern & (1 << 52 - 1)) - 1 << 51
    }

    /// Source-over of `color` on a device rectangle off whole pixels, at least one column
    /// covered across, without a clip mask: what `scanRect` draws for it, its coverage and
    /// colours worked out in the same call that blends them (`WideKernels.fillRect`), which
    /// saves a small rectangle a third of its instructions. False, having drawn nothing,
    /// for any other rectangle or state.
    @inline(__always)
    private func blendInOneCall(_ r: Rect, color: Color) -> Bool {
        guard Context.rectsInOneCall, state.clipMask == nil, state.blendMode == .normal, WideKernels.available
        else { return false }
        let pixel = solidPixel(color)
        guard pixel != 0 else { return true }
        // Safe: the kernel draws inside the clip bounds, inside the surface.
        guard
            let drawn = unsafe WideKernels.fillRect(
                r, clip: state.clipBounds, pixels: target.base, rowWords: target.rowWords, color: pixel)
        else { return false }
        noteDrawn(drawn)
        return true
    }

    /// Whether `fill(_:color:)` hands a rectangle off whole pixels to one kernel call
    /// (`blendInOneCall`); off, it goes through `RectScanner` and `SolidPainter`, which
    /// give the same pixels: for the tests that compare the two, and for measuring both.
    package static var rectsInOneCall: Bool {
        get { oneCallRects.load(ordering: .relaxed) }
        set { oneCallRects.store(newValue, ordering: .relaxed) }
    }
    private static let oneCallRects = Atomic(true)

    /// `color` as a premultiplied pixel, times the current alpha.
    @inline(__always)
    private func solidPixel(_ color: Color) -> UInt32 {
        let pixel = color.premultiplied.argb
        return state.alpha < 1 ? PixelMath.scale(pixel, UInt32(state.alpha * 255 + 0.5)) : pixel
    }

    /// A painter of `color` with the current alpha, blend mode and clip mask, or nil when
    /// it would change nothing.
    func solidPainter(_ color: Color) -> SolidPainter? {
        let pixel = solidPixel(color)
        if pixel == 0 && state.blendMode.skipsTransparentSource { return nil }
        // The target's pixels rather than the target: no reference to count.
        return unsafe SolidPainter(
            pixels: target.base, rowWords: target.rowWords, color: pixel, mode: state.blendMode,
            mask: state.clipMask)
    }
}
