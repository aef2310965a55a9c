import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// The drawing contexts current on one thread (`UIGraphicsGetCurrentContext`'s): a
/// view's context while its `draw(_:)` runs, an image context between its begin and
/// end. Each thread has its own, as in UIKit since iOS 4, so that images can be drawn
/// off the main thread. (An async function that waits between begin and end may resume
/// on another thread of the cooperative pool: keep the two in one synchronous stretch,
/// or on an actor with a thread of its own, such as the main actor.)
final class GraphicsContextStack {
    var contexts: [Context] = []
    /// The image contexts' surfaces, innermost last; nil for one that could not be made.
    var images: [Surface?] = []

    /// The calling thread's stack, made on first use and released with the thread.
    static var current: GraphicsContextStack {
        if let p = unsafe pthread_getspecific(key) {
            return unsafe Unmanaged<GraphicsContextStack>.fromOpaque(p).takeUnretainedValue()
        }
        let stack = GraphicsContextStack()
        _ = unsafe pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// The thread-specific slot; its destructor releases a finished thread's stack.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = unsafe pthread_key_create(&key) { p in
            if let p = unsafe p { unsafe Unmanaged<GraphicsContextStack>.fromOpaque(p).release() }
        }
        return key
    }()
}

/// The context drawn into now on this thread (`UIGraphicsGetCurrentContext`): the view's
/// while its `draw(_:)` runs, or the innermost image context; nil outside both.
public func GraphicsGetCurrentContext() -> Context? { GraphicsContextStack.current.contexts.last }

/// Makes a context current on this thread (`UIGraphicsPushContext`).
public func GraphicsPushContext(_ context: Context) { GraphicsContextStack.current.contexts.append(context) }

/// Makes the previous context current again (`UIGraphicsPopContext`).
public func GraphicsPopContext() { _ = GraphicsContextStack.current.contexts.popLast() }

/// Begins an image context of `size` points at `scale`, transparent unless `opaque`
/// (`UIGraphicsBeginImageContextWithOptions`), on this thread. A scale of 0 (or less)
/// means the main screen's (`Screen.main.scale`), as in UIKit. A size that cannot be
/// had (empty, too large, no memory) begins no context: `GraphicsGetCurrentContext()`
/// then stays as it was, and `GraphicsGetImageFromCurrentImageContext()` gives nil.
public func GraphicsBeginImageContextWithOptions(_ size: Size, _ opaque: Bool, _ scale: Double) {
    let stack = GraphicsContextStack.current
    let k = scale > 0 && scale.isFinite ? scale : Screen.main.scale
    guard let p = PixelSize(covering: size, scale: k),
        let surface = try? Surface(width: p.width, height: p.height, scale: k)
    else {
        stack.images.append(nil)
        return
    }
    if opaque { surface.clear(to: Pixel(r: 0, g: 0, b: 0, a: 255)) }
    stack.images.append(surface)
    stack.contexts.append(Context(surface: surface))
}

/// Begins a transparent image context at scale 1 (`UIGraphicsBeginImageContext`).
public func GraphicsBeginImageContext(_ size: Size) { GraphicsBeginImageContextWithOptions(size, false, 1) }

/// The picture of this thread's innermost image context so far
/// (`UIGraphicsGetImageFromCurrentImageContext`); nil without one.
public func GraphicsGetImageFromCurrentImageContext() -> Image? {
    guard let last = GraphicsContextStack.current.images.last, let s = last else { return nil }
    return try? Image(surface: s)
}

/// Ends this thread's innermost image context (`UIGraphicsEndImageContext`).
public func GraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let last = stack.images.popLast() else { return }
    if last != nil { _ = stack.contexts.popLast() }
}

extension Color {
    /// Sets the fill colour of the current context (`UIColor.setFill()`).
    public func setFill() { GraphicsGetCurrentContext()?.setFillColor(self) }
    /// Sets the stroke colour of the current context (`UIColor.setStroke()`).
    public func setStroke() { GraphicsGetCurrentContext()?.setStrokeColor(self) }
    /// Sets both colours of the current context (`UIColor.set()`).
    public func set() {
        setFill()
        setStroke()
    }
}

extension Image {
    /// Draws the image upright, stretched over `rect`, into the current context
    /// (`UIImage.draw(in:)`); nothing without one. Unlike `Context.draw(_:in:)`, which
    /// draws as `CGContextDrawImage` does, this needs no flip.
    public func draw(in rect: Rect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    /// Draws the image upright at its size in points, its top-left corner at `point`
    /// (`UIImage.draw(at:)`).
    public func draw(at point: Point) { draw(in: Rect(origin: point, size: size)) }

    /// Draws the image upright over `rect` in a blend mode and at an opacity, into the
    /// current context (`UIImage.draw(in:blendMode:alpha:)`); the context's own blend
    /// mode and alpha are as they were after.
    public func draw(in rect: Rect, blendMode: BlendMode, alpha: Double) {
        guard let c = GraphicsGetCurrentContext() else { return }
        c.saveGState()
        c.setBlendMode(blendMode)
        c.setAlpha(alpha)
        c.draw(surface, in: rect)
        c.restoreGState()
    }
}
