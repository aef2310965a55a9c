extension Path {
    /// The rectangle this path is, when it is exactly one axis-aligned rectangle (a move,
    /// three or four lines, and an optional close), else nil. Lets fills skip scan
    /// conversion.
    var rectangle: Rect? {
        let n = elements.count
        guard n >= 4, n <= 6, case .move(let p0) = elements[0], case .line(let p1) = elements[1],
            case .line(let p2) = elements[2], case .line(let p3) = elements[3]
        else { return nil }
        if n >= 5 {
            switch elements[4] {
            case .line(let back) where back == p0: if n == 6, elements[5] != .closeSubpath { return nil }
            case .closeSubpath where n == 5: break
            default: return nil
            }
        }
        let horizontalFirst = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let verticalFirst = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard horizontalFirst || verticalFirst else { return nil }
        return Rect(x: p0.x, y: p0.y, width: p2.x - p0.x, height: p2.y - p0.y).standardized
    }
}
