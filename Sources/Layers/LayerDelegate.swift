import Raster

/// What a layer asks of the object it serves (`CALayerDelegate`): a view is its layer's
/// delegate. Every requirement has a default that does nothing.
@MainActor
public protocol LayerDelegate: AnyObject {
    /// Draws the layer's content into its backing store, in the layer's coordinates,
    /// clipped to its bounds (`draw(_:in:)`).
    func draw(_ layer: Layer, in context: Context)
    /// Lays out the layer's sublayers (`layoutSublayers(of:)`).
    func layoutSublayers(of layer: Layer)
    /// The action for a change of the layer's property `event` (`action(for:forKey:)`):
    /// nil to let the layer search on, `NullAction.shared` to run none.
    func action(for layer: Layer, forKey event: String) -> (any Action)?
}

extension LayerDelegate {
    /// Draws nothing: a layer whose delegate does not draw has no backing store.
    public func draw(_ layer: Layer, in context: Context) {}
    /// Does nothing.
    public func layoutSublayers(of layer: Layer) {}
    /// Lets the layer search on.
    public func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
}
