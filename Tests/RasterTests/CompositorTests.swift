import RasterScenes
import Testing

@testable import Raster

/// The compositor's fast paths (runs of full and empty mask, vector blocks and their
/// tails, the AVX2 kernel) against the one-pixel formula they must reproduce exactly.
@Suite struct CompositorTests {
    /// A premultiplied pixel: channels no larger than alpha.
    private static func pixel(_ random: inout SplitMix64) -> UInt32 {
        let v = random.next()
        let a = UInt32(truncatingIfNeeded: v >> 24) & 255
        // Some opaque, some clear, the rest anywhere between.
        let alpha: UInt32 = v & 7 == 0 ? 255 : (v & 7 == 1 ? 0 : a)
        func channel(_ shift: UInt64) -> UInt32 {
            alpha == 0 ? 0 : UInt32(truncatingIfNeeded: v >> shift) % (alpha + 1)
        }
        return alpha << 24 | channel(32) << 16 | channel(40) << 8 | channel(48)
    }

    /// A mask row made of runs: full, empty and mixed, of lengths that cross the
    /// eight-byte steps of the run search.
    private static func mask(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let length = Int(random.next() % 20)
            switch random.next() % 3 {
            case 0: bytes += [UInt8](repeating: 255, count: length)
            case 1: bytes += [UInt8](repeating: 0, count: length)
            default: for _ in 0..<length { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
            }
        }
        return Array(bytes.prefix(count))
    }

    /// What one pixel must become: the blend of the source over it, weighted by coverage
    /// times mask.
    private static func expected(_ d: UInt32, _ s: UInt32, _ coverage: UInt32, _ m: UInt8?) -> (BlendMode) -> UInt32 {
        { mode in
            let c = m.map { PixelMath.mul(coverage, UInt32($0)) } ?? coverage
            return c == 0 ? d : Compositor.pixel(d, s, c, mode)
        }
    }

    @Test func solidRunsEqualTheOnePixelFormula() {
        var random = SplitMix64(seed: 7)
        for trial in 0..<240 {
            // Lengths and offsets cover unaligned starts, the vector body and the tail.
            let count = 1 + Int(random.next() % 70)
            let offset = Int(random.next() % 4)
            let mode = BlendMode.allCases[trial % BlendMode.allCases.count]
            let color = trial % 5 == 0 ? (Self.pixel(&random) | 0xff00_0000) : Self.pixel(&random)
            let coverage: UInt32 = trial % 3 == 0 ? 255 : UInt32(random.next() % 256)
            let masked = trial % 2 == 0
            let mask = Self.mask(count, &random)
            let before = (0..<(count + offset)).map { _ in Self.pixel(&random) }
            var after = before
            after.withUnsafeMutableBufferPointer { dst in
                mask.withUnsafeBufferPointer { m in
                    Compositor.solid(
                        dst.baseAddress! + offset, count: count, color: color, coverage: coverage,
                        mask: masked ? m.baseAddress : nil, mode: mode)
                }
            }
            for i in 0..<(count + offset) {
                let want =
                    i < offset
                    ? before[i] : Self.expected(before[i], color, coverage, masked ? mask[i - offset] : nil)(mode)
                #expect(after[i] == want, "trial \(trial) \(mode) pixel \(i)")
            }
        }
    }

    @Test func maskedSourceOverEqualsTheOnePixelFormula() {
        // The four-pixel masked path.
        Self.checkMaskedOver(seed: 13) { dst, mask, count, color, coverage in
            Compositor.solid(dst, count: count, color: color, coverage: coverage, mask: mask, mode: .normal)
        }
    }

    /// Runs `blend` (a masked source-over of one colour) on 300 runs: every tail length,
    /// mixed groups, empty and full runs of mask bytes, opaque and translucent colours,
    /// full and partial coverage; each pixel must be the one-pixel formula's, and the
    /// pixels after the run as they were.
    private static func checkMaskedOver(
        seed: UInt64,
        _ blend: (
            UnsafeMutablePointer<UInt32>, UnsafePointer<UInt8>,
            Int, UInt32, UInt32
        ) -> Void
    ) {
        var random = SplitMix64(seed: seed)
        for trial in 0..<300 {
            let count = 1 + Int(random.next() % 90)
            let color = trial % 4 == 0 ? (Self.pixel(&random) | 0xff00_0000) : Self.pixel(&random)
            let coverage: UInt32 = trial % 3 == 0 ? 255 : UInt32(random.next() % 256)
            let mask = Self.mask(count, &random)
            let before = (0..<(count + 9)).map { _ in Self.pixel(&random) }
            var after = before
            after.withUnsafeMutableBufferPointer { dst in
                mask.withUnsafeBufferPointer { m in blend(dst.baseAddress!, m.baseAddress!, count, color, coverage) }
            }
            for i in 0..<before.count {
                let want = i < count ? Self.expected(before[i], color, coverage, mask[i])(.normal) : before[i]
                #expect(after[i] == want, "trial \(trial) pixel \(i)")
            }
        }
    }

    @Test func sourceRowRunsEqualTheOnePixelFormula() {
        var random = SplitMix64(seed: 11)
        for trial in 0..<240 {
            let count = 1 + Int(random.next() % 70)
            let mode = BlendMode.allCases[trial % BlendMode.allCases.count]
            let coverage: UInt32 = trial % 3 == 0 ? 255 : UInt32(random.next() % 256)
            let masked = trial % 2 == 0
            let mask = Self.mask(count, &random)
            let source = (0..<count).map { _ in Self.pixel(&random) }
            let before = (0..<count).map { _ in Self.pixel(&random) }
            var after = before
            after.withUnsafeMutableBufferPointer { dst in
                mask.withUnsafeBufferPointer { m in
                    source.withUnsafeBufferPointer { s in
                        Compositor.row(
                            dst.baseAddress!, source: s.baseAddress!, count: count, coverage: coverage,
                            mask: masked ? m.baseAddress : nil, mode: mode)
                    }
                }
            }
            for i in 0..<count {
                let want = Self.expected(before[i], source[i], coverage, masked ? mask[i] : nil)(mode)
                #expect(after[i] == want, "trial \(trial) \(mode) pixel \(i)")
            }
        }
    }
    @Test(.enabled(if: WideKernels.available, "the AVX2 loops need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func wideMaskedSourceOverEqualsTheOnePixelFormula() {
        // The eight-pixel masked loop.
        Self.checkMaskedOver(seed: 23) { dst, mask, count, color, coverage in
            WideKernels.overMasked(dst, mask: mask, count: count, color: color, coverage: coverage)
        }
    }

    @Test(.enabled(if: WideKernels.available, "the AVX2 loops need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func wideSourceOverEqualsTheOnePixelFormula() {
        // Blocks of rows inside a wider surface: every length modulo eight, each row with
        // an edge pixel before and after it or not, the row's room ending right after the
        // run or further on (the last step then goes pixel by pixel or as a whole), the
        // pixels before it few or many (a long row then starts on 32 bytes or not), and
        // pixels beside the block that must stay as they were.
        var random = SplitMix64(seed: 17)
        for trial in 0..<300 {
            let count = 1 + Int(random.next() % 70)
            let rows = 1 + Int(random.next() % 4)
            let offset = 1 + Int(random.next() % 12)
            // Rows a multiple of eight pixels apart half the time: long rows then start on
            // 32 bytes, when the pixels before them allow.
            let stride =
                trial % 2 == 0
                ? (count + 2 + 7) / 8 * 8 + 8 * Int(random.next() % 2) : count + 2 + Int(random.next() % 6)
            var color = Self.pixel(&random)
            if color >> 24 == 255 { color &= 0x7f7f_7f7f }
            let left = random.next() % 3 == 0 ? 0 : Self.pixel(&random)
            let right = random.next() % 3 == 0 ? 0 : Self.pixel(&random)
            let before = (0..<(stride * rows + offset)).map { _ in Self.pixel(&random) }
            var after = before
            // The pixels from a run's first to the buffer's end: at least the last row's.
            let least = count + (right != 0 ? 1 : 0)
            let room = least + Int(random.next() % UInt64(stride - least + 1))
            // The pixels before a run's first: at most the first row's `offset`.
            let leastLead = left != 0 ? 1 : 0
            let lead = leastLead + Int(random.next() % UInt64(offset - leastLead + 1))
            after.withUnsafeMutableBufferPointer { dst in
                WideKernels.overSolidBlock(
                    dst.baseAddress! + offset, stride: stride, rows: rows, count: count, color: color,
                    edges: (left, right), room: room, lead: lead)
            }
            var want = before
            for r in 0..<rows {
                let start = offset + r * stride
                for i in start..<(start + count) { want[i] = PixelMath.over(color, before[i]) }
                if left != 0 { want[start - 1] = PixelMath.over(left, before[start - 1]) }
                if right != 0 { want[start + count] = PixelMath.over(right, before[start + count]) }
            }
            for i in 0..<before.count {
                #expect(after[i] == want[i], "trial \(trial) pixel \(i)")
            }
        }
        // Rows of source pixels over rows, every tail length, the pixels after the run
        // untouched (a store composited onto the frame).
        for trial in 0..<200 {
            let count = Int(random.next() % 70)
            let source = (0..<count).map { _ in Self.pixel(&random) }
            let before = (0..<(count + 3)).map { _ in Self.pixel(&random) }
            var after = before
            after.withUnsafeMutableBufferPointer { dst in
                source.withUnsafeBufferPointer { s in
                    WideKernels.overRow(dst.baseAddress!, source: s.baseAddress!, count: count)
                }
            }
            for i in 0..<before.count {
                let want =
                    i < count ? (source[i] >> 24 == 0 ? before[i] : PixelMath.over(source[i], before[i])) : before[i]
                #expect(after[i] == want, "row trial \(trial) pixel \(i)")
            }
        }
        // A negative count draws nothing, before the run or after it.
        let before = (0..<24).map { _ in Self.pixel(&random) }
        var after = before
        after.withUnsafeMutableBufferPointer { dst in
            WideKernels.overSolid(
                dst.baseAddress! + 12, stride: 0, rows: 2, count: -3, color: 0x8040_2010, inverseAlpha: 127)
        }
        #expect(after == before)
    }

    @Test(.enabled(if: WideKernels.available, "the AVX2 loops need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func wideSourceRowsUnderACoverageEqualTheOnePixelFormula() {
        // A transparency layer put back under an alpha below 1: every length up to 70
        // (the last one to seven pixels one by one), coverages 0 to 254, source pixels
        // premultiplied or not (channels above alpha carry into the next channel, as
        // `PixelMath.over` lets them), and the pixels after the run, which stay as they were.
        var random = SplitMix64(seed: 37)
        for trial in 0..<300 {
            let count = Int(random.next() % 71)
            let coverage = UInt32(random.next() % 255)
            let source = (0..<count).map { _ in
                trial % 3 == 0 ? UInt32(truncatingIfNeeded: random.next()) : Self.pixel(&random)
            }
            let before = (0..<(count + 3)).map { _ in Self.pixel(&random) }
            var after = before
            after.withUnsafeMutableBufferPointer { dst in
                source.withUnsafeBufferPointer { s in
                    WideKernels.overRow(dst.baseAddress!, source: s.baseAddress!, count: count, coverage: coverage)
                }
            }
            for i in 0..<before.count {
                let want = i < count ? PixelMath.over(PixelMath.scale(source[i], coverage), before[i]) : before[i]
                #expect(after[i] == want, "trial \(trial) coverage \(coverage) pixel \(i)")
            }
        }
    }

    @Test(.enabled(if: WideKernels.available, "the AVX2 loops need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func wideRunsScaleEveryChannelByEveryInverseAlphaAsTheOnePixelFormula() {
        // A run's steps scale its pixels by one inverse alpha (or a layer's source by one
        // coverage) in two multiplications where `PixelMath.scale` takes four (`scale8_by`
        // in `Lanes.h`): every channel value, in each of a pixel's four channels, under
        // every inverse alpha, through each loop that does so: a multiplier off by one for
        // one alpha is off by one for a few channel values only, which random pixels would
        // rarely meet.
        let values = (0..<256).map { UInt32($0) &* 0x0101_0101 }
        for k in UInt32(0)...255 {
            let a = 255 - k
            let color = a << 24 | (a / 2) << 16 | (a / 3) << 8 | a / 5
            // Runs, 256 pixels in steps and three more through the masked tail.
            let run = values + values[1...3]
            var after = run
            after.withUnsafeMutableBufferPointer { dst in
                WideKernels.overSolid(
                    dst.baseAddress!, stride: 0, rows: 1, count: dst.count, color: color, inverseAlpha: k)
            }
            #expect(
                Self.firstDifference(after, run.map { PixelMath.over(color, $0) }) == nil, "runs, inverse alpha \(k)")
            // Rectangles' rows: without edges, and with them (the steps between the edge
            // steps), two rows 272 pixels apart.
            for edges in [(UInt32(0), UInt32(0)), (color, color)] {
                let rows = [values[0]] + values + [values[255]] + [UInt32](repeating: 0, count: 14)
                let before = rows + rows
                var block = before
                block.withUnsafeMutableBufferPointer { dst in
                    WideKernels.overSolidBlock(
                        dst.baseAddress! + 1, stride: 272, rows: 2, count: 256, color: color, edges: edges, room: 271,
                        lead: 1)
                }
                let want = before.enumerated().map { i, d in
                    let column = i % 272
                    let drawn = (1...256).contains(column) || (edges.0 != 0 && (column == 0 || column == 257))
                    return drawn ? PixelMath.over(color, d) : d
                }
                #expect(
                    Self.firstDifference(block, want) == nil,
                    "rectangle rows, edges \(edges.0 != 0), inverse alpha \(k)")
            }
            // Steps add a premultiplied colour in their scaling (`scale8_by_plus`); one that
            // is not, whose sums carry into the next channel, goes the long way.
            let loud = color | 0x00ff_00ff
            var loudRows = run
            loudRows.withUnsafeMutableBufferPointer { dst in
                WideKernels.overSolidBlock(
                    dst.baseAddress!, stride: 0, rows: 1, count: 256, color: loud, edges: (0, 0), room: 259, lead: 0)
            }
            #expect(
                Self.firstDifference(loudRows, run.indices.map { $0 < 256 ? PixelMath.over(loud, run[$0]) : run[$0] })
                    == nil, "rectangle rows, a colour not premultiplied, inverse alpha \(k)")
            // A layer's source rows under a coverage: the source is scaled by it.
            var layer = [UInt32](repeating: 0x8040_2010, count: 259)
            run.withUnsafeBufferPointer { source in
                layer.withUnsafeMutableBufferPointer { dst in
                    WideKernels.overRow(dst.baseAddress!, source: source.baseAddress!, count: 259, coverage: k)
                }
            }
            #expect(
                Self.firstDifference(layer, run.map { PixelMath.over(PixelMath.scale($0, k), 0x8040_2010) }) == nil,
                "layer, coverage \(k)")
            // The sweep's run between a shape's edges: one row whose first cell holds a
            // whole pixel's winding, so that pixels 8 on are one run of full coverage.
            var cells = [Int32](repeating: 0, count: 272)
            cells[0] = 1 << 8
            let swept = [UInt32](repeating: values[200], count: 8) + values
            let pixels = Self.sweptRow(swept, cells: cells, touched: [1, 0, 0, 0, 0], color: color).pixels
            #expect(
                Self.firstDifference(pixels, swept.map { PixelMath.over(color, $0) }) == nil,
                "sweep, inverse alpha \(k)")
            let carried = Self.sweptRow(swept, cells: cells, touched: [1, 0, 0, 0, 0], color: loud).pixels
            #expect(
                Self.firstDifference(carried, swept.map { PixelMath.over(loud, $0) }) == nil,
                "sweep, a colour not premultiplied, inverse alpha \(k)")
        }
    }

    @Test(.enabled(if: WideKernels.available, "the AVX2 loops need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func wideSweepsScaleEveryColourChannelByEveryLevelAsTheOnePixelFormula() {
        // The sweep scales its colour by each pixel's coverage the other way round: the
        // level as the channel, the colour's channels as multipliers (`scale_color8` in
        // `Lanes.h`). A row whose winding climbs by 1/256 of a pixel a column takes every
        // level from 1 to 255, then a whole pixel's; the colours give each of a pixel's
        // four channels every value, no two channels alike (some are not premultiplied,
        // whose sums carry as `PixelMath.over` lets them).
        let width = 264
        let levels = (0..<width).map { Rasterizer.coverage(Int32(min($0 + 1, 256)), .nonZero, precision: 8) }
        #expect(Set(levels).count == 255, "every level from 1 to 255")
        let before = (0..<width).map { UInt32($0 * 7919 % 256) &* 0x0101_0101 }
        for a in UInt32(0)...255 {
            let color = a << 24 | (255 - a) << 16 | (a &* 7 & 255) << 8 | (a &* 13 & 255)
            let cells = [Int32](repeating: 1, count: 256) + [Int32](repeating: 0, count: 16)
            let (pixels, left, bits) = Self.sweptRow(before, cells: cells, touched: [~0, ~0, ~0, ~0, 0], color: color)
            let want = before.indices.map { PixelMath.over(PixelMath.scale(color, UInt32(levels[$0])), before[$0]) }
            #expect(Self.firstDifference(pixels, want) == nil, "colour \(a)")
            #expect(left.allSatisfy { $0 == 0 } && bits.allSatisfy { $0 == 0 }, "cells and bits cleared")
        }
    }

    /// One row of 264 pixels swept by the AVX2 sweep, nonzero, with a pixel's winding 256
    /// (cells of 272, five words of bits): the pixels, and the cells and bits it left.
    private static func sweptRow(_ row: [UInt32], cells: [Int32], touched: [UInt64], color: UInt32) -> (
        pixels: [UInt32], cells: [Int32], touched: [UInt64]
    ) {
        var (pixels, cells, touched) = (row, cells, touched)
        cells.withUnsafeMutableBufferPointer { c in
            touched.withUnsafeMutableBufferPointer { t in
                pixels.withUnsafeMutableBufferPointer { dst in
                    WideKernels.sweepOverSolid(
                        cells: c.baseAddress!, touched: t.baseAddress!, pitch: 272, width: 264, words: 5, rows: 1,
                        dst: dst.baseAddress!, stride: 264, room: 264, color: color, evenOdd: false, precision: 8)
                }
            }
        }
        return (pixels, cells, touched)
    }

    /// The first pixel where two rows differ, or nil: what a failure needs to say, where
    /// the rows themselves are hundreds of numbers.
    private static func firstDifference(_ a: [UInt32], _ b: [UInt32]) -> Int? {
        a.count != b.count ? min(a.count, b.count) : a.indices.first { a[$0] != b[$0] }
    }

    @Test(.enabled(if: WideKernels.available, "the AVX2 loops need a processor with AVX2 (and no VITRINE_NO_AVX2)"))
    func wideFillsStoreTheColourInTheRunsAndNowhereElse() {
        // Blocks of rows inside a wider surface: every length up to 70 (under eight, one
        // by one; from eight, in steps with an overlapping last one), rows one to four
        // apart by any stride, and the pixels beside each run, which must stay as they
        // were. The independent check is the plain loop: each run's pixels are the colour.
        var random = SplitMix64(seed: 31)
        for trial in 0..<300 {
            let count = Int(random.next() % 71)
            let rows = 1 + Int(random.next() % 4)
            let offset = Int(random.next() % 9)
            let stride = count + offset + Int(random.next() % 5)
            let before = (0..<(offset + stride * rows + 8)).map { _ in Self.pixel(&random) }
            let color = Self.pixel(&random)
            var after = before
            after.withUnsafeMutableBufferPointer { dst in
                WideKernels.fillRows(dst.baseAddress! + offset, stride: stride, rows: rows, count: count, color: color)
            }
            for i in 0..<before.count {
                let inRun = i >= offset && (i - offset) / stride < rows && (i - offset) % stride < count
                #expect(after[i] == (inRun ? color : before[i]), "fill trial \(trial) pixel \(i)")
            }
        }
        // `Compositor.fill` on rows: in the loop from 32 pixels, in Swift below that.
        for count in [5, 31, 32, 40] {
            let stride = count + 3
            var rows = [UInt32](repeating: 0x1122_3344, count: 3 * stride)
            rows.withUnsafeMutableBufferPointer { dst in
                Compositor.fill(dst.baseAddress!, stride: stride, rows: 3, count: count, color: 0xff10_2030)
            }
            for i in 0..<rows.count {
                #expect(rows[i] == (i % stride < count ? 0xff10_2030 : 0x1122_3344), "rows of \(count), pixel \(i)")
            }
        }
        // Through `Compositor.solid`, an opaque colour, a copy and a clear give the same.
        for count in [31, 32, 33, 100] {
            for (mode, color, want) in [
                (BlendMode.normal, UInt32(0xff80_4020), UInt32(0xff80_4020)), (.copy, 0x4020_1008, 0x4020_1008),
                (.clear, 0x4020_1008, 0)
            ] {
                var row = [UInt32](repeating: 0x1122_3344, count: count + 2)
                row.withUnsafeMutableBufferPointer { dst in
                    Compositor.solid(
                        dst.baseAddress! + 1, count: count, color: color, coverage: 255, mask: nil, mode: mode)
                }
                #expect(row.first == 0x1122_3344 && row.last == 0x1122_3344, "\(mode) \(count)")
                #expect(row[1...count].allSatisfy { $0 == want }, "\(mode) \(count)")
            }
        }
    }

    @Test(.enabled(if: WideKernels.wideSteps, "the AVX-512 steps need a processor with AVX-512 F and BW"))
    func wideStepsEqualTheOnePixelFormulaAndTheAVX2Loop() {
        // Rectangles on whole pixels (no edges) of 16 columns or more, which go in
        // 16-pixel steps: every length modulo sixteen, rows at every offset from a 64-byte
        // boundary, colours opaque, clear and between, premultiplied or not; the pixels
        // beside the block stay as they were. Each block is drawn once in AVX-512 steps and once in the AVX2 loop.
        var random = SplitMix64(seed: 29)
        for trial in 0..<400 {
            let count = 16 + Int(random.next() % 100)
            let rows = 1 + Int(random.next() % 4)
            let offset = Int(random.next() % 20)
            let stride = count + Int(random.next() % 24)
            // One in eight a colour with a channel above its alpha, which the steps do
            // not fold into their rounding.
            let color =
                trial % 8 == 7 ? (Self.pixel(&random) & 0x7fff_ffff) | 0x0080_0000 : Self.pixel(&random)
            let before = (0..<(stride * rows + offset + 16)).map { _ in Self.pixel(&random) }
            let (wide, narrow) = Self.drawnBothWays(before) { dst in
                WideKernels.overSolidBlock(
                    dst + offset, stride: stride, rows: rows, count: count, color: color, edges: (0, 0), room: count,
                    lead: 0)
            }
            var want = before
            for r in 0..<rows {
                let start = offset + r * stride
                for i in start..<(start + count) { want[i] = PixelMath.over(color, before[i]) }
            }
            #expect(wide == want, "trial \(trial): \(count) x \(rows) at \(offset), stride \(stride)")
            #expect(narrow == wide, "trial \(trial)")
        }
    }

    @Test(.enabled(if: WideKernels.wideSteps, "the AVX-512 steps need a processor with AVX-512 F and BW"))
    func wideRectangleRowsEqualTheOnePixelFormulaAndTheAVX2Loop() {
        // Rectangles whose first, inner and last rows have colours of their own, with an
        // edge pixel before and after each row or not: runs shorter than 16 (the AVX2
        // loop), and of 16 and more (16-pixel steps, the last of them overlapping the one
        // before), colours premultiplied or, one in eight, not (the AVX2 loop again).
        // Pixels outside the rows and their edges stay as they were. Each is drawn with
        // the AVX-512 steps and with the AVX2 loop alone.
        var random = SplitMix64(seed: 31)
        for trial in 0..<400 {
            let count = 1 + Int(random.next() % 110)
            let rows = 1 + Int(random.next() % 5)
            let left = random.next() % 2 == 0
            let right = random.next() % 2 == 0
            let offset = 1 + Int(random.next() % 20)
            let stride = count + 2 + Int(random.next() % 24)
            var colors = (0..<9).map { i in i % 3 != 0 && random.next() % 4 == 0 ? 0 : Self.pixel(&random) }
            if trial % 8 == 7 { colors[3] = (colors[3] & 0x7fff_ffff) | 0x0080_0000 }
            let before = (0..<(stride * rows + offset + 16)).map { _ in Self.pixel(&random) }
            let (wide, narrow) = Self.drawnBothWays(before) { dst in
                colors.withUnsafeBufferPointer { c in
                    WideKernels.overRect(
                        dst + offset, stride: stride, rows: rows, count: count, colors: c.baseAddress!,
                        edges: (left, right), room: count + 1, lead: offset)
                }
            }
            var want = before
            for r in 0..<rows {
                let kind = r == 0 ? 0 : (r == rows - 1 ? 6 : 3)
                let start = offset + r * stride
                for i in start..<(start + count) { want[i] = PixelMath.over(colors[kind], before[i]) }
                if left { want[start - 1] = PixelMath.over(colors[kind + 1], before[start - 1]) }
                if right { want[start + count] = PixelMath.over(colors[kind + 2], before[start + count]) }
            }
            #expect(wide == want, "trial \(trial): \(count) x \(rows), edges \(left) \(right)")
            #expect(narrow == wide, "trial \(trial)")
        }
    }

    /// The pixels `before` after `draw`, once with the AVX-512 steps and once with the
    /// AVX2 loop alone (the steps are on again after it).
    private static func drawnBothWays(
        _ before: [UInt32], _ draw: (UnsafeMutablePointer<UInt32>) -> Void
    ) -> (wide: [UInt32], narrow: [UInt32]) {
        defer { WideKernels.useWideSteps(true) }
        func drawn(wide: Bool) -> [UInt32] {
            WideKernels.useWideSteps(wide)
            var after = before
            after.withUnsafeMutableBufferPointer { draw($0.baseAddress!) }
            return after
        }
        return (drawn(wide: true), drawn(wide: false))
    }
}
