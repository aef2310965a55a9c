import Raster

extension View {
    /// Whether the view has the keyboard focus (`isFocused`).
    public var isFocused: Bool { root?.focusedView === self }

    /// Whether the view can take the focus now: it says it can (`canBecomeFocused`), and
    /// it has a size.
    var isFocusable: Bool { canBecomeFocused && bounds.width > 0 && bounds.height > 0 }

    /// The shape the focus ring goes around, in the view's coordinates: the
    /// `focusEffect`'s, else the bounds rounded by the layer's corner radius.
    var focusShape: Path {
        if let effect = focusEffect { return effect.path }
        return Path(roundedRect: bounds, cornerRadius: min(layer.cornerRadius, min(bounds.width, bounds.height) / 2))
    }
}
