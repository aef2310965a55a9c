import Raster

extension Layer {
    /// Draws the layer and its sublayers into `context` in the layer's own coordinates,
    /// its position and transform left out (`render(in:)`): the context's current
    /// transform is the layer's space, y up when its geometry is flipped. Backing stores
    /// that are due are drawn first.
    public func render(in context: Context) {
        layoutIfNeeded()
        guard !shown.isHidden, shown.opacity > 0 else { return }
        context.saveGState()
        if shown.isGeometryFlipped {
            let b = shown.bounds
            context.concatenate(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: b.minY + b.maxY))
        }
        drawTree(in: context, dirty: nil)
        context.restoreGState()
        reportFailure(to: context)
    }

    /// Draws the layer into `context`, whose current transform is the superlayer's
    /// coordinates, with its position and transform; `dirty` (superlayer coordinates)
    /// culls the layers that do not reach it.
    package func composite(in c: Context, dirty: Rect?) {
        guard !shown.isHidden, shown.opacity > 0 else { return }
        let map = shownToSuperlayer
        if facesAway(map, single: !shown.isDoubleSided) { return }
        guard let t = map.affine else { return compositeProjected(map, in: c, dirty: dirty) }
        guard let inverse = t.inverted() else { return }
        var local: Rect?
        if let dirty {
            guard t.apply(to: drawingExtent).intersects(dirty) else { return }
            local = inverse.apply(to: dirty)
        }
        c.saveGState()
        c.concatenate(t)
        drawTreeKeepingItsRecording(in: c, dirty: local)
        c.restoreGState()
    }

    /// `drawTree(in:dirty:)`, through the recording kept from an earlier frame when the
    /// subtree has not changed since and the context stands where it stood then
    /// (`Context.replay(_:)`). Otherwise drawn; and when the subtree was drawn unchanged
    /// on the frame before too, what a recording context recorded is kept for the next.
    /// A subtree that changes from frame to frame (an animation inside) is not copied
    /// out of each frame's list for nothing. On the gallery's page every layer but those
    /// on the way to the few that animate is drawn from its recording. Only the highest
    /// layer that keeps a recording holds it: the layers below let theirs go.
    private func drawTreeKeepingItsRecording(in c: Context, dirty: Rect?) {
        let generation = contentGeneration
        if let kept = keptRecording {
            if kept.generation == generation, kept.dirty == dirty, kept.skipsBackground == skipsBackground,
                c.replay(kept.recording)
            {
                Layer.recordingsReplayed += 1
                return
            }
            // Let go once the subtree has changed: the recording holds the surfaces it
            // draws, and a store drawn again in this walk would be copied for it.
            if kept.generation != generation { keptRecording = nil }
        }
        let unchanged = generation == drawnGeneration
        drawnGeneration = generation
        let mark = unchanged ? c.beginKeeping() : nil
        drawTree(in: c, dirty: dirty)
        // A store drawn during the walk changes the generation: kept from the next frame.
        if let mark, generation == contentGeneration, let recording = c.endKeeping(mark) {
            keptRecording = KeptLayerRecording(
                generation: generation, dirty: dirty, skipsBackground: skipsBackground, recording: recording)
            // What the layers below kept is in this recording too: let it go, so that an
            // operation is kept once, not once for each layer above it (a tree as deep
            // as it has layers kept its operations that many times over).
            for s in children { s.forgetKeptRecordings() }
            mask?.forgetKeptRecordings()
        }
    }

    /// Lets go of the recordings kept in the subtree. A layer that keeps one ends the
    /// walk: the layers below it let theirs go when it took it, and a recording context
    /// that walked them since, drawing the layer anew, took the layer's recording again
    /// after them. (A recording that could not be taken, the list handed out meanwhile,
    /// leaves theirs kept too, until the layer's next.)
    private func forgetKeptRecordings() {
        if keptRecording != nil {
            keptRecording = nil
            return
        }
        for s in children { s.forgetKeptRecordings() }
        mask?.forgetKeptRecordings()
    }

    /// The bounds rounded by `cornerRadius` on the `maskedCorners`: what the background
    /// fills and `masksToBounds` clips to.
    public var roundedBoundsPath: Path {
        let b = shown.bounds
        let r = shown.cornerRadius
        let k = shown.maskedCorners
        if let kept = keptRoundedBounds, kept.bounds == b, kept.radius == r, kept.corners == k { return kept.path }
        let path = Layer.roundedPath(b, radius: r, corners: k, curve: shown.cornerCurve)
        keptRoundedBounds = (b, r, k, path)
        return path
    }

    /// A rectangle with the given corners rounded along `curve`, the radius clamped to
    /// half the shorter side; a continuous corner that does not fit is drawn circular.
    static func roundedPath(_ rect: Rect, radius: Double, corners: CornerMask, curve: CornerCurve = .circular) -> Path {
        let half = min(rect.width, rect.height) / 2
        let r = min(max(0, radius), half)
        guard r > 0, !corners.isEmpty else { return Path(rect: rect) }
        let continuous = curve == .continuous && r * ContinuousCorner.reach <= half
        if corners == .all && !continuous { return Path(roundedRect: rect, cornerRadius: r) }
        let x0 = rect.minX
        let x1 = rect.maxX
        let y0 = rect.minY
        let y1 = rect.maxY
        // Clockwise from the top-left: each corner's point, the direction the path arrives
        // in, and the direction it leaves in.
        let order: [(CornerMask, Point, Point, Point)] = [
            (.layerMaxXMinYCorner, Point(x: x1, y: y0), Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (.layerMaxXMaxYCorner, Point(x: x1, y: y1), Point(x: 0, y: 1), Point(x: -1, y: 0)),
            (.layerMinXMaxYCorner, Point(x: x0, y: y1), Point(x: -1, y: 0), Point(x: 0, y: -1)),
            (.layerMinXMinYCorner, Point(x: x0, y: y0), Point(x: 0, y: -1), Point(x: 1, y: 0))
        ]
        func at(_ k: Point, _ u: Point, _ v: Point, _ ab: (Double, Double)) -> Point {
            Point(x: k.x - ab.0 * r * u.x + ab.1 * r * v.x, y: k.y - ab.0 * r * u.y + ab.1 * r * v.y)
        }
        let reach = continuous ? ContinuousCorner.reach : 1
        var p = Path()
        p.move(to: Point(x: x0 + (corners.contains(.layerMinXMinYCorner) ? reach * r : 0), y: y0))
        for (corner, k, u, v) in order {
            guard corners.contains(corner) else {
                p.addLine(to: k)
                continue
            }
            p.addLine(to: at(k, u, v, (reach, 0)))
            if continuous {
                for s in ContinuousCorner.segments {
                    if let c1 = s.c1, let c2 = s.c2 {
                        p.addCurve(to: at(k, u, v, s.end), control1: at(k, u, v, c1), control2: at(k, u, v, c2))
                    } else {
                        p.addLine(to: at(k, u, v, s.end))
                    }
                }
            } else {
                let c = 1 - 0.5522847498
                p.addCurve(to: at(k, u, v, (0, 1)), control1: at(k, u, v, (c, 0)), control2: at(k, u, v, (0, c)))
            }
        }
        p.closeSubpath()
        return p
    }

    /// Whether the layer draws a shadow: some opacity, a visible colour, not clipped away.
    var castsShadow: Bool { shown.shadowOpacity > 0 && !shown.masksToBounds && !shown.shadowColor.isClear }

    /// Whether the shadow is cast by the composite (no `shadowPath`): a change anywhere in
    /// the subtree changes the shadow too.
    package var castsGroupShadow: Bool { castsShadow && shown.shadowPath == nil }

    /// How far outside what it covers the layer may draw (its shadow), in points.
    package var visualOutset: Double {
        guard castsShadow else { return 0 }
        let s = shown.shadowOffset
        return 3 * shown.shadowRadius + max(abs(s.width), abs(s.height)) + 2
    }

    /// What the layer and its visible subtree can draw on, in its own coordinates: its
    /// bounds, its sublayers' extents (cut to the bounds when it masks to them), contents
    /// that spill out of the bounds and its shadow path, all grown by its shadow.
    package var drawingExtent: Rect {
        if let cached = extentCache { return cached }
        let r = computeDrawingExtent()
        extentCache = r
        return r
    }

    /// Forgets the cached extent of this layer and its ancestors: something that changes
    /// it is about to change, or has changed.
    func forgetExtent() {
        var l: Layer? = self
        while let x = l, x.extentCache != nil {
            x.extentCache = nil
            l = x.superlayer
        }
    }

    private func computeDrawingExtent() -> Rect {
        var r = shown.bounds
        if !shown.masksToBounds {
            for s in children where !s.shown.isHidden {
                r = r.union(s.shownToSuperlayer.apply(to: s.drawingExtent))
            }
            if let image = contents, store == nil { r = r.union(contentsPlacement(of: image.surface)) }
            let own = ownContentExtent
            if !own.isNull { r = r.union(own) }
        }
        if castsShadow, let path = shown.shadowPath { r = r.union(path.boundingBox) }
        let o = visualOutset
        return r.insetBy(dx: -o, dy: -o)
    }

    /// Damages `rect` (this layer's coordinates) at the root, grown on the way up by the
    /// shadow of every ancestor whose shadow the layer's content casts. A mask's damage
    /// is its owner's.
    package func invalidate(_ rect: Rect) {
        var r = rect
        var l = self
        while true {
            // What the layer draws may have changed: the shadow it casts too.
            l.contentGeneration &+= 1
            if let parent = l.superlayer {
                r = l.shownToSuperlayer.apply(to: r)
                if parent.castsGroupShadow {
                    let o = parent.visualOutset
                    r = r.insetBy(dx: -o, dy: -o)
                }
                l = parent
            } else if let owner = l.maskOwner {
                owner.maskGeneration &+= 1
                return owner.setNeedsComposite()
            } else {
                break
            }
        }
        l.damageHandler?(r)
    }

    /// Damages everything the layer and its subtree can draw on.
    package func setNeedsComposite() {
        forgetExtent()
        invalidate(drawingExtent)
    }

    /// Draws the layer in its own coordinates: Core Animation's order of shadow,
    /// background, contents, sublayers, border. An opacity below 1, a shadow without a
    /// shadow path, or a mask composite the whole layer first, once. The caller saves
    /// the graphics state before and restores it after: this changes it.
    func drawTree(in c: Context, dirty: Rect?) {
        hasBeenDrawn = true
        let mask = self.mask
        let shadowed = castsShadow
        let groupShadow = shadowed && shown.shadowPath == nil
        let grouped = shown.opacity < 1 || groupShadow || mask != nil
        let extent = grouped || dirty != nil ? drawingExtent : .null
        if let mask { applyMask(mask, in: c, over: extent) }
        if grouped {
            c.alpha = shown.opacity
            if groupShadow {
                c.setLayerShadow(
                    color: shown.shadowColor, opacity: shown.shadowOpacity, offset: shown.shadowOffset,
                    radius: shown.shadowRadius)
            }
            // The shadow is kept while the subtree and the part drawn stay the same.
            c.beginTransparencyLayer(
                in: extent, unclipped: true,
                content: LayerContent(generation: contentGeneration, part: dirty),
                shadowCache: groupShadow ? shadowCache : nil)
        }
        if shadowed, let path = shown.shadowPath {
            c.drawShadow(
                of: path, color: shown.shadowColor, opacity: shown.shadowOpacity, offset: shown.shadowOffset,
                radius: shown.shadowRadius, cache: shadowCache)
        }
        if let background = shown.backgroundColor, !background.isClear, !skipsBackground {
            c.setFillColor(background)
            c.fill(roundedBoundsPath)
        }
        // The border is neither clipped with the contents and sublayers nor stroked in
        // the state they leave: the state is saved for it. Without a border nothing
        // follows in this state, which the caller restores.
        let border = shown.borderWidth > 0 && !shown.borderColor.isClear
        if border { c.saveGState() }
        if shown.masksToBounds { c.clip(to: roundedBoundsPath, keeping: &keptClip) }
        drawContents(in: c)
        drawOwnContent(in: c)
        if let clip = sublayerClip { c.clip(to: clip) }
        var local = dirty
        // A group shadow is cast by the whole subtree: what lies within the shadow's reach
        // of the damage must be drawn for the shadow to be whole there.
        if groupShadow, let d = local {
            let o = visualOutset
            local = d.insetBy(dx: -o, dy: -o)
        }
        for s in orderedSublayers { s.composite(in: c, dirty: local) }
        if border {
            c.restoreGState()  // the state the layer began in
            drawBorder(in: c)
        }
        if grouped { c.endTransparencyLayer() }
    }

    /// Strokes the border, of a width above 0 in a colour not clear.
    private func drawBorder(in c: Context) {
        let b = shown.bounds
        let w = min(shown.borderWidth, b.width / 2, b.height / 2)
        let inner = b.insetBy(dx: w / 2, dy: w / 2)
        guard !inner.isNull else { return }
        c.setStrokeColor(shown.borderColor)
        c.lineWidth = w
        c.stroke(borderPath(bounds: b, width: w, inner: inner))
    }

    /// The line the border is stroked along, `inner` inside the bounds by half its width:
    /// made again only when what it is made of changes.
    private func borderPath(bounds b: Rect, width w: Double, inner: Rect) -> Path {
        let radius = shown.cornerRadius
        let corners = shown.maskedCorners
        if let kept = keptBorder, kept.bounds == b, kept.width == w, kept.radius == radius, kept.corners == corners {
            return kept.path
        }
        let r = max(0, min(radius, b.width / 2, b.height / 2) - w / 2)
        let path = Layer.roundedPath(inner, radius: r, corners: corners, curve: shown.cornerCurve)
        keptBorder = (b, w, radius, corners, path)
        return path
    }

    /// Where an image of the contents goes: by gravity, at its size over
    /// `contentsScale` times the part `contentsRect` shows.
    func contentsPlacement(of image: Surface) -> Rect {
        let k = shown.contentsScale
        let cr = shown.contentsRect
        let size = Size(width: Double(image.width) / k * cr.width, height: Double(image.height) / k * cr.height)
        return shown.contentsGravity.rect(for: size, in: shown.bounds)
    }

    /// Draws the backing store, or else the contents image.
    private func drawContents(in c: Context) {
        displayIfNeeded()
        guard store != nil || contents != nil else { return }
        // In a geometry that is y up, the contents are drawn mirrored back about the
        // bounds, at the mirror image of where they go, so that they stand upright there.
        let b = shown.bounds
        let flipped = contentsAreFlipped()
        if flipped {
            c.saveGState()
            c.concatenate(AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: b.minY + b.maxY))
        }
        defer { if flipped { c.restoreGState() } }
        func placed(_ r: Rect) -> Rect {
            flipped ? Rect(x: r.minX, y: b.minY + b.maxY - r.maxY, width: r.width, height: r.height) : r
        }
        if let store {
            if storeSize == b.size {
                // Drawn for these bounds: pixel for pixel from the bounds' origin, only
                // where drawing reached.
                let k = store.scale
                let content = storeContent
                guard !content.isEmpty else { return }
                let whole = content.width == store.width && content.height == store.height
                if !whole {
                    c.saveGState()
                    c.clip(
                        to: Rect(
                            x: b.minX + Double(content.x0) / k, y: b.minY + Double(content.y0) / k,
                            width: Double(content.width) / k, height: Double(content.height) / k))
                }
                c.draw(
                    store,
                    in: Rect(x: b.minX, y: b.minY, width: Double(store.width) / k, height: Double(store.height) / k))
                if !whole { c.restoreGState() }
            } else {
                let k = store.scale
                let size = Size(width: Double(store.width) / k, height: Double(store.height) / k)
                c.draw(store, in: placed(shown.contentsGravity.rect(for: size, in: b)))
            }
            return
        }
        guard let image = contents?.surface else { return }
        let target = placed(contentsPlacement(of: image))
        let cr = shown.contentsRect
        guard target.width > 0, target.height > 0, cr.width > 0, cr.height > 0 else { return }
        if cr == Rect(x: 0, y: 0, width: 1, height: 1) {
            let cc = shown.contentsCenter
            if cc != Rect(x: 0, y: 0, width: 1, height: 1) {
                return drawNineParts(image, center: cc, in: target, context: c)
            }
            return c.draw(image, in: target)
        }
        // The whole image placed so that its contentsRect part covers the target.
        let w = target.width / cr.width
        let h = target.height / cr.height
        c.saveGState()
        c.clip(to: target)
        c.draw(image, in: Rect(x: target.minX - cr.minX * w, y: target.minY - cr.minY * h, width: w, height: h))
        c.restoreGState()
    }

    /// Draws `image` over `target` in nine parts around `center` (unit coordinates): the
    /// corners at their size in points, the edges stretched along their length, the
    /// middle both ways; corners larger than the target shrink in proportion.
    private func drawNineParts(_ image: Surface, center cc: Rect, in target: Rect, context c: Context) {
        let k = shown.contentsScale
        let cx0 = min(max(cc.minX, 0), 1)
        let cx1 = min(max(cc.maxX, cx0), 1)
        let cy0 = min(max(cc.minY, 0), 1)
        let cy1 = min(max(cc.maxY, cy0), 1)
        // Source splits in whole pixels, and the fixed sizes in points.
        let sx = [0, cx0, cx1, 1].map { ($0 * Double(image.width)).rounded() }
        let sy = [0, cy0, cy1, 1].map { ($0 * Double(image.height)).rounded() }
        func splits(_ s: [Double], _ start: Double, _ length: Double) -> [Double] {
            var before = s[1] / k
            var after = (s[3] - s[2]) / k
            if before + after > length, before + after > 0 {
                let shrink = length / (before + after)
                before *= shrink
                after *= shrink
            }
            return [start, start + before, start + length - after, start + length]
        }
        let dx = splits(sx, target.minX, target.width)
        let dy = splits(sy, target.minY, target.height)
        // Each part on its own, so that its stretched pixels are not mixed with the next
        // part's at its edges; cut once for the image and centre.
        let pieces: [Surface?]
        if let kept = keptNineParts, kept.image === image, kept.center == cc {
            pieces = kept.parts
        } else {
            var cut: [Surface?] = []
            for row in 0..<3 {
                for column in 0..<3 {
                    let x0 = Int(sx[column])
                    let y0 = Int(sy[row])
                    let w = Int(sx[column + 1]) - x0
                    let h = Int(sy[row + 1]) - y0
                    guard w > 0, h > 0, let piece = try? Surface(width: w, height: h, scale: image.scale) else {
                        cut.append(nil)
                        continue
                    }
                    for y in 0..<h { for x in 0..<w { piece[x, y] = image[x0 + x, y0 + y] } }
                    cut.append(piece)
                }
            }
            keptNineParts = NineParts(image: image, center: cc, parts: cut)
            pieces = cut
        }
        for row in 0..<3 {
            for column in 0..<3 {
                let part = Rect(
                    x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                guard part.width > 0, part.height > 0, let piece = pieces[row * 3 + column] else { continue }
                c.draw(piece, in: part)
            }
        }
    }

    /// Clips to the alpha of a mask layer rendered over the visible part of `extent`, on
    /// the device's own pixel grid, so that a mask rendered for part of a frame has the
    /// same pixels as one rendered for all of it; the rendering is kept for the next
    /// frames while the mask does not change. Where the mask cannot be rendered the clip
    /// becomes empty, so that the layer draws nothing rather than unmasked, and the
    /// context's failure records why.
    private func applyMask(_ mask: Layer, in c: Context, over extent: Rect) {
        let toDevice = c.transform
        let visible = extent.intersection(c.clipBoundingBox)
        guard !visible.isNull, visible.width > 0, visible.height > 0, let toUser = toDevice.inverted() else {
            return c.clip(to: Rect.zero)
        }
        let d = toDevice.apply(to: visible)
        let x0 = d.minX.rounded(.down)
        let y0 = d.minY.rounded(.down)
        let x1 = d.maxX.rounded(.up)
        let y1 = d.maxY.rounded(.up)
        // Laid out first: a layout that changes the mask counts as a change.
        mask.layoutIfNeeded()
        let scale = c.surface.scale
        if var kept = maskRendering, kept.surface.scale == scale,
            kept.serves(generation: maskGeneration, toDevice: toDevice, x0: x0, y0: y0, x1: x1, y1: y1)
        {
            // Used a second time: its alpha is read once for all the frames that follow
            // (without the memory for it, read each time as before).
            if kept.alpha == nil, abs(kept.x0) < 1e9, abs(kept.y0) < 1e9 {
                kept.alpha = try? KeptAlphaMask(surface: kept.surface, originX: Int(kept.x0), originY: Int(kept.y0))
                maskRendering = kept
            }
            let area = Rect(
                x: kept.x0, y: kept.y0, width: Double(kept.surface.width), height: Double(kept.surface.height))
            return c.clip(to: toUser.apply(to: area), mask: kept.surface, kept: kept.alpha)
        }
        maskRendering = nil
        let surface: Surface
        do {
            surface = try Surface(width: max(1, Int(x1 - x0)), height: max(1, Int(y1 - y0)), scale: scale)
        } catch {
            c.clip(to: Rect.zero)
            c.noteFailure(error)
            return
        }
        let generation = maskGeneration
        let mc = c.sibling(drawingInto: surface)
        // From this layer's coordinates to the scratch surface's pixels, through the device.
        let wanted = toDevice.concatenating(AffineTransform(translationX: -x0, y: -y0))
        mc.concatenate(wanted.concatenating(AffineTransform(scaleX: 1 / scale, y: 1 / scale)))
        mask.composite(in: mc, dirty: nil)
        mc.flush()
        if let f = mc.failure {
            c.noteFailure(f)
        } else if generation == maskGeneration {
            // Kept unless rendering it changed it (a store drawn for the first time).
            maskRendering = MaskRendering(
                generation: generation, toDevice: toDevice, x0: x0, y0: y0,
                x1: x0 + Double(surface.width), y1: y0 + Double(surface.height),
                surface: surface)
        }
        c.clip(
            to: toUser.apply(to: Rect(x: x0, y: y0, width: Double(surface.width), height: Double(surface.height))),
            mask: surface)
    }

    /// Passes the stores' failures of the subtree to the context, once.
    package func reportFailure(to c: Context) {
        guard Layer.unreportedFailures > 0 else { return }
        if let f = failure {
            c.noteFailure(f)
            failure = nil
        }
        for s in children { s.reportFailure(to: c) }
    }
}

extension Layer {
    /// The extents, in this layer's coordinates, of the visible layers of the subtree that
    /// must be redrawn whole when any part of them is: a backdrop blur reads what lies
    /// around the part. Only such layers are visited, not the whole tree.
    package func wholeRedrawRects() -> [Rect] {
        Layer.wholeRedrawLayers.removeAll { $0.layer == nil }
        var out: [Rect] = []
        for box in Layer.wholeRedrawLayers {
            guard let l = box.layer, l.redrawsAsAWhole else { continue }
            // Visible, and in this tree: every layer up to this one shown.
            var t = ProjectiveTransform.identity
            var x: Layer? = l
            var inTree = false
            while let y = x {
                if y.shown.isHidden { break }
                if y === self {
                    inTree = true
                    break
                }
                t = t.concatenating(y.shownToSuperlayer)
                x = y.superlayer
            }
            if inTree { out.append(t.apply(to: l.drawingExtent)) }
        }
        return out
    }
}

/// A weak reference to a layer, for the list of layers drawn whole.
@MainActor
final class WeakLayer {
    weak var layer: Layer?
    init(_ layer: Layer) { self.layer = layer }
}
