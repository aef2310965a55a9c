/// Receives anti-aliased coverage from the scan converter, one horizontal run of equal
/// coverage at a time, inside the clip bounds it was given.
protocol CoverageSink {
    /// Pixels `x..<x+count` of row `y` are covered by `coverage` (1...255) out of 255.
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)

    /// The same run on every row of `rows`: a rectangle's interior, which a sink can
    /// blend with one set-up.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8)
}

extension CoverageSink {
    /// Row by row, through `span`.
    mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
        for y in rows { span(y: y, x: x, count: count, coverage: coverage) }
    }
}
