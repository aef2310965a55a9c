/// Receives anti-aliased coverage from the scan converter, one horizontal run of equal
/// coverage at a time, inside the clip bounds it was given.
protocol CoverageSink {
    /// Pixels `x..<x+count` of row `y` are covered by `coverage` (1...255) out of 255.
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)

    /// The same run on every row of `rows`, with the pixel just before it covered by
    /// `edges.left` and the one just after it by `edges.right` (0: not drawn): a
    /// rectangle's fully covered rows, which a sink can blend with one set-up, row by row.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8))

    /// Whether the sink turns rows of accumulated cells into coverage itself, through
    /// `sweep(rows:)`, rather than receiving them as runs. Read once per shape.
    var sweepsRows: Bool { get }

    /// Rows `rows` of the scan converter's cells, from pixel `x` on, `pitch` cells (a
    /// multiple of 8) and `words` words of touched bits a row: `width` pixels a row, the
    /// running sum of a row's cells `0...i` being pixel `i`'s winding under `rule`, fixed
    /// point with `1 << precision` a whole pixel (`Rasterizer.coverage`), a bit set where
    /// a cell may be non-zero. The sink composites the rows and leaves their cells and
    /// bits cleared. Called only when `sweepsRows`.
    mutating func sweep(rows: Range<Int>, x: Int, cells: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>,
                        pitch: Int, width: Int, words: Int, rule: FillRule, precision: Int)
}

extension CoverageSink {
    /// Runs, not rows.
    var sweepsRows: Bool { false }

    /// Not called: `sweepsRows` is false.
    mutating func sweep(rows: Range<Int>, x: Int, cells: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>,
                        pitch: Int, width: Int, words: Int, rule: FillRule, precision: Int) {
        preconditionFailure("sweep(rows:) of a sink that takes runs")
    }

    /// Row by row, through `span`.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8)) {
        blockBySpans(rows: rows, x: x, count: count, coverage: coverage, edges: edges)
    }

    /// A block as `span` calls, row by row: the default, and the fallback of sinks whose
    /// fast path does not apply.
    mutating func blockBySpans(rows: Range<Int>, x: Int, count: Int, coverage: UInt8, edges: (left: UInt8, right: UInt8)) {
        for y in rows {
            if edges.left != 0 { span(y: y, x: x - 1, count: 1, coverage: edges.left) }
            span(y: y, x: x, count: count, coverage: coverage)
            if edges.right != 0 { span(y: y, x: x + count, count: 1, coverage: edges.right) }
        }
    }

    /// The same run on every row of `rows`, without edge pixels.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
        block(rows: rows, x: x, count: count, coverage: coverage, edges: (0, 0))
    }
}
