/// A shadow in device pixels: its colour (alpha included), offset (y down) and the sigma
/// of its Gaussian blur.
struct ShadowStyle: Equatable {
    var color: Color
    var dx: Double
    var dy: Double
    var sigma: Double

    /// A shadow whose offset has been made safe to turn into whole pixels: an offset past
    /// `maximumOffset` pixels (far beyond any surface, where the shadow shows nowhere) is
    /// clamped to it. The caller gives finite values and a clamped sigma.
    init(color: Color, dx: Double, dy: Double, sigma: Double) {
        self.color = color
        self.dx = min(max(dx, -Self.maximumOffset), Self.maximumOffset)
        self.dy = min(max(dy, -Self.maximumOffset), Self.maximumOffset)
        self.sigma = sigma
    }

    /// The largest offset kept, in pixels: four times a surface's largest side.
    static let maximumOffset = Double(4 * Surface.maximumSide)
}

/// An open transparency layer: the surface drawn into since it began, what it draws
/// onto, and the state in force when it began.
struct TransparencyLayer {
    let parent: Surface
    let state: GraphicsState
    let surface: Surface
    /// Where the layer's first pixel lies in the parent's pixels.
    let originX: Int
    let originY: Int
    /// The layer's pixels drawn, once it ends; while it is open, its parent's drawn
    /// before it began (`Context.layerDirty` holds the layer's own).
    var dirty: IntRect
    /// What the layer holds, when it is one shadowed fill whose shadow may be cached.
    var fillShadowKey: ShadowCache.FillKey?
    /// Where the shadow the layer casts is kept, and the transform it began with.
    var groupShadow: (source: GroupShadowSource, transform: AffineTransform)?
    /// How many states were saved when the layer began: a restore inside the layer
    /// cannot pop them.
    var savedStates: Int
}
