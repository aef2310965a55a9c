/// Remembers the coverage of the last shadow drawn with it, so that the same shadow drawn
/// again (a view redrawn without change) composites at once instead of being blurred
/// anew: what a layer's cached shadow is to Core Animation. Give each shadow its own cache.
public final class ShadowCache {
    struct Key: Equatable {
        let path: Path
        let transform: AffineTransform
        let dx: Double, dy: Double, sigma: Double
        let kind: Int
        let width: Int, height: Int
    }

    var key: Key?
    var mask: CoverageMask?

    /// An empty cache.
    public init() {}

    /// Forgets the remembered shadow.
    public func clear() {
        key = nil
        mask = nil
    }
}
