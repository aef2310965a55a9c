/// An 8-bit coverage value per surface pixel: the anti-aliased part of a clip. Immutable
/// once made, so graphics states share it.
final class ClipMask {
    let width: Int
    let height: Int
    let bytes: UnsafeMutablePointer<UInt8>

    /// A mask of zeros.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = .allocate(capacity: width * height)
        bytes.initialize(repeating: 0, count: width * height)
    }

    deinit { bytes.deallocate() }

    /// The first value of row `y`.
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { bytes + y * width }
}

/// Writes coverage into a mask, multiplied by a previous mask where there is one.
struct MaskWriter: CoverageSink {
    let mask: ClipMask
    let previous: ClipMask?

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let out = mask.row(y) + x
        if let previous {
            let old = previous.row(y) + x
            for i in 0..<count { out[i] = UInt8(PixelMath.mul(UInt32(coverage), UInt32(old[i]))) }
        } else {
            out.update(repeating: coverage, count: count)
        }
    }
}
