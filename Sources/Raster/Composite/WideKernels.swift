import CRasterKernels

/// The compositing loops of `CRasterKernels`, built for instruction sets wider than the
/// baseline this module is compiled for and chosen at run time.
///
/// Each gives exactly the pixels of its counterpart in `Compositor`; `CompositorTests`
/// compares the two. Callers pass runs inside a surface. `SolidPainter` reads
/// `available` once per shape for its rectangle blocks; `Compositor.overSolid` reads it
/// once per run of 32 pixels or more, a call that only returns a flag set at load.
package enum WideKernels {
    /// Whether the AVX2 loops run on this machine (x86-64 with AVX2 enabled by the
    /// operating system), unless the environment variable `VITRINE_NO_AVX2` turned them
    /// off at start.
    static var available: Bool { crk_has_avx2() }

    /// Whether `overSolidBlock` (on whole pixels) and `overRect` draw rectangles of 16 or
    /// more columns (48 with partly covered edges), and `sweepOverSolid` its runs of 32
    /// pixels or more between edges, in 16-pixel AVX-512 steps (x86-64 with AVX-512 F and
    /// BW enabled by the operating system), unless `VITRINE_NO_AVX512` or `VITRINE_NO_AVX2`
    /// turned them off at start or `useWideSteps(false)` since. The pixels are the same
    /// either way.
    package static var wideSteps: Bool { crk_has_avx512() }

    /// `wideSteps` as it was at start, whatever `useWideSteps` did since: for choices
    /// that weigh the steps' speed, which must not depend on a test that turns them off
    /// for a while.
    package static var wideStepsAtStart: Bool { crk_had_avx512() }

    /// Turns the AVX-512 steps off, or back on where the machine has them: for the tests
    /// that compare them with the AVX2 steps, and for measuring both in one process.
    /// Drawing on other threads meanwhile is not disturbed: its pixels are the same.
    package static func useWideSteps(_ on: Bool) { crk_use_avx512(on) }

    /// `Compositor.overSolid` on `rows` runs of `count` pixels, the first at `dst`, each
    /// `stride` pixels after the one before. Call only when `available`.
    @inline(__always)
    static func overSolid(
        _ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, count: Int, color: UInt32,
        inverseAlpha ia: UInt32
    ) {
        unsafe crk_over_solid_avx2(dst, stride, rows, count, color, ia)
    }

    /// `Compositor.overSolid` on a rectangle's `rows` runs of `count` pixels, the first at
    /// `dst`, each `stride` pixels after the one before; and, unless 0, `PixelMath.over` of
    /// `edges.left` on the pixel before each run and of `edges.right` on the pixel after
    /// it. The `room` pixels from each run's first (`count` at least, and one more with a
    /// right edge) and the `lead` pixels before it (one at least with a left edge) lie in
    /// the surface's row: those outside the run and its edges are written back unchanged
    /// (a long row starts on 32 bytes). Call only when `available`.
    @inline(__always)
    static func overSolidBlock(
        _ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, count: Int, color: UInt32,
        edges: (left: UInt32, right: UInt32), room: Int, lead: Int
    ) {
        unsafe crk_over_solid_block_avx2(dst, stride, rows, count, color, edges.left, edges.right, room, lead)
    }

    /// `overSolidBlock` on a rectangle's rows, each kind with colours of its own: `colors`
    /// holds three (the run's and its edge pixels'; 0 leaves a pixel alone) for its first row, three
    /// for the rows between and three for its last. Call only when `available`.
    @inline(__always)
    static func overRect(
        _ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, count: Int,
        colors: UnsafePointer<UInt32>, edges: (left: Bool, right: Bool), room: Int, lead: Int
    ) {
        unsafe crk_over_rect_avx2(dst, stride, rows, count, colors, edges.left, edges.right, room, lead)
    }

    /// `overRect` of a linear gradient that does not change along rows: the row at `dst`
    /// is the surface's row `y`, and each row takes `Shader.lookup` of `table` (its ends
    /// extended as `extends` says) at its centre's `dy * (row + 0.5) + c`, scaled by the
    /// levels of its kind of row: `levels` holds nine, the run's and the left and right
    /// edges' for the first row, the rows between and the last. Call only when `available`.
    @inline(__always)
    static func overGradientRows(
        _ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, count: Int, y: Int,
        table: UnsafeBufferPointer<UInt32>, dy: Double, c: Double, extends: (before: Bool, after: Bool),
        levels: UnsafePointer<UInt8>, edges: (left: Bool, right: Bool), room: Int, lead: Int
    ) {
        unsafe crk_over_gradient_rows_avx2(
            dst, stride, rows, count, y, table.baseAddress!, table.count, dy, c, extends.before, extends.after,
            levels, edges.left, edges.right, room, lead)
    }

    /// `RectScanner.scan` of the device rectangle `r` (its edges as they are, not
    /// standardized) within `clip` into a plain source-over `SolidPainter` of `color` on
    /// the surface at `pixels`, whose rows hold `rowWords`: the same pixels, worked out and
    /// blended in one call. The pixels it can have touched, or nil, having drawn nothing,
    /// for a rectangle on whole pixels or within two columns. Call only when `available`.
    @inline(__always)
    static func fillRect(
        _ r: Rect, clip: IntRect, pixels: UnsafeMutablePointer<UInt32>, rowWords: Int, color: UInt32
    ) -> IntRect? {
        var drawn = (0, 0, 0, 0)
        let done = unsafe withUnsafeMutableBytes(of: &drawn) { d in
            unsafe crk_fill_rect_avx2(
                pixels, rowWords, clip.x0, clip.y0, clip.x1, clip.y1, r.origin.x, r.origin.y, r.size.width,
                r.size.height, color,
                d.baseAddress!.assumingMemoryBound(to: Int.self))
        }
        return done ? IntRect(x0: drawn.0, y0: drawn.1, x1: drawn.2, y1: drawn.3) : nil
    }

    /// `Compositor.overMasked`: `color` over `count` pixels at `dst`, each through its
    /// byte of `mask` times `coverage`. Call only when `available`.
    @inline(__always)
    static func overMasked(
        _ dst: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt8>, count: Int, color: UInt32,
        coverage: UInt32
    ) {
        unsafe crk_over_masked_avx2(dst, mask, count, color, coverage)
    }

    /// Rows of the rasterizer's cells swept into coverage and blended as
    /// `SolidPainter.span` blends each run, cells and bits cleared (see
    /// `CoverageSink.sweep(rows:)`): the first row's pixels at `dst`, each next one
    /// `stride` words on; the `room` pixels from each row's first lie in the surface's
    /// row, and those past `width` are written back unchanged. Call only when `available`.
    @inline(__always)
    static func sweepOverSolid(
        cells: UnsafeMutablePointer<Int32>, touched: UnsafeMutablePointer<UInt64>, pitch: Int,
        width: Int, words: Int, rows: Int, dst: UnsafeMutablePointer<UInt32>, stride: Int,
        room: Int, color: UInt32, evenOdd: Bool, precision: Int
    ) {
        unsafe crk_sweep_over_solid_avx2(
            cells, touched, pitch, width, words, rows, dst, stride, room, color, evenOdd,
            Int32(precision))
    }

    /// `update(repeating: color, count: count)` on `rows` runs, the first at `dst`, each
    /// `stride` pixels after the one before: the same pixels in steps of eight (32 bytes),
    /// where the baseline build stores 16 bytes at a time. Call only when `available`.
    @inline(__always)
    static func fillRows(_ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, count: Int, color: UInt32) {
        unsafe crk_fill_rows_avx2(dst, stride, rows, count, color)
    }

    /// `Compositor.row` in the normal mode at full coverage without a mask: `count`
    /// source pixels over as many destination pixels. Call only when `available`.
    @inline(__always)
    static func overRow(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int) {
        unsafe crk_over_row_avx2(dst, source, count)
    }

    /// `Compositor.row` in the normal mode under a coverage below 255 without a mask: each
    /// source pixel scaled by the coverage, then blended over its destination pixel. Call
    /// only when `available`.
    @inline(__always)
    static func overRow(
        _ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, count: Int, coverage: UInt32
    ) {
        unsafe crk_over_row_scaled_avx2(dst, source, count, coverage)
    }
}
