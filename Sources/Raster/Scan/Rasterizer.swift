import Glibc

/// The exact-area scan converter: collects device-space line segments, then computes for
/// every pixel the signed area the closed outline covers (RASTER.md), in bands of rows,
/// and hands runs of equal coverage to a sink.
///
/// Coordinates beyond +-4e6 device pixels are clamped there; a NaN makes the whole path
/// draw nothing. The scratch buffers are kept between paths, so a reused rasterizer does
/// not allocate.
@safe final class Rasterizer {
    /// Segment end points, x0 y0 x1 y1 per segment: `segmentValues` of them in a buffer
    /// of `segmentCapacity` (a plain buffer, so that adding one is four stores).
    private var segments: UnsafeMutablePointer<Double>
    private var segmentValues = 0
    private var segmentCapacity: Int
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity
    private var invalid = false
    /// Accumulation cells of one band, cleared as they are read.
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity: Int
    /// One bit per cell, set when the cell is written, so that the sweep jumps from one
    /// touched cell to the next instead of reading the empty ones.
    private var touched: UnsafeMutablePointer<UInt64>
    private var touchedCapacity: Int

    /// The most cells one band may use; taller paths are done in several bands.
    private static let bandCells = 1 << 20
    /// Device coordinates are clamped to +-this; outlines meant to stay true must lie inside.
    static let coordinateLimit = 4e6

    init() {
        segmentCapacity = 256
        // From malloc, grown with realloc: a path too long for the memory left is an
        // error (`onFailure`), not a trap.
        unsafe segments = unsafe malloc(segmentCapacity * MemoryLayout<Double>.stride)!.bindMemory(to: Double.self, capacity: segmentCapacity)
        cellCapacity = 4096
        unsafe cells = .allocate(capacity: cellCapacity)
        unsafe cells.initialize(repeating: 0, count: cellCapacity)
        touchedCapacity = 256
        unsafe touched = .allocate(capacity: touchedCapacity)
        unsafe touched.initialize(repeating: 0, count: touchedCapacity)
    }

    deinit {
        unsafe free(segments)
        unsafe cells.deallocate()
        unsafe touched.deallocate()
    }

    /// Told when a path's segments cannot be stored; the path then draws nothing.
    var onFailure: ((RasterError) -> Void)?

    /// Forgets the segments of the previous path.
    func reset() {
        segmentValues = 0
        minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
        invalid = false
        cachedBounds = nil
    }

    /// Whether no segment has been added.
    var isEmpty: Bool { segmentValues == 0 }

    /// The device bounds of the segments added so far (worked out once for them: a fill
    /// asks for them several times).
    var bounds: IntRect {
        if let cachedBounds { return cachedBounds }
        let b = segmentValues == 0 || invalid
            ? IntRect.empty : IntRect(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        cachedBounds = b
        return b
    }
    private var cachedBounds: IntRect?

    /// Adds one segment of an outline (device pixels).
    func addSegment(_ a: Point, _ b: Point) {
        cachedBounds = nil
        if a.x.isNaN || a.y.isNaN || b.x.isNaN || b.y.isNaN { invalid = true; return }
        let lim = Rasterizer.coordinateLimit
        let ax = min(max(a.x, -lim), lim), ay = min(max(a.y, -lim), lim)
        let bx = min(max(b.x, -lim), lim), by = min(max(b.y, -lim), lim)
        if ay == by { return }
        if segmentValues + 4 > segmentCapacity {
            let bytes = segmentCapacity * 2 * MemoryLayout<Double>.stride
            // Safe: realloc keeps the first `segmentValues` values, or leaves the buffer as
            // it was when it fails.
            guard let grown = unsafe realloc(segments, bytes) else {
                invalid = true
                onFailure?(.outOfMemory(bytes: bytes))
                return
            }
            unsafe segments = unsafe grown.bindMemory(to: Double.self, capacity: segmentCapacity * 2)
            segmentCapacity *= 2
        }
        // Safe: the buffer has room for four more values (grown above).
        let end = unsafe segments + segmentValues
        unsafe end[0] = ax; unsafe end[1] = ay; unsafe end[2] = bx; unsafe end[3] = by
        segmentValues += 4
        minX = min(minX, min(ax, bx)); maxX = max(maxX, max(ax, bx))
        minY = min(minY, min(ay, by)); maxY = max(maxY, max(ay, by))
    }

    /// Scan-converts the segments within `clip` and sends the coverage to `sink`.
    func rasterize<S: CoverageSink>(rule: FillRule, clip: IntRect, into sink: inout S) {
        guard !invalid, segmentValues != 0 else { return }
        let box = clip.intersection(bounds)
        guard !box.isEmpty else { return }
        let left = box.x0, right = box.x1
        let width = right - left
        let pitch = width + 2
        let bandHeight = max(1, min(box.height, Rasterizer.bandCells / pitch))
        let needed = pitch * bandHeight
        if needed > cellCapacity {
            unsafe cells.deallocate()
            cellCapacity = needed
            unsafe cells = .allocate(capacity: needed)
            unsafe cells.initialize(repeating: 0, count: needed)
        }
        let words = (pitch + 63) >> 6
        if words * bandHeight > touchedCapacity {
            unsafe touched.deallocate()
            touchedCapacity = words * bandHeight
            unsafe touched = .allocate(capacity: touchedCapacity)
            unsafe touched.initialize(repeating: 0, count: touchedCapacity)
        }
        var bandTop = box.y0
        while bandTop < box.y1 {
            let bandBottom = min(box.y1, bandTop + bandHeight)
            accumulate(left: left, right: right, pitch: pitch, words: words, top: bandTop, bottom: bandBottom)
            sweep(rule: rule, left: left, width: width, pitch: pitch, words: words, top: bandTop, bottom: bandBottom, into: &sink)
            bandTop = bandBottom
        }
    }

    /// Adds every segment's area and cover to the cells of rows `top..<bottom`.
    private func accumulate(left: Int, right: Int, pitch: Int, words: Int, top: Int, bottom: Int) {
        let l = Double(left), r = Double(right), t = Double(top), b = Double(bottom)
        do {
            // Safe: the buffer holds `segmentValues` values.
            let seg = unsafe segments, count = segmentValues
            var i = 0
            while i < count {
                let x0 = unsafe seg[i], y0 = unsafe seg[i + 1], x1 = unsafe seg[i + 2], y1 = unsafe seg[i + 3]
                i += 4
                if max(y0, y1) <= t || min(y0, y1) >= b { continue }
                if min(x0, x1) >= l && max(x0, x1) <= r {
                    addLine(x0, y0, x1, y1, left: left, pitch: pitch, words: words, top: top, bottom: bottom)
                    continue
                }
                // Split where the segment leaves the columns (at most twice: at `l` and
                // at `r`); the parts outside become vertical lines on the border, which
                // cover exactly what they covered.
                var cuts = (1.0, 1.0)
                var n = 0
                func cut(at edge: Double) {
                    guard (x0 - edge) * (x1 - edge) < 0 else { return }
                    let t = (edge - x0) / (x1 - x0)
                    if n == 0 { cuts.0 = t } else { cuts = (min(cuts.0, t), max(cuts.0, t)) }
                    n += 1
                }
                cut(at: l)
                cut(at: r)
                var from = 0.0
                for k in 0...n {
                    let to = k == n ? 1.0 : (k == 0 ? cuts.0 : cuts.1)
                    let ya = y0 + (y1 - y0) * from, yb = y0 + (y1 - y0) * to
                    let xa = x0 + (x1 - x0) * from, xb = x0 + (x1 - x0) * to
                    let xm = (xa + xb) / 2
                    let cx = min(max(xm, l), r)
                    if xm == cx {
                        addLine(min(max(xa, l), r), ya, min(max(xb, l), r), yb, left: left, pitch: pitch, words: words, top: top, bottom: bottom)
                    } else {
                        addLine(cx, ya, cx, yb, left: left, pitch: pitch, words: words, top: top, bottom: bottom)
                    }
                    from = to
                }
            }
        }
    }

    /// Adds one line, all of whose x lie in `left...right`, to the cells of the band.
    @inline(__always)
    private func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, left: Int, pitch: Int, words: Int, top: Int, bottom: Int) {
        var ax = x0, ay = y0, bx = x1, by = y1, dir = 1.0
        if ay > by { swap(&ax, &bx); swap(&ay, &by); dir = -1 }
        let yStart = max(ay, Double(top)), yEnd = min(by, Double(bottom))
        if yStart >= yEnd { return }
        let dxdy = (bx - ax) / (by - ay)
        var row = yStart.floorInt
        var yTop = yStart
        var xTop = ax + (yTop - ay) * dxdy
        let origin = Double(left)
        // Safe: row is in top..<bottom and every x in left...right, so all indices fall
        // inside the band's (bottom - top) * pitch cells; the arithmetic cannot overflow.
        var line = unsafe cells + (row &- top) &* pitch
        var bits = unsafe touched + (row &- top) &* words
        if ax == bx {
            // A vertical line (the sides of rectangles and rounded rectangles): the same
            // column and the same split on every row, as `cellsForRow` would find them.
            let x = ax - origin
            let first = max(0, Int(x))
            let frac = (x + x) / 2 - Double(first)
            while yTop < yEnd {
                let yBottom = min(Double(row &+ 1), yEnd)
                let d = (yBottom - yTop) * dir
                unsafe Rasterizer.mark(bits, from: first, through: first &+ 1)
                unsafe line[first] += Float(d * (1 - frac))
                unsafe line[first &+ 1] += Float(d * frac)
                yTop = yBottom
                row &+= 1
                unsafe line += pitch
                unsafe bits += words
            }
            return
        }
        while yTop < yEnd {
            let yBottom = min(Double(row &+ 1), yEnd)
            let xBottom = yBottom == by ? bx : ax + (yBottom - ay) * dxdy
            unsafe cellsForRow(line, bits, xTop - origin, xBottom - origin, (yBottom - yTop) * dir)
            yTop = yBottom
            xTop = xBottom
            row &+= 1
            unsafe line += pitch
            unsafe bits += words
        }
    }

    /// Adds a piece of a line within one pixel row, from x `xa` to `xb` (relative to the
    /// band's left column) covering a signed height `d`: each column it crosses gets the
    /// area to the right of the line within it, and the next column the rest of the cover.
    @inline(__always)
    private func cellsForRow(_ line: UnsafeMutablePointer<Float>, _ bits: UnsafeMutablePointer<UInt64>,
                             _ xa: Double, _ xb: Double, _ d: Double) {
        let lo = min(xa, xb), hi = max(xa, xb)
        // A rounding error can put an interpolated x a hair left of the band; clamped to
        // 0, truncation is the floor.
        let first = max(0, Int(lo))
        if hi <= Double(first &+ 1) {
            // Within one column (the last column is the first exactly when this holds).
            unsafe Rasterizer.mark(bits, from: first, through: first &+ 1)
            let frac = (xa + xb) / 2 - Double(first)
            unsafe line[first] += Float(d * (1 - frac))
            unsafe line[first &+ 1] += Float(d * frac)
            return
        }
        let last = hi.ceilInt &- 1
        unsafe Rasterizer.mark(bits, from: first, through: last &+ 1)
        // Across several columns: the height is shared in proportion to the x covered.
        let k = d / (hi - lo)
        // The first column, from `lo` to its right edge.
        let next = Double(first &+ 1)
        let piece = k * (next - lo)
        let frac = (lo + next) / 2 - Double(first)
        unsafe line[first] += Float(piece * (1 - frac))
        unsafe line[first &+ 1] += Float(piece * frac)
        // The columns crossed whole: x runs from the column to the next, so the piece is
        // `k` and the split a half each way, exactly as the general step computes them.
        let half = Float(k * 0.5)
        var column = first &+ 1
        while column < last {
            unsafe line[column] += half
            unsafe line[column &+ 1] += half
            column &+= 1
        }
        // The last column, from its left edge to `hi`.
        let x = Double(last)
        let lastPiece = k * (hi - x)
        let lastFrac = (x + hi) / 2 - x
        unsafe line[last] += Float(lastPiece * (1 - lastFrac))
        unsafe line[last &+ 1] += Float(lastPiece * lastFrac)
    }

    /// Sets the touched bits of cells `first...end` (both at least 0).
    @inline(__always)
    private static func mark(_ bits: UnsafeMutablePointer<UInt64>, from first: Int, through end: Int) {
        let w0 = first &>> 6, w1 = end &>> 6
        let low = ~UInt64(0) &<< UInt64(truncatingIfNeeded: first & 63)
        let high = ~UInt64(0) &>> UInt64(truncatingIfNeeded: 63 &- (end & 63))
        if w0 == w1 {
            unsafe bits[w0] |= low & high
            return
        }
        unsafe bits[w0] |= low
        var w = w0 &+ 1
        while w < w1 {
            unsafe bits[w] = ~0
            w &+= 1
        }
        unsafe bits[w1] |= high
    }

    /// Turns the accumulated cells of a band into runs of coverage, clearing them.
    private func sweep<S: CoverageSink>(rule: FillRule, left: Int, width: Int, pitch: Int, words: Int,
                                        top: Int, bottom: Int, into sink: inout S) {
        if sink.sweepsRows {
            for row in top..<bottom {
                unsafe sink.sweep(row: row, x: left, cells: cells + (row - top) * pitch, touched: touched + (row - top) * words,
                                  width: width, words: words, rule: rule)
            }
            return
        }
        for row in top..<bottom {
            let line = unsafe cells + (row - top) * pitch
            let bits = unsafe touched + (row - top) * words
            var acc: Float = 0
            // The touched cell before, whose run reaches to the next touched one, and its
            // coverage: sent when the next is found.
            var previous = -1
            var cover: UInt8 = 0
            // Word by word, bit by bit, each word cleared as it is read.
            var w = 0
            while w < words {
                var word = unsafe bits[w]
                unsafe bits[w] = 0
                while word != 0 {
                    let i = w &<< 6 &+ word.trailingZeroBitCount
                    word &= word &- 1
                    if i >= width { break }
                    if cover != 0 { sink.span(y: row, x: left + previous, count: i - previous, coverage: cover) }
                    unsafe acc += line[i]
                    unsafe line[i] = 0
                    cover = Rasterizer.coverage(acc, rule)
                    previous = i
                }
                w &+= 1
            }
            if cover != 0 { sink.span(y: row, x: left + previous, count: width - previous, coverage: cover) }
            unsafe line[width] = 0
            unsafe line[width + 1] = 0
        }
    }

    /// `x.rounded()` (halves away from zero) for `x >= 0`, without a library call.
    @inline(__always)
    private static func roundHalfAway(_ x: Float) -> Float {
        let t = Int(x)
        return x - Float(t) >= 0.5 ? Float(t + 1) : Float(t)
    }

    /// The 8-bit coverage of an accumulated winding value.
    @inline(__always)
    static func coverage(_ w: Float, _ rule: FillRule) -> UInt8 {
        var a = abs(w)
        // Up to 1 the even-odd fold leaves a winding as it is (1 folds to -1, then 1).
        if rule == .evenOdd && a > 1 {
            a -= 2 * Rasterizer.roundHalfAway(a * 0.5)
            a = abs(a)
        }
        a = min(a, 1)
        return UInt8(a * 255 + 0.5)
    }
}

/// Feeds a flattened path to a rasterizer as closed outlines.
struct OutlineCollector: PolylineSink {
    let rasterizer: Rasterizer
    private var first = Point.zero
    private var last = Point.zero

    init(_ rasterizer: Rasterizer) { self.rasterizer = rasterizer }

    mutating func begin(_ p: Point) { first = p; last = p }

    mutating func line(_ p: Point) {
        rasterizer.addSegment(last, p)
        last = p
    }

    mutating func end(closed: Bool) {
        rasterizer.addSegment(last, first)
        last = first
    }
}
