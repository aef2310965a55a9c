/// The inner loops that put paint on pixels: a run of destination words, a source
/// (one colour or a row of colours), a coverage per run or per pixel, and a blend mode.
///
/// Callers pass runs that lie inside a surface; the loops do not check them.
enum Compositor {
    /// Blends one premultiplied colour over `count` pixels at `dst`, each covered by
    /// `coverage` (0...255) times `mask[i] / 255` when a mask row is given. Callers that
    /// blend many runs read `rounding` once and pass it.
    static func solid(
        _ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, coverage: UInt32,
        mask: UnsafePointer<UInt8>?, mode: BlendMode, rounding: UInt16 = RoundingMultiplier.value
    ) {
        if let mask = unsafe mask {
            if mode == .normal {
                if count >= 8 && WideKernels.available {
                    unsafe WideKernels.overMasked(dst, mask: mask, count: count, color: color, coverage: coverage)
                } else {
                    unsafe overMasked(
                        dst, mask: mask, count: count, color: color, coverage: coverage, rounding: rounding)
                }
                return
            }
            // Fully covered runs take the unmasked path, empty runs are skipped, and only
            // the pixels in between are blended one by one.
            var i = 0
            while i < count {
                let full = unsafe runEnd(mask, from: i, count: count, of: 255)
                if full - i >= 4 {
                    unsafe solid(
                        dst + i, count: full - i, color: color, coverage: coverage, mask: nil, mode: mode,
                        rounding: rounding)
                    i = full
                    continue
                }
                i = unsafe runEnd(mask, from: i, count: count, of: 0)
                guard i < count else { return }
                let m = unsafe UInt32(mask[i])
                let c = coverage == 255 ? m : PixelMath.mul(coverage, m)
                if c != 0 { unsafe dst[i] = unsafe pixel(dst[i], color, c, mode) }
                i += 1
            }
            return
        }
        switch mode {
        case .normal:
            if coverage == 255 && color >> 24 == 255 {
                unsafe fill(dst, count: count, color: color)
                return
            }
            let s = coverage == 255 ? color : PixelMath.scale(color, coverage)
            let ia = 255 &- (s >> 24)
            if ia == 255 { return }
            unsafe overSolid(dst, count: count, color: s, inverseAlpha: ia, rounding: rounding)
        case .copy where coverage == 255:
            unsafe fill(dst, count: count, color: color)
        case .clear where coverage == 255:
            unsafe fill(dst, count: count, color: 0)
        default:
            for i in 0..<count { unsafe dst[i] = unsafe pixel(dst[i], color, coverage, mode) }
        }
    }

    /// `color` stored in `rows` runs of `count` pixels, the first at `dst` and each
    /// `stride` pixels after the one before (an opaque fill, a copy, a clear): runs of 32
    /// pixels or more in the AVX2 loop, which stores twice as much at a time as the
    /// baseline build; shorter ones are not worth the call.
    @inline(__always)
    static func fill(
        _ dst: UnsafeMutablePointer<UInt32>, stride: Int = 0, rows: Int = 1, count: Int, color: UInt32
    ) {
        if count >= 32 && WideKernels.available {
            unsafe WideKernels.fillRows(dst, stride: stride, rows: rows, count: count, color: color)
        } else {
            for y in 0..<rows { unsafe (dst + y * stride).update(repeating: color, count: count) }
        }
    }

    /// `dst = color + dst * inverseAlpha / 255` over a run, four pixels at a time in
    /// 16-bit lanes (SSE2's pmullw and pmulhuw), the rest one by one; `rounding` is
    /// `RoundingMultiplier.value`.
    @inline(__always)
    static func overSolid(
        _ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, inverseAlpha ia: UInt32,
        rounding: UInt16
    ) {
        // Long runs are worth the call into the AVX2 loop.
        if count >= 32 && WideKernels.available {
            unsafe WideKernels.overSolid(dst, stride: 0, rows: 1, count: count, color: color, inverseAlpha: ia)
            return
        }
        // No alignment head: unaligned vector stores measured faster than reaching a
        // 16-byte boundary one pixel at a time, even on long runs.
        let blocks = count >> 2
        if blocks > 0 {
            // Red-blue and alpha-green pairs sit in 16-bit lanes, as the scalar
            // `PixelMath.scale` does it, four pixels at a time; every cast is free. Each
            // lane is `x * ia + 128`, and the high half of its product with 257 is the
            // rounded quotient by 255. The loop walks a raw pointer: no overflow checks on
            // an index.
            let c = SIMD4<UInt32>(repeating: color)
            let k = SIMD8<UInt16>(repeating: UInt16(ia))
            let m = SIMD8<UInt32>(repeating: UInt32(rounding))
            let low = SIMD4<UInt32>(repeating: 0x00ff_00ff)
            var p = UnsafeMutableRawPointer(dst)
            @inline(__always) func divide(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
                SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* m) &>> 16)
            }
            @inline(__always) func blend(_ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
                let rb = unsafe divide(unsafeBitCast(d & low, to: SIMD8<UInt16>.self) &* k &+ 128)
                let ag = unsafe divide((unsafeBitCast(d, to: SIMD8<UInt16>.self) &>> 8) &* k &+ 128)
                return unsafe unsafeBitCast(rb | (ag &<< 8), to: SIMD4<UInt32>.self) &+ c
            }
            // Safe: `blocks` groups of four pixels lie inside the run.
            let end = unsafe p + blocks &* 16
            while unsafe p < end {
                unsafe p.storeBytes(of: blend(p.loadUnaligned(as: SIMD4<UInt32>.self)), as: SIMD4<UInt32>.self)
                unsafe p += 16
            }
        }
        var i = blocks &* 4
        while i < count {
            unsafe dst[i] = unsafe color &+ PixelMath.scale(dst[i], ia)
            i += 1
        }
    }

    /// Blends a row of premultiplied source pixels over `count` pixels at `dst`, covered as
    /// in `solid`.
    static func row(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, coverage: UInt32,
        mask: UnsafePointer<UInt8>?, mode: BlendMode
    ) {
        if unsafe mode == .normal && mask == nil {
            if coverage == 255 && count >= 16 && WideKernels.available {
                unsafe WideKernels.overRow(dst, source: source, count: count)
            } else if coverage == 255 {
                for i in 0..<count {
                    let s = unsafe source[i]
                    let a = s >> 24
                    if a == 255 {
                        unsafe dst[i] = s
                    } else if a != 0 {
                        unsafe dst[i] = unsafe PixelMath.over(s, dst[i])
                    }
                }
            } else if count >= 16 && WideKernels.available {
                unsafe WideKernels.overRow(dst, source: source, count: count, coverage: coverage)
            } else {
                for i in 0..<count where unsafe source[i] != 0 {
                    unsafe dst[i] = unsafe PixelMath.over(PixelMath.scale(source[i], coverage), dst[i])
                }
            }
            return
        }
        guard let mask = unsafe mask else {
            for i in 0..<count { unsafe dst[i] = unsafe pixel(dst[i], source[i], coverage, mode) }
            return
        }
        // As in `solid`: full runs unmasked, empty runs skipped.
        var i = 0
        while i < count {
            let full = unsafe runEnd(mask, from: i, count: count, of: 255)
            if full - i >= 4 {
                unsafe row(dst + i, source: source + i, count: full - i, coverage: coverage, mask: nil, mode: mode)
                i = full
                continue
            }
            i = unsafe runEnd(mask, from: i, count: count, of: 0)
            guard i < count else { return }
            let c = unsafe PixelMath.mul(coverage, UInt32(mask[i]))
            if c != 0 { unsafe dst[i] = unsafe pixel(dst[i], source[i], c, mode) }
            i += 1
        }
    }

    /// The end of the run of bytes equal to `value` that starts at `mask[from]`, at most
    /// `count`: eight bytes a step, then one by one.
    @inline(__always)
    static func runEnd(_ mask: UnsafePointer<UInt8>, from start: Int, count: Int, of value: UInt8) -> Int {
        var i = start
        let word = UInt64(value) &* 0x0101_0101_0101_0101
        // Safe: every word read lies inside mask[start..<count].
        while unsafe count - i >= 8 && UnsafeRawPointer(mask + i).loadUnaligned(as: UInt64.self) == word { i += 8 }
        while unsafe i < count && mask[i] == value { i += 1 }
        return i
    }

    /// One pixel: `d + (blend(s, d) - d) * c / 255`.
    @inline(__always)
    static func pixel(_ d: UInt32, _ s: UInt32, _ c: UInt32, _ mode: BlendMode) -> UInt32 {
        switch mode {
        case .normal: return PixelMath.over(c == 255 ? s : PixelMath.scale(s, c), d)
        case .copy: return c == 255 ? s : PixelMath.lerp(d, s, c)
        case .clear: return PixelMath.scale(d, 255 &- c)
        default:
            if s == 0 && mode.skipsTransparentSource { return d }
            let b = mode.blend(s, d)
            return c == 255 ? b : PixelMath.lerp(d, b, c)
        }
    }

    /// Composites the rows of `source`, placed with its origin at device pixel `origin`,
    /// over `bounds` of `target` (inside it, and inside `source` once moved back), with
    /// `alpha` (0...255), the clip mask and the blend mode: a layer put back.
    static func surface(
        _ source: Surface, at origin: (x: Int, y: Int), over bounds: IntRect, into target: Surface,
        alpha: UInt32, clip: ClipMask?, mode: BlendMode
    ) {
        for y in bounds.y0..<bounds.y1 {
            // Safe: bounds lie inside the target, and shifted by the origin inside the source.
            unsafe Compositor.row(
                target.row(y) + bounds.x0, source: source.row(y - origin.y) + (bounds.x0 - origin.x),
                count: bounds.width, coverage: alpha,
                mask: clip.map { unsafe UnsafePointer($0.pointer(bounds.x0, y)) }, mode: mode)
        }
    }

    /// Composites a premultiplied pixel over `box` of `target` through `mask` (whose
    /// bounds hold `box`), times the clip mask, with a blend mode: a shadow's coverage.
    static func mask(
        _ mask: CoverageMask, box: IntRect, pixel: UInt32, into target: Surface, clip: ClipMask?, mode: BlendMode
    ) {
        var row = [UInt8](repeating: 0, count: box.width)
        let rounding = RoundingMultiplier.value
        do {
            let bytes = unsafe mask.bytes.pointer
            for y in box.y0..<box.y1 {
                let src = (y - mask.bounds.y0) * mask.bounds.width + (box.x0 - mask.bounds.x0)
                let clipRow = unsafe clip?.pointer(box.x0, y)
                unsafe row.withUnsafeMutableBufferPointer { out in
                    // Safe: src + box.width stays inside the mask's row; the run lies
                    // inside the clip bounds, inside the surface.
                    if let clipRow = unsafe clipRow {
                        for i in 0..<box.width {
                            unsafe out[i] = unsafe UInt8(PixelMath.mul(UInt32(bytes[src + i]), UInt32(clipRow[i])))
                        }
                    } else {
                        unsafe out.baseAddress!.update(from: bytes + src, count: box.width)
                    }
                    unsafe Compositor.solid(
                        target.row(y) + box.x0, count: box.width, color: pixel, coverage: 255,
                        mask: UnsafePointer(out.baseAddress!), mode: mode, rounding: rounding)
                }
            }
        }
    }

}
