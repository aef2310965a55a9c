/// Everything `saveGState` saves: the transform, paints, line style, alpha, blend mode
/// and clip of a context.
struct GraphicsState {
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
    /// The shadow cast by each drawing operation, if any.
    var shadow: ShadowStyle?
    /// How images are sampled.
    var interpolation: InterpolationQuality = .bilinear
}
