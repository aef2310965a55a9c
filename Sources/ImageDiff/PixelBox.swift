import Raster

/// A rectangle of whole pixels inside a picture: an ignored region made safe once, where
/// it is made, so that the compare loop trusts it.
struct PixelBox: Equatable {
    /// The first column and row inside, and the first outside.
    let x0: Int, y0: Int, x1: Int, y1: Int

    /// The pixels a rectangle touches, clamped to a picture of `width` x `height`; nil when
    /// it touches none or a coordinate is NaN. Infinite and huge values clamp to the edges.
    init?(covering r: Rect, width: Int, height: Int) {
        guard !r.x.isNaN, !r.y.isNaN, !r.width.isNaN, !r.height.isNaN else { return nil }
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        // minX and maxX of a rectangle with an infinite side are NaN; take them by hand.
        let ax = r.x
        let bx = r.x + r.width
        let ay = r.y
        let by = r.y + r.height
        guard !bx.isNaN, !by.isNaN else { return nil }
        x0 = clamp(min(ax, bx).rounded(.down), width)
        x1 = clamp(max(ax, bx).rounded(.up), width)
        y0 = clamp(min(ay, by).rounded(.down), height)
        y1 = clamp(max(ay, by).rounded(.up), height)
        guard x0 < x1, y0 < y1 else { return nil }
    }

    /// Whether the pixel (x, y) is inside.
    @inline(__always) func contains(_ x: Int, _ y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }

    /// How many pixels the boxes cover together, each counted once.
    static func union(_ boxes: [PixelBox]) -> Int {
        guard !boxes.isEmpty else { return 0 }
        // Few boxes: count row by row over the rows any box touches.
        var total = 0
        let rows = Set(boxes.flatMap { [$0.y0, $0.y1] }).sorted()
        for (top, bottom) in zip(rows, rows.dropFirst()) {
            let spans = boxes.filter { $0.y0 <= top && $0.y1 >= bottom }.map { ($0.x0, $0.x1) }.sorted { $0.0 < $1.0 }
            var covered = 0
            var end = Int.min
            for (a, b) in spans {
                if a >= end {
                    covered += b - a
                    end = b
                } else if b > end {
                    covered += b - end
                    end = b
                }
            }
            total += covered * (bottom - top)
        }
        return total
    }
}
