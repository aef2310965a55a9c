/// Composites a solid colour onto a surface under the coverage it is given.
///
/// A painter lives for one drawing operation, on the stack of the context method that
/// made it from the context's target and clip mask, which the context holds all the
/// while; so it keeps the surface's pixels as a pointer and the mask without counting
/// references (retaining and releasing the two cost as much as blending a small
/// rectangle, and calling through an uncounted reference retains it again).
@safe struct SolidPainter: CoverageSink {
    /// The surface's first pixel, and the words from one row to the next.
    private let pixels: UnsafeMutablePointer<UInt32>
    private let rowWords: Int
    let color: UInt32
    let mode: BlendMode
    unowned(unsafe) let mask: ClipMask?
    /// Whether a run is a plain source-over: no mask, the normal mode.
    private let plain: Bool
    /// Read once per shape rather than once per run.
    let rounding = RoundingMultiplier.value
    /// Read once per shape: whether the rows of a block go to the AVX2 loop.
    let wide = WideKernels.available

    init(surface: Surface, color: UInt32, mode: BlendMode, mask: ClipMask?) {
        unsafe self.init(pixels: surface.base, rowWords: surface.rowWords, color: color, mode: mode, mask: mask)
    }

    /// A painter of the pixels of a surface that outlives it: its first pixel and the words
    /// from one row to the next.
    @inline(__always)
    init(pixels: UnsafeMutablePointer<UInt32>, rowWords: Int, color: UInt32, mode: BlendMode, mask: ClipMask?) {
        unsafe self.pixels = pixels
        self.rowWords = rowWords
        self.color = color
        self.mode = mode
        unsafe self.mask = mask
        plain = mask == nil && mode == .normal
    }

    /// The first pixel of row `y`.
    @inline(__always)
    private func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { unsafe pixels + y &* rowWords }

    /// Source-over of a rectangle's rows without a mask: the colour, its inverse alpha
    /// and the vector constants are worked out once for all rows. The AVX2 loop blends
    /// each row's edge pixels with it; otherwise each edge column is blended down the rows
    /// (a pass of its own keeps the vector loop's constants in registers).
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8)) {
        guard plain else {
            blockBySpans(rows: rows, x: x, count: count, coverage: coverage, edges: edges)
            return
        }
        let s = coverage == 255 ? color : PixelMath.scale(color, UInt32(coverage))
        let ia = 255 &- (s >> 24)
        // Safe: the rectangle and its edge pixels lie inside the clip bounds, inside the
        // surface, and each row's `x` pixels before `x` and `rowWords - x` from it in the
        // surface's row.
        if ia == 0 {
            unsafe Compositor.fill(row(rows.lowerBound) + x, stride: rowWords, rows: rows.count, count: count, color: s)
        } else if ia != 255 && wide {
            // An edge of coverage 0 is colour 0, which the loop leaves alone.
            @inline(__always) func edge(_ c: UInt8) -> UInt32 { c == 0 ? 0 : PixelMath.scale(color, UInt32(c)) }
            let e = (edge(edges.left), edge(edges.right))
            unsafe WideKernels.overSolidBlock(
                row(rows.lowerBound) + x, stride: rowWords, rows: rows.count,
                count: count, color: s, edges: e, room: rowWords - x, lead: x)
            return
        } else if ia != 255 {
            for y in rows {
                unsafe Compositor.overSolid(row(y) + x, count: count, color: s, inverseAlpha: ia, rounding: rounding)
            }
        }
        // An edge pixel: `PixelMath.over` of the colour scaled by its coverage, as `span`
        // blends it, down the column a row's words at a time.
        let step = rowWords
        let height = rows.count
        func column(_ column: Int, _ edge: UInt8) {
            guard edge != 0 else { return }
            let e = PixelMath.scale(color, UInt32(edge))
            var p = unsafe row(rows.lowerBound) + column
            for _ in 0..<height {
                unsafe p.pointee = unsafe PixelMath.over(e, p.pointee)
                unsafe p += step
            }
        }
        column(x - 1, edges.left)
        column(x + count, edges.right)
    }

    /// A rectangle's rows in one pass of the AVX2 loop, each kind of row with its colours,
    /// when the run is a plain source-over; otherwise a block for each kind.
    mutating func rectangle(
        rows: Range<Int>, x: Int, count: Int, first: RowCoverage, inner: RowCoverage,
        last: RowCoverage
    ) {
        guard plain && wide, !rows.isEmpty else {
            return rectangleByBlocks(rows: rows, x: x, count: count, first: first, inner: inner, last: last)
        }
        @inline(__always) func scaled(_ c: UInt8) -> UInt32 {
            c == 255 ? color : c == 0 ? 0 : PixelMath.scale(color, UInt32(c))
        }
        let edges = ((first.left | inner.left | last.left) != 0, (first.right | inner.right | last.right) != 0)
        // Safe: as `block`, the rows and their edge pixels lie inside the surface.
        unsafe withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 9) { colors in
            @inline(__always) func put(_ i: Int, _ c: RowCoverage) {
                unsafe colors[i] = scaled(c.run)
                unsafe colors[i + 1] = scaled(c.left)
                unsafe colors[i + 2] = scaled(c.right)
            }
            put(0, first)
            put(3, inner)
            put(6, last)
            unsafe WideKernels.overRect(
                row(rows.lowerBound) + x, stride: rowWords, rows: rows.count, count: count,
                colors: colors.baseAddress!, edges: edges, room: rowWords - x, lead: x)
        }
    }

    /// Rows go to the AVX2 sweep when the run is a plain source-over.
    var sweepsRows: Bool { plain && wide }

    mutating func sweep(
        rows: Range<Int>, x: Int, cells: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>,
        pitch: Int, width: Int, words: Int, rule: FillRule, precision: Int
    ) {
        // Safe: each row's pixels `x..<x+width` lie inside the clip bounds, inside the
        // surface, whose rows hold `rowWords` words; the cells and bits are the
        // rasterizer's band.
        unsafe WideKernels.sweepOverSolid(
            cells: cells, touched: touched, pitch: pitch, width: width, words: words,
            rows: rows.count, dst: row(rows.lowerBound) + x, stride: rowWords,
            room: rowWords - x, color: color, evenOdd: rule == .evenOdd,
            precision: precision)
    }

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        // Safe: the rasterizer only reports runs inside the clip bounds, which lie inside
        // the surface.
        if count == 1 && plain {
            // Edge pixels come one at a time: blend them without the run's set-up.
            let p = unsafe row(y) + x
            unsafe p.pointee = unsafe PixelMath.over(
                coverage == 255 ? color : PixelMath.scale(color, UInt32(coverage)), p.pointee)
            return
        }
        unsafe Compositor.solid(
            row(y) + x, count: count, color: color, coverage: UInt32(coverage),
            mask: mask.map { unsafe UnsafePointer($0.pointer(x, y)) }, mode: mode, rounding: rounding)
    }
}
