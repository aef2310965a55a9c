import Synchronization

/// Remembers the coverage of the last shadow drawn with it, so that the same shadow drawn
/// again (a view redrawn without change) composites at once instead of being blurred
/// anew: what a layer's cached shadow is to Core Animation. Give each shadow its own cache.
package final class ShadowCache {
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

    /// A transparency layer's shadow (`beginTransparencyLayer(in:unclipped:content:shadowCache:)`):
    /// everything its coverage depends on, the layer's pixels standing as the caller's
    /// `content`.
    struct GroupKey: Equatable {
        let content: LayerContent, transform: AffineTransform
        /// The layer's pixels, those drawn in it, and the clip the shadow is cut to.
        let area: IntRect, drawn: IntRect, limit: IntRect
        let dx: Double, dy: Double, sigma: Double
    }

    var key: Key?
    var mask: CoverageMask?
    /// The last group shadow, behind a lock: the bands of one frame may draw the same
    /// layer twice at once (for two damaged regions).
    private let group = Mutex<(key: GroupKey, mask: CoverageMask)?>(nil)

    /// The cached coverage of a group shadow.
    func groupMask(for key: GroupKey) -> CoverageMask? {
        group.withLock { entry in entry.flatMap { $0.key == key ? $0.mask : nil } }
    }

    /// Whether a group shadow is kept (for tests).
    package var keepsGroupShadow: Bool { group.withLock { $0 != nil } }

    /// Remembers the coverage of a group shadow, in place of the one before.
    func rememberGroup(_ key: GroupKey, _ mask: CoverageMask) {
        group.withLock { $0 = (key, mask) }
    }
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
    package init() {}

    /// Forgets the remembered shadow.
    package func clear() {
        key = nil
        mask = nil
        fills = []
        group.withLock { $0 = nil }
    }
}

/// What a transparency layer's pixels are drawn from, as the caller tells it: two layers
/// with equal values, drawn under the same transform over the same pixels, hold the same
/// pixels, so the shadow they cast can be kept (`ShadowCache`). A caller changes
/// `generation` whenever what it draws in the layer may change.
package struct LayerContent: Equatable, Sendable {
    /// Changed with every change to what is drawn.
    package var generation: Int
    /// The part drawn, in the caller's terms (nil: all of it).
    package var part: Rect?

    package init(generation: Int, part: Rect?) {
        self.generation = generation
        self.part = part
    }
}

/// A layer's cast shadow as it is kept: the cache and what the layer is drawn from.
final class GroupShadowSource {
    let cache: ShadowCache
    let content: LayerContent

    init(cache: ShadowCache, content: LayerContent) {
        self.cache = cache
        self.content = content
    }
}
