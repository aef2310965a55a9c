extension Context {
    /// Sets the shadow cast by every later drawing operation
    /// (`CGContextSetShadowWithColor`): offset and blur are in points, scaled to pixels by
    /// the surface's scale (not by the current transform); y grows downwards, as in a
    /// UIKit context; the blur's Gaussian has sigma = blur / 2. A nil or clear colour, or
    /// non-finite values, remove the shadow.
    ///
    /// Core Graphics leaves offset and blur in device pixels of the base space; scaling by
    /// the surface's scale keeps a picture at scale 2 the same as at scale 1, only sharper.
    public func setShadow(offset: Size, blur: Double, color: Color? = Color(white: 0, alpha: 1.0 / 3)) {
        setShadow(offset: offset, sigma: blur / 2, color: color)
    }

    /// Sets a layer-style shadow (`CALayer.shadowRadius` and friends): the Gaussian has
    /// sigma = `radius`, the colour's alpha is multiplied by `opacity`.
    public func setLayerShadow(color: Color, opacity: Double, offset: Size, radius: Double) {
        setShadow(offset: offset, sigma: radius, color: color.withAlpha(color.alpha * Color.clamp(opacity)))
    }

    /// Removes the shadow.
    public func clearShadow() { state.shadow = nil }

    private func setShadow(offset: Size, sigma: Double, color: Color?) {
        guard let color, !color.isClear, offset.width.isFinite, offset.height.isFinite, !sigma.isNaN else {
            state.shadow = nil
            return
        }
        let k = target.scale
        state.shadow = ShadowStyle(
            color: color, dx: offset.width * k, dy: offset.height * k,
            sigma: GaussianBlur.clampSigma(sigma * k))
    }

    /// Begins a transparency layer (`CGContextBeginTransparencyLayer`): until the matching
    /// end, drawing goes to a transparent layer with alpha 1, the normal blend mode and no
    /// shadow; the end composites the layer once with the alpha, blend mode, shadow and
    /// clip in force now. With a shadow, the clip cuts the composite (shadow included)
    /// but not what casts the shadow, as in Core Graphics.
    public func beginTransparencyLayer() { beginLayer(limit: nil) }

    /// Begins a transparency layer that holds only what is drawn inside `rect` (user
    /// space), `CGContextBeginTransparencyLayerWithRect`: a smaller layer, and a cheaper
    /// one. With `unclipped`, the layer holds all of `rect` whatever the clip, so that
    /// shadows drawn inside it see their whole shapes; the composite is clipped as always.
    public func beginTransparencyLayer(in rect: Rect, unclipped: Bool = false) {
        beginTransparencyLayer(in: rect, unclipped: unclipped, content: nil, shadowCache: nil)
    }

    /// `beginTransparencyLayer(in:unclipped:)` for a layer whose shadow `cache`, when
    /// given, keeps from one frame to the next while the layer holds the same `content`,
    /// under the same transform and clip: what Core Animation does for a layer's shadow
    /// without a path. The pixels are those of the shadow made anew.
    package func beginTransparencyLayer(
        in rect: Rect, unclipped: Bool, content: LayerContent?,
        shadowCache cache: ShadowCache?
    ) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return beginLayer(limit: .empty) }
        let shadow = cache.flatMap { c in content.map { GroupShadowSource(cache: c, content: $0) } }
        beginLayer(limit: IntRect(covering: state.transform.apply(to: r)), unclipped: unclipped, shadow: shadow)
    }

    /// Begins a layer covering the clip (grown by the shadow's reach) within `limit`, in
    /// device pixels of the current target. The layer's pixels start at that area's
    /// corner: the transform moves by it, so drawing lands where it would have.
    func beginLayer(limit: IntRect?, unclipped: Bool = false, shadow source: GroupShadowSource? = nil) {
        var area = unclipped && limit != nil ? limit! : state.clipBounds
        if let shadow = state.shadow { area = Context.expand(unclipped ? area : unbandedClip ?? area, by: shadow) }
        area = area.intersection(IntRect(width: target.width, height: target.height))
        if let limit { area = area.intersection(limit) }
        beginLayer(area: area, rows: backend.layerBegins(in: self, area: area, shadow: source), shadow: source)
    }

    /// Begins a layer over `area` of the target's pixels, whatever the clip: what
    /// `beginLayer(limit:unclipped:)` chose, and what a band draws again. A band that
    /// draws and composites the layer only in its rows (`rows`, in the target's pixels)
    /// clears only those of the layer.
    func beginLayer(area input: IntRect, rows: Range<Int>? = nil, shadow source: GroupShadowSource? = nil) {
        var area = input
        let layer: Surface
        do {
            let width = max(1, area.width)
            let height = max(1, area.height)
            if let rows {
                layer = try Surface(
                    width: width, height: height, scale: target.scale,
                    clearingRows: (rows.lowerBound - area.y0)..<(rows.upperBound - area.y0))
            } else {
                layer = try Surface(width: width, height: height, scale: target.scale)
            }
        } catch {
            // No memory for the layer: it takes no drawing (an empty clip over the parent)
            // and composites nothing.
            noteFailure(error)
            layer = target
            area = .empty
        }
        var key: ShadowCache.FillKey?
        if let fill = pendingFillShadow, let shadow = state.shadow {
            key = ShadowCache.FillKey(
                path: fill.path, transform: state.transform, rule: fill.rule, alpha: fill.alpha,
                dx: shadow.dx, dy: shadow.dy, sigma: shadow.sigma, clip: state.clipBounds, layer: area)
            pendingFillShadow = nil
        }
        pushLayer(
            TransparencyLayer(
                parent: target, state: state, surface: layer, originX: area.x0, originY: area.y0,
                dirty: .empty, fillShadowKey: key, groupShadow: source.map { ($0, state.transform) },
                savedStates: savedStateCount))
        target = layer
        state.transform = state.transform.concatenating(
            AffineTransform(translationX: Double(-area.x0), y: Double(-area.y0)))
        // The clip's anti-aliased part applies when the layer is composited.
        state.clipBounds = area.isEmpty ? .empty : IntRect(width: area.width, height: area.height)
        state.dropMask()
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Ends the innermost transparency layer (`CGContextEndTransparencyLayer`) and restores
    /// the state in force at its beginning. Without an open layer it does nothing
    /// (reported on standard error in debug builds).
    public func endTransparencyLayer() {
        guard let layer = popLayer() else {
            #if DEBUG
                StandardError.write(
                    "Raster: endTransparencyLayer() without a matching beginTransparencyLayer(); ignored")
            #endif
            return
        }
        backend.layerEnds(in: self)
        // States saved inside the layer and not restored end with it.
        if savedStateCount > layer.savedStates { dropSavedStates(to: layer.savedStates) }
        target = layer.parent
        state = layer.state
        let ox = layer.originX
        let oy = layer.originY
        let inLayer = layer.dirty.intersection(IntRect(width: layer.surface.width, height: layer.surface.height))
        if inLayer.isEmpty { return }
        let drawn = IntRect(x0: inLayer.x0 + ox, y0: inLayer.y0 + oy, x1: inLayer.x1 + ox, y1: inLayer.y1 + oy)
        if let shadow = state.shadow {
            // A shadow whose memory cannot be had is left out (and recorded); the layer is
            // still put back. A shadowed fill drawn again the same way takes its shadow
            // from the cache.
            let cache = layer.fillShadowKey != nil ? fillShadowCache : nil
            let pixel = shadow.color.withAlpha(shadow.color.alpha * state.alpha).premultiplied.argb
            // A layer whose caller keeps its shadow: the key of what the shadow is made of.
            let groupKey = layer.groupShadow.map {
                ShadowCache.GroupKey(
                    content: $0.source.content, transform: $0.transform,
                    area: IntRect(x0: ox, y0: oy, x1: ox + layer.surface.width, y1: oy + layer.surface.height),
                    drawn: drawn, limit: state.clipBounds, dx: shadow.dx, dy: shadow.dy, sigma: shadow.sigma)
            }
            if let cache, let key = layer.fillShadowKey, let mask = cache.fillMask(for: key) {
                compositeNow(mask, pixel: pixel)
            } else if let groupKey, let mask = layer.groupShadow?.source.cache.groupMask(for: groupKey) {
                compositeNow(mask, pixel: pixel)
            } else {
                do {
                    let plane = try AlphaPlane(bounds: Context.expand(drawn, by: shadow))
                    plane.add(alphaOf: layer.surface, at: (ox, oy), over: drawn)
                    try plane.blur(sigma: shadow.sigma)
                    let mask = try plane.shadowCoverage(style: shadow, keep: nil, limit: state.clipBounds)
                    compositeNow(mask, pixel: pixel)
                    if let cache, let key = layer.fillShadowKey { cache.remember(key, mask) }
                    if let groupKey { layer.groupShadow?.source.cache.rememberGroup(groupKey, mask) }
                } catch {
                    noteFailure(error)
                }
            }
        }
        let bounds = drawn.intersection(state.clipBounds)
        if bounds.isEmpty { return }
        if target === surface { surface.willWrite() }
        let alpha = UInt32(state.alpha * 255 + 0.5)
        Compositor.surface(
            layer.surface, at: (ox, oy), over: bounds, into: target, alpha: alpha, clip: state.clipMask,
            mode: state.blendMode)
        noteDrawn(bounds)
    }

    /// Runs a drawing operation, inside its own transparency layer when a shadow is set,
    /// so that the shadow is cast by what the operation draws; `reach` bounds what the
    /// operation can draw, in user space, so the layer stays small (worked out only when
    /// there is a shadow).
    @inline(__always)
    func withShadow(reach: @autoclosure () -> Rect? = nil, _ body: () -> Void) {
        guard state.shadow != nil else { return body() }
        if let reach = reach() { beginTransparencyLayer(in: reach) } else { beginLayer(limit: nil) }
        body()
        endTransparencyLayer()
    }

    /// Records that `r` was drawn, for the innermost layer's bounds.
    func noteDrawn(_ r: IntRect) {
        guard !r.isEmpty else { return }
        drewAnything = true
        guard layerDepth > 0 else {
            drawnArea = drawnArea.union(r)
            return
        }
        layerDirty = layerDirty.union(r)
    }

    /// The device pixels a shadow of `r` may reach.
    static func expand(_ r: IntRect, by s: ShadowStyle) -> IntRect {
        let m = Int((3 * s.sigma).rounded(.up)) + 2
        let dx = Int(s.dx.rounded(.down))
        let dy = Int(s.dy.rounded(.down))
        return IntRect(
            x0: r.x0 - m + min(dx, 0), y0: r.y0 - m + min(dy, 0),
            x1: r.x1 + m + max(dx + 1, 0), y1: r.y1 + m + max(dy + 1, 0))
    }

    /// Composites a blurred plane, moved by the shadow's offset, in the shadow's colour
    /// (times the current alpha), with the current blend mode and clip. `keep`, when
    /// given, multiplies the plane (an inner shadow stays inside its shape).
    func composite(shadow plane: AlphaPlane, style: ShadowStyle, keep: AlphaPlane? = nil) throws(RasterError) {
        composite(
            try plane.shadowCoverage(style: style, keep: keep, limit: state.clipBounds),
            pixel: style.color.withAlpha(style.color.alpha * state.alpha).premultiplied.argb)
    }

    /// Composites a premultiplied pixel through a coverage mask in the target's device
    /// pixels, with the current blend mode and clip.
    func composite(_ mask: CoverageMask, pixel: UInt32) {
        guard !mask.bounds.intersection(state.clipBounds).isEmpty else { return }
        guard pixel != 0 || !state.blendMode.skipsTransparentSource else { return }
        backend.draw(.mask(mask, pixel: pixel), in: self)
    }

    /// Draws `composite(_:pixel:)` now.
    func compositeNow(_ mask: CoverageMask, pixel: UInt32) {
        let box = mask.bounds.intersection(state.clipBounds)
        guard !box.isEmpty else { return }
        guard pixel != 0 || !state.blendMode.skipsTransparentSource else { return }
        Compositor.mask(mask, box: box, pixel: pixel, into: target, clip: state.clipMask, mode: state.blendMode)
        noteDrawn(box)
    }
}

/// 8-bit coverage over a rectangle of device pixels, row by row. Filled when it is made,
/// then only read: by the bands of a frame at once, and from a shadow cache in later
/// frames, on whichever thread draws them.
struct CoverageMask: @unchecked Sendable {
    let bounds: IntRect
    let bytes: PlaneBuffer<UInt8>

    /// Zeros over `bounds`.
    ///
    /// - Throws: `RasterError.outOfMemory` when the memory cannot be had.
    init(bounds: IntRect) throws(RasterError) {
        self.bounds = bounds
        bytes = try PlaneBuffer(zeros: bounds.width * bounds.height)
    }

    /// The given coverage, row by row, over `bounds`.
    init(bounds: IntRect, copying coverage: [UInt8]) throws(RasterError) {
        try self.init(bounds: bounds)
        for i in 0..<min(coverage.count, bytes.count) { bytes[i] = coverage[i] }
    }
}
