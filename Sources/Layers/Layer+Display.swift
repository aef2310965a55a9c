import Raster

extension Layer {
    /// Marks the whole backing store for drawing again before the layer is next
    /// composited (`setNeedsDisplay()`).
    public func setNeedsDisplay() {
        displayPending = true
        pendingRect = nil
        invalidate(model.bounds)
    }

    /// Marks part of the backing store, in the layer's coordinates, for drawing again
    /// (`setNeedsDisplay(_:)`); only that part is drawn when the store is kept.
    public func setNeedsDisplay(_ rect: Rect) {
        guard rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return setNeedsDisplay() }
        let part = rect.intersection(model.bounds)
        guard !part.isNull, part.width > 0, part.height > 0 else { return }
        if !displayPending {
            pendingRect = part
        } else if let p = pendingRect {
            pendingRect = p.union(part)
        }
        displayPending = true
        invalidate(part)
    }

    /// Whether the backing store waits to be drawn (`needsDisplay()`).
    public func needsDisplay() -> Bool { displayPending }

    /// Draws the backing store now if it was marked (`displayIfNeeded()`).
    public func displayIfNeeded() {
        if displayPending { display() }
    }

    /// The store's size in pixels for the bounds at `contentsScale`.
    private var storePixels: (width: Int, height: Int) {
        guard let p = PixelSize(covering: model.bounds.size, scale: model.contentsScale) else { return (0, 0) }
        return (p.width, p.height)
    }

    /// Draws the store: all of it, or the pending part of a store of the right size.
    func displayStore() {
        let hadStore = store != nil
        defer { if (store != nil) != hadStore { forgetExtent() } }
        let part = pendingRect
        displayPending = false
        pendingRect = nil
        let (w, h) = storePixels
        guard w > 0, h > 0, Surface.allows(width: w, height: h) else {
            store = nil
            return
        }
        let scale = model.contentsScale
        let b = model.bounds
        let surface: Surface
        let reused: Bool
        // Redrawn in place when the store has the right size: a part of it, or all of it
        // after clearing what was drawn before.
        var redraw = part
        if let s = store, s.width == w, s.height == h, s.scale == scale, storeSize == b.size {
            surface = s
            reused = true
            if redraw == nil {
                let c = storeContent
                redraw = Rect(
                    x: b.minX + Double(c.x0) / scale, y: b.minY + Double(c.y0) / scale,
                    width: Double(c.width) / scale, height: Double(c.height) / scale)
            }
        } else {
            do {
                surface = try Surface(width: w, height: h, scale: scale)
            } catch {
                store = nil
                failure = error
                return
            }
            reused = false
        }
        let context = Context(surface: surface)
        context.fillShadowCache = storeShadowCache
        context.translateBy(x: -b.minX, y: -b.minY)
        context.clip(to: b)
        if reused, let redraw {
            if let part { context.clip(to: part) }
            context.clear(redraw)
            context.forgetDrawing()
        }
        draw(in: context)
        if let f = context.failure { failure = f }
        if !context.hasDrawn && part == nil {
            // Nothing drawn (a delegate that does not draw, or drawing that left nothing):
            // no store to composite.
            store = nil
        } else {
            let drawn = context.drawnBounds.intersection(IntRect(width: w, height: h))
            storeContent = reused && part != nil ? storeContent.union(drawn) : drawn
            store = surface
            storeSize = b.size
        }
    }

    /// Whether the layer shows a backing store now.
    public var hasBackingStore: Bool { store != nil }

    /// A copy of the backing store as it was last drawn, for a cross-fade from it; nil
    /// without one.
    package func backingStoreSnapshot() -> Image? {
        guard let store, let copy = try? store.copy() else { return nil }
        return Image(adopting: copy)
    }
}

extension Layer {
    /// Sets `contentsScale` on the layer, its sublayers and their masks: a view sets its
    /// window's scale on the layers it brings.
    package func applyContentsScale(_ scale: Double) {
        contentsScale = scale
        mask?.applyContentsScale(scale)
        for c in children { c.applyContentsScale(scale) }
    }
}
