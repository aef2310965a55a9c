import Raster

/// Where a layer's contents go in its bounds (`CALayerContentsGravity`).
///
/// The vertical names are Core Animation's, for a geometry that is y up: `.top` is the
/// edge of the greater y. In a layer whose geometry is y down, the default as on iOS,
/// `.top` therefore shows the contents at the bottom of the screen and `.bottom` at the
/// top, as Core Animation does on iOS; in a layer whose geometry is flipped
/// (`Layer.isGeometryFlipped`, `Layer.contentsAreFlipped()`), they show where they say.
/// `View.contentMode` names the screen's edges and maps them.
public enum ContentsGravity: Hashable, Sendable {
    /// Stretched to the bounds (the default).
    case resize
    /// As large as fits whole, centred, aspect kept.
    case resizeAspect
    /// As small as covers the bounds, centred, aspect kept.
    case resizeAspectFill
    /// At its size, centred.
    case center
    /// At its size, centred along the edge of the greater y (on screen, the bottom of a
    /// layer that is not flipped).
    case top
    /// At its size, centred along the edge of the smaller y (on screen, the top of a
    /// layer that is not flipped).
    case bottom
    /// At its size, centred along the left edge.
    case left
    /// At its size, centred along the right edge.
    case right
    /// At its size, in the left corner of the greater y.
    case topLeft
    /// At its size, in the right corner of the greater y.
    case topRight
    /// At its size, in the left corner of the smaller y.
    case bottomLeft
    /// At its size, in the right corner of the smaller y.
    case bottomRight

    /// The rectangle contents of `size` points take in `bounds`, y as the bounds have it:
    /// `.top` at `bounds.maxY`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        let b = bounds
        let w = size.width
        let h = size.height
        switch self {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w
            let sy = b.height / h
            let k = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(x: b.midX - w * k / 2, y: b.midY - h * k / 2, width: w * k, height: h * k)
        case .center: return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .top: return Rect(x: b.midX - w / 2, y: b.maxY - h, width: w, height: h)
        case .bottom: return Rect(x: b.midX - w / 2, y: b.minY, width: w, height: h)
        case .left: return Rect(x: b.minX, y: b.midY - h / 2, width: w, height: h)
        case .right: return Rect(x: b.maxX - w, y: b.midY - h / 2, width: w, height: h)
        case .topLeft: return Rect(x: b.minX, y: b.maxY - h, width: w, height: h)
        case .topRight: return Rect(x: b.maxX - w, y: b.maxY - h, width: w, height: h)
        case .bottomLeft: return Rect(x: b.minX, y: b.minY, width: w, height: h)
        case .bottomRight: return Rect(x: b.maxX - w, y: b.minY, width: w, height: h)
        }
    }
}
