extension Context {
    /// Intersects the clip with a path, anti-aliased (`CGContextClip` /
    /// `CGContextEOClip`). An empty path clips everything away. A rectangle on whole
    /// device pixels only narrows the clip bounds: its coverage is 1 or 0 everywhere.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        if let r = path.rectangle, narrowClip(toWholePixelsOf: r) { return }
        rasterizer.reset()
        var collector = OutlineCollector(rasterizer)
        path.flatten(transform: state.transform, tolerance: Context.tolerance, into: &collector)
        let bounds = state.clipBounds.intersection(rasterizer.bounds)
        guard !bounds.isEmpty else { return clipToNothing() }
        intersectClip(with: .path(path, rule, state.transform), bounds: bounds, outlined: true)
    }

    /// Intersects the clip with one more clip over `bounds` (inside the clip bounds): a
    /// recording context keeps it as a link of its clip chain, for each band to make its
    /// part; any other makes its mask now (`makeClip`). `outlined`: a path's outline is
    /// in the rasterizer already.
    func intersectClip(with kind: ClipChain.Kind, bounds: IntRect, outlined: Bool = false) {
        backend.clip(self, with: kind, bounds: bounds, outlined: outlined)
    }

    /// Intersects the clip with the mask of one more clip over `bounds`, made now, times
    /// the mask before. Without the mask's memory the clip is empty: nothing is drawn
    /// unclipped.
    func makeClip(_ kind: ClipChain.Kind, bounds: IntRect, outlined: Bool) {
        do {
            state.clipMask = try makeMask(kind, bounds: bounds, previous: state.clipMask, outlined: outlined)
            state.clipBounds = bounds
        } catch {
            noteFailure(error)
            clipToNothing()
        }
    }

    /// The mask of one clip over `bounds`, times `previous` (whose bounds hold these).
    /// `outlined`: a path's outline is in the rasterizer already.
    func makeMask(
        _ kind: ClipChain.Kind, bounds: IntRect, previous: ClipMask?,
        outlined: Bool = false
    ) throws(RasterError) -> ClipMask {
        switch kind {
        case .path(let path, let rule, let transform):
            let mask = try ClipMask(bounds: bounds)
            if !outlined {
                rasterizer.reset()
                var collector = OutlineCollector(rasterizer)
                path.flatten(transform: transform, tolerance: Context.tolerance, into: &collector)
            }
            var writer = MaskWriter(mask: mask, previous: previous)
            rasterizer.rasterize(rule: rule, clip: bounds, into: &writer)
            return mask
        case .image(let capture, let origin):
            guard let image = capture.surface else { throw capture.lost ?? .outOfMemory(bytes: 0) }
            return try ClipMask(alphaOf: image, at: origin, bounds: bounds, times: previous)
        case .kept(let mask):
            // Immutable: shared as it is, its bounds holding these.
            guard let previous else { return mask }
            return try ClipMask(bounds: bounds, of: mask, times: previous)
        }
    }

    /// Makes the clip empty: nothing is drawn until the state is restored.
    func clipToNothing() {
        state.clipBounds = .empty
        state.dropMask()
    }

    /// Intersects the clip with a rectangle (`CGContextClipToRect`). A rectangle that maps
    /// onto whole device pixels only narrows the clip bounds; any other is clipped to as a
    /// path, anti-aliased.
    public func clip(to rect: Rect) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        if !narrowClip(toWholePixelsOf: r) { clip(to: Path(rect: r)) }
    }

    /// Narrows the clip bounds to a rectangle when it maps onto whole device pixels;
    /// false, changing nothing, when it does not.
    private func narrowClip(toWholePixelsOf rect: Rect) -> Bool {
        let t = state.transform
        guard t.isAxisAligned else { return false }
        let d = t.apply(to: rect.standardized)
        guard [d.minX, d.minY, d.maxX, d.maxY].allSatisfy({ $0.isFinite && $0 == $0.rounded() }) else { return false }
        state.clipBounds = state.clipBounds.intersection(IntRect(covering: d))
        if state.clipBounds.isEmpty { state.dropMask() }
        return true
    }

    /// The clip's bounding box in user space (`CGContextGetClipBoundingBox`).
    public var clipBoundingBox: Rect {
        guard let inverse = state.transform.inverted(), !state.clipBounds.isEmpty else { return .null }
        return inverse.apply(to: state.clipBounds.rect)
    }
}

extension Context {
    /// Intersects the clip with a rectangle of whole device pixels, whatever the
    /// transform: how a window's damage is clipped to.
    package func clip(toDevicePixels r: Rect) {
        state.clipBounds = state.clipBounds.intersection(IntRect(covering: r))
        if state.clipBounds.isEmpty { state.dropMask() }
    }
}
