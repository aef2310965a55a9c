import Raster

extension View {
    /// The bounds rounded by `cornerRadius`: what the background fills and
    /// `clipsToBounds` clips to.
    public var roundedBoundsPath: Path {
        let r = cornerRadius.isNaN ? 0 : max(0, cornerRadius)
        return r > 0 ? Path(roundedRect: bounds, cornerRadius: r) : Path(rect: bounds)
    }

    /// Draws the view and its subtree into `context`, whose current transform is the
    /// superview's coordinates; `dirty` (in the superview's coordinates) culls views that
    /// do not reach it.
    ///
    /// The order is Core Animation's: shadow, background, `draw`, subviews, border. An
    /// alpha below 1, a shadow without a shadow path, or a mask composite the whole
    /// subtree first, once.
    func render(in c: Context, dirty: Rect) {
        guard !isHidden, alpha > 0 else { return }
        let outset = visualOutset
        let extent = drawingExtent
        let offset = toSuperview, dx = offset.x, dy = offset.y
        guard extent.offsetBy(dx: dx, dy: dy).intersects(dirty) else { return }
        c.saveGState()
        defer { c.restoreGState() }
        c.translateBy(x: dx, y: dy)
        let shadowed = castsShadow
        let grouped = alpha < 1 || castsGroupShadow || mask != nil
        if grouped {
            c.alpha = alpha
            if shadowed && shadowPath == nil {
                c.setLayerShadow(color: shadowColor, opacity: shadowOpacity, offset: shadowOffset, radius: shadowRadius)
            }
            c.beginTransparencyLayer(in: extent, unclipped: true)
        }
        if shadowed, let path = shadowPath {
            c.drawShadow(of: path, color: shadowColor, opacity: shadowOpacity, offset: shadowOffset, radius: shadowRadius,
                         cache: shadowPathCache)
        }
        if let mask { applyMask(mask, in: c) }
        let shape = roundedBoundsPath
        let ownLayer = drawsInOwnLayer
        if ownLayer { c.beginTransparencyLayer(in: bounds.insetBy(dx: -outset, dy: -outset), unclipped: true) }
        if drawsLayerBackground, let bg = backgroundColor, !bg.isClear {
            c.setFillColor(bg)
            c.fill(shape)
        }
        var local = Rect(x: dirty.x - dx, y: dirty.y - dy, width: dirty.width, height: dirty.height)
        // A group shadow is cast by the whole subtree: what lies within the shadow's reach
        // of the damage must be drawn for the shadow to be whole there.
        if castsGroupShadow { local = local.insetBy(dx: -outset, dy: -outset) }
        c.saveGState()
        if clipsToBounds { c.clip(to: shape) }
        draw(local.intersection(bounds), in: c)
        if ownLayer {
            c.restoreGState()
            c.endTransparencyLayer()
            c.saveGState()
            if clipsToBounds { c.clip(to: shape) }
        }
        if let clip = subviewClipPath(), !clipsToBounds { c.clip(to: clip) }
        for s in subviews { s.render(in: c, dirty: local) }
        c.restoreGState()
        if drawsLayerBorder && borderWidth > 0 && !borderColor.isClear {
            let w = min(borderWidth, bounds.width / 2, bounds.height / 2)
            c.setStrokeColor(borderColor)
            c.lineWidth = w
            let inner = bounds.insetBy(dx: w / 2, dy: w / 2)
            let r = max(0, (cornerRadius.isNaN ? 0 : cornerRadius) - w / 2)
            if !inner.isNull { c.stroke(r > 0 ? Path(roundedRect: inner, cornerRadius: r) : Path(rect: inner)) }
        }
        if grouped { c.endTransparencyLayer() }
    }


    /// Whether the view draws a shadow (`layer.shadowOpacity` above 0, not clipped).
    var castsShadow: Bool { shadowOpacity > 0 && !clipsToBounds && !shadowColor.isClear }

    /// Whether the shadow is cast by the composited subtree (no `shadowPath`), so that a
    /// change anywhere in the subtree changes the shadow too.
    var castsGroupShadow: Bool { castsShadow && shadowPath == nil }

    /// What the view and its visible subtree can draw on, in its own coordinates: its
    /// bounds, its subviews' extents (cut to the bounds where it clips) and its shadow
    /// path, all grown by its shadow.
    var drawingExtent: Rect {
        var r = bounds
        if !clipsToBounds {
            for s in subviews where !s.isHidden {
                let o = s.toSuperview
                r = r.union(s.drawingExtent.offsetBy(dx: o.x, dy: o.y))
            }
        }
        if castsShadow, let path = shadowPath { r = r.union(path.boundingBox) }
        let o = visualOutset
        return r.insetBy(dx: -o, dy: -o)
    }

    /// Clips to the alpha of a mask view rendered over this view's bounds: over the part
    /// of them inside the clip, on the pixel grid that starts at the bounds' origin.
    /// Where the mask cannot be rendered, the clip becomes empty, so that the view draws
    /// nothing rather than unmasked, and the root's `renderFailureHandler` is told.
    private func applyMask(_ mask: View, in c: Context) {
        let scale = c.surface.scale
        let visible = bounds.intersection(c.clipBoundingBox)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return c.clip(to: Rect.zero) }
        // Whole mask pixels from the bounds' origin, so that the mask's pixels fall where
        // a mask over the whole bounds would put them.
        let x0 = ((visible.minX - bounds.minX) * scale).rounded(.down), x1 = ((visible.maxX - bounds.minX) * scale).rounded(.up)
        let y0 = ((visible.minY - bounds.minY) * scale).rounded(.down), y1 = ((visible.maxY - bounds.minY) * scale).rounded(.up)
        let origin = Point(x: bounds.minX + x0 / scale, y: bounds.minY + y0 / scale)
        let surface: Surface
        do {
            surface = try Surface(width: max(1, Int(x1 - x0)), height: max(1, Int(y1 - y0)), scale: scale)
        } catch {
            c.clip(to: Rect.zero)
            root?.renderFailureHandler?(self, error)
            return
        }
        let mc = Context(surface: surface)
        mc.translateBy(x: -origin.x, y: -origin.y)
        mask.render(in: mc, dirty: mask.frame.insetBy(dx: -1e6, dy: -1e6))
        c.clip(to: Rect(origin: origin, size: Size(width: Double(surface.width) / scale, height: Double(surface.height) / scale)),
               mask: surface)
    }
}
