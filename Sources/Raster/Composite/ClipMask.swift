import Glibc

/// An 8-bit coverage value per device pixel of the clip bounds it was made for: the
/// anti-aliased part of a clip. Immutable once made, so graphics states share it; the
/// clip bounds of every state holding it lie inside its bounds.
///
/// `@unchecked Sendable`: `bytes` are written only while the mask is made, before any
/// state holds it; afterwards the bands of a frame read them at once.
@safe final class ClipMask: @unchecked Sendable {
    let bounds: IntRect
    let bytes: UnsafeMutablePointer<UInt8>

    /// A mask of zeros over `bounds`.
    ///
    /// - Throws: `RasterError.outOfMemory` when the memory cannot be had.
    convenience init(bounds: IntRect) throws(RasterError) {
        try self.init(bounds: bounds, cleared: true)
    }

    /// A mask over `bounds`, of zeros or, not `cleared`, of whatever the memory held.
    private init(bounds: IntRect, cleared: Bool) throws(RasterError) {
        self.bounds = bounds
        let count = max(1, bounds.width * bounds.height)
        guard let raw = unsafe cleared ? calloc(count, 1) : malloc(count) else {
            throw RasterError.outOfMemory(bytes: count)
        }
        unsafe bytes = unsafe raw.bindMemory(to: UInt8.self, capacity: count)
    }

    /// A mask over `bounds` of the alpha of `surface`, whose pixel (0, 0) is device pixel
    /// `origin` (the surface covers `bounds`), multiplied by `previous` where there is one
    /// (its bounds hold these).
    convenience init(
        alphaOf surface: Surface, at origin: (x: Int, y: Int), bounds: IntRect,
        times previous: ClipMask?
    ) throws(RasterError) {
        // Every byte is written below.
        try self.init(bounds: bounds, cleared: false)
        let width = bounds.width
        for y in bounds.y0..<bounds.y1 {
            // Safe: the rows of `bounds`, moved back by the origin, lie inside the surface,
            // and inside this mask and `previous`.
            let src = unsafe surface.row(y - origin.y) + (bounds.x0 - origin.x)
            let out = unsafe pointer(bounds.x0, y)
            // Two loops without a branch inside, which the compiler turns into vector code.
            if let previous {
                let old = unsafe previous.pointer(bounds.x0, y)
                for i in 0..<width {
                    unsafe out[i] = unsafe UInt8(truncatingIfNeeded: PixelMath.mul(src[i] >> 24, UInt32(old[i])))
                }
            } else {
                for i in 0..<width { unsafe out[i] = unsafe UInt8(truncatingIfNeeded: src[i] >> 24) }
            }
        }
    }

    /// A mask over `bounds` of `kept` times `previous` (the bounds of both hold these):
    /// the values `init(alphaOf:at:bounds:times:)` gives for the alpha `kept` was read
    /// from.
    convenience init(bounds: IntRect, of kept: ClipMask, times previous: ClipMask) throws(RasterError) {
        // Every byte is written below.
        try self.init(bounds: bounds, cleared: false)
        let width = bounds.width
        for y in bounds.y0..<bounds.y1 {
            // Safe: the rows of `bounds` lie inside this mask, `kept` and `previous`.
            let src = unsafe kept.pointer(bounds.x0, y)
            let old = unsafe previous.pointer(bounds.x0, y)
            let out = unsafe pointer(bounds.x0, y)
            for i in 0..<width {
                unsafe out[i] = unsafe UInt8(truncatingIfNeeded: PixelMath.mul(UInt32(src[i]), UInt32(old[i])))
            }
        }
    }

    deinit { unsafe free(bytes) }

    /// The value of device pixel (x, y), which must lie inside `bounds`; the run from there
    /// to the end of the row follows it.
    @inline(__always) func pointer(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        unsafe bytes + ((y - bounds.y0) * bounds.width + (x - bounds.x0))
    }
}

/// Writes coverage into a mask, multiplied by a previous mask where there is one.
struct MaskWriter: CoverageSink {
    let mask: ClipMask
    let previous: ClipMask?

    mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
        let out = unsafe mask.pointer(x, y)
        if let previous {
            let old = unsafe previous.pointer(x, y)
            for i in 0..<count { unsafe out[i] = unsafe UInt8(PixelMath.mul(UInt32(coverage), UInt32(old[i]))) }
        } else {
            unsafe out.update(repeating: coverage, count: count)
        }
    }
}
