import Raster

extension Layer {
    /// The layer's own rectangle (`bounds`): its size, and the origin its sublayers and
    /// drawing are placed from.
    public var bounds: Rect {
        get { model.bounds }
        set {
            let r = newValue.sanitized
            let resized = r.size != model.bounds.size
            set(\.bounds, r)
            if resized {
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
                setNeedsLayout()
            }
        }
    }

    /// Where the anchor point lies in the superlayer's coordinates (`position`).
    public var position: Point {
        get { model.position }
        set { if newValue.isFinite { set(\.position, newValue) } }
    }

    /// The point of the bounds, in unit coordinates, that sits at `position` and that the
    /// transform turns about (`anchorPoint`); default (0.5, 0.5), the centre.
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { if newValue.isFinite { set(\.anchorPoint, newValue) } }
    }

    /// The transform applied about the anchor point (`transform`), in space: with
    /// perspective (`m34`) the layer is drawn as Core Animation flattens it, its subtree
    /// drawn flat and then mapped through the projection. Non-finite transforms are
    /// ignored.
    public var transform: Transform3D {
        get { model.transform }
        set { if newValue.isFinite { set(\.transform, newValue) } }
    }

    /// The transform applied to the sublayers about the anchor point
    /// (`sublayerTransform`): a perspective here (`m34`) gives them a common vanishing
    /// point. Non-finite transforms are ignored.
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set {
            guard newValue.isFinite else { return }
            if !newValue.isIdentity { Layer.someSublayerTransform = true }
            set(\.sublayerTransform, newValue)
        }
    }

    /// The anchor point's depth (`anchorPointZ`): what a rotation about x or y turns
    /// about, in points; default 0.
    public var anchorPointZ: Double {
        get { model.anchorPointZ }
        set { if newValue.isFinite { set(\.anchorPointZ, newValue) } }
    }

    /// Whether the layer is drawn when it faces away from its superlayer's viewer
    /// (`isDoubleSided`); default true. A single-sided layer turned past 90 degrees, or
    /// mirrored, draws nothing and takes no hits.
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { set(\.isDoubleSided, newValue) }
    }

    /// Whether the geometry of the layer and its sublayers is y up (`isGeometryFlipped`):
    /// the bounds are mirrored top to bottom, so that a sublayer at y = 0 sits at the
    /// bottom, and the vertical `contentsGravity` names point where they say. What the
    /// layer and its sublayers draw stays upright, as in Core Animation: the contents and
    /// the backing store are drawn mirrored back (see `contentsAreFlipped()`); the
    /// background, border and a shape layer's path are geometry, and follow it.
    public var isGeometryFlipped: Bool {
        get { model.isGeometryFlipped }
        set {
            guard newValue != model.isGeometryFlipped else { return }
            if newValue { Layer.someGeometryFlipped = true }
            set(\.isGeometryFlipped, newValue)
        }
    }

    /// Whether the layer's contents are mirrored back when drawn
    /// (`contentsAreFlipped()`): its geometry is y up, because it or an odd number of
    /// its ancestors has `isGeometryFlipped`.
    public func contentsAreFlipped() -> Bool {
        guard Layer.someGeometryFlipped else { return false }
        var flipped = false
        var l: Layer? = self
        while let x = l {
            if x.model.isGeometryFlipped { flipped.toggle() }
            l = x.superlayer
        }
        return flipped
    }

    /// The transform's part in the plane (`affineTransform()`): all of it when the
    /// transform has no depth or perspective.
    public func affineTransform() -> AffineTransform { model.transform.affineTransform }

    /// Sets the transform to a transform of the plane (`setAffineTransform(_:)`).
    public func setAffineTransform(_ transform: AffineTransform) { self.transform = Transform3D(transform) }

    /// The order among siblings: higher draws in front (`zPosition`); ties keep the
    /// array's order.
    public var zPosition: Double {
        get { model.zPosition }
        set { if newValue.isFinite { set(\.zPosition, newValue) } }
    }

    /// The bounding box of the transformed bounds in the superlayer's coordinates
    /// (`frame`). Setting it sets `position` and the bounds' size as if the transform were
    /// the identity, as Core Animation does.
    public var frame: Rect {
        get { transformToSuperlayer.apply(to: model.bounds) }
        set {
            let r = newValue.sanitized
            let a = model.anchorPoint
            position = Point(x: r.x + a.x * r.width, y: r.y + a.y * r.height)
            bounds = Rect(origin: model.bounds.origin, size: r.size)
        }
    }

    /// The map from this layer's coordinates to its superlayer's:
    /// `p -> position + T(p - anchor)`, then the superlayer's `sublayerTransform`, the
    /// depth dropped. Affine unless a transform on the way has perspective.
    public var transformToSuperlayer: ProjectiveTransform {
        LayerState.toSuperlayer(
            bounds: model.bounds, anchorPoint: model.anchorPoint, position: model.position,
            transform: model.transform, anchorPointZ: model.anchorPointZ, zPosition: model.zPosition,
            flipped: model.isGeometryFlipped,
            through: Layer.someSublayerTransform ? superlayer?.model.sublayerMap : nil)
    }

    /// The map from this layer's coordinates to its superlayer's as drawn now, with the
    /// running animations. Kept from one call to the next until the shown values change
    /// (`keptToSuperlayer`), unless some layer has a sublayer transform: then the map
    /// depends on the superlayer's values too, and is worked out each time.
    var shownToSuperlayer: ProjectiveTransform {
        if !Layer.someSublayerTransform, let kept = keptToSuperlayer { return kept }
        let t = LayerState.toSuperlayer(
            bounds: shown.bounds, anchorPoint: shown.anchorPoint, position: shown.position,
            transform: shown.transform, anchorPointZ: shown.anchorPointZ, zPosition: shown.zPosition,
            flipped: shown.isGeometryFlipped,
            through: Layer.someSublayerTransform ? superlayer?.shown.sublayerMap : nil)
        if !Layer.someSublayerTransform { keptToSuperlayer = t }
        return t
    }

    /// Whether the layer is single-sided and faces away from its superlayer's viewer.
    func facesAway(_ t: ProjectiveTransform, single: Bool) -> Bool { single && t.determinant < 0 }

    /// The map from this layer's coordinates to its topmost ancestor's.
    var transformToRoot: ProjectiveTransform {
        var t = ProjectiveTransform.identity
        var l: Layer? = self
        while let x = l, x.superlayer != nil {
            t = t.concatenating(x.transformToSuperlayer)
            l = x.superlayer
        }
        return t
    }

    /// A point of `layer`'s coordinates in this layer's (`convert(_:from:)`); nil means
    /// the topmost ancestor's. A singular transform on the way, or a perspective that
    /// puts the point behind the eye, leaves the point unchanged at that step.
    public func convert(_ point: Point, from layer: Layer?) -> Point {
        let up = layer.map { $0.transformToRoot.apply(to: point) ?? point } ?? point
        return transformToRoot.inverted()?.apply(to: up) ?? up
    }

    /// A point of this layer's coordinates in `layer`'s (`convert(_:to:)`).
    public func convert(_ point: Point, to layer: Layer?) -> Point {
        let up = transformToRoot.apply(to: point) ?? point
        guard let layer else { return up }
        return layer.transformToRoot.inverted()?.apply(to: up) ?? up
    }

    /// A rectangle of `layer`'s coordinates in this layer's: the bounding box of its image
    /// (`convert(_:from:)`).
    public func convert(_ rect: Rect, from layer: Layer?) -> Rect {
        let up = layer?.transformToRoot.apply(to: rect) ?? rect
        return transformToRoot.inverted()?.apply(to: up) ?? up
    }

    /// A rectangle of this layer's coordinates in `layer`'s (`convert(_:to:)`).
    public func convert(_ rect: Rect, to layer: Layer?) -> Rect {
        let up = transformToRoot.apply(to: rect)
        guard let layer else { return up }
        return layer.transformToRoot.inverted()?.apply(to: up) ?? up
    }

    // MARK: Hit testing

    /// The front-most layer of this subtree that contains a point of the superlayer's
    /// coordinates (`hitTest(_:)`): hidden layers are skipped with their sublayers, and a
    /// layer that masks to its bounds takes no point outside its rounded bounds.
    public func hitTest(_ point: Point) -> Layer? {
        let t = transformToSuperlayer
        guard !model.isHidden, point.isFinite, !facesAway(t, single: !model.isDoubleSided),
            let inverse = t.inverted(), let p = inverse.apply(to: point)
        else { return nil }
        if model.masksToBounds && !roundedBoundsPath.contains(p) { return nil }
        for s in orderedSublayers.reversed() {
            if let hit = s.hitTest(p) { return hit }
        }
        return contains(p) ? self : nil
    }

    // MARK: Layout

    /// Marks the layer for `layoutSublayers` before it is next drawn (`setNeedsLayout`).
    public func setNeedsLayout() {
        layoutPending = true
        var l = self
        l.subtreeLayoutPending = true
        while let p = l.superlayer {
            p.subtreeLayoutPending = true
            l = p
        }
        l.layoutHandler?()
    }

    /// Whether `layoutSublayers` is due (`needsLayout()`).
    public func needsLayout() -> Bool { layoutPending }

    /// Lays out the subtree now where it was marked (`layoutIfNeeded`).
    public func layoutIfNeeded() {
        guard layoutPending || subtreeLayoutPending else { return }
        subtreeLayoutPending = false
        if layoutPending {
            layoutPending = false
            layoutSublayers()
        }
        for s in children { s.layoutIfNeeded() }
    }
}
