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

    /// One shadowed fill of a colour in a context (`setShadow` then `fill`): everything its
    /// shadow's coverage depends on.
    struct FillKey: Equatable {
        let path: Path
        let transform: AffineTransform
        let rule: FillRule
        let alpha: UInt32
        let dx: Double, dy: Double, sigma: Double
        let clip: IntRect
        let layer: IntRect
    }

    var key: Key?
    var mask: CoverageMask?
    /// The last few shadowed fills, most recent first: a control's states each have one.
    var fills: [(key: FillKey, mask: CoverageMask)] = []

    /// The cached shadow of a fill, made the most recent.
    func fillMask(for key: FillKey) -> CoverageMask? {
        guard let i = fills.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = fills.remove(at: i)
        fills.insert(entry, at: 0)
        return entry.mask
    }

    /// Remembers the shadow of a fill, forgetting the oldest beyond four.
    func remember(_ key: FillKey, _ mask: CoverageMask) {
        fills.insert((key, mask), at: 0)
        if fills.count > 4 { fills.removeLast() }
    }

    /// An empty cache.
    public init() {}

    /// Forgets the remembered shadow.
    public func clear() {
        key = nil
        mask = nil
        fills = []
    }
}
