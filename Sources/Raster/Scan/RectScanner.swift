/// Exact coverage of an axis-aligned device rectangle without scan conversion: a pixel's
/// coverage is the product of the rectangle's overlap with its column and with its row.
enum RectScanner {
    /// Sends the coverage of `r` (device pixels) within `clip` to `sink`.
    static func scan<S: CoverageSink>(_ r: Rect, clip: IntRect, into sink: inout S) {
        let lim = 4e6
        let x0 = max(r.minX, -lim), x1 = min(r.maxX, lim), y0 = max(r.minY, -lim), y1 = min(r.maxY, lim)
        guard x0 < x1, y0 < y1 else { return }
        let box = clip.intersection(IntRect(covering: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
        guard !box.isEmpty else { return }
        // Columns: a partial left one, full middle ones, a partial right one.
        let left = box.x0, right = box.x1
        func columnCover(_ c: Int) -> Double { min(x1, Double(c + 1)) - max(x0, Double(c)) }
        let fullStart = Int(x0.rounded(.up)), fullEnd = Int(x1.rounded(.down))
        for row in box.y0..<box.y1 {
            let cy = min(y1, Double(row + 1)) - max(y0, Double(row))
            if cy <= 0 { continue }
            var x = left
            while x < right {
                if x >= fullStart && x < fullEnd {
                    let end = min(fullEnd, right)
                    let c = UInt8(min(1, cy) * 255 + 0.5)
                    if c != 0 { sink.span(y: row, x: x, count: end - x, coverage: c) }
                    x = end
                } else {
                    let c = UInt8(min(1, columnCover(x) * cy) * 255 + 0.5)
                    if c != 0 { sink.span(y: row, x: x, count: 1, coverage: c) }
                    x += 1
                }
            }
        }
    }
}
