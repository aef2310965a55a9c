extension Context {
    /// Fills the clip with a linear gradient (`CGContextDrawLinearGradient`): colour t
    /// lies on the line through `start + t (end - start)` perpendicular to the axis.
    /// Beyond the ends nothing is drawn unless the options extend the end colours.
    public func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientOptions = []) {
        fillClip(with: .linearGradient(gradient, start: start, end: end, options: options))
    }

    /// Fills the clip with a radial gradient between two circles
    /// (`CGContextDrawRadialGradient`); see `Paint.radialGradient`.
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double,
        endCenter: Point, endRadius: Double, options: GradientOptions = []
    ) {
        fillClip(
            with: .radialGradient(
                gradient, startCenter: startCenter, startRadius: startRadius,
                endCenter: endCenter, endRadius: endRadius, options: options))
    }

    /// Fills the clip with a conic gradient about `center`, starting at `angle` radians and
    /// turning clockwise on screen (`CGContextDrawConicGradient`, whose y grows upwards).
    public func drawConicGradient(_ gradient: Gradient, center: Point, angle: Double) {
        fillClip(with: .conicGradient(gradient, center: center, angle: angle))
    }

    /// Fills `rect` as a `CAGradientLayer` of that frame draws: `startPoint` and
    /// `endPoint` are in the unit square (defaults (0.5, 0) and (0.5, 1), top to bottom),
    /// the gradient is computed there and the square stretched onto the rectangle, so a
    /// diagonal's bands follow the rectangle's diagonal; the end colours extend.
    public func drawLayerGradient(
        _ gradient: Gradient, in rect: Rect, startPoint: Point = Point(x: 0.5, y: 0),
        endPoint: Point = Point(x: 0.5, y: 1)
    ) {
        let r = rect.standardized
        guard !r.isEmpty else { return }
        saveGState()
        translateBy(x: r.minX, y: r.minY)
        scaleBy(x: r.width, y: r.height)
        fill(
            Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)),
            paint: .linearGradient(gradient, start: startPoint, end: endPoint, options: .extendBoth))
        restoreGState()
    }

    private func fillClip(with paint: Paint) {
        guard !state.clipBounds.isEmpty, let inverse = state.transform.inverted() else { return }
        fill(Path(rect: inverse.apply(to: state.clipBounds.rect)), paint: paint)
    }

    /// How images are sampled when drawn (`CGContextSetInterpolationQuality`); default
    /// bilinear.
    public var interpolationQuality: InterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }

    /// Draws an image stretched over `rect` under the current transform
    /// (`CGContextDrawImage`, but y down as `UIImage.draw(in:)`), with the current alpha,
    /// blend mode, clip and shadow. A mapping that is a whole-pixel translation of the
    /// image's pixels copies them bit for bit.
    public func draw(_ image: Surface, in rect: Rect) {
        guard !rect.standardized.isEmpty, !state.clipBounds.isEmpty else { return }
        backend.draw(image, in: rect, context: self)
    }

    /// Draws `draw(_:in:)` now.
    func drawNow(_ image: Surface, in rect: Rect) {
        let r = rect.standardized
        let toUser = AffineTransform(
            a: r.width / Double(image.width), b: 0, c: 0, d: r.height / Double(image.height),
            tx: r.minX, ty: r.minY)
        let toDevice = toUser.concatenating(state.transform)
        guard let inverse = toDevice.inverted() else { return }
        // Whole pixels onto whole pixels: composited row by row, no sampling. The rows take
        // the alpha as coverage, which only the normal mode treats as the shader does.
        if toDevice.a == 1, toDevice.d == 1, toDevice.b == 0, toDevice.c == 0,
            state.alpha == 1 || state.blendMode == .normal,
            let ox = Int(exactly: toDevice.tx), let oy = Int(exactly: toDevice.ty)
        {
            withShadow(reach: r) {
                let area = IntRect(x0: ox, y0: oy, x1: ox + image.width, y1: oy + image.height).intersection(
                    state.clipBounds)
                guard !area.isEmpty else { return }
                Compositor.surface(
                    image, at: (ox, oy), over: area, into: target, alpha: UInt32(state.alpha * 255 + 0.5),
                    clip: state.clipMask, mode: state.blendMode)
                noteDrawn(area)
            }
            return
        }
        let shader = Shader(
            .image(
                image, inverse: inverse, quality: state.interpolation,
                alpha: UInt32(state.alpha * 255 + 0.5)))
        withShadow(reach: r) {
            var painter = ShaderPainter(surface: target, shader: shader, mode: state.blendMode, mask: state.clipMask)
            if state.transform.isAxisAligned {
                let d = state.transform.apply(to: r)
                RectScanner.scan(d, clip: state.clipBounds, into: &painter)
                noteDrawn(IntRect(covering: d).intersection(state.clipBounds))
            } else {
                rasterizer.reset()
                var collector = OutlineCollector(rasterizer)
                Path(rect: r).flatten(transform: state.transform, tolerance: Context.tolerance, into: &collector)
                rasterizer.rasterize(rule: .nonZero, clip: state.clipBounds, into: &painter)
                noteDrawn(rasterizer.bounds.intersection(state.clipBounds))
            }
        }
    }

    /// Intersects the clip with an image's alpha stretched over `rect`
    /// (`CGContextClipToMask` with an image that has alpha): later drawing is multiplied
    /// by the mask's alpha, and nothing is drawn outside `rect`. A mask of another size
    /// than the rectangle is scaled to it.
    public func clip(to rect: Rect, mask: Surface) {
        clip(to: rect, mask: mask, kept: nil)
    }

    /// `clip(to:mask:)`, with the alpha of `mask` read already when it is `kept` and the
    /// mask lands on the device pixels it was read for; the same pixels either way.
    package func clip(to rect: Rect, mask: Surface, kept: KeptAlphaMask?) {
        let r = rect.standardized
        guard !r.isEmpty else { return clipToNothing() }
        let bounds = state.clipBounds.intersection(IntRect(covering: state.transform.apply(to: r)))
        guard !bounds.isEmpty else { return clipToNothing() }
        let toDevice = AffineTransform(
            a: r.width / Double(mask.width), b: 0, c: 0, d: r.height / Double(mask.height),
            tx: r.minX, ty: r.minY
        ).concatenating(state.transform)
        if toDevice.a == 1, toDevice.d == 1, toDevice.b == 0, toDevice.c == 0,
            let ox = Int(exactly: toDevice.tx), let oy = Int(exactly: toDevice.ty)
        {
            // The mask's pixels are device pixels: its alpha is the coverage as it stands.
            let area = bounds.intersection(IntRect(x0: ox, y0: oy, x1: ox + mask.width, y1: oy + mask.height))
            guard !area.isEmpty else { return clipToNothing() }
            if let kept, kept.surface === mask, kept.originX == ox, kept.originY == oy {
                return intersectClip(with: .kept(kept.mask), bounds: area)
            }
            return intersectClip(with: .image(mask.captured(), origin: (ox, oy)), bounds: area)
        }
        // Draw the mask with this context's transform, moved by whole pixels, into a
        // scratch surface over the new clip's bounds; its alpha is the clip's coverage.
        let scratch: Surface
        do {
            scratch = try Surface(width: bounds.width, height: bounds.height, scale: target.scale)
        } catch {
            noteFailure(error)
            return clipToNothing()
        }
        let drawer = Context(surface: scratch)
        drawer.state.transform = state.transform.concatenating(
            AffineTransform(
                translationX: Double(-bounds.x0),
                y: Double(-bounds.y0)))
        drawer.state.interpolation = state.interpolation
        drawer.draw(mask, in: r)
        intersectClip(with: .image(scratch.captured(), origin: (bounds.x0, bounds.y0)), bounds: bounds)
    }
}
