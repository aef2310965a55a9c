extension Context {
    /// Draws the shadow a path casts, without the path (a layer's `shadowPath`): the path's
    /// coverage blurred with sigma = `radius` points, moved by `offset` points, in `color`
    /// times `opacity`. With `outsideOnly`, the part under the path itself is left out,
    /// so a translucent shape shows no shadow through it.
    public func drawShadow(
        of path: Path, color: Color, opacity: Double = 1, offset: Size, radius: Double,
        outsideOnly: Bool = false
    ) {
        drawShadow(
            of: path, color: color, opacity: opacity, offset: offset, radius: radius, outsideOnly: outsideOnly,
            cache: nil)
    }

    /// As `drawShadow(of:color:opacity:offset:radius:outsideOnly:)`; a `cache` skips the
    /// blur when the same shadow is drawn again (a layer's shadow, frame after frame).
    package func drawShadow(
        of path: Path, color: Color, opacity: Double = 1, offset: Size, radius: Double,
        outsideOnly: Bool = false, cache: ShadowCache?
    ) {
        guard let style = shadowStyle(color: color, opacity: opacity, offset: offset, radius: radius) else { return }
        let mask = cachedShadow(path, style, kind: outsideOnly ? 1 : 0, cache) { shape throws(RasterError) in
            // The part outside the shape, from its coverage before the blur.
            var outside: AlphaPlane?
            if outsideOnly {
                let o = try shape.copy()
                o.invert()
                outside = o
            }
            try shape.blur(sigma: style.sigma)
            return try shape.shadowCoverage(
                style: style, keep: outside, limit: IntRect(width: target.width, height: target.height))
        }
        if let mask {
            composite(mask, pixel: style.color.withAlpha(style.color.alpha * state.alpha).premultiplied.argb)
        }
    }

    /// Draws the shadow cast inside a path by its surroundings (an inner shadow): the
    /// inverse of the path's coverage blurred with sigma = `radius` points, moved by
    /// `offset` points, kept only inside the path, in `color` times `opacity`.
    public func drawInnerShadow(of path: Path, color: Color, opacity: Double = 1, offset: Size, radius: Double) {
        drawInnerShadow(of: path, color: color, opacity: opacity, offset: offset, radius: radius, cache: nil)
    }

    /// As `drawInnerShadow(of:color:opacity:offset:radius:)`; a `cache` skips the blur
    /// when the same shadow is drawn again.
    package func drawInnerShadow(
        of path: Path, color: Color, opacity: Double = 1, offset: Size, radius: Double,
        cache: ShadowCache?
    ) {
        guard let style = shadowStyle(color: color, opacity: opacity, offset: offset, radius: radius) else { return }
        let mask = cachedShadow(path, style, kind: 2, cache) { shape throws(RasterError) in
            let inverse = try shape.copy()
            inverse.invert()
            // Beyond the plane lies the outside of the shape, fully covered by the inverse:
            // a clamped blur keeps it so.
            try inverse.blur(sigma: style.sigma, edges: .clamp)
            return try inverse.shadowCoverage(
                style: style, keep: shape, limit: IntRect(width: target.width, height: target.height))
        }
        if let mask {
            composite(mask, pixel: style.color.withAlpha(style.color.alpha * state.alpha).premultiplied.argb)
        }
    }

    /// The coverage of a shadow: from the cache when it holds this very shadow, else made
    /// from the path's coverage by `make` (and remembered). Nil when there is none, or
    /// when its memory could not be had (recorded in `failure`).
    private func cachedShadow(
        _ path: Path, _ style: ShadowStyle, kind: Int, _ cache: ShadowCache?,
        make: (AlphaPlane) throws(RasterError) -> CoverageMask
    ) -> CoverageMask? {
        let key = ShadowCache.Key(
            path: path, transform: state.transform, dx: style.dx, dy: style.dy, sigma: style.sigma,
            kind: kind, width: target.width, height: target.height)
        if let mask = cache?.shapeMask(for: key) { return mask }
        let mask: CoverageMask
        do {
            guard let shape = try coverage(of: path, margin: style) else { return nil }
            mask = try make(shape)
        } catch {
            noteFailure(error)
            return nil
        }
        cache?.rememberShape(key, mask)
        return mask
    }

    /// Blurs what is already drawn inside `rect` (in user space, clipped), in place, with a
    /// Gaussian of sigma = `radius` points: the backdrop blur behind a translucent shape.
    /// Edge pixels extend beyond the rectangle. With `opacity` below 1, the result is
    /// that much of the blur over the original.
    public func blur(_ rect: Rect, radius: Double, opacity: Double = 1) {
        guard backdropBlur(rect, radius: radius, opacity: opacity) != nil else { return }
        backend.draw(.blur(rect, radius: radius, opacity: opacity), in: self)
    }

    /// Draws `blur(_:radius:opacity:)` now.
    func blurNow(_ rect: Rect, radius: Double, opacity: Double) {
        guard let blur = backdropBlur(rect, radius: radius, opacity: opacity) else { return }
        guard let work = makeBackdropBlur(blur) else { return }
        work.blurRows(0..<blur.box.height, of: target)
        work.blurColumns(0..<blur.box.width, into: target)
        noteDrawn(blur.box)
    }

    /// What `blur(_:radius:opacity:)` blurs in the current state: the device pixels, the
    /// sigma in them and the strength; nil when it blurs nothing.
    func backdropBlur(_ rect: Rect, radius: Double, opacity: Double) -> BackdropBlur.Placement? {
        let sigma = GaussianBlur.clampSigma(radius * target.scale)
        let box = IntRect(covering: state.transform.apply(to: rect.standardized)).intersection(state.clipBounds)
        let strength = UInt32(Color.clamp(opacity) * 255 + 0.5)
        guard sigma > 0, strength > 0, !box.isEmpty else { return nil }
        return BackdropBlur.Placement(box: box, sigma: sigma, strength: strength)
    }

    /// The working copies of a backdrop blur in the current state, with its mask over
    /// the blurred pixels; nil when their memory cannot be had (recorded in `failure`).
    func makeBackdropBlur(_ blur: BackdropBlur.Placement) -> BackdropBlur? {
        var mask = state.clipMask
        if let chain = state.clipChain {
            var made: [ObjectIdentifier: ClipMask] = [:]
            guard let m = self.mask(of: chain, within: blur.box, made: &made) else { return nil }
            mask = m
        }
        do {
            return try BackdropBlur(box: blur.box, sigma: blur.sigma, strength: blur.strength, mask: mask)
        } catch {
            noteFailure(error)
            return nil
        }
    }

    private func shadowStyle(color: Color, opacity: Double, offset: Size, radius: Double) -> ShadowStyle? {
        let c = color.withAlpha(color.alpha * Color.clamp(opacity))
        guard !c.isClear, offset.width.isFinite, offset.height.isFinite, !radius.isNaN,
            !state.clipBounds.isEmpty
        else { return nil }
        let k = target.scale
        return ShadowStyle(
            color: c, dx: offset.width * k, dy: offset.height * k,
            sigma: GaussianBlur.clampSigma(radius * k))
    }

    /// A path's coverage in a plane with room around it for the shadow's blur and offset.
    private func coverage(of path: Path, margin style: ShadowStyle) throws(RasterError) -> AlphaPlane? {
        rasterizer.reset()
        var collector = OutlineCollector(rasterizer)
        path.flatten(transform: state.transform, tolerance: Context.tolerance, into: &collector)
        let shape = rasterizer.bounds
        guard !shape.isEmpty else { return nil }
        let limit = IntRect(x0: -4096, y0: -4096, x1: target.width + 4096, y1: target.height + 4096)
        let bounds = Context.expand(shape, by: style).intersection(limit)
        var writer = PlaneWriter(plane: try AlphaPlane(bounds: bounds))
        rasterizer.rasterize(rule: .nonZero, clip: bounds, into: &writer)
        return writer.plane
    }
}
