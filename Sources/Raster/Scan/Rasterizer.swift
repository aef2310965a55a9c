import CRasterKernels
import Glibc

/// The exact-area scan converter: collects device-space line segments, then computes for
/// every pixel the signed area the closed outline covers, in bands of rows,
/// and hands runs of equal coverage to a sink.
///
/// The cells hold fixed-point windings, `1 << precision` for a whole pixel (16 bits of
/// fraction for paths of up to 16,384 segments, fewer beyond, so that no sum can leave
/// 32 bits): each addition is rounded, but the sums are exact, so every sweep gives the
/// same coverage whatever order it adds the cells in.
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
    private var cells: UnsafeMutablePointer<Int32>
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
        unsafe segments = unsafe malloc(segmentCapacity * MemoryLayout<Double>.stride)!.bindMemory(
            to: Double.self, capacity: segmentCapacity)
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

    /// Whether the accumulation works out four whole rows of a line at once where the
    /// processor has AVX2; the cells are the same either way, and the tests turn it off
    /// to compare the two.
    var rowsAtOnce = true

    /// Told when a path's segments cannot be stored; the path then draws nothing.
    var onFailure: ((RasterError) -> Void)?

    /// Forgets the segments of the previous path.
    func reset() {
        segmentValues = 0
        minX = .infinity
        minY = .infinity
        maxX = -.infinity
        maxY = -.infinity
        invalid = false
        cachedBounds = nil
    }

    /// Whether no segment has been added.
    var isEmpty: Bool { segmentValues == 0 }

    /// How many segments have been added since the last `reset()`.
    var segmentCount: Int { segmentValues / 4 }

    /// Whether no coordinate was NaN and no segment was lost for want of memory since the
    /// last `reset()`.
    var isValid: Bool { !invalid }

    /// The device bounds of the segments added so far (worked out once for them: a fill
    /// asks for them several times).
    var bounds: IntRect {
        if let cachedBounds { return cachedBounds }
        let b =
            segmentValues == 0 || invalid
            ? IntRect.empty : IntRect(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        cachedBounds = b
        return b
    }
    private var cachedBounds: IntRect?

    /// Adds one segment of an outline (device pixels).
    func addSegment(_ a: Point, _ b: Point) {
        cachedBounds = nil
        if a.x.isNaN || a.y.isNaN || b.x.isNaN || b.y.isNaN {
            invalid = true
            return
        }
        let lim = Rasterizer.coordinateLimit
        let ax = min(max(a.x, -lim), lim)
        let ay = min(max(a.y, -lim), lim)
        let bx = min(max(b.x, -lim), lim)
        let by = min(max(b.y, -lim), lim)
        if ay == by { return }
        if segmentValues + 4 > segmentCapacity && !growSegments(to: segmentCapacity * 2) {
            invalid = true
            return
        }
        // Safe: the buffer has room for four more values (grown above).
        let end = unsafe segments + segmentValues
        unsafe end[0] = ax
        unsafe end[1] = ay
        unsafe end[2] = bx
        unsafe end[3] = by
        segmentValues += 4
        minX = min(minX, min(ax, bx))
        maxX = max(maxX, max(ax, bx))
        minY = min(minY, min(ay, by))
        maxY = max(maxY, max(ay, by))
    }

    /// Makes room for `capacity` segment values, keeping those held; false, told to
    /// `onFailure`, with the buffer as it was, when the memory cannot be had.
    private func growSegments(to capacity: Int) -> Bool {
        let bytes = capacity * MemoryLayout<Double>.stride
        // Safe: realloc keeps the first `segmentValues` values, or leaves the buffer as it
        // was when it fails.
        guard let grown = unsafe realloc(segments, bytes) else {
            onFailure?(.outOfMemory(bytes: bytes))
            return false
        }
        unsafe segments = unsafe grown.bindMemory(to: Double.self, capacity: capacity)
        segmentCapacity = capacity
        return true
    }

    /// The segments added since the last `reset()`, with their bounds: for another
    /// rasterizer to `load` instead of outlining the same path again.
    var outline: Outline {
        // Safe: the buffer holds `segmentValues` values.
        let values = unsafe [Double](UnsafeBufferPointer(start: segments, count: segmentValues))
        return Outline(values: values, minX: minX, minY: minY, maxX: maxX, maxY: maxY, invalid: invalid)
    }

    /// Replaces the segments with those of `outline`, as though they were added again;
    /// false, with nothing added, when their memory cannot be had.
    func load(_ outline: Outline) -> Bool {
        reset()
        let count = outline.values.count
        if count > segmentCapacity && !growSegments(to: count) { return false }
        // Safe: the buffer holds `count` values (grown above).
        unsafe outline.values.withUnsafeBufferPointer { v in
            guard let from = v.baseAddress else { return }
            unsafe segments.update(from: from, count: count)
        }
        segmentValues = count
        (minX, minY, maxX, maxY, invalid) = (outline.minX, outline.minY, outline.maxX, outline.maxY, outline.invalid)
        return true
    }

    /// Scan-converts the segments within `clip` and sends the coverage to `sink`.
    func rasterize<S: CoverageSink>(rule: FillRule, clip: IntRect, into sink: inout S) {
        guard !invalid, segmentValues != 0 else { return }
        let box = clip.intersection(bounds)
        guard !box.isEmpty else { return }
        let left = box.x0
        let right = box.x1
        let width = right - left
        // Two cells past the last column (a line on the right border adds to both); a
        // multiple of eight, so that the sweeps' groups of eight stay in their row.
        let pitch = (width + 2 + 7) & ~7
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
        let precision = Rasterizer.precision(segments: segmentValues / 4)
        var bandTop = box.y0
        while bandTop < box.y1 {
            let bandBottom = min(box.y1, bandTop + bandHeight)
            accumulate(
                left: left, right: right, pitch: pitch, words: words, top: bandTop, bottom: bandBottom,
                precision: precision)
            sweep(
                rule: rule, precision: precision, left: left, width: width, pitch: pitch, words: words, top: bandTop,
                bottom: bandBottom, into: &sink)
            bandTop = bandBottom
        }
    }

    /// The bits of fraction of the cells for a path of `segments` segments: a pixel's
    /// winding is at most the number of segments, each adding at most a pixel's height
    /// (rounded) to a row, so with `segments << precision` below 2^30 no sum overflows.
    static func precision(segments: Int) -> Int {
        var p = 16
        while p > 0 && segments > (1 << (30 - p)) { p -= 1 }
        return p
    }

    /// Adds every segment's area and cover to the cells of rows `top..<bottom`: the C
    /// loop of `CRasterKernels` (in Swift, the range check of every conversion to an
    /// integer was a fifth of its instructions).
    private func accumulate(left: Int, right: Int, pitch: Int, words: Int, top: Int, bottom: Int, precision: Int) {
        // Safe: the buffers hold `segmentValues` values, the band's `(bottom - top) * pitch`
        // cells and as many rows of `words` words; every segment is clamped to the
        // columns `left...right` and the rows `top..<bottom` before a cell is written.
        unsafe crk_accumulate(
            segments, segmentValues, cells, touched, left, right, pitch, words, top, bottom,
            Int32(precision), rowsAtOnce && WideKernels.available)
    }

    /// Turns the accumulated cells of a band into runs of coverage, clearing them.
    private func sweep<S: CoverageSink>(
        rule: FillRule, precision: Int, left: Int, width: Int, pitch: Int, words: Int,
        top: Int, bottom: Int, into sink: inout S
    ) {
        if sink.sweepsRows {
            unsafe sink.sweep(
                rows: top..<bottom, x: left, cells: cells, touched: touched, pitch: pitch, width: width,
                words: words, rule: rule, precision: precision)
            return
        }
        for row in top..<bottom {
            let line = unsafe cells + (row - top) * pitch
            let bits = unsafe touched + (row - top) * words
            var acc: Int32 = 0
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
                    unsafe acc &+= line[i]
                    unsafe line[i] = 0
                    cover = Rasterizer.coverage(acc, rule, precision: precision)
                    previous = i
                }
                w &+= 1
            }
            if cover != 0 { sink.span(y: row, x: left + previous, count: width - previous, coverage: cover) }
            unsafe line[width] = 0
            unsafe line[width + 1] = 0
        }
    }

    /// The 8-bit coverage of an accumulated winding `w`, fixed point with `1 << precision`
    /// a whole pixel: nonzero takes its absolute value, at most a pixel; even-odd its
    /// distance to the nearest even winding; then `a * 255 / one` rounded to the nearest.
    @inline(__always)
    static func coverage(_ w: Int32, _ rule: FillRule, precision: Int) -> UInt8 {
        let one = Int32(1) &<< Int32(precision)
        let two = one &<< 1
        let a: Int32
        if rule == .evenOdd {
            let m = w & (two &- 1)
            a = min(m, two &- m)
        } else {
            a = min(w < 0 ? 0 &- w : w, one)
        }
        return UInt8(truncatingIfNeeded: (a &* 255 &+ (one >> 1)) >> Int32(precision))
    }
}

/// The segments of a path's outline in device pixels, as a `Rasterizer` holds them: what
/// the bands of a render share instead of each flattening (and stroking) a path again.
struct Outline: Sendable {
    /// x0 y0 x1 y1 for each segment.
    let values: [Double]
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Whether a coordinate was NaN: the path draws nothing.
    let invalid: Bool
}

/// Feeds a flattened path to a rasterizer as closed outlines.
struct OutlineCollector: PolylineSink {
    let rasterizer: Rasterizer
    private var first = Point.zero
    private var last = Point.zero

    init(_ rasterizer: Rasterizer) { self.rasterizer = rasterizer }

    mutating func begin(_ p: Point) {
        first = p
        last = p
    }

    mutating func line(_ p: Point) {
        rasterizer.addSegment(last, p)
        last = p
    }

    mutating func end(closed: Bool) {
        rasterizer.addSegment(last, first)
        last = first
    }
}
