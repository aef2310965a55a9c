extension Compositor {
    /// Source-over of one premultiplied colour through a row of per-pixel coverage (a
    /// shadow's fringe, a glyph, an anti-aliased clip): `coverage * mask[i] / 255` for each
    /// of `count` pixels at `dst`. Four pixels at a time in 16-bit lanes; empty groups are
    /// skipped and fully covered runs take the unmasked path. Each pixel gets exactly the
    /// one-pixel formula: `s = color * c / 255`, `d = s + d * (255 - alpha(s)) / 255`.
    @inline(never)
    static func overMasked(
        _ dst: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt8>, count: Int, color: UInt32,
        coverage: UInt32, rounding: UInt16
    ) {
        let low = SIMD4<UInt32>(repeating: 0x00ff_00ff)
        let colorRB = unsafe unsafeBitCast(SIMD4<UInt32>(repeating: color & 0x00ff_00ff), to: SIMD8<UInt16>.self)
        let colorAG = unsafe unsafeBitCast(SIMD4<UInt32>(repeating: (color >> 8) & 0x00ff_00ff), to: SIMD8<UInt16>.self)
        let k = SIMD8<UInt16>(repeating: UInt16(coverage))
        /// `round(t / 255)` for 16-bit lanes holding `x * y + 128`. Shifts rather than
        /// the multiply-high of `overSolid`: no lane conversions, which the optimiser
        /// would call out of line in a loop this size.
        @inline(__always) func divide(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> { (t &+ (t &>> 8)) &>> 8 }
        var i = 0
        // Safe: every group of four read and written lies inside the run.
        while count - i >= 4 {
            let bytes = unsafe UnsafeRawPointer(mask + i).loadUnaligned(as: UInt32.self)
            if bytes == 0 {
                i = unsafe runEnd(mask, from: i + 4, count: count, of: 0)
                continue
            }
            if bytes == ~0 {
                let full = unsafe runEnd(mask, from: i + 4, count: count, of: 255)
                unsafe solid(
                    dst + i, count: full - i, color: color, coverage: coverage, mask: nil, mode: .normal,
                    rounding: rounding)
                i = full
                continue
            }
            // Each pixel's coverage in both of its 16-bit lanes, times `coverage`.
            let c32 = unsafe SIMD4<UInt32>(
                UInt32(mask[i]), UInt32(mask[i + 1]), UInt32(mask[i + 2]), UInt32(mask[i + 3]))
            var c = unsafe unsafeBitCast(c32 | (c32 &<< 16), to: SIMD8<UInt16>.self)
            if coverage != 255 { c = divide(c &* k &+ 128) }
            // The source scaled by its coverage, then the destination by what it leaves.
            let s = unsafe unsafeBitCast(
                divide(colorRB &* c &+ 128) | (divide(colorAG &* c &+ 128) &<< 8), to: SIMD4<UInt32>.self)
            let ia32 = 255 &- (s &>> 24)
            let ia = unsafe unsafeBitCast(ia32 | (ia32 &<< 16), to: SIMD8<UInt16>.self)
            let p = unsafe UnsafeMutableRawPointer(dst + i)
            let d = unsafe p.loadUnaligned(as: SIMD4<UInt32>.self)
            let rb = unsafe divide(unsafeBitCast(d & low, to: SIMD8<UInt16>.self) &* ia &+ 128)
            let ag = unsafe divide((unsafeBitCast(d, to: SIMD8<UInt16>.self) &>> 8) &* ia &+ 128)
            unsafe p.storeBytes(of: s &+ unsafeBitCast(rb | (ag &<< 8), to: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count {
            let c = unsafe coverage == 255 ? UInt32(mask[i]) : PixelMath.mul(coverage, UInt32(mask[i]))
            if c != 0 {
                let s = c == 255 ? color : PixelMath.scale(color, c)
                unsafe dst[i] = unsafe s &+ PixelMath.scale(dst[i], 255 &- (s >> 24))
            }
            i += 1
        }
    }
}
