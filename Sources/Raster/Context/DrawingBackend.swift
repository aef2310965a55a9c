/// Where a context's drawing goes: drawn at once (`ImmediateDrawing`), or recorded into
/// a display list and drawn in bands when the context is flushed (`RecordingBackend`).
/// A context has one, chosen when it is made. Its drawing methods work out an operation
/// in the current state and hand it over here; none of them asks which backend it has.
protocol DrawingBackend: AnyObject {
    /// Draws or records `command` in the context's current state.
    func draw(_ command: DisplayList.Command, in context: Context)

    // The commonest operations have methods of their own: drawn at once, they skip
    // making a command and switching on it, which cost a small rectangle a tenth of its
    // time.

    /// Draws or records a fill of `path` (`DisplayList.Command.fill`).
    func fill(_ path: Path, paint: Paint, rule: FillRule, in context: Context)

    /// Draws or records a fill of an axis-aligned rectangle (`DisplayList.Command.fillRect`).
    func fill(_ rect: Rect, color: Color, in context: Context)

    /// Draws or records a stroke of `path` (`DisplayList.Command.stroke`).
    func stroke(_ path: Path, paint: Paint, in context: Context)

    /// Draws or records `image` stretched over `rect`, in the context's current state.
    func draw(_ image: Surface, in rect: Rect, context: Context)

    /// Intersects the context's clip with one more clip over `bounds` (inside the clip
    /// bounds). `outlined`: a path's outline is in the context's rasterizer already.
    func clip(_ context: Context, with kind: ClipChain.Kind, bounds: IntRect, outlined: Bool)

    /// A transparency layer over `area` of the target's pixels begins in the context's
    /// current state: the rows of the layer to clear now, in the target's pixels (nil:
    /// all of them).
    func layerBegins(in context: Context, area: IntRect, shadow: GroupShadowSource?) -> Range<Int>?

    /// The innermost transparency layer ends, in the state inside it.
    func layerEnds(in context: Context)

    /// A context for `surface` that draws as `context` does (a mask drawn for a frame).
    func sibling(of context: Context, drawingInto surface: Surface) -> Context

    /// Draws what was recorded (`Context.flush()`), in `bands` bands if given.
    func flush(_ context: Context, bands: Int?)
}

/// Draws each operation when it is made, on the calling thread: `Context(surface:)`,
/// and each band's context when a list is rendered.
final class ImmediateDrawing: DrawingBackend, Sendable {
    /// The one instance: it holds nothing.
    static let shared = ImmediateDrawing()

    // Each operation is about to write the context's surface: a display list that
    // captured it is handed its copy first.

    func draw(_ command: DisplayList.Command, in context: Context) {
        context.surface.willWrite()
        context.perform(command)
    }

    func fill(_ path: Path, paint: Paint, rule: FillRule, in context: Context) {
        context.surface.willWrite()
        context.fillNow(path, paint: paint, rule: rule)
    }

    func fill(_ rect: Rect, color: Color, in context: Context) {
        context.surface.willWrite()
        context.fillNow(rect, color: color)
    }

    func stroke(_ path: Path, paint: Paint, in context: Context) {
        context.surface.willWrite()
        context.strokeNow(path, paint: paint)
    }

    func draw(_ image: Surface, in rect: Rect, context: Context) {
        context.surface.willWrite()
        context.drawNow(image, in: rect)
    }

    func clip(_ context: Context, with kind: ClipChain.Kind, bounds: IntRect, outlined: Bool) {
        context.makeClip(kind, bounds: bounds, outlined: outlined)
    }

    func layerBegins(in context: Context, area: IntRect, shadow: GroupShadowSource?) -> Range<Int>? { nil }

    func layerEnds(in context: Context) {}

    func sibling(of context: Context, drawingInto surface: Surface) -> Context { Context(surface: surface) }

    func flush(_ context: Context, bands: Int?) {}
}
