/// Receives anti-aliased coverage from the scan converter, one horizontal run of equal
/// coverage at a time, inside the clip bounds it was given.
protocol CoverageSink {
    /// Pixels `x..<x+count` of row `y` are covered by `coverage` (1...255) out of 255.
    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)
}
