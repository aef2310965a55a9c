extension Context {
    /// Intersects the clip with a path, anti-aliased (`CGContextClip` /
    /// `CGContextEOClip`). An empty path clips everything away.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        rasterizer.reset()
        var collector = OutlineCollector(rasterizer)
        path.flatten(transform: state.transform, tolerance: Context.tolerance, into: &collector)
        let bounds = state.clipBounds.intersection(rasterizer.bounds)
        if bounds.isEmpty {
            state.clipBounds = .empty
            state.clipMask = nil
            return
        }
        let mask: ClipMask
        do {
            mask = try ClipMask(bounds: bounds)
        } catch {
            // Without the mask's memory, the clip is empty: nothing is drawn unclipped.
            noteFailure(error)
            state.clipBounds = .empty
            state.clipMask = nil
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
        let t = state.transform
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        if t.isAxisAligned {
            let d = t.apply(to: r)
            let whole = [d.minX, d.minY, d.maxX, d.maxY].allSatisfy { $0 == $0.rounded() }
            if whole {
                state.clipBounds = state.clipBounds.intersection(IntRect(covering: d))
                if state.clipBounds.isEmpty { state.clipMask = nil }
                return
            }
        }
        clip(to: Path(rect: r))
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
        if state.clipBounds.isEmpty { state.clipMask = nil }
    }
}
