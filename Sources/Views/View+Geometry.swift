import Layers
import Raster

extension View {
    /// A point of this view in `view`'s coordinates, or in the topmost ancestor's when
    /// nil (`convert(_:to:)`), through every transform on the way.
    public func convert(_ point: Point, to view: View?) -> Point {
        layer.convert(point, to: view?.layer)
    }

    /// A point of `view` in this view's coordinates (`convert(_:from:)`).
    public func convert(_ point: Point, from view: View?) -> Point {
        layer.convert(point, from: view?.layer)
    }

    /// A rectangle of this view in `view`'s coordinates: the bounding box of its image
    /// (`convert(_:to:)`).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        layer.convert(rect, to: view?.layer)
    }

    /// A rectangle of `view` in this view's coordinates (`convert(_:from:)`).
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        layer.convert(rect, from: view?.layer)
    }
}
