import Synchronization

/// Remembers the coverage of the last shadow drawn with it, so that the same shadow drawn
/// again (a view redrawn without change) composites at once instead of being blurred
/// anew: what a layer's cached shadow is to Core Animation. Give each shadow its own cache.
package final class ShadowCache: Sendable {
    struct Key: Equatable, Sendable {
        let path: Path
        let transform: AffineTransform
        let dx: Double, dy: Double, sigma: Double
        let kind: Int
        let width: Int, height: Int
    }

    /// One shadowed fill of a colour in a context (`setShadow` then `fill`): everything its
    /// shadow's coverage depends on.
    struct FillKey: Equatable, Sendable {
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
    struct GroupKey: Equatable, Sendable {
        let content: LayerContent, transform: AffineTransform
        /// The layer's pixels, those drawn in it, and the clip the shadow is cut to.
        let area: IntRect, drawn: IntRect, limit: IntRect
        let dx: Double, dy: Double, sigma: Double
    }

    /// What the cache holds, behind a lock: the bands of one frame, drawn on several
    /// threads, may draw the same layer twice at once (for two damaged regions).
    private struct Kept {
        /// The last shadow of a path (`drawShadow`, `drawInnerShadow`).
        var shape: (key: Key, mask: CoverageMask)?
        /// The last group shadow.
        var group: (key: GroupKey, mask: CoverageMask)?
        /// The last few shadowed fills, most recent first: a control's states each have one.
        var fills: [(key: FillKey, mask: CoverageMask)] = []
    }

    private let kept = Mutex(Kept())

    /// The cached coverage of a path's shadow.
    func shapeMask(for key: Key) -> CoverageMask? {
        kept.withLock { k in k.shape.flatMap { $0.key == key ? $0.mask : nil } }
    }

    /// Remembers the coverage of a path's shadow, in place of the one before.
    func rememberShape(_ key: Key, _ mask: CoverageMask) {
        kept.withLock { $0.shape = (key, mask) }
    }

    /// The cached coverage of a group shadow.
    func groupMask(for key: GroupKey) -> CoverageMask? {
        kept.withLock { k in k.group.flatMap { $0.key == key ? $0.mask : nil } }
    }

    /// Whether a group shadow is kept (for tests).
    package var keepsGroupShadow: Bool { kept.withLock { $0.group != nil } }

    /// Remembers the coverage of a group shadow, in place of the one before.
    func rememberGroup(_ key: GroupKey, _ mask: CoverageMask) {
        kept.withLock { $0.group = (key, mask) }
    }

    /// How many shadowed fills are kept (for tests).
    var fillCount: Int { kept.withLock { $0.fills.count } }

    /// The cached shadow of a fill, made the most recent.
    func fillMask(for key: FillKey) -> CoverageMask? {
        kept.withLock { k in
            guard let i = k.fills.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = k.fills.remove(at: i)
            k.fills.insert(entry, at: 0)
            return entry.mask
        }
    }

    /// Remembers the shadow of a fill, forgetting the oldest beyond four.
    func remember(_ key: FillKey, _ mask: CoverageMask) {
        kept.withLock { k in
            k.fills.insert((key, mask), at: 0)
            if k.fills.count > 4 { k.fills.removeLast() }
        }
    }

    /// An empty cache.
    package init() {}

    /// Forgets the remembered shadow.
    package func clear() {
        kept.withLock { $0 = Kept() }
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
final class GroupShadowSource: Sendable {
    let cache: ShadowCache
    let content: LayerContent

    init(cache: ShadowCache, content: LayerContent) {
        self.cache = cache
        self.content = content
    }
}
