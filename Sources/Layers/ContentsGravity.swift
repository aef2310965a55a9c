import Raster

/// Where a layer's contents go in its bounds (`CALayerContentsGravity`).
///
/// The edge names are as seen on screen: `.top` puts the contents at the top. Core
/// Animation on iOS names them for y up, so that its `.top` shows at the bottom of an
/// unflipped layer; Vitrine's layers are y down throughout, and the names say what they do.
public enum ContentsGravity: Hashable, Sendable {
    /// Stretched to the bounds (the default).
    case resize
    /// As large as fits whole, centred, aspect kept.
    case resizeAspect
    /// As small as covers the bounds, centred, aspect kept.
    case resizeAspectFill
    /// At its size, centred.
    case center
    /// At its size, centred along the top edge.
    case top
    /// At its size, centred along the bottom edge.
    case bottom
    /// At its size, centred along the left edge.
    case left
    /// At its size, centred along the right edge.
    case right
    /// At its size, in the top-left corner.
    case topLeft
    /// At its size, in the top-right corner.
    case topRight
    /// At its size, in the bottom-left corner.
    case bottomLeft
    /// At its size, in the bottom-right corner.
    case bottomRight

    /// The rectangle contents of `size` points take in `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        let b = bounds, w = size.width, h = size.height
        switch self {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let k = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(x: b.midX - w * k / 2, y: b.midY - h * k / 2, width: w * k, height: h * k)
        case .center: return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .top: return Rect(x: b.midX - w / 2, y: b.minY, width: w, height: h)
        case .bottom: return Rect(x: b.midX - w / 2, y: b.maxY - h, width: w, height: h)
        case .left: return Rect(x: b.minX, y: b.midY - h / 2, width: w, height: h)
        case .right: return Rect(x: b.maxX - w, y: b.midY - h / 2, width: w, height: h)
        case .topLeft: return Rect(x: b.minX, y: b.minY, width: w, height: h)
        case .topRight: return Rect(x: b.maxX - w, y: b.minY, width: w, height: h)
        case .bottomLeft: return Rect(x: b.minX, y: b.maxY - h, width: w, height: h)
        case .bottomRight: return Rect(x: b.maxX - w, y: b.maxY - h, width: w, height: h)
        }
    }
}
