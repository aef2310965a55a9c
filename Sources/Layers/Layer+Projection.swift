import Raster

extension Layer {
    /// The most an offscreen rendering of a layer under perspective is magnified over the
    /// device's pixels, where its near side comes closer to the eye.
    static let projectionMagnification = 4.0

    /// The most device pixels a projected layer covers for its drawing to be kept for the
    /// next frame whole (beyond, only the part in the clip is drawn, each time).
    static let keptProjectionArea = 2048.0 * 2048.0

    /// Draws the layer under a map to its superlayer with perspective, as Core Animation
    /// flattens it: the subtree is drawn flat into a surface of its own, at the density of
    /// the device pixels it lands on, and that surface is mapped through the projection
    /// onto the device, with anti-aliased edges. Parts behind the eye are cut off. `dirty`
    /// only decides whether the layer is drawn at all: it is drawn whole.
    func compositeProjected(_ map: ProjectiveTransform, in c: Context, dirty: Rect?) {
        let extent = drawingExtent
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return }
        if let dirty, !map.apply(to: extent).intersects(dirty) { return }
        let toDevice = map.concatenating(ProjectiveTransform(c.transform))
        let corners = [
            Point(x: extent.minX, y: extent.minY), Point(x: extent.maxX, y: extent.minY),
            Point(x: extent.maxX, y: extent.maxY), Point(x: extent.minX, y: extent.maxY)
        ]
        let outline = toDevice.apply(toPolygon: corners)
        guard outline.count >= 3 else { return }
        // The device pixels the whole projection covers: kept for the next frames while
        // the subtree and the map stay the same, unless too large, when only the part in
        // the clip is drawn.
        var box = Rect.null
        for p in outline { box = box.union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
        let clip = c.transform.apply(to: c.clipBoundingBox)
        let keeps = box.width * box.height <= Layer.keptProjectionArea
        let visible = keeps ? box : box.intersection(clip)
        guard !visible.isNull, visible.width > 0, visible.height > 0, visible.intersects(clip) else { return }
        let x0 = Int(visible.minX.rounded(.down))
        let y0 = Int(visible.minY.rounded(.down))
        let x1 = Int(visible.maxX.rounded(.up))
        let y1 = Int(visible.maxY.rounded(.up))
        let projected: Surface
        if keeps, let kept = projectedRendering, kept.generation == contentGeneration, kept.toDevice == toDevice,
            kept.x0 == x0, kept.y0 == y0, kept.surface.width == x1 - x0, kept.surface.height == y1 - y0
        {
            projected = kept.surface
        } else {
            projectedRendering = nil
            let generation = contentGeneration
            guard
                let drawn = drawProjected(
                    map, toDevice: toDevice, extent: extent, corners: corners, outline: outline,
                    x0: x0, y0: y0, x1: x1, y1: y1, in: c)
            else { return }
            projected = drawn
            // Kept unless drawing it changed it (a store drawn for the first time).
            if keeps && generation == contentGeneration {
                projectedRendering = ProjectedRendering(
                    generation: generation, toDevice: toDevice, x0: x0, y0: y0,
                    surface: drawn)
            }
        }
        // Onto the device pixel for pixel.
        c.saveGState()
        if let undo = c.transform.inverted() { c.concatenate(undo) }
        c.draw(projected, in: Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)))
        c.restoreGState()
    }

    /// Draws the subtree flat and maps it through the projection into a surface of the
    /// device pixels `x0..<x1`, `y0..<y1`; nil when it cannot be drawn (the context's
    /// failure says why).
    private func drawProjected(
        _ map: ProjectiveTransform, toDevice: ProjectiveTransform, extent: Rect, corners: [Point],
        outline: [Point], x0: Int, y0: Int, x1: Int, y1: Int, in c: Context
    ) -> Surface? {
        // Drawn flat as densely as the nearest part of it shows: the device's scale times
        // the magnification of the nearest corner (1 / w there), capped.
        let weights = corners.map { map.weight(of: $0) }.filter { $0 > 0 }
        let near = weights.min().map { min(1 / $0, Layer.projectionMagnification) } ?? 1
        let density = max(c.transform.maximumScale, 1e-3) * max(near, 1)
        let width = Int((extent.width * density).rounded(.up))
        let height = Int((extent.height * density).rounded(.up))
        let flat: Surface
        let projected: Surface
        do {
            flat = try Surface(width: max(1, width), height: max(1, height), scale: c.surface.scale)
            // Device pixels as they are: a scale of 1 keeps its context's transform plain.
            projected = try Surface(width: x1 - x0, height: y1 - y0)
        } catch {
            c.noteFailure(error)
            return nil
        }
        let fc = c.sibling(drawingInto: flat)
        // Its context begins at the surface's scale: undone, for the density alone.
        let k = density / c.surface.scale
        fc.concatenate(
            AffineTransform(translationX: -extent.minX, y: -extent.minY).concatenating(AffineTransform(scaleX: k, y: k))
        )
        drawTree(in: fc, dirty: nil)
        fc.flush()
        if let f = fc.failure {
            c.noteFailure(f)
            return nil
        }
        // The coverage of the outline, then the flat drawing seen through the projection.
        let pc = Context(surface: projected)
        var shape = Path()
        for (i, p) in outline.enumerated() {
            let q = Point(x: p.x - Double(x0), y: p.y - Double(y0))
            if i == 0 { shape.move(to: q) } else { shape.addLine(to: q) }
        }
        shape.closeSubpath()
        pc.setFillColor(.white)
        pc.fill(shape)
        let toFlat = ProjectiveTransform(
            AffineTransform(translationX: -extent.minX, y: -extent.minY)
                .concatenating(AffineTransform(scaleX: density, y: density)))
        guard let fromDevice = toDevice.inverted() else { return nil }
        projected.warp(flat, toSource: fromDevice.concatenating(toFlat), originX: x0, originY: y0)
        return projected
    }
}
