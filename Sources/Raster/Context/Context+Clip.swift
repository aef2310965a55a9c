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
        if bounds.isEmpty {
            state.clipBounds = .empty
            state.dropMask()
            return
        }
        if recording != nil {
            state.clipChain = ClipChain(parent: state.clipChain, kind: .path(path, rule, state.transform), bounds: bounds)
            state.clipBounds = bounds
            return
        }
        let mask: ClipMask
        do {
            mask = try ClipMask(bounds: bounds)
        } catch {
            // Without the mask's memory, the clip is empty: nothing is drawn unclipped.
            noteFailure(error)
            state.clipBounds = .empty
            state.dropMask()
            return
        }
        var writer = MaskWriter(mask: mask, previous: state.clipMask)
        rasterizer.rasterize(rule: rule, clip: bounds, into: &writer)
        state.clipBounds = bounds
        state.clipMask = mask
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
