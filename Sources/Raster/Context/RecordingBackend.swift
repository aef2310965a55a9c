/// Records a context's drawing into a display list (`DisplayListBuilder`), and at
/// `flush()` hands the list to a `Renderer`, which draws it in bands on the threads:
/// `Context(surface:threads:)` with more than one thread.
///
/// The context keeps its graphics state as it would drawing at once; what differs is
/// kept here: clips stay what makes them (`ClipChain`) for each band to rasterize over
/// its rows, layers are recorded and not drawn into, and surfaces drawn from are
/// captured (`SurfaceCapture`).
///
/// A fill or a stroke that reaches few pixels, made while nothing is recorded, is drawn
/// at once on the caller instead (`immediateArea`, `immediateRectArea`): recording it
/// and handing it to a band would cost more than drawing it, and bands gain nothing on
/// it. Once anything is recorded, everything after it is, so that the order of drawing
/// stays as made. A long list of small operations is drawn without waiting for
/// `flush()` (`longList`).
final class RecordingBackend: DrawingBackend {
    let builder = DisplayListBuilder()
    let renderer: Renderer
    /// The most pixels a fill may reach (after the clip) to be drawn at once while nothing
    /// is recorded; 0 records everything.
    let immediateArea: Int
    /// The same for a rectangle of one colour: four times `immediateArea` where such
    /// rectangles are blended in 16-pixel steps (`WideKernels.wideStepsAtStart`), else
    /// `immediateArea`. With the steps, squares of 128 pixels took 0.75-0.85 of the time
    /// drawn at once as recorded on two threads, squares of 192 about the same, squares
    /// of 256 1.2-1.3 times; without them, squares of 128 off whole pixels took 0.6-0.8
    /// of the time at once but those on whole pixels 1.07-1.2 times.
    let immediateRectArea: Int
    /// The same for a fill of any other path and for a stroke, whose pixels cost more:
    /// a quarter of `immediateArea`.
    let immediateOutlineArea: Int

    /// The default `immediateArea`, some 90 x 90 pixels, and so some 45 x 45 for outlines.
    /// Measured on two threads, each kind drawn at once against recorded (time, median
    /// of alternating runs): rectangles of 64 x 64 pixels took 0.67-0.85 of the time at
    /// once, gradient rectangles 0.88; pentagrams of 64 took 0.75 of the time recorded,
    /// circles 0.89, strokes 0.87, and pentagrams of 48 0.81.
    static let defaultImmediateArea = 8192

    /// When the list is drawn before `flush()`: once it holds `operations` operations or
    /// more, if they reach at most `pixelsEach` device pixels each on average.
    ///
    /// The default, 1,024 operations of up to 8,192 pixels, measured on two threads
    /// (time, median of 9 alternating runs, against drawing at `flush()` alone): rounded
    /// rectangles of 64 pixels took 0.88 of the time, circles, stars and strokes of 64
    /// 0.95. Every 512 operations, stars of 256 pixels took 1.07 and gradients of 128
    /// 1.02; every 1,024, stars of 256 took 1.045: hence the limit on the pixels.
    var longList = (operations: 1024, pixelsEach: 8192)

    init(threads: RenderThreads, immediateArea: Int) {
        renderer = Renderer(threads: threads)
        self.immediateArea = immediateArea
        immediateOutlineArea = immediateArea / 4
        immediateRectArea = WideKernels.wideStepsAtStart ? 4 * immediateArea : immediateArea
    }

    func draw(_ command: DisplayList.Command, in context: Context) {
        let state = context.state
        switch command {
        // These three look at the list's length themselves.
        case .fill(let path, let paint, let rule):
            return fill(path, paint: paint, rule: rule, in: context)
        case .fillRect(let rect, let color):
            return fill(rect, color: color, in: context)
        case .stroke(let path, let paint):
            return stroke(path, paint: paint, in: context)
        case .image(_, let rect):
            let r = reach(of: rect.standardized, margin: 1, in: state)
            record(command, reach: r, state: consume state)
        case .coverage(_, let width, let height, let x, let y, _):
            record(command, reach: IntRect(x0: x, y0: y, x1: x + width, y1: y + height), state: consume state)
        case .mask(let mask, _):
            // Made once, drawn by each band; the shadow is in the mask already.
            let box = mask.bounds.intersection(state.clipBounds)
            if !box.isEmpty { builder.append(command, state: consume state, reach: box) }
        case .blur(let rect, let radius, let opacity):
            guard let blur = context.backdropBlur(rect, radius: radius, opacity: opacity) else { return }
            // The blur reads around each pixel. Inside a layer, the layer is drawn whole.
            // Outside layers, a small blur's rows are drawn by one band, which has drawn
            // all that lies under it there when it comes to the blur; the bands a large
            // one crosses draw all that lies under it, then it runs shared among the
            // threads (`BandPlan`).
            if builder.hasOpenLayer {
                builder.drawOpenLayersWhole()
                builder.append(command, state: state, reach: state.clipBounds)
            } else if blur.box.width * blur.box.height < BandPlan.sharedBlurArea {
                builder.keepTogether(blur.box.y0..<blur.box.y1)
                builder.append(command, state: state, reach: blur.box)
            } else {
                builder.appendBlur(command, state: state, reach: blur.box)
            }
        case .beginLayer, .endLayer:
            break
        }
        drawIfLong(context)
    }

    func fill(_ path: Path, paint: Paint, rule: FillRule, in context: Context) {
        // The outline's bounds decide (`Context.fillNow(_:paint:rule:reachingAtMost:outlinedAtMost:)`).
        if mayDrawAtOnce(context) {
            if context.fillNow(
                path, paint: paint, rule: rule, reachingAtMost: immediateArea, outlinedAtMost: immediateOutlineArea)
            {
                return
            }
        }
        let box = path.boundingBox
        // The state copied once and handed on: the list keeps it.
        let state = context.state
        let r = reach(of: box, margin: 1, in: state)
        record(.fill(path, paint, rule), reach: r, state: consume state)
        drawIfLong(context)
    }

    func fill(_ rect: Rect, color: Color, in context: Context) {
        if drawsAtOnce(rect, margin: 1, in: context) {
            ImmediateDrawing.shared.fill(rect, color: color, in: context)
            return
        }
        let state = context.state
        let r = reach(of: rect, margin: 1, in: state)
        record(.fillRect(rect, color), reach: r, state: consume state)
        drawIfLong(context)
    }

    func stroke(_ path: Path, paint: Paint, in context: Context) {
        // A stroke of curves costs more than recording it however small: on two threads,
        // rounded rectangles of 8 to 32 pixels took 0.81-0.91 of the time recorded. Only
        // a small stroke of lines is drawn at once, decided by its outline.
        if mayDrawAtOnce(context) && !path.hasCurves {
            if context.strokeNow(path, paint: paint, reachingAtMost: immediateOutlineArea) { return }
        }
        let m = context.state.stroke.reach
        let box = path.boundingBox
        let state = context.state
        let r = reach(of: box, margin: m, in: state)
        record(.stroke(path, paint), reach: r, state: consume state)
        drawIfLong(context)
    }

    /// Whether a rectangle of one colour, `box` grown by `margin` (user space), is drawn
    /// at once: nothing is recorded (so nothing drawn before it is still to come), no
    /// layer is open, the clip is its bounds alone (a clip path is kept for the bands, not
    /// made into a mask here), there is no shadow, and its device box is at most
    /// `immediateRectArea` pixels. Worked out in doubles from the state in place: a small
    /// shape is drawn in less time than copying the state or rounding its box takes.
    @inline(__always)
    private func drawsAtOnce(_ box: Rect, margin: Double, in context: Context) -> Bool {
        guard mayDrawAtOnce(context) else { return false }
        // The size of the device box of `box` grown by `margin`, without mapping its
        // corners: a side of the box maps to the lengths of a column of the transform.
        let t = context.state.transform
        let w = abs(box.size.width) + 2 * margin
        let h = abs(box.size.height) + 2 * margin
        let dw = abs(t.a) * w + abs(t.c) * h
        let dh = abs(t.b) * w + abs(t.d) * h
        // False for an infinite box, and for NaN: those are recorded. (A null box, an
        // empty path, is drawn at once: it draws nothing.)
        return (dw + 2) * (dh + 2) <= Double(immediateRectArea)
    }

    /// Whether an operation may be drawn at once, its size aside: nothing is recorded, no
    /// layer is open, the clip is its bounds alone and there is no shadow.
    @inline(__always)
    private func mayDrawAtOnce(_ context: Context) -> Bool {
        immediateArea > 0 && builder.isEmpty && context.layerDepth == 0 && context.state.shadow == nil
            && context.state.clipChain == nil && context.state.clipMask == nil
    }

    func draw(_ image: Surface, in rect: Rect, context: Context) {
        draw(.image(image.captured(), rect), in: context)
    }

    /// Draws what is recorded, as `flush()` does (which waits for an open layer's end),
    /// once it is a long list of small operations (`longList`): the bands then read paths
    /// and states recorded a moment ago, still in the caches, instead of walking a list
    /// too long for them. A list of large operations waits for `flush()`: each flush ends
    /// with one thread waiting for the other's last band, which costs them more than the
    /// caches save.
    private func drawIfLong(_ context: Context) {
        let n = builder.count
        if n >= longList.operations && builder.reachedArea <= n * longList.pixelsEach { flush(context, bands: nil) }
    }

    /// Records `command`, which can change `reach` of the target's pixels before the clip
    /// and the shadow.
    private func record(_ command: consuming DisplayList.Command, reach: IntRect, state: consuming GraphicsState) {
        var r = reach
        if let shadow = state.shadow { r = Context.expand(r, by: shadow) }
        r = r.intersection(state.clipBounds)
        if !r.isEmpty { builder.append(command, state: consume state, reach: r) }
    }

    /// The device pixels a user-space rectangle grown by `margin` can touch in `state`;
    /// the whole clip when it is not finite.
    private func reach(of rect: Rect, margin: Double, in state: GraphicsState) -> IntRect {
        let d = state.transform.apply(to: rect.insetBy(dx: -margin, dy: -margin))
        guard !d.isNull, d.origin.isFinite, d.width.isFinite, d.height.isFinite else { return state.clipBounds }
        let r = IntRect(covering: d)
        return IntRect(x0: r.x0 - 1, y0: r.y0 - 1, x1: r.x1 + 1, y1: r.y1 + 1)
    }

    func clip(_ context: Context, with kind: ClipChain.Kind, bounds: IntRect, outlined: Bool) {
        context.state.clipChain = ClipChain(parent: context.state.clipChain, kind: kind, bounds: bounds)
        context.state.clipBounds = bounds
    }

    func layerBegins(in context: Context, area: IntRect, shadow: GroupShadowSource?) -> Range<Int>? {
        let state = context.state
        let reach = (state.shadow.map { Context.expand(area, by: $0) } ?? area).intersection(state.clipBounds)
        builder.beginLayer(area: area, state: consume state, reach: reach, shadow: shadow)
        // Nothing is drawn into the layer here, only recorded (the bands draw it): its
        // memory is neither cleared nor touched.
        return area.y0..<area.y0
    }

    func layerEnds(in context: Context) {
        builder.endLayer(state: context.state)
    }

    func sibling(of context: Context, drawingInto surface: Surface) -> Context {
        Context(surface: surface, threads: renderer.threads, drawingAtOnceUpTo: immediateArea)
    }

    func flush(_ context: Context, bands: Int?) {
        guard !builder.isEmpty, !builder.hasOpenLayer else { return }
        let list = builder.makeList()
        context.absorb(renderer.render(list, into: context.surface, bands: bands))
    }
}
