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
        state.shadow = ShadowStyle(color: color, dx: offset.width * k, dy: offset.height * k,
                                   sigma: GaussianBlur.clampSigma(sigma * k))
    }

    /// Begins a transparency layer (`CGContextBeginTransparencyLayer`): until the matching
    /// end, drawing goes to a transparent layer with alpha 1, the normal blend mode and no
    /// shadow; the end composites the layer once with the alpha, blend mode, shadow and
    /// clip in force now. With a shadow, the clip cuts the composite (shadow included)
    /// but not what casts the shadow, as in Core Graphics.
    public func beginTransparencyLayer() {
        // The target's size was valid when it was made.
        let layer = try! Surface(width: target.width, height: target.height, scale: target.scale)
        layers.append(TransparencyLayer(parent: target, state: state, surface: layer, dirty: .empty))
        target = layer
        if let shadow = state.shadow {
            // The clip applies to the composite, shadow included, not to what casts the
            // shadow: inside the layer, drawing reaches as far as the shadow can see.
            state.clipBounds = Context.expand(state.clipBounds, by: shadow)
                .intersection(IntRect(width: layer.width, height: layer.height))
            state.clipMask = nil
        }
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Ends the innermost transparency layer (`CGContextEndTransparencyLayer`) and restores
    /// the state in force at its beginning. Without an open layer it does nothing
    /// (reported on standard error in debug builds).
    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else {
            #if DEBUG
            StandardError.write("Raster: endTransparencyLayer() without a matching beginTransparencyLayer(); ignored")
            #endif
            return
        }
        target = layer.parent
        state = layer.state
        let drawn = layer.dirty.intersection(IntRect(width: target.width, height: target.height))
        if drawn.isEmpty { return }
        if let shadow = state.shadow {
            let bounds = drawn
            var plane = AlphaPlane(bounds: Context.expand(bounds, by: shadow))
            for y in bounds.y0..<bounds.y1 {
                let row = layer.surface.row(y)
                for x in bounds.x0..<bounds.x1 {
                    plane.values[(y - plane.bounds.y0) * plane.bounds.width + (x - plane.bounds.x0)] = Float(row[x] >> 24) / 255
                }
            }
            plane.blur(sigma: shadow.sigma)
            composite(shadow: plane, style: shadow)
        }
        let bounds = drawn.intersection(state.clipBounds)
        if bounds.isEmpty { return }
        let alpha = UInt32(state.alpha * 255 + 0.5)
        for y in bounds.y0..<bounds.y1 {
            // Safe: bounds lie inside both surfaces, which have the same size.
            Compositor.row(target.row(y) + bounds.x0, source: layer.surface.row(y) + bounds.x0, count: bounds.width,
                           coverage: alpha, mask: state.clipMask.map { UnsafePointer($0.pointer(bounds.x0, y)) },
                           mode: state.blendMode)
        }
        noteDrawn(bounds)
    }

    /// Runs a drawing operation, inside its own transparency layer when a shadow is set,
    /// so that the shadow is cast by what the operation draws.
    func withShadow(_ body: () -> Void) {
        guard state.shadow != nil else { return body() }
        beginTransparencyLayer()
        body()
        endTransparencyLayer()
    }

    /// Records that `r` was drawn, for the innermost layer's bounds.
    func noteDrawn(_ r: IntRect) {
        guard !layers.isEmpty, !r.isEmpty else { return }
        layers[layers.count - 1].dirty = layers[layers.count - 1].dirty.union(r)
    }

    /// The device pixels a shadow of `r` may reach.
    static func expand(_ r: IntRect, by s: ShadowStyle) -> IntRect {
        let m = Int((3 * s.sigma).rounded(.up)) + 2
        let dx = Int(s.dx.rounded(.down)), dy = Int(s.dy.rounded(.down))
        return IntRect(x0: r.x0 - m + min(dx, 0), y0: r.y0 - m + min(dy, 0),
                       x1: r.x1 + m + max(dx + 1, 0), y1: r.y1 + m + max(dy + 1, 0))
    }

    /// Composites a blurred plane, moved by the shadow's offset, in the shadow's colour
    /// (times the current alpha), with the current blend mode and clip. `keep`, when
    /// given, multiplies the plane (an inner shadow stays inside its shape).
    func composite(shadow plane: AlphaPlane, style: ShadowStyle, keep: AlphaPlane? = nil) {
        let color = style.color.withAlpha(style.color.alpha * state.alpha).premultiplied.argb
        let reach = IntRect(x0: plane.bounds.x0 + Int(style.dx.rounded(.down)),
                            y0: plane.bounds.y0 + Int(style.dy.rounded(.down)),
                            x1: plane.bounds.x1 + Int(style.dx.rounded(.up)),
                            y1: plane.bounds.y1 + Int(style.dy.rounded(.up)))
        let box = reach.intersection(state.clipBounds)
        guard !box.isEmpty else { return }
        var coverage = [UInt8](repeating: 0, count: box.width)
        for y in box.y0..<box.y1 {
            let clipRow = state.clipMask?.pointer(box.x0, y)
            for x in box.x0..<box.x1 {
                var v = plane.shifted(x, y, dx: style.dx, dy: style.dy)
                if let keep { v *= keep.value(x, y) }
                var c = UInt32(min(max(v, 0), 1) * 255 + 0.5)
                if let clipRow { c = PixelMath.mul(c, UInt32(clipRow[x - box.x0])) }
                coverage[x - box.x0] = UInt8(c)
            }
            coverage.withUnsafeBufferPointer {
                // Safe: the run lies inside the clip bounds, inside the surface.
                Compositor.solid(target.row(y) + box.x0, count: box.width, color: color, coverage: 255,
                                 mask: $0.baseAddress, mode: state.blendMode)
            }
        }
        noteDrawn(box)
    }
}
