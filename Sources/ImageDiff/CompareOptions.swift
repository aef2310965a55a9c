import Raster

/// How two pictures are compared: exactly, or perceptually with a colour threshold,
/// anti-aliasing detection, a budget of differing pixels and regions left out.
public struct CompareOptions: Sendable, Equatable {
    /// The colour distance a pixel may differ by, 0 (exact) to 1, as a fraction of the
    /// largest YIQ distance; default 0.1.
    public var threshold: Double
    /// Whether pixels that are edge noise in either picture are told apart from real
    /// differences (and not counted); default true.
    public var detectsAntialiasing: Bool
    /// How many real differences still pass; default 0.
    public var maxDiffPixels: Int
    /// What fraction of all pixels may differ and still pass; default 0.
    public var maxDiffPixelRatio: Double
    /// Rectangles in the expected picture's pixels that are not compared.
    public var ignoredRegions: [Rect]
    /// When set, the old per-channel rule instead of the colour distance: a pixel differs
    /// when a premultiplied channel differs by more than this (0 to 255).
    public var channelTolerance: Int?

    /// Options with the defaults above.
    public init(
        threshold: Double = 0.1, detectsAntialiasing: Bool = true, maxDiffPixels: Int = 0,
        maxDiffPixelRatio: Double = 0, ignoredRegions: [Rect] = [], channelTolerance: Int? = nil
    ) {
        self.threshold = threshold.isFinite ? min(max(threshold, 0), 1) : 0.1
        self.detectsAntialiasing = detectsAntialiasing
        self.maxDiffPixels = max(0, maxDiffPixels)
        self.maxDiffPixelRatio = maxDiffPixelRatio.isFinite ? min(max(maxDiffPixelRatio, 0), 1) : 0
        self.ignoredRegions = ignoredRegions
        self.channelTolerance = channelTolerance.map { min(max($0, 0), 255) }
    }

    /// Byte for byte: threshold 0, no anti-aliasing detection, no budget.
    public static let exact = CompareOptions(threshold: 0, detectsAntialiasing: false)
}
