extension Path {
    /// The rectangle this path is, when it is exactly one axis-aligned rectangle (a move,
    /// three or four lines, and an optional close), else nil. Lets fills skip scan
    /// conversion.
    var rectangle: Rect? {
        var pts: [Point] = []
        for (i, e) in elements.enumerated() {
            switch e {
            case .move(let p) where i == 0: pts.append(p)
            case .line(let p) where i > 0: pts.append(p)
            case .closeSubpath where i == elements.count - 1: break
            default: return nil
            }
        }
        if pts.count == 5 && pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        let horizontalFirst = pts[0].y == pts[1].y && pts[1].x == pts[2].x && pts[2].y == pts[3].y && pts[3].x == pts[0].x
        let verticalFirst = pts[0].x == pts[1].x && pts[1].y == pts[2].y && pts[2].x == pts[3].x && pts[3].y == pts[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        return Rect(x: pts[0].x, y: pts[0].y, width: pts[2].x - pts[0].x, height: pts[2].y - pts[0].y).standardized
    }
}
