/// Everything `saveGState` saves: the transform, paints, line style, alpha, blend mode
/// and clip of a context.
struct GraphicsState: Sendable {
    var transform: AffineTransform
    var fillColor: Color = .black
    var strokeColor: Color = .black
    var stroke = StrokeStyle()
    var alpha: Double = 1
    var blendMode: BlendMode = .normal
    /// The whole device pixels drawing may touch.
    var clipBounds: IntRect
    /// The anti-aliased part of the clip, if any, over the whole surface.
    var clipMask: ClipMask?
    /// In a recording context, the anti-aliased part of the clip as what makes it: each
    /// band makes its mask.
    var clipChain: ClipChain?
    /// The shadow cast by each drawing operation, if any.
    var shadow: ShadowStyle?
    /// How images are sampled.
    var interpolation: InterpolationQuality = .bilinear

    /// Drops the anti-aliased part of the clip (the clip is empty, or starts afresh).
    mutating func dropMask() {
        clipMask = nil
        clipChain = nil
    }

    /// Whether `a` and `b` are the same state but for the fill and stroke colours: the
    /// masks and clips the same objects. Always inlined: called on an array's element,
    /// it reads the element in place. Called through, it had the element copied out
    /// first (274 bytes, its three references retained), even from a span.
    @inline(__always)
    static func matchApartFromColors(_ a: borrowing GraphicsState, _ b: borrowing GraphicsState) -> Bool {
        a.transform == b.transform && a.stroke == b.stroke && a.alpha == b.alpha && a.blendMode == b.blendMode
            && a.clipBounds == b.clipBounds && a.clipMask === b.clipMask && a.clipChain === b.clipChain
            && a.shadow == b.shadow && a.interpolation == b.interpolation
    }
}
