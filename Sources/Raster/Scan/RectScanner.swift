/// Exact coverage of an axis-aligned device rectangle without scan conversion: a pixel's
/// coverage is the product of the rectangle's overlap with its column and with its row.
enum RectScanner {
    /// Sends the coverage of `r` (device pixels) within `clip` to `sink`, and returns the
    /// pixels it can have touched: the whole pixels under `r` within `clip`.
    @discardableResult
    static func scan<S: CoverageSink>(_ r: Rect, clip: IntRect, into sink: inout S) -> IntRect {
        let lim = 4e6
        let x0 = max(r.minX, -lim)
        let x1 = min(r.maxX, lim)
        let y0 = max(r.minY, -lim)
        let y1 = min(r.maxY, lim)
        // Also false for NaN: the rest sees finite edges within +-4e6.
        guard x0 < x1, y0 < y1 else { return .empty }
        let fx0 = x0.floorInt
        let fy0 = y0.floorInt
        let cx1 = x1.ceilInt
        let cy1 = y1.ceilInt
        let box = clip.intersection(IntRect(x0: fx0, y0: fy0, x1: cx1, y1: cy1))
        guard !box.isEmpty else { return .empty }
        if Double(fx0) == x0 && Double(fy0) == y0 && Double(cx1) == x1 && Double(cy1) == y1 {
            // On whole pixels: every pixel of the box is covered whole, one block.
            sink.block(rows: box.y0..<box.y1, x: box.x0, count: box.width, coverage: 255, edges: (0, 0))
            return box
        }
        // A row is at most three runs: a partly covered column on the left, the fully
        // covered columns, a partly covered column on the right (the two partial ones
        // are one column when the rectangle lies inside it).
        let left = box.x0
        let right = box.x1
        let fullStart = x0.ceilInt
        let fullEnd = x1.floorInt
        let leftEnd = min(right, fullStart)
        let middle = max(left, fullStart)..<max(max(left, fullStart), min(right, fullEnd))
        let rightStart = max(left, fullEnd, leftEnd)
        let hasLeft = left < leftEnd
        let hasRight = rightStart < right
        let leftCover = min(x1, Double(left + 1)) - max(x0, Double(left))
        let rightCover = min(x1, Double(rightStart + 1)) - max(x0, Double(rightStart))
        @inline(__always) func byte(_ v: Double) -> UInt8 { UInt8(min(1, v) * 255 + 0.5) }
        // The coverage of the three runs on a fully covered row, the same on every one.
        let fullLeft = hasLeft ? byte(leftCover * 1) : 0
        let fullRight = hasRight ? byte(rightCover * 1) : 0
        if !middle.isEmpty {
            // The partial columns are the ones just before and after the middle. Every
            // row but the first and the last is covered whole; those two may be covered
            // in part, each of their pixels by its column's share times the row's.
            func cover(_ row: Int) -> RowCoverage {
                let cy = min(y1, Double(row + 1)) - max(y0, Double(row))
                // A row whose middle rounds to 0 has edges of 0 too (each edge covers less).
                let c = cy > 0 ? byte(cy) : 0
                guard c != 0 else { return RowCoverage(run: 0, left: 0, right: 0) }
                return RowCoverage(
                    run: c, left: hasLeft ? byte(leftCover * cy) : 0,
                    right: hasRight ? byte(rightCover * cy) : 0)
            }
            sink.rectangle(
                rows: box.y0..<box.y1, x: middle.lowerBound, count: middle.count, first: cover(box.y0),
                inner: RowCoverage(run: 255, left: fullLeft, right: fullRight), last: cover(box.y1 - 1))
            return box
        }
        // A rectangle inside two columns: each partial column as a block one pixel wide
        // over the fully covered rows, then the partly covered rows pixel by pixel.
        let top = max(box.y0, y0.ceilInt)
        let wholeRows = top..<max(top, min(box.y1, y1.floorInt))
        if !wholeRows.isEmpty {
            if hasLeft && fullLeft != 0 { sink.block(rows: wholeRows, x: left, count: 1, coverage: fullLeft) }
            if hasRight && fullRight != 0 { sink.block(rows: wholeRows, x: rightStart, count: 1, coverage: fullRight) }
        }
        // The partly covered rows: at most one above the whole rows and one below them
        // (two in all when there are none).
        func partial(_ row: Int) {
            let cy = min(y1, Double(row + 1)) - max(y0, Double(row))
            if cy <= 0 { return }
            if hasLeft {
                let c = byte(leftCover * cy)
                if c != 0 { sink.span(y: row, x: left, count: 1, coverage: c) }
            }
            if hasRight {
                let c = byte(rightCover * cy)
                if c != 0 { sink.span(y: row, x: rightStart, count: 1, coverage: c) }
            }
        }
        for row in box.y0..<wholeRows.lowerBound { partial(row) }
        for row in wholeRows.upperBound..<box.y1 { partial(row) }
        return box
    }
}
