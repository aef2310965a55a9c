import Raster

/// The stack of current drawing contexts (`UIGraphicsGetCurrentContext`'s): a view's
/// context while its `draw(_:in:)` runs, an image context between its begin and end.
@MainActor
enum GraphicsContextStack {
    static var contexts: [Context] = []
    /// The image contexts' surfaces, innermost last; nil for one that could not be made.
    static var images: [Surface?] = []
}

/// The context drawn into now (`UIGraphicsGetCurrentContext`): the view's while its
/// `draw(_:in:)` runs, or the innermost image context; nil outside both.
@MainActor
public func GraphicsGetCurrentContext() -> Context? { GraphicsContextStack.contexts.last }

/// Makes a context current (`UIGraphicsPushContext`).
@MainActor
public func GraphicsPushContext(_ context: Context) { GraphicsContextStack.contexts.append(context) }

/// Makes the previous context current again (`UIGraphicsPopContext`).
@MainActor
public func GraphicsPopContext() { _ = GraphicsContextStack.contexts.popLast() }

/// Begins an image context of `size` points at `scale`, transparent unless `opaque`
/// (`UIGraphicsBeginImageContextWithOptions`). A scale of 0 or less means 1: Vitrine has
/// no main screen to take it from. A size that cannot be had (empty, too large, no
/// memory) begins no context: `GraphicsGetCurrentContext()` then stays as it was, and
/// `GraphicsGetImageFromCurrentImageContext()` gives nil.
@MainActor
public func GraphicsBeginImageContextWithOptions(_ size: Size, _ opaque: Bool, _ scale: Double) {
    let k = scale > 0 && scale.isFinite ? scale : 1
    guard let p = PixelSize(covering: size, scale: k), let surface = try? Surface(width: p.width, height: p.height, scale: k) else {
        GraphicsContextStack.images.append(nil)
        return
    }
    if opaque { surface.clear(to: Pixel(r: 0, g: 0, b: 0, a: 255)) }
    GraphicsContextStack.images.append(surface)
    GraphicsContextStack.contexts.append(Context(surface: surface))
}

/// Begins a transparent image context at scale 1 (`UIGraphicsBeginImageContext`).
@MainActor
public func GraphicsBeginImageContext(_ size: Size) { GraphicsBeginImageContextWithOptions(size, false, 1) }

/// The picture of the innermost image context so far
/// (`UIGraphicsGetImageFromCurrentImageContext`); nil without one.
@MainActor
public func GraphicsGetImageFromCurrentImageContext() -> Image? {
    guard let last = GraphicsContextStack.images.last, let s = last else { return nil }
    return try? Image(surface: s)
}

/// Ends the innermost image context (`UIGraphicsEndImageContext`).
@MainActor
public func GraphicsEndImageContext() {
    guard let last = GraphicsContextStack.images.popLast() else { return }
    if last != nil { GraphicsPopContext() }
}

extension Color {
    /// Sets the fill colour of the current context (`UIColor.setFill()`).
    @MainActor public func setFill() { GraphicsGetCurrentContext()?.setFillColor(self) }
    /// Sets the stroke colour of the current context (`UIColor.setStroke()`).
    @MainActor public func setStroke() { GraphicsGetCurrentContext()?.setStrokeColor(self) }
    /// Sets both colours of the current context (`UIColor.set()`).
    @MainActor public func set() {
        setFill()
        setStroke()
    }
}
