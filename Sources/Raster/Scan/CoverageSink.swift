/// Receives anti-aliased coverage from the scan converter, one horizontal run of equal
/// coverage at a time, inside the clip bounds it was given.
protocol CoverageSink {
    /// Pixels `x..<x+count` of row `y` are covered by `coverage` (1...255) out of 255.
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)

    /// The same run on every row of `rows`, with the pixel just before it covered by
    /// `edges.left` and the one just after it by `edges.right` (0: not drawn): a
    /// rectangle's fully covered rows, which a sink can blend with one set-up, row by row.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8))

    /// A rectangle's rows: the run `x..<x+count` with the pixel just before and the one
    /// just after it, covered as `first` on the first row of `rows`, as `last` on the
    /// last, and as `inner` on those between (0: not drawn).
    mutating func rectangle(
        rows: Range<Int>, x: Int, count: Int, first: RowCoverage, inner: RowCoverage,
        last: RowCoverage)

    /// Whether the sink turns rows of accumulated cells into coverage itself, through
    /// `sweep(rows:)`, rather than receiving them as runs. Read once per shape.
    var sweepsRows: Bool { get }

    /// Rows `rows` of the scan converter's cells, from pixel `x` on, `pitch` cells (a
    /// multiple of 8) and `words` words of touched bits a row: `width` pixels a row, the
    /// running sum of a row's cells `0...i` being pixel `i`'s winding under `rule`, fixed
    /// point with `1 << precision` a whole pixel (`Rasterizer.coverage`), a bit set where
    /// a cell may be non-zero. The sink composites the rows and leaves their cells and
    /// bits cleared. Called only when `sweepsRows`.
    mutating func sweep(
        rows: Range<Int>, x: Int, cells: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>,
        pitch: Int, width: Int, words: Int, rule: FillRule, precision: Int)
}

extension CoverageSink {
    /// Runs, not rows.
    var sweepsRows: Bool { false }

    /// Not called: `sweepsRows` is false.
    mutating func sweep(
        rows: Range<Int>, x: Int, cells: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>,
        pitch: Int, width: Int, words: Int, rule: FillRule, precision: Int
    ) {
        preconditionFailure("sweep(rows:) of a sink that takes runs")
    }

    /// Row by row, through `span`.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8)) {
        blockBySpans(rows: rows, x: x, count: count, coverage: coverage, edges: edges)
    }

    /// A block as `span` calls, row by row: the default, and the fallback of sinks whose
    /// fast path does not apply.
    mutating func blockBySpans(
        rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8)
    ) {
        for y in rows {
            if edges.left != 0 { span(y: y, x: x - 1, count: 1, coverage: edges.left) }
            span(y: y, x: x, count: count, coverage: coverage)
            if edges.right != 0 { span(y: y, x: x + count, count: 1, coverage: edges.right) }
        }
    }

    /// One block for each kind of row.
    mutating func rectangle(
        rows: Range<Int>, x: Int, count: Int, first: RowCoverage, inner: RowCoverage,
        last: RowCoverage
    ) {
        rectangleByBlocks(rows: rows, x: x, count: count, first: first, inner: inner, last: last)
    }

    /// A rectangle as `block` calls, a kind of row at a time: the default, and the
    /// fallback of sinks whose fast path does not apply.
    mutating func rectangleByBlocks(
        rows: Range<Int>, x: Int, count: Int, first: RowCoverage, inner: RowCoverage,
        last: RowCoverage
    ) {
        guard !rows.isEmpty else { return }
        @inline(__always) func blocks(_ r: Range<Int>, _ c: RowCoverage) {
            if c.run != 0 && !r.isEmpty {
                block(rows: r, x: x, count: count, coverage: c.run, edges: (c.left, c.right))
            }
        }
        let y0 = rows.lowerBound
        let y1 = rows.upperBound
        blocks(y0..<y0 + 1, first)
        guard y1 - y0 > 1 else { return }
        blocks(y0 + 1..<y1 - 1, inner)
        blocks(y1 - 1..<y1, last)
    }

    /// The same run on every row of `rows`, without edge pixels.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
        block(rows: rows, x: x, count: count, coverage: coverage, edges: (0, 0))
    }
}

/// The coverage of a rectangle's row: its run's, and that of the pixel just before the
/// run and the one just after it (0: not drawn). A run of 0 has edges of 0.
struct RowCoverage: Equatable {
    var run: UInt8
    var left: UInt8
    var right: UInt8
}
