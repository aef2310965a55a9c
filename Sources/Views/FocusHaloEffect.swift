import Raster

/// The shape a focused view's ring follows (`UIFocusHaloEffect`), in the view's
/// coordinates: a rounded rectangle or any path. The ring is drawn outside it.
public struct FocusHaloEffect: Sendable {
    /// The shape.
    public let path: Path

    /// A rounded rectangle (`init(roundedRect:cornerRadius:curve:)`, without the curve).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        path = Path(roundedRect: rect, cornerRadius: cornerRadius.isFinite ? max(0, cornerRadius) : 0)
    }

    /// A rectangle with square corners (`init(rect:)`).
    public init(rect: Rect) { path = Path(rect: rect) }

    /// Any path (`init(path:)`).
    public init(path: Path) { self.path = path }
}
