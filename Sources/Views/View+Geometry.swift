import Raster

extension View {
    /// The offset from this view's coordinates to its superview's.
    var toSuperview: Point { Point(x: frame.x - bounds.x, y: frame.y - bounds.y) }

    /// The offset from this view's coordinates to its root's (or topmost ancestor's).
    var toRootOffset: Point {
        var p = Point.zero
        var v: View? = self
        while let x = v, x.superview != nil {
            p = p + x.toSuperview
            v = x.superview
        }
        return p
    }

    /// A point of this view in `view`'s coordinates, or in the topmost ancestor's when
    /// nil (`convert(_:to:)`). Views of different trees share no coordinates; the point is
    /// then returned through each one's own topmost ancestor.
    public func convert(_ point: Point, to view: View?) -> Point {
        let mine = point + toRootOffset
        guard let view else { return mine }
        return mine - view.toRootOffset
    }

    /// A point of `view` in this view's coordinates (`convert(_:from:)`).
    public func convert(_ point: Point, from view: View?) -> Point {
        let theirs = point + (view?.toRootOffset ?? .zero)
        return theirs - toRootOffset
    }

    /// A rectangle of this view in `view`'s coordinates (`convert(_:to:)`).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// A rectangle of `view` in this view's coordinates (`convert(_:from:)`).
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}
