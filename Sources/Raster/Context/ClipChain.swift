/// The clips of a recording context, kept as what to rasterise rather than as a mask:
/// each band makes the mask over its own rows, on its own thread, when an operation
/// first needs it. Immutable, so graphics states share it; each link holds the one before.
final class ClipChain: Sendable {
    /// What one clip intersects the clip before it with.
    enum Kind: Sendable {
        /// A path's coverage under a transform, with a fill rule.
        case path(Path, FillRule, AffineTransform)
        /// The alpha of an image whose pixel (0, 0) lies on pixel `origin` of the target,
        /// as it was when clipped to.
        case image(SurfaceCapture, origin: (x: Int, y: Int))
        /// The alpha of an image read once (`KeptAlphaMask`), over the bounds of its mask.
        case kept(ClipMask)
    }

    let parent: ClipChain?
    let kind: Kind
    /// The clip bounds right after this clip, in the target's pixels.
    let bounds: IntRect

    init(parent: ClipChain?, kind: Kind, bounds: IntRect) {
        self.parent = parent
        self.kind = kind
        self.bounds = bounds
    }
}
